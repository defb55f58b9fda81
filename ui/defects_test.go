package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
	"github.com/tabletop/tabletop/savefmt"
)

// Issue 12, defect 1: a resignation takes y and nothing else — not the
// r that asked, not enter, not a digit when there is no one to choose.
func TestResignTakesOnlyY(t *testing.T) {
	for _, k := range []string{"1", "r", "enter", "n", " "} {
		m, b := newVsAI(t, ai.Easy)
		m.Update(keyMsg("r"))
		if b.confirm != "resign" {
			t.Fatalf("r should ask: confirm %q status %q", b.confirm, b.status)
		}
		sendKey(m, k)
		if b.ended() {
			t.Fatalf("%q after r resigned the game: %s", k, b.m.result())
		}
	}
	m, b := newVsAI(t, ai.Easy)
	m.Update(keyMsg("r"))
	m.Update(keyMsg("y"))
	if b.resigned() != 0 {
		t.Fatalf("y should resign x: resigned %d", b.resigned())
	}
}

// Issue 12, defect 1: while the AI thinks, : opens the prompt; the move
// typed there is kept and played when the turn comes if still legal.
func TestPremoveWhileTheAIThinks(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := press(m, "enter") // x plays the centre; o's search is in pending
	if lm(b).job == nil {
		t.Fatal("the AI should be thinking")
	}
	for _, k := range []string{":", "r", "2", "c", "2"} {
		sendKey(m, k)
	}
	if b.ended() {
		t.Fatalf("typing a move while the AI thinks ended the game: %s", b.m.result())
	}
	if !b.prompt || b.input.Value() != "r2c2" {
		t.Fatalf("the prompt should hold r2c2: prompt %v value %q", b.prompt, b.input.Value())
	}
	m.Update(keyMsg("enter"))
	if b.premove != "r2c2" || !strings.Contains(b.status, "r2c2") {
		t.Fatalf("the move should be kept for x's turn: premove %q status %q", b.premove, b.status)
	}
	drain(t, m, pending) // o moves; x's premove is played
	played := false
	for _, pm := range b.history() {
		played = played || (pm.mover == "x" && pm.text == "r2c2")
	}
	if !played {
		t.Fatalf("the premove r2c2 was not played: %v (status %q)", b.history(), b.status)
	}
	if b.premove != "" {
		t.Fatalf("the premove should be used up: %q", b.premove)
	}
}

// A premove that is no longer legal when the turn comes is refused with
// the reason, and nothing is played.
func TestPremoveRefusedWhenIllegal(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := press(m, "enter") // x takes r4c4
	for _, k := range []string{":", "r", "4", "c", "4", "enter"} {
		sendKey(m, k)
	}
	drain(t, m, pending)
	if b.game().ToMove() != 0 || b.history()[len(b.history())-1].mover == "x" {
		t.Fatalf("the illegal premove must not be played: %v", b.history())
	}
	if !b.isErr || !strings.Contains(b.status, "r4c4") {
		t.Fatalf("the refusal should name the move and say why: %q", b.status)
	}
}

// Issue 12, defect 2: while the board is hidden (too small), keys do
// not play, resign or make the AI move; resize, quit and help still act.
func TestNoKeysActOnAHiddenBoard(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	for _, k := range []string{"enter", " ", "r", "y", "u", "n", "m"} {
		sendKey(m, k)
	}
	m.Update(click(5, 5))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.cur != screen(b) || len(lm(b).moves) != 0 || b.ended() {
		t.Fatalf("keys acted on the hidden board: screen %T, %d moves, ended %v", m.cur, len(lm(b).moves), b.ended())
	}
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	m.Update(keyMsg("?"))
	if !b.help.ShowAll {
		t.Fatal("? should still toggle the help")
	}
	m.Update(keyMsg("?"))
	if cmd := press(m, "ctrl+c"); cmd == nil {
		t.Fatal("ctrl+c should still quit")
	}

	// Against the AI, space must not make it move while hidden.
	m, b = newVsAI(t, ai.Max)
	press(m, "enter")
	job := lm(b).job
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	m.Update(keyMsg(" "))
	if job == nil || job.ctx.Err() != nil {
		t.Fatal("space on the hidden board made the AI move now")
	}
	lm(b).cancelJob()
}

