package cli

// Black-box rules audit: every rule of /work/shared/RULES.md pinned through
// the `rules` line protocol, without reference to the engines' code. Each
// game also has a small reference model written from RULES.md alone (the
// audit* types below); it serves as an oracle for hand-made positions (so a
// wrong test position is caught, not silently accepted) and for seeded
// random playouts that compare every printed position with the model.

import (
	"fmt"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// ---------------------------------------------------------------------------
// Protocol helpers

// auditSession runs `rules variant [--position pos]` with moves on stdin and
// returns every printed line (the start, then one per move or error).
func auditSession(t *testing.T, variant, pos string, moves ...string) []protoLine {
	t.Helper()
	args := []string{"rules", variant}
	if pos != "" {
		args = append(args, "--position", pos)
	}
	code, lines, stderr := runCmd(t, strings.Join(moves, "\n")+"\n", args...)
	if code == 2 {
		t.Fatalf("rules %s --position %q refused: %s", variant, pos, stderr)
	}
	if len(lines) != len(moves)+1 {
		t.Fatalf("%d lines for %d moves", len(lines), len(moves))
	}
	return lines
}

// auditPlay is auditSession for moves that must all be legal.
func auditPlay(t *testing.T, variant, pos string, moves ...string) []protoLine {
	t.Helper()
	lines := auditSession(t, variant, pos, moves...)
	for i, l := range lines {
		if l.Error != "" {
			t.Fatalf("move %d %q refused: %s", i, moves[i-1], l.Error)
		}
	}
	return lines
}

// auditLast plays the moves and returns the final line.
func auditLast(t *testing.T, variant, pos string, moves ...string) protoLine {
	t.Helper()
	lines := auditPlay(t, variant, pos, moves...)
	return lines[len(lines)-1]
}

// auditRefused reports whether the program refuses pos (exit 2, a message
// on stderr, no JSON).
func auditRefused(t *testing.T, variant, pos string) (bool, string) {
	t.Helper()
	code, lines, stderr := runCmd(t, "", "rules", variant, "--position", pos)
	return code == 2 && len(lines) == 0 && strings.TrimSpace(stderr) != "", stderr
}

func auditHas(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func auditSameSet(t *testing.T, what string, got, want []string) {
	t.Helper()
	g := append([]string(nil), got...)
	w := append([]string(nil), want...)
	sort.Strings(g)
	sort.Strings(w)
	if strings.Join(g, ",") != strings.Join(w, ",") {
		t.Errorf("%s:\n got %v\nwant %v", what, g, w)
	}
}

func auditGoals(t *testing.T, l protoLine, want map[string]int) {
	t.Helper()
	if !l.Terminal {
		t.Fatalf("not terminal: %s", l.Position)
	}
	if len(l.Legal) != 0 {
		t.Errorf("terminal position has legal moves %v", l.Legal)
	}
	for r, v := range want {
		if l.Goals[r] != v {
			t.Errorf("goal %s = %d, want %d (goals %v, position %s)", r, l.Goals[r], v, l.Goals, l.Position)
		}
	}
	if len(l.Goals) != len(want) {
		t.Errorf("goals %v, want %v", l.Goals, want)
	}
}

// ---------------------------------------------------------------------------
// Quad reference model (RULES.md "Quad")

type auditQuad struct {
	n      int
	board  [][]byte // [row][col], 0-based, '.', 'x', 'o', 'w', '-'
	role   byte     // 'x' or 'o'
	blocks map[byte]int
}

var auditQuadStock = map[int][2]int{5: {8, 0}, 7: {12, 5}, 11: {20, 7}} // marks, blockers

func auditQuadSize(variant string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(variant, "quad"))
	return n
}

func auditQuadCorner(n, r, c int) bool { return (r == 0 || r == n-1) && (c == 0 || c == n-1) }

func auditQuadStart(n int) *auditQuad {
	q := &auditQuad{n: n, role: 'x', blocks: map[byte]int{'x': auditQuadStock[n][1], 'o': auditQuadStock[n][1]}}
	for r := 0; r < n; r++ {
		row := make([]byte, n)
		for c := range row {
			row[c] = '.'
			if auditQuadCorner(n, r, c) {
				row[c] = '-'
			}
		}
		q.board = append(q.board, row)
	}
	return q
}

func auditParseQuad(t *testing.T, n int, s string) *auditQuad {
	t.Helper()
	f := strings.Split(s, " ")
	if len(f) != 4 {
		t.Fatalf("test position %q: want 4 fields", s)
	}
	q := &auditQuad{n: n, role: f[1][0], blocks: map[byte]int{}}
	for _, row := range strings.Split(f[0], "/") {
		q.board = append(q.board, []byte(row))
	}
	q.blocks['x'], _ = strconv.Atoi(f[2])
	q.blocks['o'], _ = strconv.Atoi(f[3])
	return q
}

func (q *auditQuad) String() string {
	rows := make([]string, q.n)
	for i, r := range q.board {
		rows[i] = string(r)
	}
	return fmt.Sprintf("%s %c %d %d", strings.Join(rows, "/"), q.role, q.blocks['x'], q.blocks['o'])
}

func (q *auditQuad) count(b byte) int {
	k := 0
	for _, r := range q.board {
		k += strings.Count(string(r), string(b))
	}
	return k
}

func (q *auditQuad) marksLeft(p byte) int { return auditQuadStock[q.n][0] - q.count(p) }

// auditSquares lists every square of the n×n board (corner cells excluded)
// straight from the definition p, p+v, p+v+w, p+w with w = (−b, a).
func auditSquares(n int) [][4][2]int {
	seen := map[[4]int]bool{}
	var out [][4][2]int
	ok := func(p [2]int) bool {
		return p[0] >= 0 && p[1] >= 0 && p[0] < n && p[1] < n && !auditQuadCorner(n, p[0], p[1])
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			for a := -n; a <= n; a++ {
				for b := -n; b <= n; b++ {
					if a == 0 && b == 0 {
						continue
					}
					sq := [4][2]int{{r, c}, {r + a, c + b}, {r + a - b, c + b + a}, {r - b, c + a}}
					if !ok(sq[0]) || !ok(sq[1]) || !ok(sq[2]) || !ok(sq[3]) {
						continue
					}
					var key [4]int
					for i, p := range sq {
						key[i] = p[0]*n + p[1]
					}
					sort.Ints(key[:])
					if !seen[key] {
						seen[key] = true
						out = append(out, sq)
					}
				}
			}
		}
	}
	return out
}

var auditSquareCache = map[int][][4][2]int{}

func (q *auditQuad) squares() [][4][2]int {
	if s, ok := auditSquareCache[q.n]; ok {
		return s
	}
	auditSquareCache[q.n] = auditSquares(q.n)
	return auditSquareCache[q.n]
}

func (q *auditQuad) ownsSquare(p byte) bool {
	for _, sq := range q.squares() {
		k := 0
		for _, c := range sq {
			if q.board[c[0]][c[1]] == p {
				k++
			}
		}
		if k == 4 {
			return true
		}
	}
	return false
}

// openQuad: three corners p's marks, the fourth an empty cell.
func (q *auditQuad) openQuad(p byte) bool {
	for _, sq := range q.squares() {
		mine, empty := 0, 0
		for _, c := range sq {
			switch q.board[c[0]][c[1]] {
			case p:
				mine++
			case '.':
				empty++
			}
		}
		if mine == 3 && empty == 1 {
			return true
		}
	}
	return false
}

// outcome returns terminal and the goals of x and o.
func (q *auditQuad) outcome() (bool, map[string]int) {
	switch {
	case q.ownsSquare('x'):
		return true, map[string]int{"x": 100, "o": 0}
	case q.ownsSquare('o'):
		return true, map[string]int{"x": 0, "o": 100}
	case q.marksLeft('x') == 0 && q.marksLeft('o') == 0:
		switch {
		case q.openQuad('x'):
			return true, map[string]int{"x": 95, "o": 5}
		case q.blocks['x'] > q.blocks['o']:
			return true, map[string]int{"x": 90, "o": 10}
		case q.blocks['x'] == q.blocks['o']:
			return true, map[string]int{"x": 50, "o": 50}
		default:
			return true, map[string]int{"x": 10, "o": 90}
		}
	}
	return false, nil
}

func (q *auditQuad) legal() []string {
	if end, _ := q.outcome(); end {
		return nil
	}
	var out []string
	for r := range q.board {
		for c, v := range q.board[r] {
			if v != '.' {
				continue
			}
			if q.marksLeft(q.role) > 0 {
				out = append(out, fmt.Sprintf("(mark r%d c%d)", r+1, c+1))
			}
			if q.blocks[q.role] > 0 {
				out = append(out, fmt.Sprintf("(block r%d c%d)", r+1, c+1))
			}
		}
	}
	return out
}

func (q *auditQuad) apply(m string) {
	var kind string
	var r, c int
	if _, err := fmt.Sscanf(m, "(%s r%d c%d)", &kind, &r, &c); err != nil {
		panic(m)
	}
	if kind == "mark" {
		q.board[r-1][c-1] = q.role
		q.role = 'x' + 'o' - q.role
	} else {
		q.board[r-1][c-1] = 'w'
		q.blocks[q.role]--
	}
}

// auditQuadPos builds a position from cell lists such as "r2c3".
func auditQuadPos(n int, xs, os, ws []string, role byte, xb, ob int) string {
	q := auditQuadStart(n)
	put := func(cells []string, b byte) {
		for _, s := range cells {
			var r, c int
			fmt.Sscanf(s, "r%dc%d", &r, &c)
			q.board[r-1][c-1] = b
		}
	}
	put(xs, 'x')
	put(os, 'o')
	put(ws, 'w')
	q.role, q.blocks['x'], q.blocks['o'] = role, xb, ob
	return q.String()
}

// ---------------------------------------------------------------------------
// Quad tests

