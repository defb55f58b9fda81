package board

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// sheetView is what the tests see of the adapter of a game read from a
// rule sheet (the tests name no game file's declarations): the board
// adapter with its capabilities, and the sheet adapter's own parts, two
// interfaces of one value (see asSheet).
type sheetView struct {
	sheetUI
	sheetParts
}

// sheetUI is the board adapter of a sheet with the capabilities it has.
type sheetUI interface {
	adapters.VariantUI
	adapters.Counterer
	adapters.KeyHandler
	adapters.Targeter
	adapters.Chooser
}

// sheetParts is what only a sheet's adapter has.
type sheetParts interface {
	MoveSpots(s game.State, m game.Move) []adapters.Pos
	MovesNaming(s game.State, at ...adapters.Pos) []game.Move
	Narrows(s game.State, moves []game.Move, p adapters.Pos) bool
	Pending() []game.Move
	HasBoard() bool
}

// asSheet is vu as a sheet's adapter, if it is one.
func asSheet(vu adapters.VariantUI) (sheetView, bool) {
	ui, isUI := vu.(sheetUI)
	parts, isSheet := vu.(sheetParts)
	return sheetView{ui, parts}, isUI && isSheet
}

// gdlPlan is how a person plays m on a GDL board: the cells to act on in
// turn, then the chooser's number to press (0 for none), or, when the
// move names no cell, the text to type at the prompt.
type gdlPlan struct {
	cells  []adapters.Pos
	choice int
	typed  string
}

// planGDL works out the plan for m from the position, as a player reading
// the board would: act on the first cell m names; when more than one move
// is left, on a second cell it names (or the first again); then pick m
// from the chooser.
func planGDL(b *BoardScreen, m game.Move) gdlPlan {
	g, ok := asSheet(b.adapter)
	s := b.Game()
	if !ok {
		return gdlPlan{}
	}
	spots := g.MoveSpots(s, m)
	if len(spots) == 0 {
		return gdlPlan{typed: s.FormatMove(m)}
	}
	p1 := spots[0]
	moves := g.MovesNaming(s, p1)
	plan := gdlPlan{cells: []adapters.Pos{p1}}
	if len(moves) > 1 && g.Narrows(s, moves, p1) {
		p2 := p1
		for _, q := range spots[1:] {
			if q != p1 {
				p2 = q
				break
			}
		}
		plan.cells = append(plan.cells, p2)
		if p2 != p1 {
			moves = g.MovesNaming(s, p1, p2)
		}
	}
	if len(moves) > 1 {
		for i, c := range moves {
			if c == m {
				plan.choice = i + 1
			}
		}
		if plan.choice == 0 || plan.choice > 9 {
			return gdlPlan{typed: s.FormatMove(m)}
		}
	}
	return plan
}

// gdlKeysForMove is how a person plays m on a GDL board with the keys.
func gdlKeysForMove(b *BoardScreen, m game.Move, style int) []string {
	plan := planGDL(b, m)
	if plan.typed != "" {
		return []string{":", plan.typed, "enter"}
	}
	act := []string{"enter", " "}[style%2]
	var keys []string
	cur := b.cursorCell
	for _, p := range plan.cells {
		keys = append(append(keys, keysTo(cur, p, style)...), act)
		cur = p
	}
	if plan.choice > 0 {
		keys = append(keys, string(rune('0'+plan.choice)))
	}
	return keys
}

// gdlClicksForMove is how a person plays m on a GDL board with the mouse
// (nil when the move needs the keyboard).
func gdlClicksForMove(b *BoardScreen, m game.Move, cell func(adapters.Pos) tea.MouseMsg) []tea.MouseMsg {
	plan := planGDL(b, m)
	if plan.typed != "" || plan.choice > 0 {
		return nil
	}
	var clicks []tea.MouseMsg
	for _, p := range plan.cells {
		clicks = append(clicks, cell(p))
	}
	return clicks
}

