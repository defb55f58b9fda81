// Package gdlboard finds the board in the facts of a GDL game, so that a
// display can draw any grid game read from a rule sheet without knowing
// it: which relation holds the cells, which two arguments are the
// coordinates and in what order their values go, what a cell holds, and
// which cells a move names.
//
// It is pure analysis of terms (no drawing, no rules): the rules stay in
// game/gdl, the drawing in ui. It lives under game/gdl because it reads
// the engine's terms, and apart from the engine because the engine never
// needs it.
package gdlboard

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// maxSide bounds a board's rows and columns: a "board" wider than this
// is more likely a counter than something to draw.
const maxSide = 26

// Board is where a game keeps its grid: facts (Rel ... X Y Content...)
// with the coordinates at argument XArg and XArg+1: column then row, or
// row then column when RowFirst.
type Board struct {
	// Rel is the relation of the cell facts, e.g. "cell".
	Rel string
	// Arity is the number of arguments of a cell fact.
	Arity int
	// XArg is the index of the first coordinate argument; the second
	// follows it.
	XArg int
	// RowFirst says the first coordinate is the row: its values are
	// named like rows (r1, row3) and the second's like columns (c1, col2).
	RowFirst bool
	// Cols are the column values from left to right.
	Cols []string
	// Rows are the row values from top to bottom: the highest first, so
	// that row 1 is at the bottom as on a chess board and in a rack of
	// Connect Four; when RowFirst, the first first, as a text is read
	// (r1 at the top).
	Rows []string

	colIdx, rowIdx map[string]int
	cells          map[[2]int]bool // the cells some fact may name, [row, col]
	roles          []string
	// marks says how a piece shows its owner besides its colour (see
	// ownerMarks).
	marks markScheme
	// empty is the content arguments of an empty cell ((cell 1 1 b) gives
	// b), nil when the sheet has none (see Decisive).
	empty []*gdl.Term
}

// markScheme is how a cell's letter tells its owner, so that a board
// drawn without colour still does.
type markScheme int

const (
	// markNone: no letter is shared by two owners (R and B discs).
	markNone markScheme = iota
	// markCase: the first role's pieces upper case, the others' lower
	// case, as chess diagrams draw white and black (K and k).
	markCase
	// markRole: each piece is its owner's initial (three or more roles
	// whose pieces share letters, with initials of their own).
	markRole
)

// Cell is what one cell of the board holds.
type Cell struct {
	// Content is the text of the content arguments, "" for empty.
	Content string
	// Glyph is the letter drawn, "" for an empty cell. It tells the
	// owner without colour too: when two owners' pieces would share a
	// letter, the first role's is upper case and the others' lower case
	// (K and k), or, with three roles or more, the owner's initial.
	Glyph string
	// Seat is the role the content names, or game.NoRole.
	Seat game.Role
}

// Find looks for the board among base, the facts a position may hold, of
// a game with the given roles: the relation and pair of adjacent atomic
// arguments, with at least one argument left for the content, that cover
// the most distinct cells. ok is false when no relation spans at least
// 2×2 cells.
func Find(roles []string, base []*gdl.Term) (b *Board, ok bool) {
	return FindOrdered(roles, base, nil)
}

// FindOrdered is Find with the sheet's static facts (gdl.StaticFacts):
// a coordinate whose values are not all numbered (r1, 2, c10) goes in
// the order of a successor-like relation among them, a binary relation
// that links them into one chain ((succ one two) (succ two three)),
// rather than alphabetically.
func FindOrdered(roles []string, base, static []*gdl.Term) (b *Board, ok bool) {
	return FindIn(roles, base, static, nil)
}

