package cli

// Rules audit of Quad (see rules_audit_test.go): the reference model and
// the tests of RULES.md "Quad".

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
)

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
