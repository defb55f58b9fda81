package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestHelpGoesToStdout: every way of asking for help, at the top level and
// for every command, prints the help on stdout and exits 0.
func TestHelpGoesToStdout(t *testing.T) {
	type ask struct {
		args []string
		want string // the help's first line starts so
	}
	var asks []ask
	for _, form := range []string{"-h", "-help", "--help", "help"} {
		asks = append(asks, ask{[]string{form}, "tabletop — "}, ask{[]string{"help", form}, "tabletop — "})
		for _, c := range commands() {
			asks = append(asks, ask{[]string{c.name, form}, "Usage: tabletop " + c.name})
		}
	}
	for _, c := range commands() {
		asks = append(asks, ask{[]string{"help", c.name}, "Usage: tabletop " + c.name})
		asks = append(asks, ask{[]string{c.name, "quad5", "-h"}, "Usage: tabletop " + c.name}) // after an argument too
	}
	for _, a := range asks {
		var out, errOut bytes.Buffer
		code := Run(a.args, strings.NewReader(""), &out, &errOut)
		if code != 0 || errOut.Len() != 0 || !strings.HasPrefix(out.String(), a.want) {
			t.Errorf("%q: exit %d, stderr %q, stdout starts %q; want exit 0, help on stdout starting %q",
				a.args, code, errOut.String(), firstLine(out.String()), a.want)
		}
		checkHelpText(t, a.args, out.String())
	}
}

// checkHelpText: help points only inside the repository.
func checkHelpText(t *testing.T, args []string, help string) {
	t.Helper()
	for _, bad := range []string{"issue", "/work/", "http://", "https://"} {
		if strings.Contains(help, bad) {
			t.Errorf("%q: help mentions %q", args, bad)
		}
	}
	if strings.Count(help, "RULES.md") != strings.Count(help, "RULES.md in the tabletop repository") {
		t.Errorf("%q: help names RULES.md without saying it is in the repository", args)
	}
}

// TestUsageErrors: a mistake on the command line exits 2 with one line on
// stderr that says what is wrong, and nothing on stdout.
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"help", "frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"rules"}, "name a game: quad5, quad7, quad11, pentago, pentago-split, tictacchess, breakthrough, connectfour, rockpaperscissors, tictactoe (e.g. tabletop rules quad5)"},
		{[]string{"rules", "chess"}, `unknown game "chess"`},
		{[]string{"rules", "quad5", "quad7"}, `unexpected argument "quad7"`},
		{[]string{"rules", "quad5", "--position", "garbage"}, "quad5 position"},
		{[]string{"rules", "quad5", "--nope"}, "flag provided but not defined: -nope (see tabletop rules -h)"},
		{[]string{"analyze"}, "name a game"},
		{[]string{"match", "quad7", "--seat", "x=ai:hard:maxn"}, "maxn applies only to games of more than two roles (quad7 has 2)"},
		{[]string{"analyze", "pentago", "--multi", "maxn"}, "--multi maxn applies only to games of more than two roles (pentago has 2)"},
		{[]string{"match", "quad5", "--seat", "o=ai:easy:brs"}, "brs applies only to games of more than two roles"},
		{[]string{"analyze", "quad5", "--multi", "x"}, `--multi "x"`},
		{[]string{"analyze", "quad5", "--level", "godlike"}, "godlike"},
		{[]string{"analyze", "quad5", "--budget", "-1s"}, "--budget must not be negative"},
		{[]string{"analyze", "quad5", "--threads", "-1"}, "--threads must not be negative"},
		{[]string{"match"}, "name a game"},
		{[]string{"match", "quad5", "--games", "0"}, "--games 0: play at least 1 game"},
		{[]string{"match", "quad5", "--games", "x"}, `invalid value "x" for flag -games`},
		{[]string{"match", "quad5", "--budget", "-1s"}, "--budget must not be negative"},
		{[]string{"match", "quad5", "--seat", "q=random"}, `--seat "q=random"`},
		{[]string{"match", "quad5", "--seat", "x=genius"}, `--seat "x=genius"`},
		{[]string{"match", "quad5", "--position", "garbage"}, "quad5 position"},
		{[]string{"bench", "--duration", "0"}, "--duration must be positive"},
		{[]string{"bench", "chess"}, `unknown game "chess"`},
		{[]string{"play", "chess"}, `unknown game "chess"`},
		{[]string{"play", "quad5", "quad7"}, `unexpected argument "quad7"`},
		{[]string{"play", "--theme", "nope"}, `unknown theme "nope"`},
		{[]string{"play", "--seat", "x=human"}, "need a variant"},
		{[]string{"play", "quad5", "--seat", "z=human"}, `no role "z"`},
		{[]string{"play", "quad5", "--seat", "x"}, `--seat "x"`},
		{[]string{"play", "quad5", "--position", "garbage"}, "bad quad5 position"},
		{[]string{"play", "quad5", "--load", "x.txt"}, "--load cannot be combined"},
		{[]string{"--nope"}, "flag provided but not defined: -nope"},
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "--log-level", "loud"}, "loud"},
		{[]string{"loadtest", "--sessions", "0"}, "--sessions must be"},
		{[]string{"loadtest", "--addr", "192.0.2.1:22"}, "not a loopback address"},
		{[]string{"loadtest", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		code := Run(tt.args, strings.NewReader(""), &out, &errOut)
		msg := errOut.String()
		if code != 2 || out.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "tabletop") || !strings.Contains(msg, tt.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", tt.args, code, out.String(), msg, tt.want)
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