// FindIn is FindOrdered with the facts of a position (the start): a pair
// of arguments that names one cell per fact in it is taken over one that
// names the most cells. A cell holds one thing at a time, while the row
// and the content of chess's (cell x y content) pair up eight times in
// its start (eight white pawns on row 2), though over all its base facts
// they name more "cells" (8 rows × 13 contents) than the board has.
func FindIn(roles []string, base, static, position []*gdl.Term) (b *Board, ok bool) {
	chains := chainsOf(static)
	cells, order := candidates(base)
	var best *Board
	var bestCells map[[2]string]bool
	bestN, bestKey := 0, false
	for _, k := range order {
		kc := playedKinds(cells[k], position, k)
		cols, rows := axes(kc, chains)
		if len(cols) < 2 || len(rows) < 2 || len(cols) > maxSide || len(rows) > maxSide {
			continue
		}
		n, isKey := len(kc), namesOneCellEach(position, k.rel, k.arity, k.x)
		if isKey && !bestKey || isKey == bestKey && n > bestN {
			bestN, bestKey, bestCells = n, isKey, kc
			best = &Board{Rel: k.rel, Arity: k.arity, XArg: k.x, Cols: cols, Rows: rows}
		}
	}
	if best == nil {
		return nil, false
	}
	if namedLike(best.Cols, "r") && namedLike(best.Rows, "c") {
		// The first coordinate is the row: rows top to bottom in their
		// order, columns from the second coordinate.
		best.RowFirst = true
		best.Cols, best.Rows = reversed(best.Rows), best.Cols
	}
	best.colIdx, best.rowIdx = index(best.Cols), index(best.Rows)
	best.roles = roles
	best.cells = map[[2]int]bool{}
	for k := range bestCells {
		if r, c := best.spot(k[0], k[1]); r >= 0 {
			best.cells[[2]int{r, c}] = true
		}
	}
	best.marks = best.ownerMarks(base)
	best.empty = best.emptyContent(base)
	return best, true
}

// cand is a candidate board: a relation, its arity and the first of the
// two adjacent arguments taken as coordinates.
type cand struct {
	rel   string
	arity int
	x     int
}

// candidates are the pairs of adjacent atomic arguments of the facts of
// base, and the cells each names, in the order first seen.
func candidates(base []*gdl.Term) (map[cand]map[[2]string]bool, []cand) {
	cells := map[cand]map[[2]string]bool{}
	var order []cand
	for _, f := range base {
		if len(f.Args) < 3 {
			continue
		}
		for x := 0; x+1 < len(f.Args); x++ {
			a, c := f.Args[x], f.Args[x+1]
			if len(a.Args) > 0 || len(c.Args) > 0 {
				continue
			}
			k := cand{f.Name, len(f.Args), x}
			if cells[k] == nil {
				cells[k] = map[[2]string]bool{}
				order = append(order, k)
			}
			cells[k][[2]string{a.Name, c.Name}] = true
		}
	}
	return cells, order
}

// playedKinds keeps the cells whose coordinates are each of a kind the
// position uses on that axis (a number, a letter word, or a word and a
// number such as r3): a sheet may declare more than it plays, as
// ggp-base's chess declares 1–8 and a–h for both coordinates, while its
// start has letters for columns and numbers for rows. Without facts of
// the relation in the position, nothing tells: all cells are kept.
func playedKinds(cells map[[2]string]bool, position []*gdl.Term, k cand) map[[2]string]bool {
	var used [2]map[string]bool
	for _, f := range position {
		if f.Name != k.rel || len(f.Args) != k.arity {
			continue
		}
		for i := range used {
			if used[i] == nil {
				used[i] = map[string]bool{}
			}
			used[i][kindOf(f.Args[k.x+i].Name)] = true
		}
	}
	if used[0] == nil {
		return cells
	}
	kept := map[[2]string]bool{}
	for c := range cells {
		if used[0][kindOf(c[0])] && used[1][kindOf(c[1])] {
			kept[c] = true
		}
	}
	return kept
}

// kindOf is the kind of a coordinate: "#" for a number, its letters and
// "#" for a word ending in a number (r#), "a" for any word without one.
func kindOf(v string) string {
	if prefix, _, ok := splitNumber(strings.ToLower(v)); ok {
		return prefix + "#"
	}
	return "a"
}

