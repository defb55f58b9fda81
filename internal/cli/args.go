package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/sheets"
)

// commandLine is what a command gets to run: its flags, its streams and
// the one way of parsing arguments, so that help and usage errors behave
// the same in every command.
type commandLine struct {
	name   string        // the command as typed after "tabletop"
	flags  *flag.FlagSet // the command defines its flags here before parse
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// help is printed above the flags for -h, --help and help; it ends
	// with a newline.
	help string
}

func newCommandLine(name string, stdin io.Reader, stdout, stderr io.Writer) *commandLine {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	// The flag package's own messages and usage are replaced by one line
	// (usage errors) or the help on stdout.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &commandLine{name: name, flags: fs, stdin: stdin, stdout: stdout, stderr: stderr}
}

// errHelpShown ends a command whose help was printed: status 0.
var errHelpShown = errors.New("help shown")

// usageError is a mistake in the command line: status 2 and one line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// usagef returns a usage error saying what is wrong.
func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// exitStatus ends a command with this status and no message: the command
// has already said what there is to say.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// parse parses args, whose flags may stand before, between and after the
// positional arguments, and returns the positional arguments (at most
// maxArgs; -1 for any number). A "help" in the place of the first
// positional argument, like -h and --help, prints the help.
func (c *commandLine) parse(args []string, maxArgs int) ([]string, error) {
	var pos []string
	rest, afterDash := args, []string(nil)
	for i, a := range args {
		if a == "--" {
			rest, afterDash = args[:i], args[i+1:]
			break
		}
	}
	for {
		if err := c.flags.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c.printHelp()
				return nil, errHelpShown
			}
			return nil, usagef("%v (see tabletop %s -h)", err, c.name)
		}
		if c.flags.NArg() == 0 {
			break
		}
		pos = append(pos, c.flags.Arg(0))
		rest = c.flags.Args()[1:]
	}
	pos = append(pos, afterDash...)
	if len(pos) > 0 && pos[0] == "help" {
		c.printHelp()
		return nil, errHelpShown
	}
	if maxArgs >= 0 && len(pos) > maxArgs {
		return nil, usagef("unexpected argument %q", pos[maxArgs])
	}
	return pos, nil
}

// printHelp writes the help and the flags' defaults to stdout.
func (c *commandLine) printHelp() {
	io.WriteString(c.stdout, c.help)
	c.flags.SetOutput(c.stdout)
	c.flags.PrintDefaults()
	c.flags.SetOutput(io.Discard)
}

// gameArg resolves the game named by the positional arguments; with none
// it says which games there are.
func (c *commandLine) gameArg(pos []string) (*game.Variant, error) {
	if len(pos) == 0 {
		names := game.Names()
		return nil, usagef("name a game: %s (e.g. tabletop %s %s)", strings.Join(names, ", "), c.name, names[0])
	}
	return lookupGame(pos[0])
}

// lookupGame resolves a game argument: a registered game's name, or the
// path of a rule sheet (FILE.kif), which is read and registered. An
// unknown name is a usage error; a sheet that cannot be read or is not
// valid GDL is an error of its own.
func lookupGame(arg string) (*game.Variant, error) {
	if sheets.IsSheetPath(arg) {
		return sheets.LoadFile(arg)
	}
	v, err := game.Lookup(arg)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return v, nil
}

// gamePosition parses a command's flags and its one argument, the game,
// and returns the position the --position flag gives (or the start); the
// flag is read after parsing, hence the pointer.
func (c *commandLine) gamePosition(args []string, position *string) (game.State, error) {
	pos, err := c.parse(args, 1)
	if err != nil {
		return nil, err
	}
	v, err := c.gameArg(pos)
	if err != nil {
		return nil, err
	}
	return startState(v, *position)
}

// startState is the position text read for v, or v's start when text
// is empty; a bad position is a usage error.
func startState(v *game.Variant, text string) (game.State, error) {
	s, err := game.NewState(v.Name, text)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return s, nil
}

// exit writes the line an error deserves and returns the exit status.
func (c *commandLine) exit(err error) int {
	var usage usageError
	var status exitStatus
	switch {
	case err == nil, errors.Is(err, errHelpShown):
		return 0
	case errors.As(err, &status):
		return int(status)
	case errors.As(err, &usage):
		fmt.Fprintf(c.stderr, "tabletop %s: %s\n", c.name, usage.msg)
		return 2
	default:
		fmt.Fprintf(c.stderr, "tabletop %s: %v\n", c.name, err)
		return 1
	}
}

// gameList is the help's line of games.
func gameList() string {
	return "Games: " + strings.Join(game.Names(), ", ") + ", or a rule sheet FILE.kif\n"
}

// plural is n and the word, with an s unless n is 1: "1 game", "2 games".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