func TestAuditQuadStart(t *testing.T) {
	for _, tt := range []struct {
		variant      string
		pos          string
		marks, block int
	}{
		// The quad5 string is RULES.md verbatim; the others follow its grammar.
		{"quad5", "-...-/...../...../...../-...- x 0 0", 21, 0},
		{"quad7", "-.....-/......./......./......./......./......./-.....- x 5 5", 45, 45},
		{"quad11", "-.........-/" + strings.Repeat(".........../", 9) + "-.........- x 7 7", 117, 117},
	} {
		t.Run(tt.variant, func(t *testing.T) {
			l := auditPlay(t, tt.variant, "")[0]
			if l.Position != tt.pos {
				t.Errorf("start position %q, want %q", l.Position, tt.pos)
			}
			if l.ToMove != "x" || l.Terminal || l.Ply != 0 {
				t.Errorf("start: to_move %q terminal %v ply %d; x is in control first", l.ToMove, l.Terminal, l.Ply)
			}
			marks, blocks := 0, 0
			for _, m := range l.Legal {
				switch {
				case strings.HasPrefix(m, "(mark "):
					marks++
				case strings.HasPrefix(m, "(block "):
					blocks++
				default:
					t.Errorf("unexpected legal move %q", m)
				}
			}
			if marks != tt.marks || blocks != tt.block {
				t.Errorf("%d marks + %d blocks, want %d + %d", marks, blocks, tt.marks, tt.block)
			}
			auditSameSet(t, "legal", l.Legal, auditQuadStart(auditQuadSize(tt.variant)).legal())
			// Read back: the start string is a valid position.
			if again := auditPlay(t, tt.variant, tt.pos)[0]; again.Position != tt.pos || len(again.Legal) != len(l.Legal) {
				t.Errorf("start string does not read back: %+v", again)
			}
		})
	}
}

func TestAuditQuadMissingCornersAndOffBoard(t *testing.T) {
	for _, n := range []int{5, 7, 11} {
		variant := fmt.Sprintf("quad%d", n)
		var bad []string
		for _, rc := range [][2]int{{1, 1}, {1, n}, {n, 1}, {n, n}} {
			bad = append(bad, fmt.Sprintf("(mark r%d c%d)", rc[0], rc[1]), fmt.Sprintf("(block r%d c%d)", rc[0], rc[1]))
		}
		bad = append(bad, "(mark r0 c3)", fmt.Sprintf("(mark r%d c3)", n+1), "(mark r3 c0)", fmt.Sprintf("(mark r3 c%d)", n+1))
		lines := auditSession(t, variant, "", bad...)
		for i, l := range lines[1:] {
			if l.Error == "" {
				t.Errorf("%s: %s accepted; corners and off-board cells are not part of the board", variant, bad[i])
			}
		}
		for _, m := range lines[0].Legal {
			for _, rc := range [][2]int{{1, 1}, {1, n}, {n, 1}, {n, n}} {
				if strings.HasSuffix(m, fmt.Sprintf(" r%d c%d)", rc[0], rc[1])) {
					t.Errorf("%s: corner move %s listed", variant, m)
				}
			}
		}
	}
}

func TestAuditQuadMarkAndBlock(t *testing.T) {
	// quad7 script with every position computed by hand from the rules.
	steps := []struct {
		move, pos, toMove string
		err               bool
	}{
		{"(mark r3 c4)", "-.....-/......./...x.../......./......./......./-.....- o 5 5", "o", false},
		{"(mark r3 c4)", "", "", true},  // occupied by x
		{"(block r3 c4)", "", "", true}, // occupied by x
		{"(block r4 c4)", "-.....-/......./...x.../...w.../......./......./-.....- o 5 4", "o", false},
		{"(block r2 c2)", "-.....-/.w...../...x.../...w.../......./......./-.....- o 5 3", "o", false},
		{"(mark r4 c4)", "", "", true}, // white stone
		{"(mark r5 c5)", "-.....-/.w...../...x.../...w.../....o../......./-.....- x 5 3", "x", false},
		{"(mark r5 c5)", "", "", true}, // o's mark
		{"(block r5 c5)", "", "", true},
		{"(block r6 c2)", "-.....-/.w...../...x.../...w.../....o../.w...../-.....- x 4 3", "x", false},
		{"(mark r7 c2)", "-.....-/.w...../...x.../...w.../....o../.w...../-x....- o 4 3", "o", false},
	}
	var moves []string
	for _, s := range steps {
		moves = append(moves, s.move)
	}
	lines := auditSession(t, "quad7", "", moves...)
	for i, s := range steps {
		l := lines[i+1]
		if s.err {
			if l.Error == "" {
				t.Errorf("step %d %s: accepted, want an error", i, s.move)
			}
			continue
		}
		if l.Error != "" || l.Position != s.pos || l.ToMove != s.toMove {
			t.Errorf("step %d %s: error %q position %q to_move %q, want %q %q", i, s.move, l.Error, l.Position, l.ToMove, s.pos, s.toMove)
		}
	}
}

func TestAuditQuadBlockersStopAtZero(t *testing.T) {
	blocks := []string{"(block r2 c2)", "(block r2 c3)", "(block r2 c4)", "(block r2 c5)", "(block r2 c6)"}
	lines := auditPlay(t, "quad7", "", blocks...)
	for i, l := range lines[1:] {
		if l.ToMove != "x" {
			t.Errorf("after block %d to_move %q: control stays with the blocker", i+1, l.ToMove)
		}
		if !strings.HasSuffix(l.Position, fmt.Sprintf(" x %d 5", 4-i)) {
			t.Errorf("after block %d position %q: x's blockers should be %d", i+1, l.Position, 4-i)
		}
	}
	last := lines[5]
	for _, m := range last.Legal {
		if strings.HasPrefix(m, "(block") {
			t.Fatalf("x has 0 blockers but %s is legal", m)
		}
	}
	if len(last.Legal) != 40 {
		t.Errorf("%d legal moves, want 40 marks", len(last.Legal))
	}
	after := auditSession(t, "quad7", last.Position, "(block r3 c3)", "(mark r3 c3)")
	if after[1].Error == "" {
		t.Errorf("a sixth block was accepted")
	}
	// o's blockers are its own: 39 marks + 39 blocks.
	if l := after[2]; l.ToMove != "o" || len(l.Legal) != 78 {
		t.Errorf("o after x's mark: to_move %q, %d legal, want o with 78", l.ToMove, len(l.Legal))
	}
	// A position with x at 0 blockers, o at 5.
	l := auditPlay(t, "quad7", "-.....-/www..../ww...../......./......./......./-.....- x 0 5")[0]
	for _, m := range l.Legal {
		if strings.HasPrefix(m, "(block") {
			t.Fatalf("x 0 blockers yet %s legal", m)
		}
	}
}

func TestAuditQuad5NeverBlocks(t *testing.T) {
	lines := auditSession(t, "quad5", "", "(block r3 c3)", "(mark r3 c3)", "(block r2 c2)", "(mark r2 c2)")
	if lines[1].Error == "" || lines[3].Error == "" {
		t.Errorf("a block was accepted in quad5")
	}
	for _, l := range lines {
		for _, m := range l.Legal {
			if strings.HasPrefix(m, "(block") {
				t.Errorf("block listed in quad5: %s", m)
			}
		}
	}
}

func TestAuditQuadNoopOnlyForWaitingRole(t *testing.T) {
	// The protocol plays the role in control; for it noop is never legal.
	lines := auditSession(t, "quad7", "", "noop", "(block r2 c2)", "noop", "(mark r3 c3)", "noop")
	for _, i := range []int{1, 3, 5} {
		if lines[i].Error == "" {
			t.Errorf("line %d: noop accepted from the role in control", i)
		}
	}
	for _, l := range lines {
		if auditHas(l.Legal, "noop") {
			t.Errorf("noop listed for the role in control")
		}
	}
}

// auditSquareCases lists squares of several sizes and orientations (1-based).
var auditSquareCases = []struct {
	n       int
	name    string
	corners [4]string
}{
	{5, "unit", [4]string{"r2c2", "r2c3", "r3c3", "r3c2"}},
	{5, "axis 2", [4]string{"r2c2", "r2c4", "r4c4", "r4c2"}},
	{5, "diamond (1,1)", [4]string{"r1c3", "r2c4", "r3c3", "r2c2"}},
	{5, "RULES example (1,2)", [4]string{"r2c3", "r3c5", "r5c4", "r4c2"}},
	{5, "mirror (1,-2)", [4]string{"r2c3", "r3c1", "r5c2", "r4c4"}},
	{5, "tilted (1,2) top edge", [4]string{"r1c2", "r2c4", "r4c3", "r3c1"}},
	{5, "big diamond (2,2)", [4]string{"r1c3", "r3c5", "r5c3", "r3c1"}},
	{7, "unit on edge", [4]string{"r1c2", "r1c3", "r2c3", "r2c2"}},
	{7, "axis 4", [4]string{"r1c2", "r1c6", "r5c6", "r5c2"}},
	{7, "tilted (1,3)", [4]string{"r4c1", "r5c4", "r2c5", "r1c2"}},
	{7, "tilted (2,3)", [4]string{"r1c3", "r3c6", "r6c4", "r4c1"}},
	{7, "max diamond", [4]string{"r1c4", "r4c7", "r7c4", "r4c1"}},
	{11, "axis 8", [4]string{"r2c2", "r2c10", "r10c10", "r10c2"}},
	{11, "max diamond", [4]string{"r1c6", "r6c11", "r11c6", "r6c1"}},
	{11, "tilted (1,4)", [4]string{"r2c2", "r3c6", "r7c5", "r6c1"}},
	{11, "tilted (3,5)", [4]string{"r1c4", "r4c9", "r9c6", "r6c1"}},
}

// auditFiller returns k cells, from the bottom right upward, that are not
// in used and on which player `who` owns no square.
func auditFiller(t *testing.T, n, k int, used map[string]bool, who byte) []string {
	q := auditQuadStart(n)
	var out []string
	for r := n - 1; r >= 0 && len(out) < k; r-- {
		for c := n - 1; c >= 0 && len(out) < k; c-- {
			s := fmt.Sprintf("r%dc%d", r+1, c+1)
			if q.board[r][c] != '.' || used[s] {
				continue
			}
			q.board[r][c] = who
			if q.ownsSquare(who) {
				q.board[r][c] = '.'
				continue
			}
			out = append(out, s)
		}
	}
	if len(out) < k {
		t.Fatalf("no filler")
	}
	return out
}