func TestGDLBoardFound(t *testing.T) {
	tests := []struct {
		variant    string
		rows, cols int
		topLeft    string
		counter    string
	}{
		// Numbered columns are lettered, so that a cell's name (a6) is one
		// word; whose turn it is is the panel's turn line, not a fact.
		{"connectfour", 6, 7, "6 a", ""},
		{"breakthrough", 6, 6, "6 a", ""},
		{"tictactoe", 3, 3, "3 a", ""},
	}
	for _, tc := range tests {
		t.Run(tc.variant, func(t *testing.T) {
			_, b := newTestClient(t, tc.variant, 80, 24)
			g, ok := asSheet(b.adapter)
			if !ok || !g.HasBoard() {
				t.Fatalf("no GDL board: %T", b.adapter)
			}
			if r, c := g.Dims(); r != tc.rows || c != tc.cols {
				t.Errorf("dims %d×%d, want %d×%d", r, c, tc.rows, tc.cols)
			}
			if got := g.RowLabel(0) + " " + g.ColLabel(0); got != tc.topLeft {
				t.Errorf("top-left cell %q, want %q", got, tc.topLeft)
			}
			if got := g.Counter(b.Game()); got != tc.counter {
				t.Errorf("other facts %q, want %q", got, tc.counter)
			}
		})
	}
}

// Breakthrough's pieces are drawn by their role's letter in its colour,
// and its empty cells empty.
func TestGDLCellsShowRoles(t *testing.T) {
	_, b := newTestClient(t, "breakthrough", 80, 24)
	cells := b.adapter.Cells(b.Game())
	if c := cells[5][0]; c.Glyph != "W" || c.Seat != 0 {
		t.Errorf("bottom-left %+v, want a white piece", c)
	}
	if c := cells[0][0]; c.Glyph != "B" || c.Seat != 1 {
		t.Errorf("top-left %+v, want a black piece", c)
	}
	if c := cells[2][2]; c.Glyph != "" {
		t.Errorf("a middle cell %+v, want empty", c)
	}
}

// Acting on a cell keeps the moves naming it: in Breakthrough a pawn is
// selected and its target played; in Connect Four any cell of a column
// drops there; a cell no move names is refused.
func TestGDLActNarrowsByCells(t *testing.T) {
	m, b := newTestClient(t, "breakthrough", 80, 24)
	sendKeys := func(keys ...string) {
		for _, k := range keys {
			uitest.Press(m, k)
		}
	}
	// The cursor starts in the middle; go to the white pawn at column 2, row 2.
	sendKeys(keysTo(b.cursorCell, adapters.Pos{Row: 4, Col: 1}, 0)...)
	sendKeys("enter")
	if b.Selected == nil || *b.Selected != (adapters.Pos{Row: 4, Col: 1}) || len(lm(b).Moves()) != 0 {
		t.Fatalf("selection %v after the pawn, moves %v, status %q", b.Selected, lm(b).Moves(), b.Status)
	}
	if ts := b.AdapterCaps.TargetsOf(b.Game(), adapters.Pos{Row: 4, Col: 1}); len(ts) != 3 {
		t.Errorf("targets %v, want three cells ahead", ts)
	}
	sendKeys("up", "enter")
	if got := historyText(b); got != "(move 2 2 2 3)" {
		t.Fatalf("played %q, want (move 2 2 2 3); status %q", got, b.Status)
	}
	sendKeys("enter")
	if !b.IsErr || !strings.Contains(b.Status, "no move here") {
		t.Errorf("an empty cell of the mover: status %q", b.Status)
	}

	m, b = newTestClient(t, "connectfour", 80, 24)
	sendKeys(keysTo(b.cursorCell, adapters.Pos{Row: 0, Col: 3}, 0)...)
	sendKeys("enter")
	if got := historyText(b); got != "(drop 4)" {
		t.Fatalf("played %q, want (drop 4); status %q", got, b.Status)
	}
}

// When cells leave several moves, the chooser lists them and a number
// plays one; esc closes it.
func TestGDLChooser(t *testing.T) {
	m, b := newTestClient(t, "breakthrough", 80, 24)
	g, _ := asSheet(b.adapter)
	sendKeys := func(keys ...string) {
		for _, k := range keys {
			uitest.Press(m, k)
		}
	}
	sendKeys(keysTo(b.cursorCell, adapters.Pos{Row: 4, Col: 1}, 0)...)
	sendKeys("enter", "enter")
	if len(g.Pending()) != 3 {
		t.Fatalf("choices %v after enter twice on a pawn; status %q", g.Pending(), b.Status)
	}
	if v := uitest.ViewText(m); !strings.Contains(v, "1 move b2 a3") {
		t.Errorf("the chooser is not shown:\n%s", v)
	}
	sendKeys("esc")
	if len(g.Pending()) != 0 || b.Selected != nil {
		t.Errorf("esc left choices %v, selection %v", g.Pending(), b.Selected)
	}
	sendKeys("enter", "enter", "3")
	if got := historyText(b); got != "(move 2 2 3 3)" {
		t.Fatalf("the third choice played %q", got)
	}
}

