package adapters

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/game/gdl/gdlboard"
)

func init() {
	registerAdapter(func(v *game.Variant) VariantUI {
		if !gdl.IsGDL(v) {
			return nil
		}
		return newGDLUI(v)
	})
}

// gdlKeyMap holds the keys of a game read from a rule sheet.
type gdlKeyMap struct {
	choose key.Binding // picks a move of the chooser
}

var gdlKeys = gdlKeyMap{
	choose: common.Bind([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "choose a move"),
}

// gdlUI draws any game read from a rule sheet: the board gdlboard finds
// in its facts, every other fact on the panel's counter line, and moves
// chosen by the cells they name. A game without a board is played at the
// move prompt, whose completion lists the legal moves.
type gdlUI struct {
	board *gdlboard.Board // nil when the game has no board
	view  *gdlView

	spots   map[game.Move][]Pos // cells each move names, by move
	columns map[game.Move]bool  // moves that name whole columns
	lastPos string              // the position cells and others were read from
	grid    [][]CellInfo
	others  []string
	// twoCells is whether a legal move of lastPos names two cells: 0 not
	// known yet, 1 no, 2 yes (see fromTo).
	twoCells int
	// choices are the moves the chooser offers, nil when it is closed.
	choices []game.Move
}

func newGDLUI(v *game.Variant) *gdlUI {
	view := gdlViewOf(v)
	return &gdlUI{spots: map[game.Move][]Pos{}, columns: map[game.Move]bool{}, board: view.board, view: view}
}

// Dims is part of VariantUI.
func (g *gdlUI) Dims() (int, int) {
	if g.board == nil {
		return 1, 1
	}
	return len(g.board.Rows), len(g.board.Cols)
}

// RowLabel is part of VariantUI.
func (g *gdlUI) RowLabel(r int) string {
	if g.board == nil {
		return ""
	}
	return g.board.Rows[r]
}

// ColLabel is part of VariantUI.
func (g *gdlUI) ColLabel(c int) string {
	if g.board == nil {
		return ""
	}
	return g.board.ColName(c)
}

// read splits the position into the board's cells and the other facts,
// once per position.
func (g *gdlUI) read(s game.State) {
	text := s.String()
	if g.grid != nil && text == g.lastPos {
		return
	}
	g.lastPos, g.twoCells = text, 0
	g.grid, g.others = g.split(text)
}

// split reads a position string into the board's cells and the other
// facts.
func (g *gdlUI) split(text string) (grid [][]CellInfo, others []string) {
	rows, cols := g.Dims()
	grid = make([][]CellInfo, rows)
	for r := range grid {
		grid[r] = make([]CellInfo, cols)
		for c := range grid[r] {
			grid[r][c].Seat = game.NoRole
			grid[r][c].Missing = g.board != nil && !g.board.Exists(r, c)
		}
	}
	facts, _ := gdl.ParseTerms(text)
	for _, f := range facts {
		if g.view.control[f.Name] {
			continue // the turn line says whose turn it is
		}
		if g.board != nil {
			if r, c, cell, ok := g.board.At(f); ok {
				if cell.Glyph != "" {
					grid[r][c] = CellInfo{Glyph: cell.Glyph, Seat: cell.Seat}
				}
				continue
			}
		}
		others = append(others, f.String())
	}
	return grid, others
}

// Cells is part of VariantUI.
func (g *gdlUI) Cells(s game.State) [][]CellInfo {
	g.read(s)
	return g.grid
}

// Counter lists the facts that are not cells nor whose turn it is:
// counters, scores, the last throws; one per line for the panel to pack
// and wrap (see the board's counterLines).
func (g *gdlUI) Counter(s game.State) string {
	g.read(s)
	return strings.Join(g.others, "\n")
}

// winCells are the cells that decided a finished game (see
// gdlboard.Decisive).
func (g *gdlUI) winCells(s game.State) []Pos {
	var out []Pos
	cells, _ := g.view.decisiveCells(s, decisiveQuick)
	for _, sp := range cells {
		out = append(out, Pos{sp.Row, sp.Col})
	}
	return out
}

// MoveSpots returns the cells move m names, read once per move.
func (g *gdlUI) MoveSpots(s game.State, m game.Move) []Pos {
	if ps, ok := g.spots[m]; ok {
		return ps
	}
	var ps []Pos
	if g.board != nil {
		if ts, err := gdl.ParseTerms(s.FormatMove(m)); err == nil && len(ts) == 1 {
			spots, columns := g.board.MoveCells(ts[0])
			g.columns[m] = columns
			for _, sp := range spots {
				ps = append(ps, Pos{sp.Row, sp.Col})
			}
		}
	}
	g.spots[m] = ps
	return ps
}

// MoveCells are the cells move m names in s; for a move that names whole
// columns, the cells of them it changes (where Connect Four's disc lands).
func (g *gdlUI) MoveCells(s game.State, m game.Move) []Pos {
	ps := g.MoveSpots(s, m)
	if _, choosing := s.(game.SeatTurn); choosing || !g.columns[m] || s.Terminal() || !s.IsLegal(m) {
		return ps
	}
	after := s.Clone()
	after.Apply(m)
	was, _ := g.split(s.String())
	is, _ := g.split(after.String())
	var changed []Pos
	for _, p := range ps {
		if was[p.Row][p.Col] != is[p.Row][p.Col] {
			changed = append(changed, p)
		}
	}
	if len(changed) == 0 {
		return ps
	}
	return changed
}

// MovesNaming returns the legal moves that name every cell of at.
func (g *gdlUI) MovesNaming(s game.State, at ...Pos) []game.Move {
	var out []game.Move
	for _, m := range s.Legal(nil) {
		ps := g.MoveSpots(s, m)
		all := true
		for _, p := range at {
			all = all && ContainsPos(ps, p)
		}
		if all {
			out = append(out, m)
		}
	}
	return out
}

// Narrows reports whether a second cell could tell moves apart: some
// move names a cell other than p (a whole column does not count).
func (g *gdlUI) Narrows(s game.State, moves []game.Move, p Pos) bool {
	for _, m := range moves {
		for _, q := range g.MoveSpots(s, m) {
			if q != p && !g.columns[m] {
				return true
			}
		}
	}
	return false
}

// Act keeps the legal moves that name the cell (and the selected cell):
// one left is played, several wait for a second cell or open the chooser.
func (g *gdlUI) Act(s game.State, p Pos, sel *Pos) ActResult {
	if g.board == nil {
		// Without a board every legal move is a choice.
		if moves := s.Legal(nil); len(moves) > 0 {
			return g.offer(s, moves)
		}
		return refuse("no legal move")
	}
	if sel != nil && *sel != p {
		if both := g.MovesNaming(s, *sel, p); len(both) > 0 {
			return g.offer(s, both)
		}
	}
	moves := g.MovesNaming(s, p)
	switch {
	case len(moves) == 0:
		return ActResult{Message: "no move here: choose another cell", IsError: true, SetSel: true}
	case len(moves) == 1:
		return g.offer(s, moves)
	case (sel == nil || *sel != p) && g.Narrows(s, moves, p):
		q := p
		return ActResult{Selection: &q, SetSel: true, Message: fmt.Sprintf("%d moves from here: choose where to, or enter again to list them", len(moves))}
	}
	return g.offer(s, moves)
}

// offer plays the one move left or opens the chooser over several.
func (g *gdlUI) offer(s game.State, moves []game.Move) ActResult {
	if len(moves) == 1 {
		g.choices = nil
		return ActResult{Move: moves[0], Play: true, SetSel: true}
	}
	g.choices = moves
	return ActResult{Message: g.choiceText(s)}
}

// choiceText lists the chooser's moves by number (the first nine; the
// prompt reaches the others).
func (g *gdlUI) choiceText(s game.State) string {
	var b strings.Builder
	for i, m := range g.choices {
		if i == 9 {
			b.WriteString("… or : and tab")
			break
		}
		fmt.Fprintf(&b, "%d %s  ", i+1, common.MoveName(s, m))
	}
	return strings.TrimSpace(b.String())
}

// Key is part of KeyHandler.
func (g *gdlUI) Key(s game.State, msg tea.KeyPressMsg, _ Pos, _ *Pos) (ActResult, bool) {
	if len(g.choices) == 0 || !key.Matches(msg, gdlKeys.choose) {
		return ActResult{}, false
	}
	i := int(msg.String()[0] - '1')
	if i >= len(g.choices) {
		return refuse("there are only %d moves to choose from", len(g.choices)), true
	}
	m := g.choices[i]
	g.choices = nil
	return ActResult{Move: m, Play: true, SetSel: true}, true
}

// Targets are the other cells the moves naming p change: where a piece
// can go, where a disc dropped in p's column lands.
func (g *gdlUI) Targets(s game.State, p Pos) []Pos {
	if g.board == nil {
		return nil
	}
	var out []Pos
	for _, m := range g.MovesNaming(s, p) {
		for _, q := range g.MoveCells(s, m) {
			if q != p && !ContainsPos(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// ClearChoice is part of Chooser.
func (g *gdlUI) ClearChoice() { g.choices = nil }

// Pending returns the moves the chooser offers.
func (g *gdlUI) Pending() []game.Move { return g.choices }

// HasBoard reports whether a board was found in the game's facts.
func (g *gdlUI) HasBoard() bool { return g.board != nil }

// Prompt is part of VariantUI.
func (g *gdlUI) Prompt(s game.State, sel *Pos) string {
	switch {
	case len(g.choices) > 0:
		return g.choiceText(s)
	case g.board == nil:
		return "enter lists the moves; : types one, tab completes it"
	case sel != nil:
		return "enter where it goes, or here again to list the moves"
	case g.fromTo(s):
		return "enter on a piece, then where it goes; : types a move"
	}
	return "enter on a cell plays there; : types a move"
}

// fromTo reports whether a legal move names two cells (a piece and
// where it goes), for the prompt's words; read once per position.
func (g *gdlUI) fromTo(s game.State) bool {
	g.read(s)
	if g.twoCells == 0 {
		g.twoCells = 1
		for _, m := range s.Legal(nil) {
			if spots := g.MoveSpots(s, m); len(spots) > 1 && !g.columns[m] {
				g.twoCells = 2
				break
			}
		}
	}
	return g.twoCells == 2
}

func (g *gdlUI) playKeys(game.State, *Pos) []key.Binding {
	if len(g.choices) > 0 {
		return []key.Binding{gdlKeys.choose}
	}
	return nil
}

// Controls is part of VariantUI.
func (g *gdlUI) Controls() string {
	return "Enter, space or a click on a cell plays the move there, or picks up\n" +
		"the piece there: then a second cell says where it goes. When several\n" +
		"moves are left they are listed: press a move's number. : types any\n" +
		"move, by its cells (move a2 b3) or in KIF ((move 1 2 2 3)); tab\n" +
		"completes it from the legal moves.\n"
}

// What the client learns once about each game read from a rule sheet:
// its board, the relations that only say whose turn it is, and why its
// finished positions ended. Every board of the game shares it, in every
// session of a server, so it only reads.

func init() {
	common.RegisterMoveNamer(gdlMoveName)
	common.RegisterResultExplainer(gdlResultReason)
	common.RegisterResultPreparer(prepareGDLResult)
}

// Finding the cells that ended a game takes a position per occupied
// cell: a millisecond on a ground sheet, while a sheet the engine
// evaluates top-down (chess) takes longer. On the UI goroutine it gets
// decisiveQuick, once per position; past that it is worked out in the
// background within decisiveSlow (see prepareGDLResult), and the marks
// and the reason appear when it is done.
const (
	decisiveQuick = 30 * time.Millisecond
	decisiveSlow  = 20 * time.Second
)

// gdlView is one game's board and what it shows.
type gdlView struct {
	board *gdlboard.Board // nil when the game has no board
	// control are the relations whose facts only say whose turn it is
	// ((control red)): the panel's turn line says it already.
	control map[string]bool

	mu       sync.Mutex
	decisive map[string]decisiveEntry // by finished position
}

// decisiveEntry is what is known of a finished position's decisive
// cells: the cells once done, or that a quick try ran out of time.
type decisiveEntry struct {
	cells       []gdlboard.Spot
	done, tried bool
	working     bool // the background works on it
}

// gdlViews holds the gdlView of every game asked about, nil for a game
// not read from a sheet.
var gdlViews sync.Map // *game.Variant → *gdlView

// gdlViewOf is v's gdlView, nil when v is not read from a sheet.
func gdlViewOf(v *game.Variant) *gdlView {
	if x, ok := gdlViews.Load(v); ok {
		return x.(*gdlView)
	}
	var view *gdlView
	if gdl.IsGDL(v) {
		view = newGDLView(v)
	}
	x, _ := gdlViews.LoadOrStore(v, view)
	return x.(*gdlView)
}

func newGDLView(v *game.Variant) *gdlView {
	view := &gdlView{control: controlRelations(v), decisive: map[string]decisiveEntry{}}
	start := gdlTerms([]string{v.New().String()})
	if b, ok := gdlboard.FindIn(v.Roles, gdlTerms(gdl.BaseFacts(v)), gdlTerms(gdl.StaticFacts(v)), start); ok {
		view.board = b
	}
	return view
}

// gdlTerms reads the facts the engine writes.
func gdlTerms(facts []string) []*gdl.Term {
	var out []*gdl.Term
	for _, text := range facts {
		if ts, err := gdl.ParseTerms(text); err == nil {
			out = append(out, ts...)
		}
	}
	return out
}

// controlRelations finds the relations that say whose turn it is: those
// whose facts, in every position of a few random games where one role
// moves, are that role alone ((control red) when red moves). Looking at
// play rather than at names finds (control …), (turn …) or (whoseturn …)
// alike, and never hides a fact that says more.
func controlRelations(v *game.Variant) map[string]bool {
	// A count of plies, not a time: what the panel hides must not depend
	// on the machine's load (a 50 ms deadline let a slow top-down sheet,
	// or a loaded machine, see no ply and hide nothing). The deadline is
	// only a bound for the slowest sheets (amazons plays ~100 plies a
	// CPU-second top-down).
	const games, plies, budget = 4, 60, 48
	deadline := time.Now().Add(time.Second)
	candidate, seen := map[string]bool{}, map[string]bool{}
	rng := game.NewRand(1)
	played := 0
	for g := 0; g < games && played < budget && time.Now().Before(deadline); g++ {
		s := v.New()
		for ply := 0; ply < plies && played < budget && !s.Terminal() && time.Now().Before(deadline); ply++ {
			played++
			if mover := s.ToMove(); mover != game.NoRole {
				noteTurn(s, v.RoleName(mover), candidate, seen)
				s.Apply(s.RandomMove(rng))
				continue
			}
			if !randomJoint(s, rng) {
				break
			}
		}
	}
	for rel := range candidate {
		if !seen[rel] {
			delete(candidate, rel)
		}
	}
	return candidate
}

// noteTurn looks at one position where mover moves: a unary relation is
// a candidate until one of its facts names anything but mover.
func noteTurn(s game.State, mover string, candidate, seen map[string]bool) {
	for _, f := range gdlTerms([]string{s.String()}) {
		if _, ruled := candidate[f.Name]; ruled && !candidate[f.Name] {
			continue
		}
		ok := len(f.Args) == 1 && len(f.Args[0].Args) == 0 && strings.EqualFold(f.Args[0].Name, mover)
		candidate[f.Name] = ok
		seen[f.Name] = seen[f.Name] || ok
	}
}

// randomJoint plays a random move for every role at once.
func randomJoint(s game.State, rng *game.Rand) bool {
	js, ok := s.(game.JointState)
	if !ok {
		return false
	}
	joint := make([]game.Move, len(s.Variant().Roles))
	for r := range joint {
		moves := js.LegalOf(game.Role(r), nil)
		if len(moves) == 0 {
			return false
		}
		joint[r] = moves[rng.Intn(len(moves))]
	}
	js.ApplyJoint(joint)
	return true
}

// gdlMoveName is a move of a game read from a sheet in its board's cell
// names ("move a2 b3"); ok is false for other games and for moves that
// name no cell.
func gdlMoveName(s game.State, m game.Move) (string, bool) {
	view := gdlViewOf(s.Variant())
	if view == nil || view.board == nil {
		return "", false
	}
	ts, err := gdl.ParseTerms(s.FormatMove(m))
	if err != nil || len(ts) != 1 {
		return "", false
	}
	name := view.board.MoveName(ts[0])
	return name, name != ""
}

// decisiveCells are the cells that ended the finished position s (see
// gdlboard.Decisive), found once per position within budget; done is
// false when they are not known (yet). A quick try that ran out of time
// is not tried again quickly: the background's slow one finishes it.
func (view *gdlView) decisiveCells(s game.State, budget time.Duration) (cells []gdlboard.Spot, done bool) {
	if view.board == nil || !s.Terminal() {
		return nil, true
	}
	text := s.String()
	view.mu.Lock()
	e := view.decisive[text]
	view.mu.Unlock()
	if e.done || e.tried && budget <= decisiveQuick {
		return e.cells, e.done
	}
	cells, done = view.board.Decisive(s, budget)
	view.mu.Lock()
	if len(view.decisive) >= 64 {
		clear(view.decisive)
	}
	if old := view.decisive[text]; !old.done {
		view.decisive[text] = decisiveEntry{cells: cells, done: done, tried: true}
	}
	view.mu.Unlock()
	return cells, done
}

// prepareGDLResult is the background work a finished game of a sheet
// needs when its decisive cells take longer than a quick try.
func prepareGDLResult(s game.State) (work func(), ok bool) {
	view := gdlViewOf(s.Variant())
	if view == nil || view.board == nil || !s.Terminal() {
		return nil, false
	}
	if _, done := view.decisiveCells(s, decisiveQuick); done {
		return nil, false
	}
	text := s.String()
	view.mu.Lock()
	defer view.mu.Unlock()
	e := view.decisive[text]
	if e.working {
		return nil, false
	}
	e.working = true
	view.decisive[text] = e
	return func() { view.decisiveCells(s, decisiveSlow) }, true
}

// gdlResultReason says why a game read from a sheet ended: each role's
// goal, and the line or cells that decided it when the board shows them.
func gdlResultReason(s game.State) (string, bool) {
	v := s.Variant()
	view := gdlViewOf(v)
	if view == nil || !s.Terminal() {
		return "", false
	}
	goals := make([]string, len(v.Roles))
	for r := range v.Roles {
		goals[r] = fmt.Sprintf("%s %d", v.RoleName(game.Role(r)), s.Goal(game.Role(r)))
	}
	why := strings.Join(goals, ", ")
	if cells, _ := view.decisiveCells(s, decisiveQuick); len(cells) > 0 {
		why += "; decided by " + describeCells(view.board, cells)
	}
	return why, true
}

// describeCells names cells: "the line a1–a4" for cells in a row without
// a gap (across, up or diagonally), "the cell h8" for one, else "the
// cells a1, c3".
func describeCells(b *gdlboard.Board, cells []gdlboard.Spot) string {
	sorted := append([]gdlboard.Spot(nil), cells...)
	sort.Slice(sorted, func(i, j int) bool {
		if sorted[i].Col != sorted[j].Col {
			return sorted[i].Col < sorted[j].Col
		}
		return sorted[i].Row > sorted[j].Row // bottom first: rows are drawn top down
	})
	if len(sorted) == 1 {
		return "the cell " + b.CellName(sorted[0])
	}
	if inLine(sorted) {
		return "the line " + b.CellName(sorted[0]) + "–" + b.CellName(sorted[len(sorted)-1])
	}
	names := make([]string, len(sorted))
	for i, c := range sorted {
		names[i] = b.CellName(c)
	}
	return "the cells " + strings.Join(names, ", ")
}

// inLine reports whether cells (sorted by column, then row) follow one
// another with the same step, one cell at a time.
func inLine(cells []gdlboard.Spot) bool {
	dr, dc := cells[1].Row-cells[0].Row, cells[1].Col-cells[0].Col
	if dr < -1 || dr > 1 || dc < -1 || dc > 1 || dr == 0 && dc == 0 {
		return false
	}
	for i := 2; i < len(cells); i++ {
		if cells[i].Row-cells[i-1].Row != dr || cells[i].Col-cells[i-1].Col != dc {
			return false
		}
	}
	return true
}
