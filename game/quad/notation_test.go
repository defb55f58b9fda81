package quad

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

func TestMoveText(t *testing.T) {
	s := variantRules(t, "quad11").newState()
	tests := []struct {
		move        game.Move
		kif, short  string
		kind        Kind
		r, c        int
		alternative []string // other accepted spellings
	}{
		{MarkMove(3, 4), "(mark r3 c4)", "r3c4", Mark, 3, 4, []string{"R3C4", "r3 c4", " (MARK r3 c4) ", "mark r3c4", "(mark  r3   c4)"}},
		{BlockMove(3, 4), "(block r3 c4)", "b r3c4", Block, 3, 4, []string{"br3c4", "b r3 c4", "B R3C4", "block r3c4", "(Block R3 C4)"}},
		{MarkMove(11, 10), "(mark r11 c10)", "r11c10", Mark, 11, 10, []string{"r11 c10", "r011c010"}},
		{BlockMove(1, 2), "(block r1 c2)", "b r1c2", Block, 1, 2, nil},
	}
	for _, tc := range tests {
		if got := s.FormatMove(tc.move); got != tc.kif {
			t.Errorf("FormatMove = %q, want %q", got, tc.kif)
		}
		if got := s.ShortMove(tc.move); got != tc.short {
			t.Errorf("ShortMove = %q, want %q", got, tc.short)
		}
		if k, r, c := Decode(tc.move); k != tc.kind || r != tc.r || c != tc.c {
			t.Errorf("Decode(%s) = %v r%d c%d", tc.kif, k, r, c)
		}
		for _, text := range append([]string{tc.kif, tc.short}, tc.alternative...) {
			m, err := s.ParseMove(text)
			if err != nil || m != tc.move {
				t.Errorf("ParseMove(%q) = %s, %v; want %s", text, s.FormatMove(m), err, tc.kif)
			}
		}
	}
	if k, _, _ := Decode(game.Noop); k != Invalid {
		t.Errorf("Noop decodes as %v", k)
	}
	if s.FormatMove(game.Noop) != "noop" {
		t.Errorf("Noop formats as %q", s.FormatMove(game.Noop))
	}
	for _, m := range []game.Move{game.Noop, 0x300 | 0x23, 0x0023, 1 << 12} {
		if s.IsLegal(m) {
			t.Errorf("IsLegal(%#x) for a move that is not a Quad move", uint32(m))
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	quad11 := variantRules(t, "quad11")
	quad7 := variantRules(t, "quad7")
	quad5 := variantRules(t, "quad5")
	mid := parse(t, quad7, "-.....-/..x..../..owwww/ww...../......./......./-.....- x 0 4")
	won := parse(t, quad5, "-...-/.xx../.xx../.o.o./-.o.- o 0 0")
	tests := []struct {
		s    *State
		text string
		want string
	}{
		{quad11.newState(), "noop", "noop is not a Quad move"},
		{quad11.newState(), "(noop)", "noop is not a Quad move"},
		{quad11.newState(), "", "empty move"},
		{quad11.newState(), "r1c1", "r1c1 is a missing corner"},
		{quad11.newState(), "b r11c11", "r11c11 is a missing corner"},
		{quad11.newState(), "r12c3", "row 12 is off the 11×11 board"},
		{quad11.newState(), "r0c3", "row 0 is off the 11×11 board"},
		{quad11.newState(), "(mark r3 c12)", "column 12 is off the 11×11 board"},
		{quad7.newState(), "r8c2", "row 8 is off the 7×7 board"},
		{quad11.newState(), "(move r3 c4)", "unknown move"},
		{quad11.newState(), "(mark r3)", "takes a row and a column"},
		{quad11.newState(), "(mark c3 r4)", "malformed"},
		{quad11.newState(), "(mark r3 c4", "missing closing parenthesis"},
		{quad11.newState(), "r3", "malformed"},
		{quad11.newState(), "x3c4", "malformed"},
		{quad11.newState(), "r3c4c5", "malformed"},
		{quad11.newState(), "r-3c4", "malformed"},
		{quad11.newState(), "rc4", "malformed"},
		{quad11.newState(), "r3cx", "malformed"},
		{quad11.newState(), "bb r3c4", "malformed"},
		{quad11.newState(), "r99999999999c1", "malformed"},
		{mid, "r2c3", "r2c3 is occupied by x"},
		{mid, "(block r3 c3)", "r3c3 is occupied by o"},
		{mid, "r3c4", "r3c4 is occupied by a white stone"},
		{mid, "b r5c5", "x has no blockers left"},
		{quad5.newState(), "b r3c3", "no blockers"},
		{won, "r5c3", "the game is over"},
	}
	for _, tc := range tests {
		m, err := tc.s.ParseMove(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseMove(%q) = %s, %v; want an error with %q", tc.text, tc.s.FormatMove(m), err, tc.want)
		}
	}
}
