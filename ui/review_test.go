package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// playTexts plays moves typed in short notation on a local board.
func playTexts(t *testing.T, b *board.BoardScreen, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := b.Game().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Match.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

// positionAfter is the position of variant after moves.
func positionAfter(t *testing.T, variant string, moves ...string) string {
	t.Helper()
	s, err := game.NewState(variant, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		if _, err := game.PlayText(s, text); err != nil {
			t.Fatal(err)
		}
	}
	return s.String()
}

// runCmd runs cmd and feeds what it returns back to the client, as
// Bubble Tea would (batches included).
func runCmd(m *Model, cmd tea.Cmd) { runCmds(m, cmd, true) }

// runCmds runs cmd (batches included) and hands what it returns to the
// client, then, when again, the commands that come back, and so on.
func runCmds(m *Model, cmd tea.Cmd, again bool) {
	depth := 1
	if again {
		depth = -1 // no end
	}
	runDepth(m, cmd, depth)
}

// runDepth runs cmd (batches included) and hands what it returns to the
// client, then the commands that come back, depth levels deep.
func runDepth(m *Model, cmd tea.Cmd, depth int) {
	if cmd == nil || depth == 0 {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			runDepth(m, c, depth)
		}
	case nil:
	default:
		_, next := m.Update(msg)
		runDepth(m, next, depth-1)
	}
}

func TestReviewStepsWithoutTouchingTheGame(t *testing.T) {
	m, b := newTestClient(t, "quad7", 120, 40)
	m.c.Opts.Analyst = fixedDepth(2)
	moves := []string{"r3c4", "r4c4", "r3c3", "r5c5"}
	playTexts(t, b, moves...)
	live := b.Match.Position().String()
	press := func(k string) {
		_, cmd := m.Update(keyMsg(k))
		runCmd(m, cmd)
	}
	press("v")
	if !b.Reviewing() || b.Game().String() != live {
		t.Fatalf("v: reviewing %v at %q, want the live position", b.Reviewing(), b.Game().String())
	}
	press("left")
	press("left")
	if got, want := b.Game().String(), positionAfter(t, "quad7", moves[:2]...); got != want {
		t.Fatalf("two steps back shows %q, want %q", got, want)
	}
	if !strings.Contains(viewText(m), "reviewing move 2 of 4 (o r4c4)") {
		t.Fatalf("status does not say what is reviewed:\n%s", viewText(m))
	}
	// Keys that would play do nothing to the game.
	press("enter")
	press(" ")
	press("u")
	if b.Match.Position().String() != live || len(lm(b).Moves()) != 4 {
		t.Fatalf("review changed the game: %q, %d moves", b.Match.Position().String(), len(lm(b).Moves()))
	}
	press("home")
	if b.Game().String() != positionAfter(t, "quad7") {
		t.Fatalf("home shows %q, want the start", b.Game().String())
	}
	press("right")
	if b.Review.Turn != 1 {
		t.Fatalf("right: at %d, want 1", b.Review.Turn)
	}
	press("end")
	if b.Game().String() != live {
		t.Fatal("end does not show the live position")
	}
	press("left")
	press("esc")
	if b.Reviewing() || b.Game().String() != live {
		t.Fatalf("esc: reviewing %v, shows %q", b.Reviewing(), b.Game().String())
	}
	// The evaluations came back (runCmd ran them): one per position.
	if len(b.Review.Evals) != len(moves)+1 {
		t.Fatalf("%d evaluations, want %d", len(b.Review.Evals), len(moves)+1)
	}
}

func TestReviewByClickOnTheMoveList(t *testing.T) {
	m, b := newTestClient(t, "quad7", 120, 40)
	m.c.Opts.Analyst = fixedDepth(2)
	moves := []string{"r3c4", "r4c4", "r3c3", "r5c5", "r2c2"}
	playTexts(t, b, moves...)
	l := b.Layout()
	// The list ends with the last move; move 3 is two lines above it.
	y := l.ListY + min(len(moves), l.ListH) - 3
	_, cmd := m.Update(click(l.PanelX+4, y))
	runCmd(m, cmd)
	if !b.Reviewing() || b.Review.Turn != 3 {
		t.Fatalf("click on move 3: reviewing %v at %d", b.Reviewing(), b.Review.Turn)
	}
	if got, want := b.Game().String(), positionAfter(t, "quad7", moves[:3]...); got != want {
		t.Fatalf("shows %q, want %q", got, want)
	}
	// A click on the board does not play in review.
	c := clicksForMove(b, mustParse(t, b.Match.Position(), "r6c6"))
	for _, click := range c {
		m.Update(click)
	}
	if len(lm(b).Moves()) != len(moves) {
		t.Fatal("a click in review played a move")
	}
}

func mustParse(t *testing.T, s game.State, text string) game.Move {
	t.Helper()
	mv, err := s.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return mv
}

