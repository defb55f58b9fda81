package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// Issue 12, defect 1: a resignation takes y and nothing else — not the
// r that asked, not enter, not a digit when there is no one to choose.
func TestResignTakesOnlyY(t *testing.T) {
	for _, k := range []string{"1", "r", "enter", "n", " "} {
		m, b := newVsAI(t, ai.Easy)
		m.Update(uitest.Key("r"))
		if b.Confirm != "resign" {
			t.Fatalf("r should ask: confirm %q status %q", b.Confirm, b.Status)
		}
		uitest.Press(m, k)
		if b.Ended() {
			t.Fatalf("%q after r resigned the game: %s", k, b.Match.Result())
		}
	}
	m, b := newVsAI(t, ai.Easy)
	m.Update(uitest.Key("r"))
	m.Update(uitest.Key("y"))
	if b.Resigned() != 0 {
		t.Fatalf("y should resign x: resigned %d", b.Resigned())
	}
}

// With several people at the keyboard a digit or an arrow only chooses
// who resigns; y alone resigns. A move typed without : (r1c3, r2) must
// never resign anything.
func TestResignChoiceNeedsY(t *testing.T) {
	for _, tc := range []struct{ variant, typed string }{
		{"quad7", "r1c3"},
		{"quad7", "r2"},
		{"tictacchess", "r2"},
		{"tictacchess", "r3"},
		{"tictacchess", "r4enter"},
	} {
		m, b := newTestClient(t, tc.variant, 80, 24)
		for _, k := range uitest.SplitKeys(tc.typed) {
			uitest.Press(m, k)
		}
		if b.Ended() {
			t.Errorf("%s: typing %q resigned: %s", tc.variant, tc.typed, b.Match.Result())
		}
	}
	m, b := newTestClient(t, "quad7", 80, 24)
	for _, k := range []string{"r", "2"} {
		uitest.Press(m, k)
	}
	if b.Confirm != "resign" || !strings.Contains(b.Status, "resign as o? y to resign") {
		t.Fatalf("2 should choose o: confirm %q status %q", b.Confirm, b.Status)
	}
	m.Update(uitest.Key("left")) // back to x
	if !strings.Contains(b.Status, "resign as x?") {
		t.Fatalf("← should choose x: %q", b.Status)
	}
	m.Update(uitest.Key("right"))
	m.Update(uitest.Key("y"))
	if !b.Ended() || b.Resigned() != 1 {
		t.Fatalf("y should resign the chosen o: ended %v resigned %d", b.Ended(), b.Resigned())
	}
}

// With several people at one keyboard, r asks who resigns (a digit
// chooses, y confirms). In Tic-Tac-Chess for four (issue 23, defect 4)
// the resigner drops out and the others play on, its turns passed; the
// last player left wins.
func TestResignWithFourPlayers(t *testing.T) {
	m, b := newTestClient(t, "tictacchess", 80, 24)
	m.Update(uitest.Key("r"))
	if !strings.Contains(b.Status, "who resigns?") || !strings.Contains(b.Status, "3 blue") {
		t.Fatalf("resign should ask who: %q", b.Status)
	}
	m.Update(uitest.Key("3")) // chooses blue; only y resigns
	if b.Ended() || !strings.Contains(b.Status, "resign as blue? y to resign") {
		t.Fatalf("3 should only choose blue: ended %v status %q", b.Ended(), b.Status)
	}
	m.Update(uitest.Key("y"))
	if b.Ended() || !game.IsRetired(b.Game(), 2) || b.Game().ToMove() != 0 {
		t.Fatalf("blue should have dropped out with red to move: ended %v position %s", b.Ended(), b.Game())
	}
	v := uitest.ViewText(m)
	if !strings.Contains(v, "blue resigned and drops out") || strings.Count(v, "resigned") < 2 {
		t.Fatalf("the resignation is not shown:\n%s", v)
	}
	m.Update(uitest.Key("u")) // undo takes the resignation back
	if b.Ended() || game.IsRetired(b.Game(), 2) {
		t.Fatal("undo did not take the resignation back")
	}
	m.Update(uitest.Key("ctrl+r"))
	for _, mv := range []string{"1422", "4133"} {
		for _, msg := range uitest.TypeMove(mv) {
			m.Update(msg)
		}
	}
	if b.Game().ToMove() != 3 {
		t.Fatalf("blue's turn was not passed: %s", b.Game())
	}
	if got := b.History(); len(got) != 3 || got[0].Mover != "blue" || got[0].Text != "blue resigns" {
		t.Fatalf("move list %+v", got)
	}
	waitWrites(m)
	if data, err := b.Common.Store.Load(); err != nil || !strings.Contains(string(data), "\nmove (resign blue)\n") {
		t.Fatalf("saved for Continue:\n%s, %v", data, err)
	}
	// y resigns for the role to move; the last player left wins.
	for range 2 {
		m.Update(uitest.Key("r"))
		m.Update(uitest.Key("y"))
	}
	if !b.Ended() || !strings.Contains(b.Match.Result(), "yellow wins") {
		t.Fatalf("with yellow alone: ended %v, result %q", b.Ended(), b.Match.Result())
	}
}

// Against the AI there is one person: r asks only to confirm.
func TestResignAgainstTheAI(t *testing.T) {
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, AIDelay: -1,
		Start: common.Start{Variant: "pentago", Seats: map[string]savefmt.SeatConfig{"red": {Name: "ana"}}}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.Cur.(*BoardScreen)
	m.Update(uitest.Key("r"))
	if !strings.Contains(b.Status, "resign as red?") {
		t.Fatalf("status %q", b.Status)
	}
	m.Update(uitest.Key("y"))
	if !strings.Contains(uitest.ViewText(m), "red resigned: black wins") {
		t.Fatalf("result:\n%s", uitest.ViewText(m))
	}
}

// One who resigned from a four-player game and watches the others play
// on is told so by r, which the key bar no longer offers.
func TestResignedPlayerCannotResignAgain(t *testing.T) {
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, AIDelay: -1,
		Start: common.Start{Variant: "tictacchess", Seats: map[string]savefmt.SeatConfig{
			"red": {Name: "ana"}, "yellow": {AI: true, Level: ai.Easy}, "blue": {AI: true, Level: ai.Easy}, "green": {AI: true, Level: ai.Easy}}}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.Cur.(*BoardScreen)
	m.Update(uitest.Key("r"))
	m.Update(uitest.Key("y"))
	if b.Ended() || !game.IsRetired(b.Game(), 0) {
		t.Fatalf("red should have dropped out: ended %v, %s", b.Ended(), b.Game())
	}
	for _, group := range b.Keys().Full {
		for _, k := range group {
			if k.Help().Desc == "resign" {
				t.Fatal("the keys still offer r")
			}
		}
	}
	m.Update(uitest.Key("r"))
	if !strings.Contains(b.Status, "you have resigned") {
		t.Fatalf("r after resigning: %q", b.Status)
	}
}
