package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/game/gdl/gdlboard"
)

func init() {
	registerAdapter(func(v *game.Variant) variantUI {
		if !gdl.IsGDL(v) {
			return nil
		}
		return newGDLUI(v)
	})
}

// gdlKeyMap holds the keys of a game read from a rule sheet.
type gdlKeyMap struct {
	Choose key.Binding // picks a move of the chooser
}

var gdlKeys = gdlKeyMap{
	Choose: bind([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "choose a move"),
}

// gdlUI draws any game read from a rule sheet: the board gdlboard finds
// in its facts, every other fact on the panel's counter line, and moves
// chosen by the cells they name. A game without a board is played at the
// move prompt, whose completion lists the legal moves.
type gdlUI struct {
	noExtras
	board *gdlboard.Board // nil when the game has no board

	spots   map[game.Move][]pos // cells each move names, by move
	columns map[game.Move]bool  // moves that name whole columns
	lastPos string              // the position cells and others were read from
	grid    [][]cellInfo
	others  []string
	// choices are the moves the chooser offers, nil when it is closed.
	choices []game.Move
}

func newGDLUI(v *game.Variant) *gdlUI {
	g := &gdlUI{spots: map[game.Move][]pos{}, columns: map[game.Move]bool{}}
	if b, ok := gdlboard.FindOrdered(v.Roles, gdlTerms(gdl.BaseFacts(v)), gdlTerms(gdl.StaticFacts(v))); ok {
		g.board = b
	}
	return g
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

func (g *gdlUI) dims() (int, int) {
	if g.board == nil {
		return 1, 1
	}
	return len(g.board.Rows), len(g.board.Cols)
}

func (g *gdlUI) rowLabel(r int) string {
	if g.board == nil {
		return ""
	}
	return g.board.Rows[r]
}

func (g *gdlUI) colLabel(c int) string {
	if g.board == nil {
		return ""
	}
	return g.board.Cols[c]
}

// read splits the position into the board's cells and the other facts,
// once per position.
func (g *gdlUI) read(s game.State) {
	text := s.String()
	if g.grid != nil && text == g.lastPos {
		return
	}
	g.lastPos = text
	g.grid, g.others = g.split(text)
}

// split reads a position string into the board's cells and the other
// facts.
func (g *gdlUI) split(text string) (grid [][]cellInfo, others []string) {
	rows, cols := g.dims()
	grid = make([][]cellInfo, rows)
	for r := range grid {
		grid[r] = make([]cellInfo, cols)
		for c := range grid[r] {
			grid[r][c].seat = game.NoRole
			grid[r][c].missing = g.board != nil && !g.board.Exists(r, c)
		}
	}
	facts, _ := gdl.ParseTerms(text)
	for _, f := range facts {
		if g.board != nil {
			if r, c, cell, ok := g.board.At(f); ok {
				if cell.Glyph != "" {
					grid[r][c] = cellInfo{glyph: cell.Glyph, seat: cell.Seat}
				}
				continue
			}
		}
		others = append(others, f.String())
	}
	return grid, others
}

func (g *gdlUI) cells(s game.State) [][]cellInfo {
	g.read(s)
	return g.grid
}

// counter lists the facts that are not cells: whose turn, counters,
// scores.
func (g *gdlUI) counter(s game.State) string {
	g.read(s)
	return strings.Join(g.others, " ")
}

// moveSpots returns the cells move m names, read once per move.
func (g *gdlUI) moveSpots(s game.State, m game.Move) []pos {
	if ps, ok := g.spots[m]; ok {
		return ps
	}
	var ps []pos
	if g.board != nil {
		if ts, err := gdl.ParseTerms(s.FormatMove(m)); err == nil && len(ts) == 1 {
			spots, columns := g.board.MoveCells(ts[0])
			g.columns[m] = columns
			for _, sp := range spots {
				ps = append(ps, pos{sp.Row, sp.Col})
			}
		}
	}
	g.spots[m] = ps
	return ps
}

// moveCells are the cells move m names in s; for a move that names whole
// columns, the cells of them it changes (where Connect Four's disc lands).
func (g *gdlUI) moveCells(s game.State, m game.Move) []pos {
	ps := g.moveSpots(s, m)
	if _, choosing := s.(seatTurn); choosing || !g.columns[m] || s.Terminal() || !s.IsLegal(m) {
		return ps
	}
	after := s.Clone()
	after.Apply(m)
	was, _ := g.split(s.String())
	is, _ := g.split(after.String())
	var changed []pos
	for _, p := range ps {
		if was[p.r][p.c] != is[p.r][p.c] {
			changed = append(changed, p)
		}
	}
	if len(changed) == 0 {
		return ps
	}
	return changed
}

// movesNaming returns the legal moves that name every cell of at.
func (g *gdlUI) movesNaming(s game.State, at ...pos) []game.Move {
	var out []game.Move
	for _, m := range s.Legal(nil) {
		ps := g.moveSpots(s, m)
		all := true
		for _, p := range at {
			all = all && containsPos(ps, p)
		}
		if all {
			out = append(out, m)
		}
	}
	return out
}

// narrows reports whether a second cell could tell moves apart: some
// move names a cell other than p (a whole column does not count).
func (g *gdlUI) narrows(s game.State, moves []game.Move, p pos) bool {
	for _, m := range moves {
		for _, q := range g.moveSpots(s, m) {
			if q != p && !g.columns[m] {
				return true
			}
		}
	}
	return false
}

// act keeps the legal moves that name the cell (and the selected cell):
// one left is played, several wait for a second cell or open the chooser.
func (g *gdlUI) act(s game.State, p pos, sel *pos) actResult {
	if g.board == nil {
		// Without a board every legal move is a choice.
		if moves := s.Legal(nil); len(moves) > 0 {
			return g.offer(s, moves)
		}
		return refuse("no legal move")
	}
	if sel != nil && *sel != p {
		if both := g.movesNaming(s, *sel, p); len(both) > 0 {
			return g.offer(s, both)
		}
	}
	moves := g.movesNaming(s, p)
	switch {
	case len(moves) == 0:
		return actResult{msg: "no legal move names that cell", isError: true, setSel: true}
	case len(moves) == 1:
		return g.offer(s, moves)
	case (sel == nil || *sel != p) && g.narrows(s, moves, p):
		q := p
		return actResult{sel: &q, setSel: true, msg: fmt.Sprintf("%d moves: choose a second cell, or enter again to list them", len(moves))}
	}
	return g.offer(s, moves)
}

// offer plays the one move left or opens the chooser over several.
func (g *gdlUI) offer(s game.State, moves []game.Move) actResult {
	if len(moves) == 1 {
		g.choices = nil
		return actResult{move: moves[0], play: true, setSel: true}
	}
	g.choices = moves
	return actResult{msg: g.choiceText(s)}
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
		fmt.Fprintf(&b, "%d %s  ", i+1, s.FormatMove(m))
	}
	return strings.TrimSpace(b.String())
}

func (g *gdlUI) key(s game.State, msg tea.KeyPressMsg, _ pos, _ *pos) (actResult, bool) {
	if len(g.choices) == 0 || !key.Matches(msg, gdlKeys.Choose) {
		return actResult{}, false
	}
	i := int(msg.String()[0] - '1')
	if i >= len(g.choices) {
		return refuse("there are only %d moves to choose from", len(g.choices)), true
	}
	m := g.choices[i]
	g.choices = nil
	return actResult{move: m, play: true, setSel: true}, true
}

// targets are the other cells the moves naming p change: where a piece
// can go, where a disc dropped in p's column lands.
func (g *gdlUI) targets(s game.State, p pos) []pos {
	if g.board == nil {
		return nil
	}
	var out []pos
	for _, m := range g.movesNaming(s, p) {
		for _, q := range g.moveCells(s, m) {
			if q != p && !containsPos(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

func (g *gdlUI) clearChoice() { g.choices = nil }

// pending returns the moves the chooser offers.
func (g *gdlUI) pending() []game.Move { return g.choices }

// hasBoard reports whether a board was found in the game's facts.
func (g *gdlUI) hasBoard() bool { return g.board != nil }

func (g *gdlUI) stocks(game.State, game.Role) string { return "" }

func (g *gdlUI) prompt(s game.State, sel *pos) string {
	switch {
	case len(g.choices) > 0:
		return g.choiceText(s)
	case g.board == nil:
		return "enter lists the moves; : types one, tab completes it"
	case sel != nil:
		return "enter on a second cell, or again on this one to list the moves"
	}
	return "enter on a cell keeps the moves that name it; : types a move"
}

func (g *gdlUI) playKeys(game.State, *pos) []key.Binding {
	if len(g.choices) > 0 {
		return []key.Binding{gdlKeys.Choose}
	}
	return nil
}

func (g *gdlUI) controls() string {
	return "Enter, space or a click on a cell keeps the legal moves that name it;\n" +
		"a second cell narrows them (from and to). One move left is played;\n" +
		"several are listed: press a move's number. : types any move in KIF,\n" +
		"tab completes it from the legal moves.\n"
}