func TestAuditQuadSquares(t *testing.T) {
	for _, tt := range auditSquareCases {
		for _, who := range []byte{'x', 'o'} {
			t.Run(fmt.Sprintf("quad%d %s by %c", tt.n, tt.name, who), func(t *testing.T) {
				variant := fmt.Sprintf("quad%d", tt.n)
				used := map[string]bool{}
				for _, c := range tt.corners {
					used[c] = true
				}
				three := tt.corners[:3]
				var pos string
				if who == 'x' {
					pos = auditQuadPos(tt.n, three, auditFiller(t, tt.n, 3, used, 'o'), nil, 'x', auditQuadStock[tt.n][1], auditQuadStock[tt.n][1])
				} else {
					pos = auditQuadPos(tt.n, auditFiller(t, tt.n, 4, used, 'x'), three, nil, 'o', auditQuadStock[tt.n][1], auditQuadStock[tt.n][1])
				}
				model := auditParseQuad(t, tt.n, pos)
				if end, _ := model.outcome(); end {
					t.Fatalf("test position %q already ends", pos)
				}
				var r, c int
				fmt.Sscanf(tt.corners[3], "r%dc%d", &r, &c)
				move := fmt.Sprintf("(mark r%d c%d)", r, c)
				model.apply(move)
				if end, _ := model.outcome(); !end {
					t.Fatalf("model: %v is not a square", tt.corners)
				}
				l := auditLast(t, variant, pos, move)
				if l.Position != model.String() {
					t.Errorf("position %q, want %q", l.Position, model.String())
				}
				if who == 'x' {
					auditGoals(t, l, map[string]int{"x": 100, "o": 0})
				} else {
					auditGoals(t, l, map[string]int{"x": 0, "o": 100})
				}
			})
		}
	}
}

func TestAuditQuadNonSquares(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cells [4]string
	}{
		{"rectangle 1x2", [4]string{"r2c2", "r2c4", "r3c4", "r3c2"}},
		{"rhombus (2,1)/(2,-1)", [4]string{"r1c3", "r3c4", "r5c3", "r3c2"}},
		{"parallelogram", [4]string{"r2c2", "r2c3", "r3c4", "r3c3"}},
		{"four in a row", [4]string{"r3c1", "r3c2", "r3c3", "r3c4"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			used := map[string]bool{}
			for _, c := range tt.cells {
				used[c] = true
			}
			var os []string
			for _, c := range []string{"r5c2", "r5c3", "r5c4", "r1c2", "r4c5"} {
				if !used[c] && len(os) < 3 {
					os = append(os, c)
				}
			}
			pos := auditQuadPos(5, tt.cells[:3], os, nil, 'x', 0, 0)
			var r, c int
			fmt.Sscanf(tt.cells[3], "r%dc%d", &r, &c)
			move := fmt.Sprintf("(mark r%d c%d)", r, c)
			model := auditParseQuad(t, 5, pos)
			model.apply(move)
			if end, _ := model.outcome(); end {
				t.Fatalf("bad test: model ends after %s on %s", move, pos)
			}
			l := auditLast(t, "quad5", pos, move)
			if l.Terminal {
				t.Errorf("%v is not a square, yet the game ended: %+v", tt.cells, l.Goals)
			}
		})
	}
}

// auditQuadLastMark splits a finished quad board (x and o out of marks) into
// the position before o's last mark and that mark (o's first mark in
// reading order), so the end is reached by a real action.
func auditQuadLastMark(t *testing.T, n int, board string, xb, ob int) (string, string) {
	t.Helper()
	rows := strings.Split(board, "/")
	for r, row := range rows {
		if c := strings.IndexByte(row, 'o'); c >= 0 {
			rows[r] = row[:c] + "." + row[c+1:]
			return fmt.Sprintf("%s o %d %d", strings.Join(rows, "/"), xb, ob), fmt.Sprintf("(mark r%d c%d)", r+1, c+1)
		}
	}
	t.Fatalf("no o on %s", board)
	return "", ""
}

func TestAuditQuadMarksExhausted(t *testing.T) {
	// Finished boards (found by a search over the rules, checked here by the
	// model): both players have placed all their marks, nobody owns a square.
	const (
		q5Open   = "-..x-/xxoox/oox.o/xoo../-oxx-"                           // x has an open quad
		q5OOnly  = "-xxx-/o.ooo/xo.x./xo.oo/-x.x-"                           // only o has one
		q7Closed = "-.xxow-/o.xoo.x/wo.xwoo/x.wox.x/.w...x./xxo..o./-oxow.-" // x: three corners + white, no open quad; o has an open quad; 6 whites
		q7Open   = "-wx.oo-/.xxx.wo/w.wxo../.wwxox./o.xx..o/x..o.oo/-o.xox-" // x open quad; 6 whites
		q5XLast  = "-xox-/ooo.x/.o.xx/x.ox./-.xo- o 0 0"                     // o's last mark r3c3 makes an o square while x has an open quad
		q5XLastM = "(mark r3 c3)"
	)
	tests := []struct {
		name   string
		n      int
		board  string
		xb, ob int
		x, o   int
		xOpen  bool
		xWhite bool // x has three corners whose fourth is a white stone
		oOpen  bool
	}{
		{"quad5 x open quad 95", 5, q5Open, 0, 0, 95, 5, true, false, false},
		{"quad5 only o open quad: blockers equal 50", 5, q5OOnly, 0, 0, 50, 50, false, false, true},
		{"quad7 x more blockers 90 (4-0)", 7, q7Closed, 4, 0, 90, 10, false, true, true},
		{"quad7 x more blockers 90 (3-1)", 7, q7Closed, 3, 1, 90, 10, false, true, true},
		{"quad7 equal blockers 50", 7, q7Closed, 2, 2, 50, 50, false, true, true},
		{"quad7 x fewer blockers 10 (1-3), white fourth corner is no open quad", 7, q7Closed, 1, 3, 10, 90, false, true, true},
		{"quad7 x fewer blockers 10 (0-4)", 7, q7Closed, 0, 4, 10, 90, false, true, true},
		{"quad7 open quad beats fewer blockers", 7, q7Open, 0, 4, 95, 5, true, false, false},
		{"quad7 open quad beats more blockers", 7, q7Open, 4, 0, 95, 5, true, false, false},
		{"quad7 open quad beats equal blockers", 7, q7Open, 2, 2, 95, 5, true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, move := auditQuadLastMark(t, tt.n, tt.board, tt.xb, tt.ob)
			before := auditParseQuad(t, tt.n, pos)
			if end, _ := before.outcome(); end || before.marksLeft('x') != 0 || before.marksLeft('o') != 1 {
				t.Fatalf("bad test position %s", pos)
			}
			model := auditParseQuad(t, tt.n, pos)
			model.apply(move)
			wx := 0
			for _, sq := range model.squares() {
				k, w := 0, 0
				for _, c := range sq {
					switch model.board[c[0]][c[1]] {
					case 'x':
						k++
					case 'w':
						w++
					}
				}
				if k == 3 && w == 1 {
					wx++
				}
			}
			if model.openQuad('x') != tt.xOpen || (tt.xWhite && wx == 0) || (tt.oOpen && !model.openQuad('o')) {
				t.Fatalf("bad test board: x open %v, x+white %d, o open %v", model.openQuad('x'), wx, model.openQuad('o'))
			}
			if _, g := model.outcome(); g["x"] != tt.x || g["o"] != tt.o {
				t.Fatalf("model goals %v, table says %d/%d", g, tt.x, tt.o)
			}
			l := auditLast(t, fmt.Sprintf("quad%d", tt.n), pos, move)
			if l.Position != model.String() {
				t.Errorf("position %q, want %q", l.Position, model.String())
			}
			auditGoals(t, l, map[string]int{"x": tt.x, "o": tt.o})
		})
	}
	t.Run("order: o square on the last mark beats x's open quad", func(t *testing.T) {
		model := auditParseQuad(t, 5, q5XLast)
		model.apply(q5XLastM)
		if !model.openQuad('x') || !model.ownsSquare('o') || model.marksLeft('o') != 0 {
			t.Fatalf("bad test position")
		}
		auditGoals(t, auditLast(t, "quad5", q5XLast, q5XLastM), map[string]int{"x": 0, "o": 100})
	})
	t.Run("a block just before the last mark counts", func(t *testing.T) {
		// quad7, blockers 2-2 with six whites; o blocks (control stays with
		// o, not terminal), then marks: x 2 > o 1 blockers -> 90/10.
		pos, move := auditQuadLastMark(t, 7, q7Closed, 2, 2)
		block := "(block r1 c2)"
		model := auditParseQuad(t, 7, pos)
		model.apply(block)
		mid := model.String()
		model.apply(move)
		if _, g := model.outcome(); g["x"] != 90 {
			t.Fatalf("bad test: %v", g)
		}
		lines := auditPlay(t, "quad7", pos, block, move)
		if lines[1].Terminal || lines[1].ToMove != "o" || lines[1].Position != mid {
			t.Errorf("after the block: %+v, want %s", lines[1], mid)
		}
		auditGoals(t, lines[2], map[string]int{"x": 90, "o": 10})
	})
	t.Run("not before both are out", func(t *testing.T) {
		// x has placed all 8 marks, o has one left: not terminal yet, and
		// x's open quad does not end the game.
		pos, _ := auditQuadLastMark(t, 5, q5Open, 0, 0)
		if l := auditPlay(t, "quad5", pos)[0]; l.Terminal || l.ToMove != "o" {
			t.Errorf("terminal with o still holding a mark: %+v", l)
		}
	})
}

func TestAuditQuadTerminalReadAndAfterEnd(t *testing.T) {
	// An x square on the board (x marked last, o to move) reads as terminal.
	pos := "-...-/.xx../.xx../.oo../-o..- o 0 0"
	l := auditSession(t, "quad5", pos, "(mark r5 c3)", "noop")
	auditGoals(t, l[0], map[string]int{"x": 100, "o": 0})
	if l[1].Error == "" || l[2].Error == "" {
		t.Errorf("moves after the end accepted")
	}
	// And after an ending move in play.
	lines := auditSession(t, "quad5", "", "(mark r2 c2)", "(mark r4 c2)", "(mark r2 c3)", "(mark r4 c3)", "(mark r3 c2)", "(mark r5 c3)", "(mark r3 c3)", "(mark r5 c2)")
	auditGoals(t, lines[7], map[string]int{"x": 100, "o": 0})
	if lines[8].Error == "" {
		t.Errorf("o's mark after x's square accepted")
	}
}

func TestAuditQuadBothSquaresAmbiguity(t *testing.T) {
	// Cannot arise in play (one stone per action, checks after each). As a
	// position string it is either refused or must score x 100 (check 1
	// comes first).
	pos := "-xx.-/.xx../...../.oo../-oo.- x 0 0"
	if ok, msg := auditRefused(t, "quad5", pos); ok {
		t.Logf("both-squares position refused: %s", strings.TrimSpace(msg))
		return
	}
	auditGoals(t, auditPlay(t, "quad5", pos)[0], map[string]int{"x": 100, "o": 0})
}

