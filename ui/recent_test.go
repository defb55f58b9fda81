package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
	"github.com/tabletop/tabletop/savefmt"
)

// The board traces a stone through a rotation to where the game put it.
func TestPentagoTraceFollowsTheGame(t *testing.T) {
	vu := newVariantUI(mustVariant(t, "pentago"))
	for q := 1; q <= 4; q++ {
		for _, cw := range []bool{true, false} {
			for x := 1; x <= 3; x++ {
				for y := 1; y <= 3; y++ {
					s, _ := game.NewState("pentago", "")
					if err := game.Play(s, pentago.PlaceMove(q, x, y)); err != nil {
						t.Fatal(err)
					}
					r, c := pentago.RowCol(q, x, y)
					turn := pentago.RotateMove(q, cw)
					traced := adapterCapsOf(vu).traceOf(s, turn, []pos{{r - 1, c - 1}})
					s.Apply(turn)
					if got := s.(*pentago.State).At(traced[0].r+1, traced[0].c+1); got != pentago.Red {
						t.Errorf("stone on %d%d%d turned (q%d cw %v): traced to %v, which holds %v", q, x, y, q, cw, traced[0], got)
					}
				}
			}
		}
	}
}

// ttcAgainstAI is a Tic-Tac-Chess board where red is the person and the
// three others the AI, with moves set without starting the AI.
func ttcAgainstAI(t *testing.T, moves ...string) (*Model, *boardScreen) {
	t.Helper()
	seats := map[string]savefmt.SeatConfig{"red": {Name: "ana"}}
	for _, r := range []string{"yellow", "blue", "green"} {
		seats[r] = savefmt.SeatConfig{AI: true, Level: "easy"}
	}
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, Start: Start{Variant: "tictacchess", Seats: seats}, Seed: 1, AIDelay: -1}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.cur.(*boardScreen)
	l := lm(b)
	s := l.begin.Clone()
	for _, text := range moves {
		mv, err := game.PlayText(s, text)
		if err != nil {
			t.Fatal(err)
		}
		l.moves = append(l.moves, mv)
	}
	l.rebuild()
	return m, b
}

// red, then yellow, blue and green: the three moves since red's turn.
var ttcRound = []string{"14-33", "41-53", "74-55", "47-35"}

func TestRecentMovesSinceYourTurn(t *testing.T) {
	_, b := ttcAgainstAI(t, ttcRound...)
	got := b.recent().cells
	var want []pos
	vu := b.vu
	s, _ := game.NewState("tictacchess", "")
	for i, text := range ttcRound {
		mv, _ := s.ParseMove(text)
		if i > 0 {
			want = append(want, vu.moveCells(s, mv)...)
		}
		s.Apply(mv)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("recent cells %v, want the three others' moves %v", got, want)
	}
	// With every seat at this keyboard, only the last move is marked.
	_, hot := newTestClient(t, "tictacchess", 80, 24)
	playTexts(t, hot, ttcRound...)
	s2, _ := game.NewState("tictacchess", "")
	for _, text := range ttcRound[:3] {
		game.PlayText(s2, text)
	}
	last, _ := s2.ParseMove(ttcRound[3])
	if got, want := hot.recent().cells, vu.moveCells(s2, last); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("hot seat: %v, want the last move %v", got, want)
	}
}

// TestGoldenTicTacChessZone: the centre zone shaded, the three moves
// since red's turn marked, the legend.
func TestGoldenTicTacChessZone(t *testing.T) {
	m, _ := ttcAgainstAI(t, ttcRound...)
	teatest.RequireEqualOutput(t, []byte(viewText(m)))
}

// TestGoldenPentagoRotation: red placed on 113 and turned quadrant 1
// clockwise; the stone is marked where it went (the top-right corner of
// the quadrant) and the clockwise handle of Q1 is doubled.
func TestGoldenPentagoRotation(t *testing.T) {
	v := mustVariant(t, "pentago")
	typed := func(s string) []tea.Msg {
		return append(append([]tea.Msg{keyMsg(":")}, typed(s)...), keyMsg("enter"))
	}
	msgs := append(typed("113"), typed("1cw")...)
	runGolden(t, Options{Start: Start{Variant: "pentago", Seats: hotSeat(v)}}, msgs...)
}
