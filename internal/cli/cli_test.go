package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

type protoLine struct {
	Ply      int            `json:"ply"`
	ToMove   string         `json:"to_move"`
	Legal    []string       `json:"legal"`
	Terminal bool           `json:"terminal"`
	Goals    map[string]int `json:"goals"`
	Position string         `json:"position"`
	State    string         `json:"state"`
	Error    string         `json:"error"`
}

func runCmd(t *testing.T, input string, args ...string) (int, []protoLine, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(args, strings.NewReader(input), &out, &errOut)
	var lines []protoLine
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l protoLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("output line is not JSON: %q: %v", sc.Text(), err)
		}
		lines = append(lines, l)
	}
	return code, lines, errOut.String()
}

func TestRulesProtocolInitialPositions(t *testing.T) {
	tests := []struct {
		variant string
		toMove  string
		legal   int
		first   string
	}{
		{"quad5", "x", 21, "(mark r1 c2)"},
		{"quad7", "x", 90, "(block r1 c2)"},
		{"quad11", "x", 234, "(block r1 c10)"},
		{"pentago", "red", 36, "(place 1 1 1)"},
		{"pentago-split", "red", 36, "(place 1 1 1)"},
		{"tictacchess", "red", 4, "(move 1 4 2 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			code, lines, stderr := runCmd(t, "", "rules", tt.variant)
			if code != 0 || len(lines) != 1 {
				t.Fatalf("exit %d, %d lines, stderr %q", code, len(lines), stderr)
			}
			l := lines[0]
			if l.Ply != 0 || l.ToMove != tt.toMove || l.Terminal || l.Goals != nil {
				t.Errorf("start: %+v", l)
			}
			if len(l.Legal) != tt.legal {
				t.Errorf("%d legal moves, want %d", len(l.Legal), tt.legal)
			}
			if !sort.StringsAreSorted(l.Legal) {
				t.Errorf("legal moves not sorted")
			}
			if len(l.Legal) > 0 && l.Legal[0] != tt.first {
				t.Errorf("first legal move %q, want %q", l.Legal[0], tt.first)
			}
			if l.Position == "" || l.State == "" {
				t.Errorf("position or state missing")
			}
		})
	}
}

func TestRulesProtocolTicTacChessOpening(t *testing.T) {
	_, lines, _ := runCmd(t, "", "rules", "tictacchess")
	want := []string{"(move 1 4 2 2)", "(move 1 4 2 6)", "(move 1 4 3 3)", "(move 1 4 3 5)"}
	if strings.Join(lines[0].Legal, ",") != strings.Join(want, ",") {
		t.Fatalf("legal %v, want %v", lines[0].Legal, want)
	}
}

func TestRulesProtocolErrorsKeepState(t *testing.T) {
	input := "r3c3\n\nnonsense\n(mark r1 c1)\n(mark r3 c3)\nr2c2\n"
	code, lines, _ := runCmd(t, input, "rules", "quad5")
	if code != 1 {
		t.Fatalf("exit %d, want 1 after failed lines", code)
	}
	// start, r3c3, error, error, error (occupied), r2c2
	if len(lines) != 6 {
		t.Fatalf("%d lines, want 6: %+v", len(lines), lines)
	}
	for i, wantErr := range []bool{false, false, true, true, true, false} {
		if (lines[i].Error != "") != wantErr {
			t.Errorf("line %d: error %q, want error=%v", i, lines[i].Error, wantErr)
		}
	}
	if lines[1].Ply != 1 || lines[1].ToMove != "o" || lines[5].Ply != 2 || lines[5].ToMove != "x" {
		t.Errorf("ply/turn wrong: %+v / %+v", lines[1], lines[5])
	}
	if lines[5].Position != "-...-/.o.../..x../...../-...- x 0 0" {
		t.Errorf("position %q", lines[5].Position)
	}
}

func TestRulesProtocolPositionAndEnd(t *testing.T) {
	// x to move completes the square r2c2 r2c3 r3c3 r3c2.
	pos := "-...-/.xx../.x.o./..oo./-...- x 0 0"
	code, lines, stderr := runCmd(t, "r3c3\nr5c3\n", "rules", "quad5", "--position", pos)
	if code != 1 || len(lines) != 3 {
		t.Fatalf("exit %d, lines %d, stderr %q", code, len(lines), stderr)
	}
	end := lines[1]
	if !end.Terminal || len(end.Legal) != 0 || end.Goals["x"] != 100 || end.Goals["o"] != 0 {
		t.Errorf("end: %+v", end)
	}
	if lines[2].Error == "" {
		t.Errorf("a move after the end must be an error")
	}
}

func TestRulesProtocolBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"rules"},
		{"rules", "chess"},
		{"rules", "quad5", "--position", "garbage"},
	} {
		code, lines, stderr := runCmd(t, "", args...)
		if code != 2 || len(lines) != 0 || stderr == "" {
			t.Errorf("%v: exit %d, %d lines, stderr %q", args, code, len(lines), stderr)
		}
	}
}

func TestBenchPrintsEveryVariant(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Run([]string{"bench", "--duration", "20ms"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	line := regexp.MustCompile(`^([a-z0-9-]+) [0-9]+ plies/s \(`)
	var names []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("bad line %q", l)
		}
		names = append(names, m[1])
	}
	if got := strings.Join(names, " "); got != "quad5 quad7 quad11 pentago pentago-split tictacchess breakthrough connectfour rockpaperscissors tictactoe" {
		t.Fatalf("variants %q", got)
	}
}

func TestDispatcher(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Run([]string{"frobnicate"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "unknown command") {
		t.Errorf("unknown command: exit %d, %q", code, errOut.String())
	}
	out.Reset()
	if code := Run([]string{"--help"}, nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), "rules") {
		t.Errorf("help: exit %d, %q", code, out.String())
	}
	for _, c := range commands() {
		out.Reset()
		errOut.Reset()
		if code := Run([]string{c.name, "-h"}, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Errorf("%s -h: exit %d, %q", c.name, code, errOut.String())
		}
	}
}

// TestRulesProtocolIsInteractive plays through pipes the way a bot does:
// it must see each answer before it sends the next line.
func TestRulesProtocolIsInteractive(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- Run([]string{"rules", "quad5"}, inR, outW, io.Discard)
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	lines.Buffer(make([]byte, 1<<20), 1<<20)
	next := func() protoLine {
		t.Helper()
		got := make(chan protoLine, 1)
		go func() {
			var l protoLine
			if lines.Scan() {
				json.Unmarshal(lines.Bytes(), &l)
			}
			got <- l
		}()
		select {
		case l := <-got:
			return l
		case <-time.After(30 * time.Second):
			t.Fatal("no answer from the protocol without more input")
			return protoLine{}
		}
	}
	if l := next(); l.Ply != 0 || len(l.Legal) != 21 {
		t.Fatalf("start: %+v", l)
	}
	io.WriteString(inW, "r3c3\n")
	if l := next(); l.Ply != 1 || l.ToMove != "o" {
		t.Fatalf("after r3c3: %+v", l)
	}
	inW.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
}