func TestAuditQuadPositionValidation(t *testing.T) {
	for _, tt := range []struct{ variant, pos, why string }{
		{"quad5", "-...-/...../...../-...- x 0 0", "4 rows"},
		{"quad5", "-...-/...../...../...../...../-...- x 0 0", "6 rows"},
		{"quad5", "-...-/....../...../...../-...- x 0 0", "row of 6"},
		{"quad5", "-...-/..q../...../...../-...- x 0 0", "bad character"},
		{"quad5", "....-/...../...../...../-...- x 0 0", "corner not '-'"},
		{"quad5", "x...-/...../...../...../-...- o 0 0", "mark on a corner"},
		{"quad5", "-...-/..-../...../...../-...- x 0 0", "'-' off the corners"},
		{"quad5", "-...-/...../...../...../-...- z 0 0", "bad role"},
		{"quad5", "-...-/...../...../...../-...- x 1 0", "quad5 has no blockers"},
		{"quad7", "-.....-/......./......./......./......./......./-.....- x 6 5", "more blockers than 5"},
		{"quad7", "-.....-/......./......./......./......./......./-.....- x -1 5", "negative blockers"},
		{"quad7", "-.....-/......./......./......./......./......./-.....- x a 5", "non-number"},
		{"quad5", "-...-/...../...../...../-...- x 0", "missing field"},
		{"quad5", "-...-/...../...../...../-...- x 0 0 0", "extra field"},
		{"quad5", "-...-/...../...../...../-...-  x 0 0", "double space"},
		{"quad5", "-...-/.xxx./...../...../-...- o 0 0", "x three marks ahead"},
		{"quad5", "-...-/.ooo./...../...../-...- x 0 0", "o more marks than x"},
		{"quad5", "-xxx-/xxxxx/ooooo/ooo../-x..- o 0 0", "x has 9 marks, quad5 gives 8"},
		{"quad5", "-...-/..w../...../...../-...- x 0 0", "white stone in quad5"},
		{"quad7", "-.....-/...w.../......./......./......./......./-.....- x 5 5", "white stone without a blocker used"},
		{"quad7", "-.....-/......./......./......./......./......./-.....- x 4 5", "blocker used without a white stone"},
		{"quad7", "-.....-/......./......./......./......./......./-.....- o 5 5", "o in control before x marked"},
		{"quad5", "-...-/...../..x../...../-...- x 0 0", "x in control after x marked"},
	} {
		if ok, msg := auditRefused(t, tt.variant, tt.pos); !ok {
			t.Errorf("%s %q (%s) accepted", tt.variant, tt.pos, tt.why)
		} else {
			t.Logf("%s: %s", tt.why, strings.TrimSpace(msg))
		}
	}
}

// ---------------------------------------------------------------------------
// Pentago reference model (RULES.md "Pentago")

type auditPentago struct {
	board [6][6]byte // [row from the top][column from the left], 0-based
	role  string     // red or black
	phase string     // place or rotate
	split bool
}

// auditPentagoRC maps (Q X Y) to a 0-based row from the top and column.
func auditPentagoRC(q, x, y int) (int, int) {
	col := x
	if q == 1 || q == 4 {
		col = x + 3
	}
	fromBottom := y
	if q == 1 || q == 2 {
		fromBottom = y + 3
	}
	return 6 - fromBottom, col - 1
}

func auditParsePentago(t *testing.T, variant, s string) *auditPentago {
	t.Helper()
	f := strings.Split(s, " ")
	p := &auditPentago{role: f[1], phase: f[2], split: variant == "pentago-split"}
	for r, row := range strings.Split(f[0], "/") {
		copy(p.board[r][:], row)
	}
	return p
}

func (p *auditPentago) String() string {
	rows := make([]string, 6)
	for r := range rows {
		rows[r] = string(p.board[r][:])
	}
	return strings.Join(rows, "/") + " " + p.role + " " + p.phase
}

func (p *auditPentago) stone() byte { return p.role[0] } // 'r' or 'b'

var auditPentagoLines = func() [][5][2]int {
	var out [][5][2]int
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				er, ec := r+4*d[0], c+4*d[1]
				if er < 0 || er > 5 || ec < 0 || ec > 5 {
					continue
				}
				var l [5][2]int
				for i := range l {
					l[i] = [2]int{r + i*d[0], c + i*d[1]}
				}
				out = append(out, l)
			}
		}
	}
	return out
}()

func (p *auditPentago) hasLine(b byte) bool {
	for _, l := range auditPentagoLines {
		k := 0
		for _, c := range l {
			if p.board[c[0]][c[1]] == b {
				k++
			}
		}
		if k == 5 {
			return true
		}
	}
	return false
}

func (p *auditPentago) outcome() (bool, map[string]int) {
	red, black := p.hasLine('r'), p.hasLine('b')
	switch {
	case red && black:
		return true, map[string]int{"red": 50, "black": 50}
	case red:
		return true, map[string]int{"red": 100, "black": 0}
	case black:
		return true, map[string]int{"red": 0, "black": 100}
	}
	for r := range p.board {
		for _, v := range p.board[r] {
			if v == '.' {
				return false, nil
			}
		}
	}
	return true, map[string]int{"red": 50, "black": 50}
}

func (p *auditPentago) legal() []string {
	if end, _ := p.outcome(); end {
		return nil
	}
	var out []string
	if p.phase == "rotate" {
		for q := 1; q <= 4; q++ {
			out = append(out, fmt.Sprintf("(rotate %d clockwise)", q), fmt.Sprintf("(rotate %d counterclockwise)", q))
		}
		return out
	}
	for q := 1; q <= 4; q++ {
		for x := 1; x <= 3; x++ {
			for y := 1; y <= 3; y++ {
				if r, c := auditPentagoRC(q, x, y); p.board[r][c] == '.' {
					out = append(out, fmt.Sprintf("(place %d %d %d)", q, x, y))
				}
			}
		}
	}
	return out
}

func (p *auditPentago) rotate(q int, clockwise bool) {
	var old [4][4]byte
	for x := 1; x <= 3; x++ {
		for y := 1; y <= 3; y++ {
			r, c := auditPentagoRC(q, x, y)
			old[x][y] = p.board[r][c]
		}
	}
	for x := 1; x <= 3; x++ {
		for y := 1; y <= 3; y++ {
			nx, ny := y, 4-x // clockwise: (X,Y) -> (Y, 4-X)
			if !clockwise {
				nx, ny = 4-y, x // counterclockwise: (X,Y) -> (4-Y, X)
			}
			r, c := auditPentagoRC(q, nx, ny)
			p.board[r][c] = old[x][y]
		}
	}
}

// advance moves to the next (role, phase) of the variant's turn cycle.
func (p *auditPentago) advance() {
	other := map[string]string{"red": "black", "black": "red"}
	if !p.split {
		if p.phase == "place" {
			p.phase = "rotate"
		} else {
			p.phase, p.role = "place", other[p.role]
		}
		return
	}
	// red place, black place, red rotate, black rotate.
	switch {
	case p.role == "red":
		p.role = "black"
	case p.phase == "place":
		p.role, p.phase = "red", "rotate"
	default:
		p.role, p.phase = "red", "place"
	}
}

func (p *auditPentago) apply(m string) {
	var q, x, y int
	var dir string
	if _, err := fmt.Sscanf(m, "(place %d %d %d)", &q, &x, &y); err == nil {
		r, c := auditPentagoRC(q, x, y)
		p.board[r][c] = p.stone()
	} else if _, err := fmt.Sscanf(m, "(rotate %d %s", &q, &dir); err == nil {
		p.rotate(q, dir == "clockwise)")
	} else {
		panic(m)
	}
	p.advance()
}

const auditPentagoStart = "....../....../....../....../....../...... red place"

// ---------------------------------------------------------------------------
// Pentago tests

func TestAuditPentagoStart(t *testing.T) {
	for _, v := range []string{"pentago", "pentago-split"} {
		l := auditPlay(t, v, "")[0]
		if l.Position != auditPentagoStart || l.ToMove != "red" || l.Terminal {
			t.Errorf("%s start %+v", v, l)
		}
		if len(l.Legal) != 36 {
			t.Errorf("%s: %d legal, want 36 placements", v, len(l.Legal))
		}
		auditSameSet(t, v+" start legal", l.Legal, auditParsePentago(t, v, auditPentagoStart).legal())
	}
}

func TestAuditPentagoCoordinates(t *testing.T) {
	// Hand-computed corners of the board.
	for _, tt := range []struct{ move, pos string }{
		{"(place 2 1 3)", "r...../....../....../....../....../...... red rotate"}, // top-left
		{"(place 1 3 3)", ".....r/....../....../....../....../...... red rotate"}, // top-right
		{"(place 3 1 1)", "....../....../....../....../....../r..... red rotate"}, // bottom-left
		{"(place 4 3 1)", "....../....../....../....../....../.....r red rotate"}, // bottom-right
		{"(place 1 1 1)", "....../....../...r../....../....../...... red rotate"}, // column 4, row 4 from the bottom
		{"(place 3 2 3)", "....../....../....../.r..../....../...... red rotate"}, // column 2, row 3 from the bottom
		{"(place 4 1 2)", "....../....../....../....../...r../...... red rotate"}, // column 4, row 2 from the bottom
		{"(place 2 3 1)", "....../....../..r.../....../....../...... red rotate"}, // column 3, row 4 from the bottom
	} {
		if l := auditLast(t, "pentago", "", tt.move); l.Position != tt.pos {
			t.Errorf("%s: position %q, want %q", tt.move, l.Position, tt.pos)
		}
	}
	// Every cell by the formula of RULES.md.
	for q := 1; q <= 4; q++ {
		for x := 1; x <= 3; x++ {
			for y := 1; y <= 3; y++ {
				m := fmt.Sprintf("(place %d %d %d)", q, x, y)
				p := auditParsePentago(t, "pentago", auditPentagoStart)
				p.apply(m)
				if l := auditLast(t, "pentago", "", m); l.Position != p.String() {
					t.Errorf("%s: position %q, want %q", m, l.Position, p.String())
				}
			}
		}
	}
}

