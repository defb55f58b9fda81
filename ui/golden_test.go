package ui

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/savefmt"
)

// screenRecorder wraps a client in a teatest program and keeps the text
// of the last frame it drew, for tests to wait on what the screen shows:
// Bubble Tea's renderer writes only the cells that change, so the
// output stream need not hold a line of the screen whole.
type screenRecorder struct {
	tea.Model
	last *atomic.Value // string
}

func newScreenRecorder(m tea.Model) screenRecorder {
	r := screenRecorder{Model: m, last: &atomic.Value{}}
	r.last.Store("")
	return r
}

func (r screenRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := r.Model.Update(msg)
	r.Model = m
	return r, cmd
}

func (r screenRecorder) View() tea.View {
	v := r.Model.View()
	r.last.Store(ansi.Strip(v.Content))
	return v
}

// waitScreen waits until the last frame drawn satisfies ok.
func (r screenRecorder) waitScreen(t *testing.T, what string, ok func(string) bool, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !ok(r.last.Load().(string)) {
		if time.Now().After(deadline) {
			t.Fatalf("the screen did not show %s within %s; last frame:\n%s", what, within, r.last.Load())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// runGolden runs a client in a teatest program at 80×24 for a terminal
// without colour, sends msgs, quits and compares the text of the final
// frame with testdata/<test name>.golden (go test -update rewrites them).
func runGolden(t *testing.T, opts common.Options, msgs ...tea.Msg) {
	t.Helper()
	opts.ColorProfile = colorprofile.ASCII
	opts.Seed = 1
	opts.AIDelay = -1
	if opts.Store == nil {
		opts.Store = &uitest.MemStore{}
	}
	tm := teatest.NewTestModel(t, New(opts), teatest.WithInitialTermSize(80, 24))
	for _, msg := range msgs {
		tm.Send(msg)
	}
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second))
	teatest.RequireEqualOutput(t, []byte(uitest.ViewText(fm)))
}

func TestGoldenMenu(t *testing.T) {
	runGolden(t, common.Options{})
}

func TestGoldenMenuContinue(t *testing.T) {
	sv := savefmt.SavedGame{Variant: "quad7", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: "hard"}},
		Moves: []string{"(mark r3 c4)", "(mark r4 c4)"}}
	store := &uitest.MemStore{Data: sv.Marshal([]string{"x", "o"})}
	runGolden(t, common.Options{Store: store})
}

func TestGoldenSetup(t *testing.T) {
	// Down to Quad 7×7, open its setup.
	runGolden(t, common.Options{Player: rooms.Player{Name: "ana"}}, uitest.Key("down"), uitest.Key("enter"))
}

func TestGoldenSetupTicTacChess(t *testing.T) {
	var msgs []tea.Msg
	for range 5 {
		msgs = append(msgs, uitest.Key("down"))
	}
	runGolden(t, common.Options{Player: rooms.Player{Name: "ana"}}, append(msgs, uitest.Key("enter"))...)
}

func TestGoldenBoard(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			runGolden(t, common.Options{Player: rooms.Player{Name: "ana"}, Start: common.Start{Variant: v.Name}})
		})
	}
}

// TestGoldenEnd plays x's square in Quad 5×5 by keys: r2c2, r2c4, r4c4,
// r4c2 against o's r1c2, r1c3, r1c4.
func TestGoldenEnd(t *testing.T) {
	v, _ := game.Lookup("quad5")
	msgs := quad5SquareKeys()
	runGolden(t, common.Options{Start: common.Start{Variant: "quad5", Seats: uitest.HotSeat(v)}}, msgs...)
}

// TestGoldenEndPentago shows a line won by a placement typed at the prompt.
func TestGoldenEndPentago(t *testing.T) {
	v, _ := game.Lookup("pentago")
	// Red has four in column 1 and places the fifth below them.
	pos0 := "r...../r...../r...../r...../....../bbbb.. red place"
	runGolden(t, common.Options{Start: common.Start{Variant: "pentago", Seats: uitest.HotSeat(v), Position: pos0}},
		append(append([]tea.Msg{uitest.Key(":")}, uitest.Typed("(place 3 1 2)")...), uitest.Key("enter"))...)
}