// ↑ at the prompt brings back earlier entries, newest first; ↓ goes
// forward again, to an empty prompt past the newest.
func TestPromptRecallsEarlierEntries(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	for _, text := range []string{"r2c2", "r3c3"} {
		m.Update(keyMsg(":"))
		sendKey(m, text)
		m.Update(keyMsg("enter"))
	}
	m.Update(keyMsg(":"))
	steps := []struct{ key, want string }{{"up", "r3c3"}, {"up", "r2c2"}, {"up", "r2c2"}, {"down", "r3c3"}, {"down", ""}}
	for _, s := range steps {
		sendKey(m, s.key)
		if got := b.input.Value(); got != s.want {
			t.Fatalf("after %s the prompt holds %q, want %q", s.key, got, s.want)
		}
	}
}

// Issue 12, defect 5: "move now" plays the best move the board shows,
// even when the search returns another (it may settle on the best of an
// unfinished deeper iteration after its last report).
func TestMoveNowPlaysTheMoveShown(t *testing.T) {
	m, b := newVsAI(t, ai.Max)
	press(m, "enter")
	l := lm(b)
	job := l.job
	legal := b.game().Legal(nil)
	shown, other := legal[0], legal[len(legal)-1]
	m.Update(aiProgressMsg{job: job, p: ai.Progress{Depth: 7, Best: shown}})
	if !strings.Contains(viewText(m), "best "+b.game().ShortMove(shown)) {
		t.Fatalf("the board does not show the best move:\n%s", viewText(m))
	}
	press(m, "esc")
	m.Update(aiDoneMsg{job: job, res: ai.Result{Move: other}})
	if got := l.moves[len(l.moves)-1]; got != shown {
		t.Fatalf("move now played %s, the board showed %s", b.game().ShortMove(got), b.game().ShortMove(shown))
	}
}

// Issue 12, defect 7: the depth shown never goes down while the AI
// thinks (UCT reports the length of its best line, which can shrink).
func TestAIDepthShownNeverShrinks(t *testing.T) {
	m, b := newVsAI(t, ai.Max)
	press(m, "enter")
	job := lm(b).job
	best := b.game().Legal(nil)[0]
	m.Update(aiProgressMsg{job: job, p: ai.Progress{Depth: 20, Best: best}})
	m.Update(aiProgressMsg{job: job, p: ai.Progress{Depth: 16, Best: best}})
	if v := viewText(m); !strings.Contains(v, "depth 20") {
		t.Fatalf("the depth went down:\n%s", v)
	}
	lm(b).cancelJob()
}

// Issue 12, defect 6: in Pentago's placement, 1-4 promises no rotation
// (a rotation key then would be refused): it says to place first.
func TestPentagoQuadrantKeyWhilePlacing(t *testing.T) {
	m, b := newTestClient(t, "pentago", 80, 24)
	m.Update(keyMsg("2"))
	if q, _ := pentagoChoice(b.vu, b.game(), b.cur); q != 0 || strings.Contains(b.status, "chosen") || !strings.Contains(b.status, "place") {
		t.Fatalf("2 while placing: quadrant %d, status %q", q, b.status)
	}
	for _, variant := range []string{"pentago", "pentago-split"} {
		m, b := newTestClient(t, variant, 80, 24)
		m.Update(keyMsg("1"))
		for _, k := range []string{"x", "z"} {
			sendKey(m, k)
			// Neither the cursor's quadrant (4) nor any other is named:
			// nothing was chosen.
			if strings.Contains(b.status, "rotate") || !strings.Contains(b.status, "time to place") {
				t.Errorf("%s: 1 then %s while placing: status %q", variant, k, b.status)
			}
		}
	}
	m.Update(keyMsg("enter")) // place; now 2 chooses and x turns it
	m.Update(keyMsg("2"))
	m.Update(keyMsg("x"))
	if b.isErr || lastQuad(b) != 2 {
		t.Fatalf("2 then x after placing should turn quadrant 2: status %q, turned %d", b.status, lastQuad(b))
	}
}