// ownerMarks chooses how pieces show their owner: when two owners' pieces
// may have the same letter (both kings K, both checkers P), by case for
// two roles, and by the owner's initial for more roles when the initials
// differ (by case otherwise).
func (b *Board) ownerMarks(base []*gdl.Term) markScheme {
	owners := map[string]game.Role{}
	shared := false
	for _, f := range base {
		_, _, c, ok := b.At(f)
		if !ok || c.Seat == game.NoRole || c.Glyph == "" {
			continue
		}
		if o, seen := owners[c.Glyph]; seen && o != c.Seat {
			shared = true
			break
		}
		owners[c.Glyph] = c.Seat
	}
	switch {
	case !shared:
		return markNone
	case len(b.roles) > 2 && b.distinctInitials():
		return markRole
	}
	return markCase
}

// distinctInitials reports whether no two roles start with the same
// letter.
func (b *Board) distinctInitials() bool {
	seen := map[string]bool{}
	for _, r := range b.roles {
		i := firstLetter(r)
		if seen[i] {
			return false
		}
		seen[i] = true
	}
	return true
}

// marked is glyph as scheme draws the pieces of seat.
func (b *Board) marked(glyph string, seat game.Role) string {
	if seat == game.NoRole {
		return glyph
	}
	switch b.marks {
	case markCase:
		if seat > 0 {
			return strings.ToLower(glyph)
		}
	case markRole:
		return firstLetter(b.roles[seat])
	}
	return glyph
}

// namesOneCellEach reports whether the arguments x and x+1 of the facts
// of rel in position name a different pair in each fact (false when no
// fact of rel is there: nothing tells).
func namesOneCellEach(position []*gdl.Term, rel string, arity, x int) bool {
	seen := map[[2]string]bool{}
	for _, f := range position {
		if f.Name != rel || len(f.Args) != arity {
			continue
		}
		k := [2]string{f.Args[x].String(), f.Args[x+1].String()}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return len(seen) > 0
}

// namedLike reports whether every value starts with the letter prefix
// and goes on with a number (r1, r2 … or c1, col2 …).
func namedLike(vals []string, prefix string) bool {
	for _, v := range vals {
		p, _, ok := splitNumber(strings.ToLower(v))
		if !ok || !strings.HasPrefix(p, prefix) {
			return false
		}
	}
	return true
}

func reversed(vals []string) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[len(vals)-1-i] = v
	}
	return out
}

// spot returns the row and column on the drawn board of the coordinates
// a and b as a fact or move gives them, -1 when they are not on it.
func (b *Board) spot(a, c string) (row, col int) {
	if b.RowFirst {
		a, c = c, a
	}
	col, okc := b.colIdx[a]
	row, okr := b.rowIdx[c]
	if !okc || !okr {
		return -1, -1
	}
	return row, col
}

// Exists reports whether the cell at row, col is part of the board: some
// fact can name it (Quad's corners cannot).
func (b *Board) Exists(row, col int) bool { return b.cells[[2]int{row, col}] }

// axes returns the column values in order and the row values, highest
// first: in the order of one of chains when it holds them all and they
// are not all numbered, else naturally sorted.
func axes(cells map[[2]string]bool, chains []chain) (cols, rows []string) {
	cs, rs := map[string]bool{}, map[string]bool{}
	for k := range cells {
		cs[k[0]], rs[k[1]] = true, true
	}
	cols, rows = ordered(sortedKeys(cs), chains), ordered(sortedKeys(rs), chains)
	for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
		rows[i], rows[j] = rows[j], rows[i]
	}
	return cols, rows
}

// chain is a successor-like binary static relation: one in which every
// symbol has at most one successor and one predecessor, and no cycle. It
// may fall apart into several pieces.
type chain struct {
	pos   map[string]int // place in its piece
	piece map[string]int // which piece
}

// links is a binary relation being read as a chain.
type links struct{ next, prev map[string]string }

