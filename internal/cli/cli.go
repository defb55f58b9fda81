// Package cli is tabletop's command line: one file per command, each a
// thin layer that parses flags and hands the work to ui, server, ai or
// game.
package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	_ "github.com/tabletop/tabletop/game/all"
)

// command is one subcommand: run gets the arguments after the command
// name and returns the process exit status.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"play", "open the game client (the default when no command is given)", runPlay},
		{"rules", "line protocol: read moves on stdin, print each position as JSON", runRules},
		{"bench", "measure random-playout speed of every variant", runBench},
		{"analyze", "let the AI analyse a position", runAnalyze},
		{"match", "play AI matches headless and print a results table", runMatch},
		{"serve", "serve tabletop over SSH", runServe},
		{"loadtest", "load-test a tabletop SSH server on this machine", runLoadtest},
	}
}

// Run runs the command line args (without the program name) and returns
// the process exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isHelp(args[0]) {
		// No command, or only flags: the interactive client.
		return runPlay(args, stdin, stdout, stderr)
	}
	if isHelp(args[0]) || args[0] == "help" {
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "tabletop: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

func usage(w io.Writer) {
	fmt.Fprintln(w, "tabletop — abstract strategy games in your terminal")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: tabletop [COMMAND] [FLAGS]   (no command opens the game menu)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'tabletop COMMAND -h' for the flags of a command.")
}

// parseWithPositional parses flags given before and after the one
// positional argument (the game name) and returns that argument.
func parseWithPositional(fs *flag.FlagSet, args []string) (string, error) {
	if err := fs.Parse(args); err != nil {
		return "", err
	}
	pos := ""
	for fs.NArg() > 0 {
		if pos != "" {
			fmt.Fprintf(fs.Output(), "unexpected argument %q\n", fs.Arg(0))
			fs.Usage()
			return "", fmt.Errorf("extra argument")
		}
		pos = fs.Arg(0)
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return "", err
		}
	}
	return pos, nil
}
