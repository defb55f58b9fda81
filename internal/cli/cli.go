// Package cli is tabletop's command line: one file per command, each a
// thin layer that parses flags (through commandLine, the same way in
// every command) and hands the work to ui, server, ai or game.
package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all" // every command knows every game
	"github.com/tabletop/tabletop/internal/sheets"
)

// command is one subcommand: run gets the arguments after the command
// name; its error decides the exit status (see commandLine.exit).
type command struct {
	name    string
	summary string
	run     func(c *commandLine, args []string) error
}

func commands() []command {
	return []command{
		{"play", "open the game client (the default when no command is given)", runPlay},
		{"games", "list the finished games kept, or open one to review it", runGames},
		{"rules", "line protocol: read moves on stdin, print each position as JSON", runRules},
		{"bench", "measure random-playout speed of every variant", runBench},
		{"analyze", "let the AI analyse a position", runAnalyze},
		{"match", "play AI matches headless and print a results table", runMatch},
		{"book", "make Pentago's opening book", runBook},
		{"serve", "serve tabletop over SSH", runServe},
		{"backup", "copy a server's SQLite store while it runs", runBackup},
		{"ggp-player", "play General Game Playing matches over HTTP", runGGPPlayer},
		{"loadtest", "load-test a tabletop SSH server on this machine", runLoadtest},
	}
}

// Run runs the command line args (without the program name) and returns
// the process exit status: 0 for success and help, 2 for a usage error,
// 1 for any other failure.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name, rest := "play", args // no command, or only flags: the client
	switch {
	case len(args) == 0:
	case isHelp(args[0]) || args[0] == "help":
		if len(args) == 1 || isHelp(args[1]) || args[1] == "help" {
			usage(stdout)
			return 0
		}
		// "help COMMAND" is "COMMAND -h".
		name, rest = args[1], []string{"-h"}
	case !strings.HasPrefix(args[0], "-"):
		name, rest = args[0], args[1:]
	}
	registerBundledSheets(name, stderr)
	for _, c := range commands() {
		if c.name == name {
			cl := newCommandLine(c.name, stdin, stdout, stderr)
			return cl.exit(c.run(cl, rest))
		}
	}
	fmt.Fprintf(stderr, "tabletop: unknown command %q (tabletop help lists the commands)\n", name)
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
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'tabletop COMMAND -h' (or 'tabletop help COMMAND') for the flags of a command.")
	fmt.Fprintln(w, "The rules of every game: RULES.md in the tabletop repository.")
}

// registerBundledSheets makes the bundled rule sheets' games known by
// name. Rooms play one move at a time, so the server takes only
// turn-taking games; the other commands take every game (the client
// collects simultaneous moves hot-seat).
func registerBundledSheets(command string, stderr io.Writer) {
	var accept func(*game.Variant) bool
	if command == "serve" {
		accept = sheets.TurnTaking
	}
	if _, err := sheets.RegisterBundled(accept); err != nil {
		fmt.Fprintf(stderr, "tabletop: bundled rule sheets: %v\n", err)
	}
}