// chainsOf finds the chains among static facts, by relation name. A
// relation with a fork, a join or a cycle is no chain.
func chainsOf(static []*gdl.Term) []chain {
	byRel := map[string]*links{}
	bad := map[string]bool{}
	var names []string
	for _, f := range static {
		if len(f.Args) != 2 || len(f.Args[0].Args)+len(f.Args[1].Args) > 0 || bad[f.Name] {
			continue
		}
		l := byRel[f.Name]
		if l == nil {
			l = &links{map[string]string{}, map[string]string{}}
			byRel[f.Name] = l
			names = append(names, f.Name)
		}
		a, c := f.Args[0].Name, f.Args[1].Name
		_, forks := l.next[a]
		_, joins := l.prev[c]
		if forks || joins || a == c {
			bad[f.Name] = true
			continue
		}
		l.next[a], l.prev[c] = c, a
	}
	sort.Strings(names)
	var out []chain
	for _, name := range names {
		if ch, ok := byRel[name].chain(); ok && !bad[name] {
			out = append(out, ch)
		}
	}
	return out
}

// chain walks every piece from its first symbol; ok is false when a
// cycle leaves symbols unreached.
func (l *links) chain() (ch chain, ok bool) {
	ch = chain{pos: map[string]int{}, piece: map[string]int{}}
	starts := map[string]bool{}
	for a := range l.next {
		if _, has := l.prev[a]; !has {
			starts[a] = true
		}
	}
	for i, start := range sortedKeys(starts) {
		p := 0
		for v, more := start, true; more; v, more = l.next[v] {
			ch.pos[v], ch.piece[v] = p, i
			p++
		}
	}
	symbols := len(l.next)
	for c := range l.prev {
		if _, has := l.next[c]; !has {
			symbols++
		}
	}
	return ch, len(ch.pos) == symbols
}

// holds reports whether every value is in one and the same piece of ch.
func (ch chain) holds(vals []string) bool {
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals {
		p, ok := ch.piece[v]
		if !ok || p != ch.piece[vals[0]] {
			return false
		}
	}
	return true
}

// ordered puts vals, naturally sorted, in the order of the first chain
// that holds them all in one piece, unless every value is numbered.
func ordered(vals []string, chains []chain) []string {
	numbered := true
	for _, v := range vals {
		if _, _, ok := splitNumber(v); !ok {
			numbered = false
		}
	}
	if numbered {
		return vals
	}
	for _, ch := range chains {
		if ch.holds(vals) {
			sort.SliceStable(vals, func(i, j int) bool { return ch.pos[vals[i]] < ch.pos[vals[j]] })
			return vals
		}
	}
	return vals
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return naturalLess(out[i], out[j]) })
	return out
}

// naturalLess orders symbols as people count them: by their letters,
// then by the number that ends them, so that r2 comes before r10 and 9
// before 10.
func naturalLess(a, b string) bool {
	pa, na, oka := splitNumber(a)
	pb, nb, okb := splitNumber(b)
	if pa != pb || !oka || !okb {
		if pa == pb {
			return oka && !okb || oka == okb && a < b
		}
		return pa < pb
	}
	return na < nb
}

// splitNumber splits "r12" into "r" and 12; ok is false without digits
// at the end.
func splitNumber(s string) (prefix string, n int, ok bool) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || len(s)-i > 9 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i:])
	return s[:i], n, err == nil
}

func index(vals []string) map[string]int {
	m := make(map[string]int, len(vals))
	for i, v := range vals {
		m[v] = i
	}
	return m
}

// At reports the cell a fact describes: its row and column on the drawn
// board and its content, and whether the fact is a cell fact at all.
func (b *Board) At(f *gdl.Term) (row, col int, c Cell, ok bool) {
	if f.Name != b.Rel || len(f.Args) != b.Arity {
		return 0, 0, Cell{}, false
	}
	x, y := f.Args[b.XArg], f.Args[b.XArg+1]
	row, col = b.spot(x.Name, y.Name)
	if row < 0 || len(x.Args)+len(y.Args) > 0 {
		return 0, 0, Cell{}, false
	}
	var content []*gdl.Term
	content = append(content, f.Args[:b.XArg]...)
	content = append(content, f.Args[b.XArg+2:]...)
	c = b.cell(content)
	c.Glyph = b.marked(c.Glyph, c.Seat)
	return row, col, c, true
}

// emptyMarkers are the content symbols sheets use for an empty cell.
var emptyMarkers = map[string]bool{"b": true, "blank": true, "empty": true, "none": true, "nil": true, "space": true, "free": true, "-": true}