func TestAuditPentagoRotations(t *testing.T) {
	// Hand-computed: stone at (1 1 1), i.e. X=1 Y=1.
	for _, tt := range []struct{ move, pos string }{
		{"(rotate 1 clockwise)", "...r../....../....../....../....../...... black place"},        // (1,1) -> (1,3)
		{"(rotate 1 counterclockwise)", "....../....../.....r/....../....../...... black place"}, // (1,1) -> (3,1)
		{"(rotate 2 clockwise)", "....../....../...r../....../....../...... black place"},        // other quadrant: unchanged
	} {
		if l := auditLast(t, "pentago", "", "(place 1 1 1)", tt.move); l.Position != tt.pos {
			t.Errorf("%s: position %q, want %q", tt.move, l.Position, tt.pos)
		}
	}
	// An asymmetric pattern in every quadrant; each rotation checked against
	// the formulas (X,Y) -> (Y,4-X) and (X,Y) -> (4-Y,X).
	const pos = "rr.b.r/r..rr./.b...b/b.rb.b/..b..b/r..r.. red rotate"
	p0 := auditParsePentago(t, "pentago", pos)
	if b := strings.Fields(pos)[0]; strings.Count(b, "r") != strings.Count(b, "b")+1 {
		t.Fatalf("bad test position")
	}
	for q := 1; q <= 4; q++ {
		for _, dir := range []string{"clockwise", "counterclockwise"} {
			m := fmt.Sprintf("(rotate %d %s)", q, dir)
			p := auditParsePentago(t, "pentago", pos)
			p.apply(m)
			if end, _ := p.outcome(); end {
				t.Fatalf("bad test: %s ends", m)
			}
			if p.String() == p0.String() {
				t.Fatalf("bad test: %s changes nothing", m)
			}
			if l := auditLast(t, "pentago", pos, m); l.Position != p.String() {
				t.Errorf("%s: position %q, want %q", m, l.Position, p.String())
			}
		}
	}
	// Four clockwise turns are the identity; cw then ccw too.
	back := auditLast(t, "pentago", pos,
		"(rotate 3 clockwise)", "(place 4 2 2)", "(rotate 3 clockwise)", "(place 2 2 2)",
		"(rotate 3 clockwise)", "(place 1 2 1)", "(rotate 3 clockwise)")
	if back.Position != "rr.b.r/rr.rr./.b..bb/b.rb.b/..b.bb/r..r.. red place" {
		t.Errorf("four clockwise turns of quadrant 3: %q", back.Position)
	}
}

func TestAuditPentagoAllRotationsAlwaysLegal(t *testing.T) {
	rot := auditParsePentago(t, "pentago", auditPentagoStart)
	rot.phase = "rotate"
	want := rot.legal()
	for _, tt := range []struct{ variant, pos string }{
		{"pentago", "....../....../...r../....../....../...... red rotate"},   // three empty quadrants
		{"pentago", "r...../....../....../....../....../.....b black rotate"}, // one stone each in Q2, Q4
		{"pentago-split", "r...../....../....../....../....../.....b red rotate"},
	} {
		auditSameSet(t, tt.pos, auditPlay(t, tt.variant, tt.pos)[0].Legal, want)
		// Rotating an empty quadrant is a real action: the turn passes on.
		if l := auditLast(t, tt.variant, tt.pos, "(rotate 1 clockwise)"); l.Terminal || l.Position == tt.pos {
			t.Errorf("%s: rotating empty quadrant 1 gave %q", tt.variant, l.Position)
		}
	}
}

func TestAuditPentagoTurnCycle(t *testing.T) {
	moves := []string{"(place 1 1 1)", "(rotate 2 clockwise)", "(place 2 2 2)", "(rotate 3 counterclockwise)", "(place 3 3 3)", "(rotate 4 clockwise)", "(place 4 1 3)", "(rotate 1 counterclockwise)", "(place 1 3 3)"}
	for _, tt := range []struct {
		variant string
		seq     []string // role phase after each action (and at the start)
	}{
		{"pentago", []string{"red place", "red rotate", "black place", "black rotate", "red place", "red rotate", "black place", "black rotate", "red place", "red rotate"}},
		{"pentago-split", []string{"red place", "black place", "red rotate", "black rotate", "red place", "black place", "red rotate", "black rotate", "red place", "black place"}},
	} {
		t.Run(tt.variant, func(t *testing.T) {
			// Reorder the script so that each action fits the phase.
			var places, rotates, script []string
			for _, m := range moves {
				if strings.HasPrefix(m, "(place") {
					places = append(places, m)
				} else {
					rotates = append(rotates, m)
				}
			}
			for _, s := range tt.seq[:len(tt.seq)-1] {
				if strings.HasSuffix(s, "place") {
					script, places = append(script, places[0]), places[1:]
				} else {
					script, rotates = append(script, rotates[0]), rotates[1:]
				}
			}
			model := auditParsePentago(t, tt.variant, auditPentagoStart)
			lines := auditPlay(t, tt.variant, "", script...)
			for i, l := range lines {
				if i > 0 {
					model.apply(script[i-1])
				}
				role, phase, _ := strings.Cut(tt.seq[i], " ")
				if l.ToMove != role || !strings.HasSuffix(l.Position, " "+tt.seq[i]) || l.Position != model.String() {
					t.Errorf("after %d actions: to_move %q position %q, want %q (%s)", i, l.ToMove, l.Position, model.String(), tt.seq[i])
				}
				for _, m := range l.Legal {
					if !strings.HasPrefix(m, "("+phase) {
						t.Errorf("after %d actions (%s) legal has %s", i, tt.seq[i], m)
						break
					}
				}
			}
		})
	}
}

func TestAuditPentagoIllegal(t *testing.T) {
	lines := auditSession(t, "pentago", "",
		"(rotate 1 clockwise)", // place phase
		"noop",
		"(place 5 1 1)", "(place 0 1 1)", "(place 1 0 1)", "(place 1 4 1)", "(place 1 1 0)", "(place 1 1 4)",
		"(place 1 2 2)",
		"(place 1 2 3)",        // rotate phase
		"(rotate 5 clockwise)", // no quadrant 5
		"(rotate 1 sideways)",
		"noop",
		"(rotate 1 clockwise)",
		"(place 1 2 2)", // occupied (centre cells do not move)
	)
	for i, l := range lines[1:] {
		wantErr := i != 8 && i != 13
		if (l.Error != "") != wantErr {
			t.Errorf("line %d: error %q, want error=%v", i+1, l.Error, wantErr)
		}
	}
}

func TestAuditPentagoLines(t *testing.T) {
	if len(auditPentagoLines) != 32 {
		t.Fatalf("model has %d lines", len(auditPentagoLines))
	}
	// For every one of the 32 lines and both colours, the fifth stone is
	// placed (each cell of the line in turn): the game ends at once, before
	// the rotation.
	for li, line := range auditPentagoLines {
		for _, who := range []string{"red", "black"} {
			for gap := 0; gap < 5; gap += 2 {
				p := &auditPentago{role: who, phase: "place"}
				for r := range p.board {
					for c := range p.board[r] {
						p.board[r][c] = '.'
					}
				}
				mine, theirs := who[0], byte('r'+'b'-who[0])
				for i, c := range line {
					if i != gap {
						p.board[c[0]][c[1]] = mine
					}
				}
				// Opponent stones off the line, never four in any line.
				need := 4
				if who == "black" {
					need = 5 // black to place: red has one more
				}
				for r := 0; r < 6 && need > 0; r++ {
					for c := 0; c < 6 && need > 0; c++ {
						if p.board[r][c] != '.' || (r+2*c)%3 != 0 {
							continue
						}
						onLine := false
						for _, lc := range line {
							onLine = onLine || lc == [2]int{r, c}
						}
						if !onLine {
							p.board[r][c] = theirs
							need--
						}
					}
				}
				pos := p.String()
				if end, _ := p.outcome(); end || need > 0 {
					t.Fatalf("bad test position %s", pos)
				}
				// The move that fills the gap.
				var move string
				for q := 1; q <= 4 && move == ""; q++ {
					for x := 1; x <= 3; x++ {
						for y := 1; y <= 3; y++ {
							if r, c := auditPentagoRC(q, x, y); [2]int{r, c} == line[gap] {
								move = fmt.Sprintf("(place %d %d %d)", q, x, y)
							}
						}
					}
				}
				p.apply(move)
				lines := auditSession(t, "pentago", pos, move, "(rotate 1 clockwise)", "(place 1 1 1)")
				l := lines[1]
				if l.Error != "" {
					t.Fatalf("line %d %s: %s refused: %s", li, who, move, l.Error)
				}
				want := map[string]int{"red": 100, "black": 0}
				if who == "black" {
					want = map[string]int{"red": 0, "black": 100}
				}
				auditGoals(t, l, want)
				if !strings.HasPrefix(l.Position, strings.Fields(p.String())[0]) {
					t.Errorf("position %q, want board %q", l.Position, strings.Fields(p.String())[0])
				}
				if lines[2].Error == "" || lines[3].Error == "" {
					t.Errorf("line %d: actions accepted after the winning placement", li)
				}
			}
		}
	}
}

func TestAuditPentagoNotLines(t *testing.T) {
	for _, tt := range []struct{ name, pos, move string }{
		// red places the last stone; none of these is five in a line.
		{"bent five", "rrrr../....../....../bbbb../....../...... red place", "(place 2 1 2)"},       // r2c1 under r1c1
		{"four and a gap", "rr.rr./....../....../bbbb../....../...... red place", "(place 1 3 3)"},  // r1c6
		{"broken diagonal", "r...../.r..../..r.../....../....r./bbbb.. red place", "(place 1 3 1)"}, // r3c6
		{"knight line", "r...../..r.../....r./bbbb../r...../...... red place", "(place 4 3 1)"},     // r4c2
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := auditParsePentago(t, "pentago", tt.pos)
			p.apply(tt.move)
			if end, _ := p.outcome(); end {
				t.Fatalf("bad test")
			}
			if l := auditLast(t, "pentago", tt.pos, tt.move); l.Terminal || l.Position != p.String() {
				t.Errorf("terminal %v position %q, want %q not terminal", l.Terminal, l.Position, p.String())
			}
		})
	}
	// Six in a row is a line.
	l := auditLast(t, "pentago", "rrr.rr/....../....../bbbb../....b./...... red place", "(place 1 1 3)")
	auditGoals(t, l, map[string]int{"red": 100, "black": 0})
}

