package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/board"
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
	msgs := uitest.Quad5SquareKeys()
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

// keysThrough returns the cursor keys and an enter for each cell in turn,
// from the board's starting cursor.
func keysThrough(start adapters.Pos, cells ...adapters.Pos) []tea.Msg {
	var msgs []tea.Msg
	cur := start
	for _, p := range cells {
		for _, k := range uitest.KeysTo(cur.Row, cur.Col, p.Row, p.Col, 0) {
			msgs = append(msgs, uitest.Keys(k)...)
		}
		msgs = append(msgs, uitest.Key("enter"))
		cur = p
	}
	return msgs
}

// TestGoldenConnectFour drops red in columns 4, 4 and 5 and yellow in 4
// and 3 by keys, on cells of any row of the column; the last disc is
// marked where it landed.
func TestGoldenConnectFour(t *testing.T) {
	v, _ := game.Lookup("connectfour")
	msgs := keysThrough(adapters.Pos{Row: 3, Col: 3}, adapters.Pos{Row: 3, Col: 3}, adapters.Pos{Row: 0, Col: 3}, adapters.Pos{Row: 5, Col: 3}, adapters.Pos{Row: 5, Col: 2}, adapters.Pos{Row: 2, Col: 4})
	runGolden(t, common.Options{Start: common.Start{Variant: "connectfour", Seats: uitest.HotSeat(v)}}, msgs...)
}

// TestGoldenBreakthrough plays two pawn moves each by keys and leaves a
// white pawn selected, its targets marked.
func TestGoldenBreakthrough(t *testing.T) {
	v, _ := game.Lookup("breakthrough")
	msgs := keysThrough(adapters.Pos{Row: 3, Col: 3},
		adapters.Pos{Row: 4, Col: 1}, adapters.Pos{Row: 3, Col: 1}, // white 2 2 → 2 3
		adapters.Pos{Row: 1, Col: 4}, adapters.Pos{Row: 2, Col: 3}, // black 5 5 → 4 4
		adapters.Pos{Row: 3, Col: 1}, adapters.Pos{Row: 2, Col: 2}, // white 2 3 → 3 4
		adapters.Pos{Row: 1, Col: 3}, adapters.Pos{Row: 2, Col: 2}, // black 4 5 takes 3 4
		adapters.Pos{Row: 4, Col: 3}) // white 4 2 selected
	runGolden(t, common.Options{Start: common.Start{Variant: "breakthrough", Seats: uitest.HotSeat(v)}}, msgs...)
}

// TestGoldenPentagoRotation: red placed on 113 and turned quadrant 1
// clockwise; the stone is marked where it went (the top-right corner of
// the quadrant) and the clockwise handle of Q1 is doubled.
func TestGoldenPentagoRotation(t *testing.T) {
	v := uitest.MustVariant(t, "pentago")
	prompted := func(s string) []tea.Msg {
		return append(append([]tea.Msg{uitest.Key(":")}, uitest.Typed(s)...), uitest.Key("enter"))
	}
	msgs := append(prompted("113"), prompted("1cw")...)
	runGolden(t, common.Options{Start: common.Start{Variant: "pentago", Seats: uitest.HotSeat(v)}}, msgs...)
}

// TestGoldenFlipped shows boards turned half round with f at 80×24:
// the labels, the last move, the cursor and Pentago's rotation handles
// change sides with the cells.
func TestGoldenFlipped(t *testing.T) {
	for _, c := range []struct{ variant, typed string }{{"quad5", "r2c2"}, {"pentago", "113"}, {"tictacchess", "1422"}} {
		t.Run(c.variant, func(t *testing.T) {
			v, _ := game.Lookup(c.variant)
			msgs := append(uitest.TypeMove(c.typed), uitest.Key("f"), uitest.Key("up"))
			runGolden(t, common.Options{Start: common.Start{Variant: c.variant, Seats: uitest.HotSeat(v)}}, msgs...)
		})
	}
}

// evalShown matches the panel's evaluation line once it has numbers.
var evalShown = regexp.MustCompile(`x +\d+% `)

// TestGoldenReview reviews the finished game of TestGoldenEnd two moves
// back: the board, the marked move with the evaluations, the sparkline
// and the status that says how to return.
func TestGoldenReview(t *testing.T) {
	v, _ := game.Lookup("quad5")
	msgs := uitest.Quad5SquareKeys()
	msgs = append(msgs, uitest.Key("v"), uitest.Key("left"), uitest.Key("left"))
	runGoldenEvals(t, common.Options{Start: common.Start{Variant: "quad5", Seats: uitest.HotSeat(v)}}, msgs...)
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
		opts.Analyst = uitest.FixedDepth(6)
	}
	if opts.Store == nil {
		opts.Store = &uitest.MemStore{}
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
	teatest.RequireEqualOutput(t, []byte(uitest.ViewText(fm)))
}

// TestGoldenRecord opens a kept game as `tabletop games N` does: at its
// end, in review mode, with the result and why.
func TestGoldenRecord(t *testing.T) {
	sv := savefmt.SavedGame{Variant: "quad5", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: "max"}},
		Result: "game over: x wins — x completes the square r2c2–r4c2–r4c4–r2c4", Ended: time.Date(2026, 11, 24, 4, 0, 0, 0, time.UTC)}
	sv.Moves = uitest.Quad5SquareMoves
	path := filepath.Join(t.TempDir(), "record.txt")
	if err := os.WriteFile(path, sv.Marshal([]string{"x", "o"}), 0o644); err != nil {
		t.Fatal(err)
	}
	runGoldenEvals(t, common.Options{Start: common.Start{Load: path}})
}

