package ai

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// toy is tic-tac-toe on a 3×3 board where each role also has blockers:
// (block N) puts a neutral stone on cell N and keeps control, as in Quad,
// so a role can act several times in a row. Three own marks in a line
// win 100/0; a full board is 50/50. It has no Evaluator, so the search
// falls back to random playouts.
type toy struct {
	v      *game.Variant
	cells  [9]int8 // 0 empty, 1 x, 2 o, 3 neutral
	toMove game.Role
	blocks [2]int8
	winner int8 // -1 none, 0 x, 1 o, 2 draw
	hash   uint64
	marks  int
}

var toyZobrist = func() (z [9][4]uint64) {
	r := game.NewRand(99)
	for i := range z {
		for j := range z[i] {
			z[i][j] = r.Uint64()
		}
	}
	return
}()

const toyTurnKey = 0x5555aaaa3333cccc

func toyBlockKey(r game.Role, n int8) uint64 {
	return uint64(n+1) * (0x9e37 + uint64(r)*0x1234567) << 20
}

// Moves: 1..9 mark cell N-1, 11..19 block cell N-11.
func newToy(blocks int8) *toy {
	t := &toy{winner: -1, blocks: [2]int8{blocks, blocks}}
	t.v = &game.Variant{Name: "toy", Roles: []string{"x", "o"}, New: func() game.State { return newToy(blocks) }}
	t.hash = toyBlockKey(0, blocks) ^ toyBlockKey(1, blocks)
	return t
}

// toyFrom builds a position from a 9-character board ("x", "o", "#", ".").
func toyFrom(board string, toMove game.Role, blocks int8) *toy {
	t := newToy(blocks)
	for i, c := range board {
		switch c {
		case 'x':
			t.set(i, 1)
		case 'o':
			t.set(i, 2)
		case '#':
			t.set(i, 3)
		}
	}
	if toMove == 1 {
		t.hash ^= toyTurnKey
	}
	t.toMove = toMove
	t.check()
	return t
}

func (t *toy) set(i int, v int8) {
	t.cells[i] = v
	t.hash ^= toyZobrist[i][v]
	if v != 3 {
		t.marks++
	}
}

var toyLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (t *toy) check() {
	for _, l := range toyLines {
		a := t.cells[l[0]]
		if (a == 1 || a == 2) && t.cells[l[1]] == a && t.cells[l[2]] == a {
			t.winner = a - 1
			return
		}
	}
	for _, c := range t.cells {
		if c == 0 {
			return
		}
	}
	t.winner = 2
}

func (t *toy) Variant() *game.Variant { return t.v }
func (t *toy) ToMove() game.Role      { return t.toMove }
func (t *toy) Terminal() bool         { return t.winner >= 0 }
func (t *toy) Hash() uint64           { return t.hash }

func (t *toy) Legal(buf []game.Move) []game.Move {
	if t.Terminal() {
		return buf
	}
	for i, c := range t.cells {
		if c == 0 {
			buf = append(buf, game.Move(i+1))
		}
	}
	if t.blocks[t.toMove] > 0 {
		for i, c := range t.cells {
			if c == 0 {
				buf = append(buf, game.Move(i+11))
			}
		}
	}
	return buf
}

func (t *toy) IsLegal(m game.Move) bool {
	if t.Terminal() {
		return false
	}
	switch {
	case m >= 1 && m <= 9:
		return t.cells[m-1] == 0
	case m >= 11 && m <= 19:
		return t.cells[m-11] == 0 && t.blocks[t.toMove] > 0
	}
	return false
}

func (t *toy) Apply(m game.Move) {
	if m >= 11 {
		t.set(int(m-11), 3)
		t.hash ^= toyBlockKey(t.toMove, t.blocks[t.toMove])
		t.blocks[t.toMove]--
		t.hash ^= toyBlockKey(t.toMove, t.blocks[t.toMove])
	} else {
		t.set(int(m-1), int8(t.toMove)+1)
		t.toMove = 1 - t.toMove
		t.hash ^= toyTurnKey
	}
	t.check()
}

func (t *toy) Goal(r game.Role) int {
	switch t.winner {
	case 2:
		return 50
	case int8(r):
		return 100
	case 1 - int8(r):
		return 0
	}
	return 0
}

func (t *toy) RandomMove(rng *game.Rand) game.Move {
	var buf [18]game.Move
	ms := t.Legal(buf[:0])
	return ms[rng.Intn(len(ms))]
}

func (t *toy) Clone() game.State { c := *t; return &c }
func (t *toy) CopyFrom(src game.State) {
	*t = *src.(*toy)
}

func (t *toy) FormatMove(m game.Move) string {
	if m >= 11 {
		return fmt.Sprintf("(block %d)", m-11)
	}
	return fmt.Sprintf("(mark %d)", m-1)
}
func (t *toy) ShortMove(m game.Move) string { return t.FormatMove(m) }
func (t *toy) ParseMove(s string) (game.Move, error) {
	var buf [18]game.Move
	for _, m := range t.Legal(buf[:0]) {
		if t.FormatMove(m) == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("bad move %q", s)
}

func (t *toy) String() string {
	var b strings.Builder
	for _, c := range t.cells {
		b.WriteByte(".xo#"[c])
	}
	return fmt.Sprintf("%s %d %d %d", b.String(), t.toMove, t.blocks[0], t.blocks[1])
}
func (t *toy) Describe() string { return t.String() }

// toyEval is toy with a crude Evaluator: open lines per role.
type toyEval struct{ toy }

func (t *toyEval) Clone() game.State { c := *t; return &c }
func (t *toyEval) CopyFrom(src game.State) {
	*t = *src.(*toyEval)
}
func (t *toyEval) Estimate(est []int) {
	score := [2]int{}
	for _, l := range toyLines {
		var n [4]int
		for _, i := range l {
			n[t.cells[i]]++
		}
		if n[2] == 0 && n[3] == 0 {
			score[0] += n[1] * n[1]
		}
		if n[1] == 0 && n[3] == 0 {
			score[1] += n[2] * n[2]
		}
	}
	d := (score[0] - score[1]) * 300
	est[0] = min(max(5000+d, 0), 10000)
	est[1] = 10000 - est[0]
}