func TestSparkline(t *testing.T) {
	tests := []struct {
		evals            []int
		at, width        int
		before, cur, aft string
	}{
		{[]int{0, 5000, 10000}, 1, 10, "▁", "▄", "█"},
		{[]int{0, 5000, 10000}, 0, 10, "", "▁", "▄█"},
		{[]int{0, 0, 0, 0, 10000, 10000}, 5, 3, "▁█", "█", ""},
		{[]int{0, 10000, 0, 10000}, 0, 2, "", "▁", "█"},
		{nil, 0, 5, "", "", ""},
	}
	for _, tt := range tests {
		b, c, a := board.Sparkline(tt.evals, tt.at, tt.width, false)
		if b != tt.before || c != tt.cur || a != tt.aft {
			t.Errorf("sparkline(%v, %d, %d) = %q %q %q, want %q %q %q", tt.evals, tt.at, tt.width, b, c, a, tt.before, tt.cur, tt.aft)
		}
	}
}

// evalShown matches the panel's evaluation line once it has numbers.
var evalShown = regexp.MustCompile(`x +\d+% `)

// TestGoldenReview reviews the finished game of TestGoldenEnd two moves
// back: the board, the marked move with the evaluations, the sparkline
// and the status that says how to return.
func TestGoldenReview(t *testing.T) {
	v, _ := game.Lookup("quad5")
	msgs := quad5SquareKeys()
	msgs = append(msgs, keyMsg("v"), keyMsg("left"), keyMsg("left"))
	runGoldenEvals(t, common.Options{Start: common.Start{Variant: "quad5", Seats: hotSeat(v)}}, msgs...)
}

// runGoldenEvals is runGolden for a board in review: it waits until the
// evaluations, made off the UI goroutine, are drawn.
func runGoldenEvals(t *testing.T, opts common.Options, msgs ...tea.Msg) {
	t.Helper()
	runGoldenUntil(t, opts, "the evaluations", evalShown.MatchString, msgs...)
}

// runGoldenUntil is runGolden for what is made off the UI goroutine: it
// waits until the screen shows it (ok), with review's values and the
// analysis from a fixed-depth engine unless opts names another.
func runGoldenUntil(t *testing.T, opts common.Options, what string, ok func(string) bool, msgs ...tea.Msg) {
	t.Helper()
	opts.ColorProfile, opts.Seed, opts.AIDelay = colorprofile.ASCII, 1, -1
	if opts.Analyst == nil {
		opts.Analyst = fixedDepth(6)
	}
	if opts.Store == nil {
		opts.Store = &memStore{}
	}
	rec := newScreenRecorder(New(opts))
	tm := teatest.NewTestModel(t, rec, teatest.WithInitialTermSize(80, 24))
	for _, msg := range msgs {
		tm.Send(msg)
	}
	rec.waitScreen(t, what, ok, 30*time.Second)
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second))
	teatest.RequireEqualOutput(t, []byte(viewText(fm)))
}

// TestGoldenRecord opens a kept game as `tabletop games N` does: at its
// end, in review mode, with the result and why.
func TestGoldenRecord(t *testing.T) {
	sv := savefmt.SavedGame{Variant: "quad5", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: "max"}},
		Result: "game over: x wins — x completes the square r2c2–r4c2–r4c4–r2c4", Ended: time.Date(2026, 11, 24, 4, 0, 0, 0, time.UTC)}
	sv.Moves = squareGame
	path := filepath.Join(t.TempDir(), "record.txt")
	if err := os.WriteFile(path, sv.Marshal([]string{"x", "o"}), 0o644); err != nil {
		t.Fatal(err)
	}
	runGoldenEvals(t, common.Options{Start: common.Start{Load: path}})
}

// A spectator reviews a room's game while it goes on: the room is not
// touched, and the board follows the room again on esc.
func TestReviewInARoom(t *testing.T) {
	room := newFakeRoom("quad5") // a spectator: no seat
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}, Analyst: fixedDepth(2)}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	wait := startIn(m)
	b := m.cur.(*board.BoardScreen)
	room.remote("r2c2")
	_, wait = m.Update(wait())
	room.remote("r1c2")
	_, wait = m.Update(wait())
	_, cmd := m.Update(keyMsg("v"))
	runCmd(m, cmd)
	m.Update(keyMsg("left"))
	if got, want := b.Game().String(), positionAfter(t, "quad5", "r2c2"); got != want {
		t.Fatalf("reviewing move 1: %q, want %q", got, want)
	}
	room.remote("r2c4") // the game goes on meanwhile
	m.Update(wait())
	if !b.Reviewing() || b.Review.Turn != 1 || !strings.Contains(viewText(m), "reviewing move 1 of 3") {
		t.Fatalf("the room's move moved the review: at %d\n%s", b.Review.Turn, viewText(m))
	}
	m.Update(keyMsg("enter"))
	if len(room.moves) != 3 {
		t.Fatalf("review changed the room: %v", room.moves)
	}
	m.Update(keyMsg("esc"))
	if b.Game().String() != room.s.String() {
		t.Fatalf("esc: %q, want the room's %q", b.Game().String(), room.s.String())
	}
}