// Issue 12, defect 6: a rotation hint is shown on the board (its
// quadrant's handle marked with !), not only in the status line.
func TestPentagoRotationHintOnTheBoard(t *testing.T) {
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, AIDelay: -1, Seed: 2,
		Start: Start{Variant: "pentago", Seats: hotSeat(mustVariant(t, "pentago"))}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.cur.(*boardScreen)
	m.Update(keyMsg("enter"))
	drain(t, m, press(m, "H"))
	h, ok := b.hintMove()
	if !ok {
		t.Fatalf("no hint: %q", b.status)
	}
	q := 0
	if info := pentago.Decode(h); info.Kind == pentago.RotateQuadrant {
		q = info.Q
	}
	if want := fmt.Sprintf("!Q%d!", q); q == 0 || !strings.Contains(viewText(m), want) {
		t.Fatalf("the hint %s is not on the board (want %s):\n%s", b.game().ShortMove(h), want, viewText(m))
	}
}

func mustVariant(t *testing.T, name string) *game.Variant {
	t.Helper()
	v, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Issue 12, defect 7: the words a player reads.
func TestWords(t *testing.T) {
	sv := savefmt.SavedGame{Variant: "quad7", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: ai.Max, Name: "deep"}}, Moves: []string{"(mark r2 c2)"}}
	if got, want := sv.Summary(), "quad7, 1 move: ana vs deep (AI max)"; got != want {
		t.Errorf("save summary %q, want %q", got, want)
	}
	data := sv.Marshal([]string{"x", "o"})
	store := &memStore{data: data}
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: store, AIDelay: -1}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(keyMsg("enter")) // Continue
	b, ok := m.cur.(*boardScreen)
	if !ok || b.status != "resumed after 1 move" {
		t.Fatalf("continue: %T status %q", m.cur, b.status)
	}
	lm(b).cancelJob()
	if v := viewText(m); !strings.Contains(v, "deep (AI max)") {
		t.Errorf("a named AI seat hides its level:\n%s", v)
	}
	split, _ := game.Lookup("pentago-split")
	if strings.Contains(split.Summary, "seed") {
		t.Errorf("pentago-split summary %q speaks of the seed", split.Summary)
	}
}

// Issue 12, defect 7: a name that is full says so instead of dropping
// the key without a word.
func TestSetupNameLimitSaysSo(t *testing.T) {
	m, s := newSetupClient(t, "quad7")
	m.Update(keyMsg("up"))
	m.Update(keyMsg("up"))
	m.Update(keyMsg("tab"))
	typeText(m, strings.Repeat("a", 20))
	if !strings.Contains(s.status, "at most 16 characters") {
		t.Fatalf("a full name field says nothing: status %q, name %q", s.status, s.names[0].Value())
	}
}

// Issue 12, defect 4: a menu description that does not fit ends in "…".
func TestMenuDescriptionsShowTheyAreCut(t *testing.T) {
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := viewText(m); !strings.Contains(v, "own the four …") && !strings.Contains(v, "own the four…") {
		t.Fatalf("cut descriptions do not end in …:\n%s", v)
	}
	if v := viewText(m); !strings.Contains(v, "tilted ones too.") {
		t.Fatalf("the selected item's description is not shown whole:\n%s", v)
	}
}

// Issue 12, defect 4: at 80 columns the key bar always ends with the
// help and quit keys, and a long status is wrapped, not cut.
func TestKeyBarAndStatusFit80Columns(t *testing.T) {
	for _, v := range game.Variants() {
		m, b := newTestClient(t, v.Name, 80, 24)
		m.Update(keyMsg("enter")) // a move: undo and redo join the bar
		m.Update(keyMsg("u"))
		lines := strings.Split(viewText(m), "\n")
		last := lines[len(lines)-1]
		if !strings.Contains(last, "? more keys") || !strings.Contains(last, "q quit") {
			t.Errorf("%s: the key bar lost help or quit: %q", v.Name, last)
		}
		long := "quadrant 5 does not exist (quadrants are 1 top-right, 2 top-left, 3 bottom-left, 4 bottom-right)"
		b.setStatus(long, true)
		flat := strings.Join(strings.Fields(viewText(m)), " ")
		if !strings.Contains(flat, "4 bottom-right)") {
			t.Errorf("%s: a long status lost its end:\n%s", v.Name, viewText(m))
		}
		if n := len(strings.Split(viewText(m), "\n")); n > 24 {
			t.Errorf("%s: %d lines in a 24-line window", v.Name, n)
		}
	}
}

