package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
	"github.com/tabletop/tabletop/savefmt"
)

// The board traces a stone through a rotation to where the game put it.
func TestPentagoTraceFollowsTheGame(t *testing.T) {
	vu := adapters.NewVariantUI(mustVariant(t, "pentago"))
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
					traced := adapters.AdapterCapsOf(vu).TraceOf(s, turn, []adapters.Pos{{Row: r - 1, Col: c - 1}})
					s.Apply(turn)
					if got := s.(*pentago.State).At(traced[0].Row+1, traced[0].Col+1); got != pentago.Red {
						t.Errorf("stone on %d%d%d turned (q%d cw %v): traced to %v, which holds %v", q, x, y, q, cw, traced[0], got)
					}
				}
			}
		}
	}
}

// ttcAgainstAI is a Tic-Tac-Chess board where red is the person and the
// three others the AI, with moves set without starting the AI.
func ttcAgainstAI(t *testing.T, moves ...string) (*Model, *board.BoardScreen) {
	t.Helper()
	return ttcWithPeople(t, []string{"red"}, moves...)
}

// ttcWithPeople is a Tic-Tac-Chess board where the roles named are
// people at this keyboard and the others the AI, with moves set without
// starting the AI.
func ttcWithPeople(t *testing.T, people []string, moves ...string) (*Model, *board.BoardScreen) {
	t.Helper()
	seats := map[string]savefmt.SeatConfig{}
	for _, r := range []string{"red", "yellow", "blue", "green"} {
		seats[r] = savefmt.SeatConfig{AI: true, Level: "easy"}
	}
	names := map[string]string{"red": "ana", "yellow": "cy", "blue": "bob", "green": "dee"}
	for _, r := range people {
		seats[r] = savefmt.SeatConfig{Name: names[r]}
	}
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, Start: common.Start{Variant: "tictacchess", Seats: seats}, Seed: 1, AIDelay: -1}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.cur.(*board.BoardScreen)
	if err := lm(b).Resume(moves, ""); err != nil {
		t.Fatal(err)
	}
	return m, b
}

// red, then yellow, blue and green: the three moves since red's turn.
var ttcRound = []string{"14-33", "41-53", "74-55", "47-35"}

func TestRecentMovesSinceYourTurn(t *testing.T) {
	_, b := ttcAgainstAI(t, ttcRound...)
	var want []adapters.Pos
	vu := b.Adapter
	s, _ := game.NewState("tictacchess", "")
	for i, text := range ttcRound {
		mv, _ := s.ParseMove(text)
		if i > 0 {
			want = append(want, vu.MoveCells(s, mv)...)
		}
		s.Apply(mv)
	}
	if got := b.Recent().Cells; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("recent cells %v, want the three others' moves %v", got, want)
	}
	// Issue 23, defect 5: red and blue at this keyboard, yellow and green
	// the AI: red sees every other move since red's turn, blue's too (it
	// saw green's only).
	_, two := ttcWithPeople(t, []string{"red", "blue"}, ttcRound...)
	if got := two.Recent().Cells; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("red and blue at the keyboard: recent cells %v, want the three others' moves %v", got, want)
	}
	// With every seat at this keyboard, only the last move is marked.
	_, hot := newTestClient(t, "tictacchess", 80, 24)
	playTexts(t, hot, ttcRound...)
	s2, _ := game.NewState("tictacchess", "")
	for _, text := range ttcRound[:3] {
		game.PlayText(s2, text)
	}
	last, _ := s2.ParseMove(ttcRound[3])
	if got, want := hot.Recent().Cells, vu.MoveCells(s2, last); fmt.Sprint(got) != fmt.Sprint(want) {
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
	runGolden(t, common.Options{Start: common.Start{Variant: "pentago", Seats: hotSeat(v)}}, msgs...)
}

// After a rotation the turned quadrant is the last move: its cells are
// marked and its handle label is in parentheses (visible without colour).
func TestPentagoRotationIsTheLastMove(t *testing.T) {
	m, b := newTestClient(t, "pentago", 80, 24)
	m.Update(keyMsg("enter")) // red places at the cursor
	m.Update(keyMsg("3"))
	m.Update(keyMsg("x")) // and turns quadrant 3 clockwise
	if len(lm(b).Moves()) != 2 {
		t.Fatalf("%d moves, status %q", len(lm(b).Moves()), b.Status)
	}
	fl := marks(b)
	for r := range fl {
		for c := range fl[r] {
			if q, _, _ := pentago.CellQXY(r+1, c+1); (q == 3) != fl[r][c].LastArea {
				t.Fatalf("cell %v lastArea %v, want %v", adapters.Pos{Row: r, Col: c}, fl[r][c].LastArea, q == 3)
			}
		}
	}
	if v := viewText(m); !strings.Contains(v, "(Q3)") || strings.Contains(v, "(Q4)") {
		t.Fatalf("quadrant 3 is not marked as turned:\n%s", v)
	}
	m.Update(keyMsg("up"))
	m.Update(keyMsg("enter")) // black places: the last move is a placement again
	for r := range marks(b) {
		for c, f := range marks(b)[r] {
			if f.LastArea {
				t.Fatalf("cell %v still marked as turned after a placement", adapters.Pos{Row: r, Col: c})
			}
		}
	}
	if strings.Contains(viewText(m), "(Q3)") {
		t.Fatal("the turned quadrant is still marked after a placement")
	}
}

func TestPentagoRotationIsTheLastMoveInARoom(t *testing.T) {
	room := newFakeRoom("pentago", 1)
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true, Start: common.Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	startIn(m)
	room.remote("(place 1 1 1)")
	room.remote("(rotate 2 counterclockwise)")
	b := m.cur.(*board.BoardScreen)
	rm(b).Refresh()
	if lastQuad(b) != 2 || !strings.Contains(viewText(m), "(Q2)") {
		t.Fatalf("room: turned quadrant %d not shown:\n%s", lastQuad(b), viewText(m))
	}
}