func TestAuditPentagoRotationOutcomes(t *testing.T) {
	for _, tt := range []struct {
		name, variant, pos, move, after string
		goals                           map[string]int
	}{
		{"rotation makes the mover's line", "pentago", "rrr..r/.....r/bbbb../....../....../b....r red rotate", "(rotate 1 counterclockwise)",
			"rrrrr./....../bbb..b/....../....../b....r black place", map[string]int{"red": 100, "black": 0}},
		{"rotation by red makes only black's line", "pentago", "....../.....b/bbb..b/....../r.r.r./r.r.r. red rotate", "(rotate 1 clockwise)",
			"....../....../bbbbb./....../r.r.r./r.r.r. black place", map[string]int{"red": 0, "black": 100}},
		{"rotation makes both lines", "pentago", "rrr.../...r.b/bbbr.b/....../....../...... black rotate", "(rotate 1 clockwise)",
			"rrrrr./....../bbbbb./....../....../...... red place", map[string]int{"red": 50, "black": 50}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := auditParsePentago(t, tt.variant, tt.pos)
			p.apply(tt.move)
			if p.String() != tt.after {
				t.Fatalf("bad test: model gives %q", p.String())
			}
			if _, g := p.outcome(); g["red"] != tt.goals["red"] || g["black"] != tt.goals["black"] {
				t.Fatalf("bad test: model goals %v", g)
			}
			l := auditLast(t, tt.variant, tt.pos, tt.move)
			if b := strings.Fields(l.Position)[0]; b != strings.Fields(tt.after)[0] {
				t.Errorf("board %q, want %q", b, strings.Fields(tt.after)[0])
			}
			auditGoals(t, l, tt.goals)
		})
	}
	// The same in pentago-split: black places, red rotates (black's line).
	l := auditLast(t, "pentago-split", "....../.....b/bb...b/....../r.r.r./r.r... black place", "(place 2 3 1)", "(rotate 1 clockwise)")
	auditGoals(t, l, map[string]int{"red": 0, "black": 100})
}

func TestAuditPentagoFullBoard(t *testing.T) {
	// 18 red, 18 black, no line anywhere (found by search, checked by the model).
	const full = "rbrbrb/bbbrrr/bbbbrr/rrbbbr/brbrrr/rbrbrb"
	pos := "rbrbrb/bbbrrr/bbbbrr/rrbbbr/brbrrr/rbrbr. black place" // black's 18th placement on (4 3 1)
	p := auditParsePentago(t, "pentago", pos)
	p.apply("(place 4 3 1)")
	if end, g := p.outcome(); !end || g["red"] != 50 || p.hasLine('b') || strings.Fields(p.String())[0] != full {
		t.Fatalf("bad test board")
	}
	for _, v := range []string{"pentago", "pentago-split"} {
		lines := auditSession(t, v, pos, "(place 4 3 1)", "(rotate 1 clockwise)")
		auditGoals(t, lines[1], map[string]int{"red": 50, "black": 50})
		if b := strings.Fields(lines[1].Position)[0]; b != full {
			t.Errorf("%s board %q, want %q", v, b, full)
		}
		if lines[2].Error == "" {
			t.Errorf("%s: rotation accepted on a full board after the end", v)
		}
	}
	// A full board read from a string is terminal.
	auditGoals(t, auditPlay(t, "pentago", full+" black rotate")[0], map[string]int{"red": 50, "black": 50})
	// The last placement (always black's) fills the board and makes a
	// line: the line counts, not the full board.
	const lineFull = "rrrbrb/bbbrrr/.bbbbr/rrbbbr/brbrrr/rbrbrb black place"
	p = auditParsePentago(t, "pentago", lineFull)
	p.apply("(place 2 1 1)")
	if end, g := p.outcome(); !end || g["black"] != 100 || strings.Contains(p.String(), ".") {
		t.Fatalf("bad test board")
	}
	auditGoals(t, auditLast(t, "pentago", lineFull, "(place 2 1 1)"), map[string]int{"red": 0, "black": 100})
}

func TestAuditPentagoPositionValidation(t *testing.T) {
	for _, tt := range []struct{ variant, pos, why string }{
		{"pentago", "....../....../....../....../...... red place", "5 rows"},
		{"pentago", "....../....../....../....../....../....../...... red place", "7 rows"},
		{"pentago", "...../....../....../....../....../...... red place", "row of 5"},
		{"pentago", "....../..x.../....../....../....../...... red place", "bad character"},
		{"pentago", "....../....../....../....../....../...... blue place", "bad role"},
		{"pentago", "....../....../....../....../....../...... red move", "bad phase"},
		{"pentago", "....../....../....../....../....../...... red", "missing phase"},
		{"pentago", "....../....../....../....../....../...... red place x", "extra field"},
		{"pentago", "rrr.../....../....../....../....../...... black place", "3 red, 0 black"},
		{"pentago", "r...../....../....../....../....../...... red place", "red ahead while red places"},
		{"pentago", "r...../....../....../....../....../.....b red rotate", "pentago: red rotates with equal stones"},
		{"pentago", "r...../....../....../....../....../...... black rotate", "pentago: black rotates with red ahead"},
		{"pentago-split", "r...../....../....../....../....../...... red rotate", "split: red rotates with red ahead"},
		{"pentago-split", "....../....../....../....../....../...... black place", "split: black places first"},
		{"pentago", "bb..../....../....../....../....../...... red place", "black ahead"},
	} {
		if ok, _ := auditRefused(t, tt.variant, tt.pos); !ok {
			t.Errorf("%s %q (%s) accepted", tt.variant, tt.pos, tt.why)
		}
	}
	// A finished game is a valid position and reads as terminal.
	auditGoals(t, auditPlay(t, "pentago", "rrrrr./bbbb../....../....../....../...... black place")[0], map[string]int{"red": 100, "black": 0})
}

// ---------------------------------------------------------------------------
// Tic-Tac-Chess reference model (RULES.md "Tic-Tac-Chess for four")

var (
	auditTTCRoles  = []string{"red", "yellow", "blue", "green"}
	auditTTCSpawn  = [][2]int{{1, 4}, {4, 1}, {7, 4}, {4, 7}}
	auditTTCLetter = []byte{'r', 'y', 'b', 'g'}
)

type auditTTC struct {
	board [8][8]byte // [X][Y], 1-based
	role  int
	step  int
}

const auditTTCStart = "...g.../......./......./r.....b/......./......./...y... red 1"

func auditParseTTC(t *testing.T, s string) *auditTTC {
	t.Helper()
	f := strings.Split(s, " ")
	p := &auditTTC{}
	for i, row := range strings.Split(f[0], "/") {
		for x := 1; x <= 7; x++ {
			p.board[x][7-i] = row[x-1]
		}
	}
	for i, r := range auditTTCRoles {
		if r == f[1] {
			p.role = i
		}
	}
	p.step, _ = strconv.Atoi(f[2])
	return p
}

func (p *auditTTC) String() string {
	rows := make([]string, 7)
	for y := 7; y >= 1; y-- {
		var b strings.Builder
		for x := 1; x <= 7; x++ {
			b.WriteByte(p.board[x][y])
		}
		rows[7-y] = b.String()
	}
	return fmt.Sprintf("%s %s %d", strings.Join(rows, "/"), auditTTCRoles[p.role], p.step)
}

func auditTTCBorder(x, y int) bool { return x == 1 || x == 7 || y == 1 || y == 7 }

func (p *auditTTC) count(role int) int {
	k := 0
	for x := 1; x <= 7; x++ {
		for y := 1; y <= 7; y++ {
			if p.board[x][y] == auditTTCLetter[role] {
				k++
			}
		}
	}
	return k
}

var auditTTCCentreLines = [][3][2]int{
	{{3, 3}, {4, 3}, {5, 3}}, {{3, 4}, {4, 4}, {5, 4}}, {{3, 5}, {4, 5}, {5, 5}},
	{{3, 3}, {3, 4}, {3, 5}}, {{4, 3}, {4, 4}, {4, 5}}, {{5, 3}, {5, 4}, {5, 5}},
	{{3, 3}, {4, 4}, {5, 5}}, {{3, 5}, {4, 4}, {5, 3}},
}

func (p *auditTTC) hasLine(role int) bool {
	for _, l := range auditTTCCentreLines {
		if p.board[l[0][0]][l[0][1]] == auditTTCLetter[role] && p.board[l[1][0]][l[1][1]] == auditTTCLetter[role] && p.board[l[2][0]][l[2][1]] == auditTTCLetter[role] {
			return true
		}
	}
	return false
}

func (p *auditTTC) outcome() (bool, map[string]int) {
	anyLine := false
	for r := range auditTTCRoles {
		anyLine = anyLine || p.hasLine(r)
	}
	if !anyLine && p.step < 33 {
		return false, nil
	}
	g := map[string]int{}
	for r, name := range auditTTCRoles {
		switch {
		case p.hasLine(r):
			g[name] = 100
		default:
			g[name] = min(10*p.count(r), 99)
		}
	}
	return true, g
}

func (p *auditTTC) legal() []string {
	if end, _ := p.outcome(); end {
		return nil
	}
	me := auditTTCLetter[p.role]
	var out []string
	for x := 1; x <= 7; x++ {
		for y := 1; y <= 7; y++ {
			if p.board[x][y] != me {
				continue
			}
			for dx := -2; dx <= 2; dx++ {
				for dy := -2; dy <= 2; dy++ {
					tx, ty := x+dx, y+dy
					if tx < 1 || tx > 7 || ty < 1 || ty > 7 || auditTTCBorder(tx, ty) {
						continue
					}
					adx, ady := max(dx, -dx), max(dy, -dy)
					dest := p.board[tx][ty]
					capture := adx <= 1 && ady <= 1 && (adx+ady) > 0 && dest != '.' && dest != me
					ell := adx*ady == 2 && dest == '.'
					if capture || ell {
						out = append(out, fmt.Sprintf("(move %d %d %d %d)", x, y, tx, ty))
					}
				}
			}
		}
	}
	if len(out) == 0 {
		return []string{"noop"}
	}
	return out
}

func (p *auditTTC) apply(m string) {
	if m != "noop" {
		var x1, y1, x2, y2 int
		if _, err := fmt.Sscanf(m, "(move %d %d %d %d)", &x1, &y1, &x2, &y2); err != nil {
			panic(m)
		}
		p.board[x2][y2] = p.board[x1][y1]
		p.board[x1][y1] = '.'
		if s := auditTTCSpawn[p.role]; s == [2]int{x1, y1} {
			p.board[x1][y1] = auditTTCLetter[p.role]
		}
	}
	p.role = (p.role + 1) % 4
	p.step++
}

