package ggp

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

func TestRecordName(t *testing.T) {
	tests := []struct {
		name, metaURL, want string
	}{
		{"quad5", "http://games.ggp.org/base/games/other/v0/", "quad5"},
		{"", "http://games.ggp.org/base/games/ticTacToe/v0/", "ticTacToe"},
		{"", "http://games.ggp.org/base/games/connectFour/", "connectFour"},
		{"", "https://example.org/v2", "v2"},
		{"", "", ""},
		{"", "http://[::1", ""},
	}
	for _, tt := range tests {
		rec := Record{GameName: tt.name, GameMetaURL: tt.metaURL}
		if got := rec.Name(); got != tt.want {
			t.Errorf("Name() of %q, %q = %q, want %q", tt.name, tt.metaURL, got, tt.want)
		}
	}
}

// Turns gives one KIF text a turn: the mover's move where one role
// plays, every role's move where they play at once.
func TestRecordTurns(t *testing.T) {
	tests := []struct {
		variant string
		moves   [][]string
		want    []string
		err     string
	}{
		{"quad5", [][]string{{"(mark r2 c2)", "noop"}, {"noop", "(mark r1 c2)"}}, []string{"(mark r2 c2)", "(mark r1 c2)"}, ""},
		{"dominated", [][]string{{"a2", "b1"}}, []string{"(a2 b1)"}, ""},
		{"quad5", [][]string{{"(mark r2 c2)", "noop"}, {"(mark r1 c2)", "noop"}}, nil, "step 2: (mark r1 c2) is not a legal move for x"},
		{"quad5", [][]string{{"(mark r2 c2)"}}, nil, "step 1: 1 moves for 2 roles"},
	}
	for _, tt := range tests {
		v, err := game.Lookup(tt.variant)
		if tt.variant == "dominated" {
			v, err = gdl.Load("dominated", []byte(dominatedSheet))
		}
		if err != nil {
			t.Fatal(err)
		}
		rec := Record{MatchID: "t", Moves: tt.moves}
		got, end, err := rec.Turns(v)
		if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s %v: error %v, want %q", tt.variant, tt.moves, err, tt.err)
			continue
		}
		if err == nil && (strings.Join(got, "|") != strings.Join(tt.want, "|") || end == nil) {
			t.Errorf("%s %v: turns %q, want %q", tt.variant, tt.moves, got, tt.want)
		}
	}
}
