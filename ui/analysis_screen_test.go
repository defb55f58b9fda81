package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/tabletop/tabletop/game"
)

// provenQuad5 is a Quad 5×5 position x wins by force (analyze proves
// it at depth 3): the analysis board's goldens show it.
const provenQuad5 = "-oo.-/.x.x./...../...../-...- x 0 0"

// toAnalysisBoard is the keys from the menu (no saves, no server) to
// the analysis board's setup.
func toAnalysisBoard() []tea.Msg {
	var msgs []tea.Msg
	for range game.Variants() {
		msgs = append(msgs, keyMsg("down"))
	}
	return append(msgs, keyMsg("enter"))
}

// TestAnalysisBoardFromMenu: the menu's Analysis board takes a pasted
// position; one the game refuses is refused with the game's own words,
// a good one opens a board where the person plays every side, with the
// analysis of the position shown.
func TestAnalysisBoardFromMenu(t *testing.T) {
	t.Parallel()
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, Seed: 1, AIDelay: -1, Analyst: fixedDepth(4)}).(*Model)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	send(m, toAnalysisBoard()...)
	a, ok := m.cur.(*pages.AnalysisSetup)
	if !ok || a.Variants[a.Chosen].Name != "quad5" {
		t.Fatalf("the menu's Analysis board opened %T", m.cur)
	}
	bad := "-oo.-/.x.x./\n..... x 0 0"
	_, want := game.NewState("quad5", strings.Join(strings.Fields(bad), " "))
	send(m, tea.PasteMsg{Content: bad}, keyMsg("enter"))
	if want == nil || m.cur != common.Screen(a) || a.Status != want.Error() {
		t.Fatalf("a bad position: on %T, status %q, want the game's %v", m.cur, a.Status, want)
	}
	if v := viewText(m); !strings.Contains(v, strings.Fields(want.Error())[0]) {
		t.Fatalf("the reason is not shown:\n%s", v)
	}
	a.Input.SetValue("")
	send(m, tea.PasteMsg{Content: provenQuad5})
	_, cmd := m.Update(keyMsg("enter"))
	b, ok := m.cur.(*board.BoardScreen)
	if !ok || b.Game().String() != provenQuad5 || !b.Mine(0) || !b.Mine(1) || !b.Analysis.Enabled {
		t.Fatalf("a good position: on %T", m.cur)
	}
	runCmd(m, cmd) // the analysis, to its end
	if v := viewText(m); !b.Analysis.Done() || !strings.Contains(v, "x 100 proven") || !strings.Contains(v, "1. r3c3") {
		t.Fatalf("the board does not show the proven analysis:\n%s", v)
	}
}

// settled reports whether a screen shows an analysis that is over: a
// proven value, and nothing still coming (…).
func settled(s string) bool { return strings.Contains(s, "proven") && !strings.Contains(s, "…") }

// TestGoldenAnalysisBoard: the analysis board on a position x wins by
// force, its analysis settled, at 80×24 and 120×40.
func TestGoldenAnalysisBoard(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			opts := common.Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, Seed: 1, AIDelay: -1, Analyst: fixedDepth(4)}
			rec := newScreenRecorder(New(opts))
			tm := teatest.NewTestModel(t, rec, teatest.WithInitialTermSize(size[0], size[1]))
			for _, msg := range append(toAnalysisBoard(), tea.PasteMsg{Content: provenQuad5}, keyMsg("enter")) {
				tm.Send(msg)
			}
			rec.waitScreen(t, "the settled analysis", settled, 30*time.Second)
			if err := tm.Quit(); err != nil {
				t.Fatal(err)
			}
			fm := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second))
			teatest.RequireEqualOutput(t, []byte(viewText(fm)))
		})
	}
}

// TestGoldenReviewAnalysis: review of TestGoldenReview's game with the
// analysis panel on, at move 5: o lost by force.
func TestGoldenReviewAnalysis(t *testing.T) {
	v, _ := game.Lookup("quad5")
	msgs := quad5SquareKeys()
	msgs = append(msgs, keyMsg("v"), keyMsg("left"), keyMsg("left"), keyMsg("e"))
	runGoldenUntil(t, common.Options{Start: common.Start{Variant: "quad5", Seats: hotSeat(v)}}, "the settled analysis and values",
		func(s string) bool { return settled(s) && evalShown.MatchString(s) }, msgs...)
}

// TestAnalysisBoardFromABoard: A on a board opens the analysis board's
// setup on the game and the position shown.
func TestAnalysisBoardFromABoard(t *testing.T) {
	t.Parallel()
	m, b := newTestClient(t, "pentago", 80, 24)
	m.c.Opts.Analyst = fixedDepth(1)
	playTexts(t, b, "(place 1 1 1)", "(rotate 1 cw)")
	shown := b.Game().String()
	send(m, keyMsg("A"))
	a, ok := m.cur.(*pages.AnalysisSetup)
	if !ok || a.Variants[a.Chosen].Name != "pentago" || a.Input.Value() != shown {
		t.Fatalf("A opened %T", m.cur)
	}
	send(m, keyMsg("enter"))
	if nb, ok := m.cur.(*board.BoardScreen); !ok || nb.Game().String() != shown || !nb.Analysis.Enabled {
		t.Fatalf("enter opened %T", m.cur)
	}
}

// TestNoAnalysisInARoomGame: a room's game is not analysed while it
// goes on, where the engine would play for a person.
func TestNoAnalysisInARoomGame(t *testing.T) {
	t.Parallel()
	room := newFakeRoom("quad5")
	h := newHeldAnalyst()
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}, Analyst: h}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	startIn(m)
	b := m.cur.(*board.BoardScreen)
	// The keys are not offered to be refused: neither the key bar nor the
	// full help names them while the game goes on.
	send(m, keyMsg("?"))
	if v := viewText(m); strings.Contains(v, "analysis") {
		t.Fatalf("a room's game in play offers the analysis:\n%s", v)
	}
	send(m, keyMsg("?"))
	for _, k := range []string{"e", "A"} {
		send(m, keyMsg(k))
		if b.Analysis.Enabled || b.Analysis.Job != nil || m.cur != common.Screen(b) || !strings.Contains(b.Status, "no analysis while the room's game goes on") {
			t.Fatalf("%s in a room: analysis %v, on %T, status %q", k, b.Analysis.Enabled, m.cur, b.Status)
		}
	}
	// Review's values there are the game's own estimate, not the engine's.
	_, cmd := m.Update(keyMsg("v"))
	runOnce(m, cmd)
	if len(h.started) > 0 || h.reviewed.Load() > 0 || b.Review.Evals[0] != board.Estimate(b.Game(), make([]int, 2)) {
		t.Fatalf("review in a room's game asked the engine: values %v", b.Review.Evals)
	}
}