// auditTTCPos places pieces: cells maps "XY" (e.g. "34") to a role letter,
// on top of the four spawn pieces.
func auditTTCPos(pieces map[string]byte, role string, step int) string {
	p := &auditTTC{step: step}
	for x := 1; x <= 7; x++ {
		for y := 1; y <= 7; y++ {
			p.board[x][y] = '.'
		}
	}
	for i, s := range auditTTCSpawn {
		p.board[s[0]][s[1]] = auditTTCLetter[i]
	}
	for k, v := range pieces {
		p.board[k[0]-'0'][k[1]-'0'] = v
	}
	for i, r := range auditTTCRoles {
		if r == role {
			p.role = i
		}
	}
	return p.String()
}

// ---------------------------------------------------------------------------
// Tic-Tac-Chess tests

func TestAuditTTCStart(t *testing.T) {
	l := auditPlay(t, "tictacchess", "")[0]
	if l.Position != auditTTCStart || l.ToMove != "red" || l.Terminal {
		t.Errorf("start %+v", l)
	}
	auditSameSet(t, "red's first moves", l.Legal, []string{"(move 1 4 2 2)", "(move 1 4 2 6)", "(move 1 4 3 3)", "(move 1 4 3 5)"})
	// A player with a legal move must move: no pass; no ell onto the border.
	for i, l := range auditSession(t, "tictacchess", "", "noop", "(move 1 4 3 5)", "noop")[1:] {
		if (l.Error != "") != (i != 1) {
			t.Errorf("line %d: %+v", i+1, l)
		}
	}
}

func TestAuditTTCOpeningPositions(t *testing.T) {
	// Hand-computed: each first move leaves a new piece on the spawn cell,
	// the turn passes red -> yellow -> blue -> green -> red, step +1.
	moves := []string{"(move 1 4 3 3)", "(move 4 1 5 3)", "(move 7 4 5 5)", "(move 4 7 3 5)", "(move 3 3 4 5)"}
	want := []string{
		"...g.../......./......./r.....b/..r..../......./...y... yellow 2",
		"...g.../......./......./r.....b/..r.y../......./...y... blue 3",
		"...g.../......./....b../r.....b/..r.y../......./...y... green 4",
		"...g.../......./..g.b../r.....b/..r.y../......./...y... red 5",
		"...g.../......./..grb../r.....b/....y../......./...y... yellow 6", // (3 3) not a spawn: no new piece
	}
	lines := auditPlay(t, "tictacchess", "", moves...)
	for i, w := range want {
		if lines[i+1].Position != w {
			t.Errorf("after %s: %q, want %q", moves[i], lines[i+1].Position, w)
		}
		if lines[i+1].ToMove != auditTTCRoles[(i+1)%4] {
			t.Errorf("after %s: to_move %q", moves[i], lines[i+1].ToMove)
		}
	}
}

func TestAuditTTCMoves(t *testing.T) {
	for _, tt := range []struct {
		name   string
		pieces map[string]byte
		role   string
		step   int
	}{
		// Red at (4 4) ringed by enemies of three colours (no line): 8
		// captures (orthogonal and diagonal) and 8 ell moves; red's spawn
		// piece has ell targets (3 3) and (3 5) occupied, so only (2 2), (2 6).
		{"captures all around", map[string]byte{"44": 'r', "33": 'y', "43": 'b', "53": 'g', "34": 'g', "54": 'y', "35": 'b', "45": 'y', "55": 'g'}, "red", 13},
		// Ell only to an empty cell: enemy and own pieces on ell targets.
		{"ell only to empty", map[string]byte{"33": 'r', "45": 'y', "54": 'r', "52": 'g', "24": 'b'}, "red", 13},
		// Border: from (5 5) the ells to (7 6), (7 4), (6 7), (4 7) are off
		// limits; from (6 4) the blue spawn (7 4) cannot be captured; from
		// (3 6) the green spawn (4 7) cannot be captured.
		{"border", map[string]byte{"55": 'r', "64": 'r', "36": 'r'}, "red", 13},
		// Own pieces are never captured; distance-2 enemies are not captures.
		{"no own capture, no long capture", map[string]byte{"44": 'y', "45": 'y', "46": 'r', "24": 'r', "42": 'b'}, "yellow", 14},
		// Yellow's spawn piece: captures onto the row Y=2.
		{"spawn piece captures", map[string]byte{"32": 'r', "42": 'b', "52": 'g'}, "yellow", 6},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pos := auditTTCPos(tt.pieces, tt.role, tt.step)
			model := auditParseTTC(t, pos)
			l := auditPlay(t, "tictacchess", pos)[0]
			auditSameSet(t, "legal", l.Legal, model.legal())
			for _, m := range model.legal() {
				p := auditParseTTC(t, pos)
				p.apply(m)
				if got := auditLast(t, "tictacchess", pos, m); got.Position != p.String() {
					t.Errorf("%s: position %q, want %q", m, got.Position, p.String())
				}
			}
		})
	}
	// Explicit expectations for the first table row, by hand.
	pos := auditTTCPos(map[string]byte{"44": 'r', "33": 'y', "43": 'b', "53": 'g', "34": 'g', "54": 'y', "35": 'b', "45": 'y', "55": 'g'}, "red", 13)
	want := []string{"(move 1 4 2 2)", "(move 1 4 2 6)"}
	for _, d := range [][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
		want = append(want, fmt.Sprintf("(move 4 4 %d %d)", 4+d[0], 4+d[1]))
	}
	auditSameSet(t, "ring", auditPlay(t, "tictacchess", pos)[0].Legal, want)
	// Illegal: another player's piece, an empty start, a step to an empty
	// cell, a capture of a piece two cells away, an ell onto the border,
	// an ell onto an occupied cell, a pass.
	bad := []string{"(move 3 3 2 2)", "(move 2 2 4 3)", "(move 1 4 2 4)", "(move 4 4 4 6)", "(move 1 4 2 6 7)", "(move 1 4 3 3)", "(move 4 4 6 5 )x", "noop", "(move 4 4 5 6)"}
	for i, l := range auditSession(t, "tictacchess", pos, bad...)[1:] {
		if (l.Error == "") != (i == len(bad)-1) {
			t.Errorf("%s: %+v", bad[i], l)
		}
	}
	// A capture removes the piece: yellow 4 -> 3 pieces, red's piece moves.
	l := auditLast(t, "tictacchess", pos, "(move 4 4 5 4)")
	if l.Position != "...g.../......./..byg../r.g.r.b/..ybg../......./...y... yellow 14" {
		t.Errorf("capture: %q", l.Position)
	}
}

func TestAuditTTCForcedPass(t *testing.T) {
	// Yellow's only piece is on (4 1); its ell targets (2 2), (6 2), (3 3),
	// (5 3) are all occupied and (3 2), (4 2), (5 2) hold no enemy.
	pos := auditTTCPos(map[string]byte{"22": 'r', "33": 'r', "62": 'b', "53": 'b'}, "yellow", 14)
	lines := auditSession(t, "tictacchess", pos, "(move 4 1 3 3)", "noop", "noop")
	if got := lines[0].Legal; len(got) != 1 || got[0] != "noop" {
		t.Fatalf("stuck yellow: legal %v, want [noop]", got)
	}
	if lines[1].Error == "" {
		t.Errorf("an ell onto an occupied cell was accepted")
	}
	if l := lines[2]; l.Error != "" || l.ToMove != "blue" || l.Position != strings.Replace(pos, "yellow 14", "blue 15", 1) {
		t.Errorf("pass: %+v; the pass moves control on and counts a step", l)
	}
	if lines[3].Error == "" {
		t.Errorf("blue passed although it has moves")
	}
}

