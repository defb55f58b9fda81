package ui

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/savefmt"
)

// Issue 12, defect 1: a resignation takes y and nothing else — not the
// r that asked, not enter, not a digit when there is no one to choose.
func TestResignTakesOnlyY(t *testing.T) {
	for _, k := range []string{"1", "r", "enter", "n", " "} {
		m, b := newVsAI(t, ai.Easy)
		m.Update(keyMsg("r"))
		if b.Confirm != "resign" {
			t.Fatalf("r should ask: confirm %q status %q", b.Confirm, b.Status)
		}
		sendKey(m, k)
		if b.Ended() {
			t.Fatalf("%q after r resigned the game: %s", k, b.M.Result())
		}
	}
	m, b := newVsAI(t, ai.Easy)
	m.Update(keyMsg("r"))
	m.Update(keyMsg("y"))
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
		for _, k := range splitKeys(tc.typed) {
			sendKey(m, k)
		}
		if b.Ended() {
			t.Errorf("%s: typing %q resigned: %s", tc.variant, tc.typed, b.M.Result())
		}
	}
	m, b := newTestClient(t, "quad7", 80, 24)
	for _, k := range []string{"r", "2"} {
		sendKey(m, k)
	}
	if b.Confirm != "resign" || !strings.Contains(b.Status, "resign as o? y to resign") {
		t.Fatalf("2 should choose o: confirm %q status %q", b.Confirm, b.Status)
	}
	m.Update(keyMsg("left")) // back to x
	if !strings.Contains(b.Status, "resign as x?") {
		t.Fatalf("← should choose x: %q", b.Status)
	}
	m.Update(keyMsg("right"))
	m.Update(keyMsg("y"))
	if !b.Ended() || b.Resigned() != 1 {
		t.Fatalf("y should resign the chosen o: ended %v resigned %d", b.Ended(), b.Resigned())
	}
}

// With several people at one keyboard, r asks who resigns (a digit
// chooses, y confirms); the game ends
// with that role losing and the others sharing the win.
func TestResignWithFourPlayers(t *testing.T) {
	m, b := newTestClient(t, "tictacchess", 80, 24)
	m.Update(keyMsg("r"))
	if !strings.Contains(b.Status, "who resigns?") || !strings.Contains(b.Status, "3 blue") {
		t.Fatalf("resign should ask who: %q", b.Status)
	}
	m.Update(keyMsg("3")) // chooses blue; only y resigns
	if b.Ended() || !strings.Contains(b.Status, "resign as blue? y to resign") {
		t.Fatalf("3 should only choose blue: ended %v status %q", b.Ended(), b.Status)
	}
	m.Update(keyMsg("y"))
	if !b.Ended() || b.Resigned() != 2 {
		t.Fatalf("blue should have resigned: ended %v resigned %d", b.Ended(), b.Resigned())
	}
	v := viewText(m)
	if !strings.Contains(v, "blue resigned: red, yellow and green share the win") {
		t.Fatalf("result not shown:\n%s", v)
	}
	if strings.Count(v, "shares the win") != 3 || !strings.Contains(v, "resigned") {
		t.Fatalf("the panel does not show every role's result:\n%s", v)
	}
	m.Update(keyMsg("u")) // undo takes the resignation back
	if b.Ended() {
		t.Fatal("undo did not take the resignation back")
	}

	// y resigns for the role to move; any other key plays on.
	m, b = newTestClient(t, "tictacchess", 80, 24)
	m.Update(keyMsg("r"))
	m.Update(keyMsg("x"))
	if b.Ended() || b.Confirm != "" {
		t.Fatal("another key should cancel")
	}
	m.Update(keyMsg("r"))
	m.Update(keyMsg("y"))
	if b.Resigned() != b.Game().ToMove() {
		t.Fatalf("y should resign for the role to move (%d), resigned %d", b.Game().ToMove(), b.Resigned())
	}
}

// Against the AI there is one person: r asks only to confirm.
func TestResignAgainstTheAI(t *testing.T) {
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, AIDelay: -1,
		Start: common.Start{Variant: "pentago", Seats: map[string]savefmt.SeatConfig{"red": {Name: "ana"}}}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.cur.(*board.BoardScreen)
	m.Update(keyMsg("r"))
	if !strings.Contains(b.Status, "resign as red?") {
		t.Fatalf("status %q", b.Status)
	}
	m.Update(keyMsg("y"))
	if !strings.Contains(viewText(m), "red resigned: black wins") {
		t.Fatalf("result:\n%s", viewText(m))
	}
}