// Issue 12, defect 7: the panel names every seat whole when there is
// room, and marks a name it has to cut with "…".
func TestPanelNamesSeats(t *testing.T) {
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}, AIDelay: -1,
		Start: Start{Variant: "quad7", Seats: map[string]savefmt.SeatConfig{"x": {Name: "ana"}, "o": {AI: true, Level: ai.Max, Name: "deep"}}}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := viewText(m); strings.Count(v, "deep (AI max)") < 1 || strings.Contains(v, "deep (AI m ") {
		t.Fatalf("the panel cuts a seat's name:\n%s", v)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	long := savefmt.SeatConfig{Name: "a very long player name indeed"}
	lm(m.cur.(*boardScreen)).seats[0] = long
	for _, line := range strings.Split(viewText(m), "\n") {
		if strings.Contains(line, "a very long") && !strings.Contains(line, long.Name) && !strings.Contains(line, "…") {
			t.Fatalf("a cut name should end in …: %q", line)
		}
	}
}

// A premove goes with undo (it was typed for a position that is gone)
// and an empty prompt cancels it.
func TestPremoveCancelled(t *testing.T) {
	m, b := newVsAI(t, ai.Easy)
	pending := press(m, "enter")
	for _, k := range []string{":", "r2c2", "enter"} {
		sendKey(m, k)
	}
	m.Update(keyMsg(":"))
	m.Update(keyMsg("enter"))
	if b.premove != "" || b.status != "premove cancelled" {
		t.Fatalf("an empty prompt should cancel the premove: %q, status %q", b.premove, b.status)
	}
	for _, k := range []string{":", "r2c2", "enter"} {
		sendKey(m, k)
	}
	drain(t, m, press(m, "u"))
	drain(t, m, pending)
	if b.premove != "" || len(lm(b).moves) != 0 {
		t.Fatalf("undo should drop the premove: %q, %d moves", b.premove, len(lm(b).moves))
	}
}

// At the smallest size that shows the board, a long status is cut to
// one line (ending in …) rather than hiding the board.
func TestLongStatusNeverHidesTheBoard(t *testing.T) {
	for _, v := range game.Variants() {
		m, b := newTestClient(t, v.Name, 20, 10) // too small: minSize says what fits
		w, h := b.minSize()
		m.Update(tea.WindowSizeMsg{Width: w, Height: h})
		b.setStatus(strings.Repeat("a long message ", 20), true)
		if out := viewText(m); strings.Contains(out, "too small") || !strings.Contains(out, "…") {
			t.Fatalf("%s at %d×%d with a long status:\n%s", v.Name, w, h, out)
		}
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
		if b.ended() {
			t.Errorf("%s: typing %q resigned: %s", tc.variant, tc.typed, b.m.result())
		}
	}
	m, b := newTestClient(t, "quad7", 80, 24)
	for _, k := range []string{"r", "2"} {
		sendKey(m, k)
	}
	if b.confirm != "resign" || !strings.Contains(b.status, "resign as o? y to resign") {
		t.Fatalf("2 should choose o: confirm %q status %q", b.confirm, b.status)
	}
	m.Update(keyMsg("left")) // back to x
	if !strings.Contains(b.status, "resign as x?") {
		t.Fatalf("← should choose x: %q", b.status)
	}
	m.Update(keyMsg("right"))
	m.Update(keyMsg("y"))
	if !b.ended() || b.resigned() != 1 {
		t.Fatalf("y should resign the chosen o: ended %v resigned %d", b.ended(), b.resigned())
	}
}

// splitKeys splits typed text into key names, "enter" kept whole.
func splitKeys(s string) []string {
	var out []string
	for s != "" {
		if strings.HasPrefix(s, "enter") {
			out, s = append(out, "enter"), s[len("enter"):]
			continue
		}
		out, s = append(out, s[:1]), s[1:]
	}
	return out
}