func TestAuditTTCCentreLines(t *testing.T) {
	knight := [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
	for li, line := range auditTTCCentreLines {
		for gap := 0; gap < 3; gap++ {
			// Red holds two cells, a third red piece ells into the gap.
			target := line[gap]
			for _, k := range knight {
				sx, sy := target[0]-k[0], target[1]-k[1]
				if sx < 2 || sx > 6 || sy < 2 || sy > 6 {
					continue
				}
				src := fmt.Sprintf("%d%d", sx, sy)
				pieces := map[string]byte{src: 'r'}
				clash := false
				for i, c := range line {
					if i != gap {
						k := fmt.Sprintf("%d%d", c[0], c[1])
						clash = clash || k == src
						pieces[k] = 'r'
					}
				}
				if clash {
					continue
				}
				pos := auditTTCPos(pieces, "red", 13)
				move := fmt.Sprintf("(move %d %d %d %d)", sx, sy, target[0], target[1])
				p := auditParseTTC(t, pos)
				if end, _ := p.outcome(); end {
					continue // the piece itself already makes a line
				}
				p.apply(move)
				if end, g := p.outcome(); !end || g["red"] != 100 {
					t.Fatalf("bad test")
				}
				l := auditLast(t, "tictacchess", pos, move)
				if l.Position != p.String() {
					t.Errorf("line %d: position %q, want %q", li, l.Position, p.String())
				}
				auditGoals(t, l, map[string]int{"red": 100, "yellow": 10, "blue": 10, "green": 10})
				break
			}
		}
	}
	// A capture completes a line (yellow's piece on (4 4) is taken).
	pos := auditTTCPos(map[string]byte{"33": 'r', "55": 'r', "44": 'y', "43": 'r', "52": 'y'}, "red", 13)
	l := auditLast(t, "tictacchess", pos, "(move 4 3 4 4)")
	auditGoals(t, l, map[string]int{"red": 100, "yellow": 20, "blue": 10, "green": 10})
	// Lines that leave the central 3x3 do not count.
	for _, tt := range []struct {
		pieces map[string]byte
		move   string
	}{
		{map[string]byte{"23": 'r', "33": 'r', "22": 'r'}, "(move 2 2 4 3)"}, // row Y=3, X=2..4
		{map[string]byte{"22": 'r', "33": 'r', "52": 'r'}, "(move 5 2 4 4)"}, // diagonal (2 2)-(4 4)
		{map[string]byte{"35": 'r', "36": 'r', "42": 'r'}, "(move 4 2 3 4)"}, // column X=3, Y=4..6
		{map[string]byte{"33": 'r', "53": 'r', "32": 'r'}, "(move 3 2 4 4)"}, // bent, not a line
		{map[string]byte{"33": 'r', "55": 'r', "26": 'r'}, "(move 2 6 4 5)"}, // no line
	} {
		pos := auditTTCPos(tt.pieces, "red", 13)
		p := auditParseTTC(t, pos)
		p.apply(tt.move)
		if end, _ := p.outcome(); end {
			t.Fatalf("bad test %s", tt.move)
		}
		if l := auditLast(t, "tictacchess", pos, tt.move); l.Terminal || l.Position != p.String() {
			t.Errorf("%s on %s: terminal %v position %q, want %q", tt.move, pos, l.Terminal, l.Position, p.String())
		}
	}
}

func TestAuditTTCStepLimit(t *testing.T) {
	// Step 31 (blue): one action later the game goes on; at 32 (green) one
	// action ends it at step 33.
	mid := auditTTCPos(map[string]byte{"22": 'r', "26": 'r', "66": 'b'}, "blue", 31)
	lines := auditPlay(t, "tictacchess", mid, "(move 6 6 5 4)", "(move 4 7 3 5)")
	if lines[1].Terminal || lines[1].ToMove != "green" || !strings.HasSuffix(lines[1].Position, " green 32") {
		t.Errorf("after step 31: %+v", lines[1])
	}
	end := lines[2]
	if !strings.HasSuffix(end.Position, " red 33") {
		t.Errorf("end position %q, want step 33 with red next", end.Position)
	}
	auditGoals(t, end, map[string]int{"red": 30, "yellow": 10, "blue": 20, "green": 20})
	// A pass at step 32 ends the game too.
	stuck32 := auditTTCPos(map[string]byte{"26": 'r', "35": 'r', "66": 'y', "55": 'y'}, "green", 32)
	if got := auditPlay(t, "tictacchess", stuck32)[0].Legal; len(got) != 1 || got[0] != "noop" {
		t.Fatalf("bad test: green should be stuck, legal %v", got)
	}
	auditGoals(t, auditLast(t, "tictacchess", stuck32, "noop"), map[string]int{"red": 30, "yellow": 30, "blue": 10, "green": 10})
	// Step 33 reads as terminal; step 34 and 0 are invalid.
	auditGoals(t, auditPlay(t, "tictacchess", strings.Replace(auditTTCStart, "red 1", "red 33", 1))[0], map[string]int{"red": 10, "yellow": 10, "blue": 10, "green": 10})
	// A line on the 32nd action: 100 for the line.
	lastLine := auditTTCPos(map[string]byte{"33": 'g', "35": 'g', "55": 'g', "22": 'g', "26": 'r'}, "green", 32)
	auditGoals(t, auditLast(t, "tictacchess", lastLine, "(move 2 2 3 4)"), map[string]int{"red": 20, "yellow": 10, "blue": 10, "green": 100})
}

func TestAuditTTCThirtyTwoActions(t *testing.T) {
	// Exactly 32 actions from the start: the game must be over after the
	// 32nd and not before (unless a centre line ends it earlier).
	rng := rand.New(rand.NewSource(33))
	for game := 0; game < 20; game++ {
		p := auditParseTTC(t, auditTTCStart)
		var moves []string
		for {
			if end, _ := p.outcome(); end {
				break
			}
			legal := p.legal()
			// Prefer moves that avoid centre lines so games run long.
			var calm []string
			for _, m := range legal {
				q := *p
				q.apply(m)
				if end, _ := q.outcome(); !end || q.step == 33 {
					calm = append(calm, m)
				}
			}
			if len(calm) > 0 {
				legal = calm
			}
			m := legal[rng.Intn(len(legal))]
			moves = append(moves, m)
			p.apply(m)
		}
		lines := auditPlay(t, "tictacchess", "", moves...)
		last := lines[len(lines)-1]
		if !last.Terminal {
			t.Fatalf("game %d not over after %d actions", game, len(moves))
		}
		anyLine := false
		for r := range auditTTCRoles {
			anyLine = anyLine || p.hasLine(r)
		}
		if !anyLine && len(moves) != 32 {
			t.Errorf("game %d ended after %d actions without a line", game, len(moves))
		}
	}
}

func TestAuditTTCGoalCap(t *testing.T) {
	// Red can have at most 1 + 8 pieces after 32 actions (one spawn per own
	// move), so 90 is the most a piece count can reach; the 99 cap of RULES.md
	// never applies to a position the rules produce. Nine red pieces score 90.
	nine := map[string]byte{"22": 'r', "23": 'r', "24": 'r', "25": 'r', "26": 'r', "62": 'r', "63": 'r', "65": 'r', "66": 'g'}
	pos := auditTTCPos(nine, "green", 32)
	auditGoals(t, auditLast(t, "tictacchess", pos, "(move 6 6 4 5)"), map[string]int{"red": 90, "yellow": 10, "blue": 10, "green": 20})
	// Ten red pieces at step 32 cannot occur: refused, or else capped at 99.
	nine["64"] = 'r'
	pos = auditTTCPos(nine, "green", 32)
	if ok, msg := auditRefused(t, "tictacchess", pos); ok {
		t.Logf("ten red pieces refused: %s", strings.TrimSpace(msg))
	} else {
		auditGoals(t, auditLast(t, "tictacchess", pos, "(move 6 6 4 5)"), map[string]int{"red": 99, "yellow": 10, "blue": 10, "green": 20})
	}
}

func TestAuditTTCAfterEnd(t *testing.T) {
	pos := auditTTCPos(map[string]byte{"33": 'r', "43": 'r', "45": 'r'}, "red", 13)
	lines := auditSession(t, "tictacchess", pos, "(move 4 5 3 3)", "(move 4 5 5 3)", "(move 4 1 3 3)", "noop")
	if !lines[2].Terminal || lines[2].Goals["red"] != 100 {
		t.Fatalf("line (3 3)-(4 3)-(5 3) did not end the game: %+v", lines[2])
	}
	if lines[1].Error == "" {
		t.Errorf("(move 4 5 3 3) onto red's own piece accepted")
	}
	if lines[3].Error == "" || lines[4].Error == "" {
		t.Errorf("moves after the end accepted")
	}
}

func TestAuditTTCPositionValidation(t *testing.T) {
	for _, tt := range []struct{ pos, why string }{
		{"...g.../......./r.....b/......./......./...y... red 1", "6 rows"},
		{"...g.../......./......./r.....b/......./......./...y.../....... red 1", "8 rows"},
		{"...g.../......./......../r.....b/......./......./...y... red 1", "row of 8"},
		{"...g.../......./...x.../r.....b/......./......./...y... red 1", "bad character"},
		{"...g.../......./......./r.....b/......./......./...y... purple 1", "bad role"},
		{"...g.../......./......./r.....b/......./......./...y... red 0", "step 0"},
		{"...g.../......./......./r.....b/......./......./...y... red 34", "step 34"},
		{"...g.../......./......./r.....b/......./......./...y... red x", "step not a number"},
		{"...g.../......./......./r.....b/......./......./...y... red", "missing step"},
		{"...g.../......./......./......b/......./......./...y... red 1", "red spawn empty"},
		{"...g.../......./......./y.....b/......./......./...y... red 1", "red spawn held by yellow"},
		{"...b.../......./......./r.....b/......./......./...y... red 1", "green spawn held by blue"},
		{"...g.../......./......./r.....b/......./......./y..y... red 1", "piece on a border cell"},
		{"...g.../......./......./r.....b/......./......./...y... yellow 1", "role does not match step"},
		{"...g.../......./.rr.r../r.....b/......./......./...y... yellow 2", "red with 4 pieces after one move"},
	} {
		if ok, _ := auditRefused(t, "tictacchess", tt.pos); !ok {
			t.Errorf("%q (%s) accepted", tt.pos, tt.why)
		}
	}
}

// ---------------------------------------------------------------------------
// Differential playouts: every printed line against the models.

func TestAuditRandomPlayouts(t *testing.T) {
	type model interface {
		legal() []string
		apply(string)
		outcome() (bool, map[string]int)
		String() string
	}
	newModel := func(variant string) model {
		switch {
		case strings.HasPrefix(variant, "quad"):
			return auditQuadStart(auditQuadSize(variant))
		case strings.HasPrefix(variant, "pentago"):
			return auditParsePentago(t, variant, auditPentagoStart)
		default:
			return auditParseTTC(t, auditTTCStart)
		}
	}
	games := map[string]int{"quad5": 60, "quad7": 30, "quad11": 10, "pentago": 40, "pentago-split": 40, "tictacchess": 40}
	for _, variant := range []string{"quad5", "quad7", "quad11", "pentago", "pentago-split", "tictacchess"} {
		t.Run(variant, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(len(variant)) * 7919))
			outcomes := map[string]int{}
			for g := 0; g < games[variant]; g++ {
				m := newModel(variant)
				var moves, want []string
				var legal [][]string
				var ends []map[string]int
				for {
					want = append(want, m.String())
					l := m.legal()
					legal = append(legal, l)
					end, goals := m.outcome()
					ends = append(ends, goals)
					if end {
						outcomes[fmt.Sprint(goals)]++
						break
					}
					// Quad: prefer marks so that games sometimes run out of marks.
					if strings.HasPrefix(variant, "quad") && rng.Intn(4) != 0 {
						var marks []string
						for _, mv := range l {
							if strings.HasPrefix(mv, "(mark") {
								marks = append(marks, mv)
							}
						}
						if len(marks) > 0 {
							l = marks
						}
					}
					mv := l[rng.Intn(len(l))]
					moves = append(moves, mv)
					m.apply(mv)
				}
				lines := auditPlay(t, variant, "", moves...)
				for i, l := range lines {
					if l.Position != want[i] {
						t.Fatalf("game %d ply %d: position %q, model %q (moves %v)", g, i, l.Position, want[i], moves[:i])
					}
					auditSameSet(t, fmt.Sprintf("game %d ply %d legal", g, i), l.Legal, legal[i])
					if l.Terminal != (ends[i] != nil) {
						t.Fatalf("game %d ply %d: terminal %v, model %v at %s", g, i, l.Terminal, ends[i] != nil, want[i])
					}
					if ends[i] != nil {
						auditGoals(t, l, ends[i])
					}
					// Every printed position reads back as itself (a finished
					// game too, as terminal with the same goals).
					if g < 5 || ends[i] != nil {
						back := auditPlay(t, variant, l.Position)[0]
						if back.Position != l.Position || back.Terminal != l.Terminal || fmt.Sprint(back.Goals) != fmt.Sprint(l.Goals) || strings.Join(back.Legal, ",") != strings.Join(l.Legal, ",") {
							t.Fatalf("game %d ply %d: %q reads back as %+v", g, i, l.Position, back)
						}
					}
				}
			}
			t.Logf("%s outcomes: %v", variant, outcomes)
		})
	}
}