// cell reads the content arguments of a cell fact.
func (b *Board) cell(content []*gdl.Term) Cell {
	texts := make([]string, len(content))
	for i, t := range content {
		texts[i] = t.String()
	}
	c := Cell{Content: strings.Join(texts, " "), Seat: game.NoRole}
	if len(content) == 1 && emptyMarkers[strings.ToLower(content[0].Name)] && len(content[0].Args) == 0 {
		c.Content = ""
		return c
	}
	glyph := ""
	for _, name := range atoms(content, nil) {
		seat, rest := b.roleIn(strings.ToLower(name))
		if seat != game.NoRole && c.Seat == game.NoRole {
			c.Seat = seat
		}
		if glyph == "" && rest != "" {
			glyph = rest
		}
	}
	if glyph == "" && c.Seat != game.NoRole {
		glyph = b.roles[c.Seat]
	}
	if glyph == "" && len(content) > 0 {
		glyph = content[0].Name
	}
	c.Glyph = firstLetter(glyph)
	return c
}

// atoms appends the symbols of terms to out, a compound term's
// arguments in its place ((piece black king) gives black and king).
func atoms(terms []*gdl.Term, out []string) []string {
	for _, t := range terms {
		if len(t.Args) == 0 {
			out = append(out, t.Name)
			continue
		}
		out = atoms(t.Args, out)
	}
	return out
}

// roleIn finds a role a content symbol names: the symbol is the role,
// contains it ("whitepawn"), begins it ("x" for "xplayer"), or is two
// letters that start with its initial ("wq"). rest is
// what the symbol says besides the role ("pawn"), or the symbol itself
// when it names no role.
func (b *Board) roleIn(sym string) (game.Role, string) {
	for i, r := range b.roles {
		r = strings.ToLower(r)
		switch {
		case sym == r:
			return game.Role(i), ""
		case strings.Contains(sym, r):
			rest := strings.Trim(strings.Replace(sym, r, "", 1), "_-")
			return game.Role(i), rest
		}
	}
	for i, r := range b.roles {
		if len(sym) < len(r) && strings.HasPrefix(strings.ToLower(r), sym) {
			return game.Role(i), ""
		}
	}
	// Two letters, the first a role's initial that no other role shares:
	// chess sheets' "wk" and "bq".
	if len(sym) == 2 {
		if i, ok := b.initialRole(sym[0]); ok {
			return i, sym[1:]
		}
	}
	return game.NoRole, sym
}

// initialRole returns the one role whose name starts with letter c.
func (b *Board) initialRole(c byte) (game.Role, bool) {
	found := game.NoRole
	for i, r := range b.roles {
		if r != "" && strings.ToLower(r)[0] == c {
			if found != game.NoRole {
				return game.NoRole, false
			}
			found = game.Role(i)
		}
	}
	return found, found != game.NoRole
}

// firstLetter is the upper-case first letter or digit of s, "?" when it
// has none.
func firstLetter(s string) string {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return string(unicode.ToUpper(r))
		}
	}
	return "?"
}

// Spot is one cell of the drawn board.
type Spot struct{ Row, Col int }

// MoveCells returns the cells a move names: each pair of adjacent
// arguments that is a column and a row, or, for a move that names no
// such pair, every cell of each column it names (Connect Four's drop;
// columns is true then).
func (b *Board) MoveCells(move *gdl.Term) (spots []Spot, columns bool) {
	var out []Spot
	args := move.Args
	for i := 0; i+1 < len(args); i++ {
		if len(args[i].Args)+len(args[i+1].Args) > 0 {
			continue
		}
		if r, c := b.spot(args[i].Name, args[i+1].Name); r >= 0 {
			out = append(out, Spot{r, c})
			i++
		}
	}
	if len(out) > 0 {
		return out, false
	}
	for _, a := range args {
		if c, ok := b.colIdx[a.Name]; ok && len(a.Args) == 0 {
			for r := range b.Rows {
				out = append(out, Spot{r, c})
			}
		}
	}
	return out, len(out) > 0
}