// The move prompt completes from the legal moves with tab.
func TestGDLPromptCompletes(t *testing.T) {
	m, b := newTestClient(t, "connectfour", 80, 24)
	for _, msg := range append(append([]tea.Msg{uitest.Key(":")}, uitest.Typed("(drop 5")...), uitest.Key("tab"), uitest.Key("enter")) {
		m.Update(msg)
	}
	if got := historyText(b); got != "(drop 5)" {
		t.Fatalf("played %q, status %q", got, b.Status)
	}
	// ctrl+n goes to the next legal move that fits what is typed.
	for _, msg := range append(append([]tea.Msg{uitest.Key(":")}, uitest.Typed("(dr")...), uitest.Key("ctrl+n"), uitest.Key("tab"), uitest.Key("enter")) {
		m.Update(msg)
	}
	if got := historyText(b); got != "(drop 5) (drop 2)" {
		t.Fatalf("played %q, status %q", got, b.Status)
	}
}

func historyText(b *BoardScreen) string {
	var out []string
	s := lm(b).Table.Start().Clone()
	for _, m := range lm(b).Moves() {
		out = append(out, s.FormatMove(m))
		s.Apply(m)
	}
	return strings.Join(out, " ")
}

// pilesSheet is a game without a board: two piles, take one or two.
const pilesSheet = `; title: Piles
(role a) (role b)
(init (pile p 2)) (init (pile q 1)) (init (control a))
(succ 0 1) (succ 1 2)
(<= (legal ?r (take ?h ?n)) (true (control ?r)) (true (pile ?h ?m)) (succ ?n ?m))
(<= (legal ?r noop) (role ?r) (not (true (control ?r))))
(<= (next (pile ?h ?n)) (does ?r (take ?h ?n)))
(<= (next (pile ?h ?m)) (true (pile ?h ?m)) (does ?r (take ?g ?n)) (distinct ?g ?h))
(<= (next (control b)) (true (control a)))
(<= (next (control a)) (true (control b)))
(<= over (true (pile p 0)) (true (pile q 0)))
(<= terminal over)
(<= (goal ?r 100) over (role ?r) (not (true (control ?r))))
(<= (goal ?r 0) over (true (control ?r)))
(<= (goal ?r 50) (role ?r) (not over))
`

// A game without a board lists its facts and offers every legal move in
// the chooser.
func TestGDLWithoutBoard(t *testing.T) {
	v, err := gdl.Load("piles", []byte(pilesSheet))
	if err != nil {
		t.Fatal(err)
	}
	g, ok := asSheet(adapters.NewVariantUI(v))
	if !ok || g.HasBoard() {
		t.Fatalf("adapter %T, board %v", g, ok && g.HasBoard())
	}
	s := v.New()
	if r, c := g.Dims(); r != 1 || c != 1 {
		t.Errorf("dims %d×%d", r, c)
	}
	if got := g.Counter(s); got != "(pile p 2)\n(pile q 1)" {
		t.Errorf("facts %q", got)
	}
	res := g.Act(s, adapters.Pos{}, nil)
	if res.Play || len(g.Pending()) != 2 || !strings.Contains(res.Message, "1 (take p 1)  2 (take q 0)") {
		t.Fatalf("act: %+v, choices %v", res, g.Pending())
	}
	res, ok = g.Key(s, uitest.Key("2"), adapters.Pos{}, nil)
	if !ok || !res.Play || s.FormatMove(res.Move) != "(take q 0)" {
		t.Fatalf("key 2: %+v %v", res, ok)
	}
	if _, ok := g.Key(s, uitest.Key("2"), adapters.Pos{}, nil); ok {
		t.Error("a number with the chooser closed was taken")
	}
}