// TestGoldenAnalysisBoard: the analysis board on a position x wins by
// force, its analysis uitest.Settled, at 80×24 and 120×40.
func TestGoldenAnalysisBoard(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			opts := common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Seed: 1, AIDelay: -1, Analyst: uitest.FixedDepth(4)}
			rec := newScreenRecorder(New(opts))
			tm := teatest.NewTestModel(t, rec, teatest.WithInitialTermSize(size[0], size[1]))
			for _, msg := range append(uitest.ToAnalysisBoard(), tea.PasteMsg{Content: uitest.ProvenQuad5}, uitest.Key("enter")) {
				tm.Send(msg)
			}
			rec.waitScreen(t, "the settled analysis", uitest.Settled, 30*time.Second)
			if err := tm.Quit(); err != nil {
				t.Fatal(err)
			}
			fm := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second))
			teatest.RequireEqualOutput(t, []byte(uitest.ViewText(fm)))
		})
	}
}

// TestGoldenReviewAnalysis: review of TestGoldenReview's game with the
// analysis panel on, at move 5: o lost by force.
func TestGoldenReviewAnalysis(t *testing.T) {
	v, _ := game.Lookup("quad5")
	msgs := uitest.Quad5SquareKeys()
	msgs = append(msgs, uitest.Key("v"), uitest.Key("left"), uitest.Key("left"), uitest.Key("e"))
	runGoldenUntil(t, common.Options{Start: common.Start{Variant: "quad5", Seats: uitest.HotSeat(v)}}, "the settled analysis and values",
		func(s string) bool { return uitest.Settled(s) && evalShown.MatchString(s) }, msgs...)
}

func TestGoldenSetupGGP(t *testing.T) {
	// Down to Tic-Tac-Toe, open its setup, make o a GGP player with an
	// address.
	var msgs []tea.Msg
	for range 9 {
		msgs = append(msgs, uitest.Key("down"))
	}
	msgs = append(msgs, uitest.Key("enter"), uitest.Key("up"), uitest.Key("right"), uitest.Key("right"), uitest.Key("tab"))
	for _, r := range "http://127.0.0.1:9147" {
		msgs = append(msgs, uitest.Key(string(r)))
	}
	runGolden(t, common.Options{}, append(msgs, uitest.Key("esc"))...)
}

// Checkers with ggp-base's compact base declarations: its board, both
// sides' men told apart without colour (P and p), moves by their cells.
func TestGoldenCorpusCheckers(t *testing.T) {
	corpusGolden(t, "checkers", "move wp b3 a4", "move bp g6 h5")
}

// Chess, played by the engine's top-down fallback (its ground form is too
// large): both kings K and k, the pieces' moves by their cells.
func TestGoldenCorpusChess(t *testing.T) {
	corpusGolden(t, "chess", "move wp e2 e4", "move bp e7 e5")
}

// Rock-paper-scissors-well, a round played at one keyboard: the panel
// keeps every fact whole.
func TestGoldenCorpusRPS(t *testing.T) {
	corpusGolden(t, "roshambo2", "", "rock", "", "well", "")
}

// A whole game of rock-paper-scissors between two people at one
// keyboard, in a real program: before each throw the board is hidden
// behind a hand-over screen naming who takes the keyboard, and the end
// shows every round.
func TestJointHotSeatWholeGame(t *testing.T) {
	opts := common.Options{ColorProfile: colorprofile.ASCII, Seed: 1, AIDelay: -1, Store: &uitest.MemStore{},
		Start: common.Start{Variant: "rockpaperscissors", Seats: map[string]savefmt.SeatConfig{"left": {Name: "ana"}, "right": {Name: "bo"}}}}
	rec := newScreenRecorder(New(opts))
	tm := teatest.NewTestModel(t, rec, teatest.WithInitialTermSize(80, 24))
	waitFor := func(what string) {
		t.Helper()
		rec.waitScreen(t, what, func(s string) bool { return strings.Contains(s, what) }, 20*time.Second)
	}
	for _, round := range uitest.RPSThrows {
		waitFor("Pass the keyboard to left (ana)")
		tm.Send(uitest.Key("enter"))
		for _, msg := range uitest.TypeMove("(throw " + round[0] + ")") {
			tm.Send(msg)
		}
		waitFor("Pass the keyboard to right (bo)")
		tm.Send(uitest.Key("enter"))
		for _, msg := range uitest.TypeMove("(throw " + round[1] + ")") {
			tm.Send(msg)
		}
	}
	waitFor("game over")
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(20*time.Second)).(screenRecorder).Model.(*Model)
	b, ok := fm.Cur.(*board.BoardScreen)
	if !ok || !b.Game().Terminal() || b.Game().Goal(0) != 100 || b.Game().Goal(1) != 0 {
		t.Fatalf("the game did not end with left's win:\n%s", fm.View().Content)
	}
	teatest.RequireEqualOutput(t, []byte(uitest.ViewText(fm)))
}

// corpusGolden opens a published sheet at 80×24 in --ascii, every seat a
// person, plays moves typed at the prompt (an empty one is an enter, to
// take the keyboard on a joint turn), and compares the screen with its
// golden.
func corpusGolden(t *testing.T, name string, moves ...string) {
	if !uitest.Isolated(t) {
		return
	}
	v, err := sheets.LoadFile(uitest.CorpusSheet(t, name))
	if err != nil {
		t.Fatal(err)
	}
	var msgs []tea.Msg
	for _, mv := range moves {
		if mv == "" {
			msgs = append(msgs, uitest.Key("enter"))
			continue
		}
		msgs = append(msgs, uitest.TypeMove(mv)...)
	}
	runGolden(t, common.Options{ASCII: true, Start: common.Start{Variant: v.Name, Seats: uitest.HotSeat(v)}}, msgs...)
}