// Every sheet at hand (the bundled ones, the engine's test sheets, the
// piles) is drawn and acted on along random games without a panic, and
// every cell a move names is on the board.
func TestGDLAdapterOnEverySheet(t *testing.T) {
	paths, _ := filepath.Glob("../games/*.kif")
	more, _ := filepath.Glob("../game/gdl/testdata/*.kif")
	sources := map[string][]byte{"piles": []byte(pilesSheet)}
	for _, p := range append(paths, more...) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sources[p] = src
	}
	for name, src := range sources {
		v, err := gdl.Load("sheet", src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, _ := asSheet(adapters.NewVariantUI(v))
		rows, cols := g.Dims()
		rng := game.NewRand(3)
		s := v.New()
		for ply := 0; ply < 60 && !s.Terminal(); ply++ {
			_ = g.Cells(s)
			_ = g.Counter(s)
			p := adapters.Pos{Row: rng.Intn(rows), Col: rng.Intn(cols)}
			_ = g.Targets(s, p)
			g.Act(s, p, nil)
			g.ClearChoice()
			js, joint := s.(game.JointState)
			if s.ToMove() == game.NoRole && joint {
				moves := make([]game.Move, len(v.Roles))
				for r := range moves {
					legal := js.LegalOf(game.Role(r), nil)
					moves[r] = legal[rng.Intn(len(legal))]
				}
				js.ApplyJoint(moves)
				continue
			}
			m := s.RandomMove(rng)
			for _, q := range g.MoveCells(s, m) {
				if q.Row < 0 || q.Row >= rows || q.Col < 0 || q.Col >= cols {
					t.Fatalf("%s: %s names %v, off the %d×%d board", name, s.FormatMove(m), q, rows, cols)
				}
			}
			s.Apply(m)
		}
	}
}

// The end of a game read from a sheet says why: each role's goal, and
// the line that decided it, marked on the board. Moves are typed by the
// board's cell names (drop a), shown in them, and hinted once.
func TestGDLEndSaysWhy(t *testing.T) {
	m, b := newTestClient(t, "connectfour", 80, 24)
	for _, mv := range []string{"drop a", "drop b", "drop a", "drop b", "drop a", "(drop 2)", "DROP  A"} {
		for _, msg := range uitest.TypeMove(mv) {
			m.Update(msg)
		}
	}
	if !b.Ended() {
		t.Fatalf("not over after red's four in column a: status %q, moves %q", b.Status, historyText(b))
	}
	want := "game over: red wins — red 100, yellow 0; decided by the line a1–a4"
	if got := b.Match.Result(); got != want {
		t.Errorf("result %q, want %q", got, want)
	}
	marked := b.AdapterCaps.WinsOf(b.Game())
	if len(marked) != 4 || marked[0].Col != 0 {
		t.Errorf("marked cells %v, want column a's four", marked)
	}
	if h := b.History(); h[0].Text != "drop a" {
		t.Errorf("the move list says %q, want drop a", h[0].Text)
	}
	start := b.variant.New()
	if got := common.HintText(start, start.Legal(nil)[0]); got != "drop a" {
		t.Errorf("a hint reads %q, want drop a (once, by its cells)", got)
	}
}

// The panel packs the facts it shows and wraps them, never cutting one:
// Rock Paper Scissors' score is visible at every size the board is drawn.
func TestGDLPanelWrapsFacts(t *testing.T) {
	for _, w := range []int{60, 80, 100, 140} {
		m, b := newTestClient(t, "rockpaperscissors", w, 24)
		for _, mv := range []string{"(throw rock)", "(throw paper)"} {
			m.Update(uitest.Key("enter")) // the player has the keyboard
			for _, msg := range uitest.TypeMove(mv) {
				m.Update(msg)
			}
		}
		m.Update(uitest.Key("enter"))
		if len(b.History()) != 1 {
			t.Fatalf("%d columns: no round played: %q", w, b.Status)
		}
		view := uitest.ViewText(m)
		for _, fact := range strings.Split(b.AdapterCaps.CounterOf(b.Game()), "\n") {
			if !strings.Contains(view, fact) {
				t.Errorf("%d columns: %s is not shown whole:\n%s", w, fact, view)
			}
		}
	}
}

// TestCounterLines: facts pack several to a line, a long one wraps, and
// a great many end in a count, so that the panel fits a terminal.
func TestCounterLines(t *testing.T) {
	if got := counterLines("(a 1)\n(b 2)\n(c 3)", 11); strings.Join(got, "|") != "(a 1) (b 2)|(c 3)" {
		t.Errorf("packed: %q", got)
	}
	if got := counterLines("(score left 10 right 20)", 12); len(got) != 2 || strings.Join(got, " ") != "(score left 10 right 20)" {
		t.Errorf("wrapped: %q", got)
	}
	many := strings.Repeat("(wall 1 2)\n", 99) + "(wall 9 9)"
	got := counterLines(many, 20)
	if len(got) != maxCounterLines || got[len(got)-1] != "… and 95 more" {
		t.Errorf("%d facts in %d lines: %q", 100, len(got), got)
	}
}
