package pentago

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

var variantNames = []string{"pentago", "pentago-split"}

func variant(t testing.TB, name string) *game.Variant {
	t.Helper()
	v, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func parse(t testing.TB, name, pos string) *State {
	t.Helper()
	s, err := variant(t, name).ParsePosition(pos)
	if err != nil {
		t.Fatalf("%s: ParsePosition(%q): %v", name, pos, err)
	}
	return s.(*State)
}

func play(t testing.TB, s *State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		if _, err := game.PlayText(s, text); err != nil {
			t.Fatalf("%q in %q: %v", text, s.String(), err)
		}
	}
}

// grid is the board of a position string as rows from the top.
func grid(pos string) [6]string {
	var g [6]string
	copy(g[:], strings.Split(strings.Fields(pos)[0], "/"))
	return g
}

// referenceLines finds the colours with five in a row by scanning the 6×6
// array of the position string, independently of the bitboards.
func referenceLines(pos string) (red, black bool) {
	g := grid(pos)
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				first := g[r][c]
				if first == '.' {
					continue
				}
				n := 1
				for k := 1; k < 5; k++ {
					rr, cc := r+k*d[0], c+k*d[1]
					if rr < 0 || rr > 5 || cc < 0 || cc > 5 || g[rr][cc] != first {
						break
					}
					n++
				}
				if n == 5 {
					if first == 'r' {
						red = true
					} else {
						black = true
					}
				}
			}
		}
	}
	return red, black
}

// cellAt returns the character of cell (Q X Y) in a position string,
// converting coordinates by hand from RULES.md.
func cellAt(pos string, q, x, y int) byte {
	col := x
	if q == 1 || q == 4 {
		col = x + 3
	}
	fromBottom := y
	if q == 1 || q == 2 {
		fromBottom = y + 3
	}
	return grid(pos)[6-fromBottom][col-1]
}

// setCell returns pos with cell (Q X Y) set to ch.
func setCell(pos string, q, x, y int, ch byte) string {
	col := x
	if q == 1 || q == 4 {
		col = x + 3
	}
	fromBottom := y
	if q == 1 || q == 2 {
		fromBottom = y + 3
	}
	f := strings.Fields(pos)
	b := []byte(f[0])
	b[(6-fromBottom)*7+col-1] = ch
	f[0] = string(b)
	return strings.Join(f, " ")
}

const emptyBoard = "....../....../....../....../....../......"

func TestCoordinates(t *testing.T) {
	tests := []struct {
		q, x, y, row, col int
	}{
		{1, 1, 1, 3, 4},
		{1, 3, 3, 1, 6},
		{2, 1, 3, 1, 1},
		{2, 3, 1, 3, 3},
		{3, 1, 1, 6, 1},
		{3, 3, 3, 4, 3},
		{4, 1, 3, 4, 4},
		{4, 3, 1, 6, 6},
	}
	for _, tc := range tests {
		row, col := RowCol(tc.q, tc.x, tc.y)
		if row != tc.row || col != tc.col {
			t.Errorf("RowCol(%d %d %d) = %d,%d, want %d,%d", tc.q, tc.x, tc.y, row, col, tc.row, tc.col)
		}
		q, x, y := CellQXY(tc.row, tc.col)
		if q != tc.q || x != tc.x || y != tc.y {
			t.Errorf("CellQXY(%d,%d) = %d %d %d, want %d %d %d", tc.row, tc.col, q, x, y, tc.q, tc.x, tc.y)
		}
		d := Decode(PlaceMove(tc.q, tc.x, tc.y))
		if d.Kind != PlaceStone || d.Row != tc.row || d.Col != tc.col || d.Q != tc.q || d.X != tc.x || d.Y != tc.y {
			t.Errorf("Decode(PlaceMove(%d %d %d)) = %+v", tc.q, tc.x, tc.y, d)
		}
		// The stone really lands on that row and column.
		s := NewState(false)
		play(t, s, fmt.Sprintf("(place %d %d %d)", tc.q, tc.x, tc.y))
		if s.At(tc.row, tc.col) != Red {
			t.Errorf("(place %d %d %d): no red stone at row %d col %d in %q", tc.q, tc.x, tc.y, tc.row, tc.col, s)
		}
	}
	seen := map[[2]int]bool{}
	for q := 1; q <= 4; q++ {
		for x := 1; x <= 3; x++ {
			for y := 1; y <= 3; y++ {
				r, c := RowCol(q, x, y)
				seen[[2]int{r, c}] = true
				if q2, x2, y2 := CellQXY(r, c); q2 != q || x2 != x || y2 != y {
					t.Errorf("round trip (%d %d %d) -> %d,%d -> (%d %d %d)", q, x, y, r, c, q2, x2, y2)
				}
			}
		}
	}
	if len(seen) != 36 {
		t.Errorf("(Q X Y) covers %d cells, want 36", len(seen))
	}
	if PlaceMove(5, 1, 1) != game.Noop || PlaceMove(1, 0, 1) != game.Noop || RotateMove(0, true) != game.Noop {
		t.Error("out-of-range constructors must return Noop")
	}
	for q := 1; q <= 4; q++ {
		for _, cw := range []bool{true, false} {
			d := Decode(RotateMove(q, cw))
			if d.Kind != RotateQuadrant || d.Q != q || d.Clockwise != cw {
				t.Errorf("Decode(RotateMove(%d, %v)) = %+v", q, cw, d)
			}
		}
	}
	if Decode(game.Noop).Kind != InvalidMove {
		t.Error("Noop decodes as a move")
	}
}

// TestRotation tracks several stones of the rotated quadrant to their exact
// cells, written out by hand from (X,Y)→(Y,4−X) clockwise and
// (X,Y)→(4−Y,X) counterclockwise, and checks the other quadrants stay put.
func TestRotation(t *testing.T) {
	type stone struct {
		x, y int
		ch   byte
	}
	// The same four stones in the rotated quadrant every time.
	before := []stone{{1, 1, 'r'}, {1, 3, 'b'}, {2, 3, 'r'}, {2, 2, 'b'}}
	afterCW := []stone{{1, 3, 'r'}, {3, 3, 'b'}, {3, 2, 'r'}, {2, 2, 'b'}}
	afterCCW := []stone{{3, 1, 'r'}, {1, 1, 'b'}, {1, 2, 'r'}, {2, 2, 'b'}}
	// Every other quadrant holds an asymmetric pattern that any rotation
	// would change.
	others := []stone{{3, 1, 'r'}, {2, 1, 'b'}}
	for q := 1; q <= 4; q++ {
		for _, cw := range []bool{true, false} {
			pos := emptyBoard + " black rotate" // 5 red, 5 black in pentago
			for _, st := range before {
				pos = setCell(pos, q, st.x, st.y, st.ch)
			}
			n := 0
			for oq := 1; oq <= 4; oq++ {
				if oq == q {
					continue
				}
				for _, st := range others {
					if n < 6 {
						pos = setCell(pos, oq, st.x, st.y, st.ch)
						n++
					}
				}
			}
			s := parse(t, "pentago", pos)
			m := RotateMove(q, cw)
			if !s.IsLegal(m) {
				t.Fatalf("%s illegal in %q", s.FormatMove(m), pos)
			}
			s.Apply(m)
			got := s.String()
			want := afterCW
			if !cw {
				want = afterCCW
			}
			// Build the expected quadrant q.
			wantQ := map[[2]int]byte{}
			for _, st := range want {
				wantQ[[2]int{st.x, st.y}] = st.ch
			}
			for x := 1; x <= 3; x++ {
				for y := 1; y <= 3; y++ {
					w := wantQ[[2]int{x, y}]
					if w == 0 {
						w = '.'
					}
					if g := cellAt(got, q, x, y); g != w {
						t.Errorf("%s: cell (%d %d %d) = %c, want %c (%q -> %q)", s.FormatMove(m), q, x, y, g, w, pos, got)
					}
				}
			}
			for oq := 1; oq <= 4; oq++ {
				if oq == q {
					continue
				}
				for x := 1; x <= 3; x++ {
					for y := 1; y <= 3; y++ {
						if cellAt(got, oq, x, y) != cellAt(pos, oq, x, y) {
							t.Errorf("%s changed quadrant %d at (%d %d)", s.FormatMove(m), oq, x, y)
						}
					}
				}
			}
			if !strings.HasSuffix(got, " red place") {
				t.Errorf("after black's rotation: %q, want red to place", got)
			}
		}
	}
	// Clockwise looks clockwise on the screen: the top-left corner of
	// quadrant 2 goes to its top-right corner, which goes to its
	// bottom-right corner.
	s := NewState(false)
	play(t, s, "213", "2cw")
	if s.At(1, 3) != Red || s.At(1, 1) != Empty {
		t.Errorf("2cw did not move row 1 col 1 to row 1 col 3:\n%s", s.Describe())
	}
	play(t, s, "433", "2cw")
	if s.At(3, 3) != Red {
		t.Errorf("2cw did not move row 1 col 3 to row 3 col 3:\n%s", s.Describe())
	}
	play(t, s, "111", "2ccw")
	if s.At(1, 3) != Red {
		t.Errorf("2ccw did not move row 3 col 3 back to row 1 col 3:\n%s", s.Describe())
	}
}

func TestRotateEmptyQuadrant(t *testing.T) {
	for _, tc := range []struct {
		variant, moves, want string
	}{
		{"pentago", "111", "red rotate"},
		{"pentago-split", "111 222", "red rotate"},
	} {
		s := variant(t, tc.variant).New().(*State)
		play(t, s, strings.Fields(tc.moves)...)
		if !strings.HasSuffix(s.String(), tc.want) {
			t.Fatalf("%s: %q, want %s", tc.variant, s, tc.want)
		}
		for q := 1; q <= 4; q++ {
			for _, cw := range []bool{true, false} {
				c := s.Clone().(*State)
				m := RotateMove(q, cw)
				if !c.IsLegal(m) {
					t.Errorf("%s: %s is not legal in %q", tc.variant, c.FormatMove(m), s)
					continue
				}
				h := c.Hash()
				c.Apply(m)
				if c.ToMove() != RoleBlack || c.Hash() == h {
					t.Errorf("%s: after %s: %q (hash changed %v), want black in control", tc.variant, c.FormatMove(m), c, c.Hash() != h)
				}
				if grid(c.String()) != grid(s.String()) && q != 1 {
					t.Errorf("%s: rotating empty quadrant %d changed the board", tc.variant, q)
				}
			}
		}
	}
}

func TestWinByPlacementEndsBeforeRotation(t *testing.T) {
	// Red has four on the bottom row and places the fifth at (4 2 1).
	start := "....../....../bb..../bb..../....../rrrr.. red place"
	for _, name := range variantNames {
		s := parse(t, name, start)
		if s.Terminal() {
			t.Fatalf("%s: %q is terminal", name, start)
		}
		play(t, s, "421")
		if !s.Terminal() {
			t.Fatalf("%s: five in a row does not end the game: %q", name, s)
		}
		if got := s.Legal(nil); len(got) != 0 {
			t.Errorf("%s: %d legal moves after the win", name, len(got))
		}
		for _, m := range []game.Move{RotateMove(1, true), PlaceMove(1, 1, 1)} {
			if s.IsLegal(m) {
				t.Errorf("%s: %s legal after the win", name, s.FormatMove(m))
			}
		}
		if s.Goal(RoleRed) != 100 || s.Goal(RoleBlack) != 0 || s.Winner() != RoleRed {
			t.Errorf("%s: goals %d/%d, want 100/0", name, s.Goal(RoleRed), s.Goal(RoleBlack))
		}
		if _, err := s.ParseMove("1cw"); err == nil {
			t.Errorf("%s: a rotation parses after the game ended", name)
		}
		// The finished game reads back as terminal.
		p := parse(t, name, s.String())
		if !p.Terminal() || p.Goal(RoleRed) != 100 {
			t.Errorf("%s: %q reads back as not won by red", name, s)
		}
		lines := s.WinningLines()
		want := [5]Square{{6, 1}, {6, 2}, {6, 3}, {6, 4}, {6, 5}}
		if len(lines) != 1 || lines[0] != want {
			t.Errorf("%s: WinningLines = %v, want [%v]", name, lines, want)
		}
	}
}

func TestRotationOutcomes(t *testing.T) {
	// Rotating quadrant 1 clockwise turns red's (1 1 1),(1 1 2) into the
	// top row's (1 1 3),(1 2 3), and black's (1 2 3),(1 3 3) into column
	// 6's (1 3 2),(1 3 1).
	both := "rrr.bb/...r../...r../.....b/.....b/.....b"
	blackOnly := "r...bb/r...../r...../.r...b/..r..b/r....b"
	tests := []struct {
		name, variant, pos, move string
		red, black               int
	}{
		{"two lines at once", "pentago", both + " black rotate", "1cw", 50, 50},
		{"two lines at once, split", "pentago-split", both + " black rotate", "1cw", 50, 50},
		{"red makes black's line", "pentago", blackOnly + " red rotate", "1cw", 0, 100},
		{"other direction makes nothing", "pentago", both + " black rotate", "1ccw", 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := parse(t, tc.variant, tc.pos)
			if s.Terminal() {
				t.Fatalf("%q is terminal already", tc.pos)
			}
			play(t, s, tc.move)
			if s.Goal(RoleRed) != tc.red || s.Goal(RoleBlack) != tc.black {
				t.Errorf("goals %d/%d, want %d/%d in %q", s.Goal(RoleRed), s.Goal(RoleBlack), tc.red, tc.black, s)
			}
			if s.Terminal() != (tc.red+tc.black > 0) {
				t.Errorf("terminal = %v in %q", s.Terminal(), s)
			}
			if r, b := referenceLines(s.String()); r != (tc.red >= 50) || b != (tc.black >= 50) {
				t.Errorf("reference finder: red %v black %v in %q", r, b, s)
			}
		})
	}
}

func TestFullBoardDraw(t *testing.T) {
	// A full board without five in a row; black's last stone is (2 3 3).
	full := "rrbbrr/brbrrb/brbbrb/bbrbrr/rrrrbb/rbbbrb"
	before := "rr.brr/brbrrb/brbbrb/bbrbrr/rrrrbb/rbbbrb black place"
	for _, name := range variantNames {
		s := parse(t, name, before)
		play(t, s, "233")
		if grid(s.String()) != grid(full) {
			t.Fatalf("%s: board %q, want %q", name, s, full)
		}
		if !s.Terminal() || s.Goal(RoleRed) != 50 || s.Goal(RoleBlack) != 50 || s.Winner() != game.NoRole {
			t.Errorf("%s: full board: terminal %v goals %d/%d", name, s.Terminal(), s.Goal(RoleRed), s.Goal(RoleBlack))
		}
		if len(s.Legal(nil)) != 0 || len(s.WinningLines()) != 0 {
			t.Errorf("%s: full board has legal moves or lines", name)
		}
		if !strings.Contains(s.Describe(), "board is full") {
			t.Errorf("%s: Describe does not say the board is full:\n%s", name, s.Describe())
		}
		p := parse(t, name, s.String())
		if !p.Terminal() || p.Goal(RoleRed) != 50 {
			t.Errorf("%s: %q does not read back as a draw", name, s)
		}
	}
}

// allLines lists the 32 lines as (row, col) cells, 0-based from the top
// left, built by walking the board independently of lineMasks.
func allLines() [][5][2]int {
	var out [][5][2]int
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				var l [5][2]int
				ok := true
				for k := 0; k < 5; k++ {
					rr, cc := r+k*d[0], c+k*d[1]
					ok = ok && rr >= 0 && rr < 6 && cc >= 0 && cc < 6
					l[k] = [2]int{rr, cc}
				}
				if ok {
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// TestEveryLine completes each of the 32 lines with each of its five cells
// as the last placement, for red and for black.
func TestEveryLine(t *testing.T) {
	lines := allLines()
	if len(lines) != 32 {
		t.Fatalf("%d lines, want 32", len(lines))
	}
	for li, line := range lines {
		for _, colour := range []byte{'r', 'b'} {
			for last := 0; last < 5; last++ {
				var g [6][6]byte
				for r := range g {
					for c := range g[r] {
						g[r][c] = '.'
					}
				}
				onLine := map[[2]int]bool{}
				for k, cell := range line {
					onLine[cell] = true
					if k != last {
						g[cell[0]][cell[1]] = colour
					}
				}
				// The opponent: 4 stones when red places (red to place,
				// equal counts), 5 when black places (black to place,
				// red one ahead), off the line and without a five.
				other, n, suffix := byte('b'), 4, " red place"
				if colour == 'b' {
					other, n, suffix = 'r', 5, " black place"
				}
				placed := 0
				for i := 0; i < 36 && placed < n; i++ {
					r, c := (i*7)%36/6, (i*7)%36%6 // spread them out
					if onLine[[2]int{r, c}] || g[r][c] != '.' {
						continue
					}
					g[r][c] = other
					if rr, bb := referenceLines(boardString(g)); rr || bb {
						g[r][c] = '.'
						continue
					}
					placed++
				}
				pos := boardString(g) + suffix
				s := parse(t, "pentago", pos)
				if s.Terminal() {
					t.Fatalf("line %d: %q terminal before the last stone", li, pos)
				}
				cell := line[last]
				m := game.Move(cell[0]*6 + cell[1] + 1)
				q, x, y := CellQXY(cell[0]+1, cell[1]+1)
				if m != PlaceMove(q, x, y) {
					t.Fatalf("move encoding of row %d col %d", cell[0]+1, cell[1]+1)
				}
				s.Apply(m)
				winner, loser := RoleRed, RoleBlack
				if colour == 'b' {
					winner, loser = loser, winner
				}
				if !s.Terminal() || s.Goal(winner) != 100 || s.Goal(loser) != 0 {
					t.Errorf("line %d %v, last cell %v, colour %c: terminal %v goals %d/%d in %q",
						li, line, cell, colour, s.Terminal(), s.Goal(RoleRed), s.Goal(RoleBlack), s)
				}
				if got := s.WinningLines(); len(got) != 1 {
					t.Errorf("line %d: WinningLines = %v", li, got)
				}
				if p := parse(t, "pentago", s.String()); p.Goal(winner) != 100 {
					t.Errorf("line %d: %q reads back without the win", li, s)
				}
			}
		}
	}
}

func boardString(g [6][6]byte) string {
	rows := make([]string, 6)
	for r := range g {
		rows[r] = string(g[r][:])
	}
	return strings.Join(rows, "/")
}

func TestTurnCycle(t *testing.T) {
	tests := []struct {
		variant string
		want    []string
	}{
		{"pentago", []string{"red place", "red rotate", "black place", "black rotate"}},
		{"pentago-split", []string{"red place", "black place", "red rotate", "black rotate"}},
	}
	for _, tc := range tests {
		s := variant(t, tc.variant).New().(*State)
		var buf []game.Move
		for i := 0; i < 9; i++ {
			want := tc.want[i%4]
			if got := strings.SplitN(s.String(), " ", 2)[1]; got != want {
				t.Errorf("%s action %d: %q, want %q", tc.variant, i+1, got, want)
			}
			role := s.Variant().RoleName(s.ToMove())
			phase := s.Phase().String()
			if role+" "+phase != want {
				t.Errorf("%s action %d: ToMove/Phase say %s %s, want %s", tc.variant, i+1, role, phase, want)
			}
			buf = s.Legal(buf[:0])
			wantN := 8
			if phase == "place" {
				r, b := s.Stones()
				wantN = 36 - r - b
			}
			if len(buf) != wantN {
				t.Errorf("%s action %d: %d legal moves, want %d", tc.variant, i+1, len(buf), wantN)
			}
			if i < 8 {
				s.Apply(buf[len(buf)/2])
			}
		}
		if r, b := s.Stones(); r != 2 || b != 2 {
			t.Errorf("%s: %d red and %d black stones after 8 actions, want 2 and 2", tc.variant, r, b)
		}
	}
}

func TestInitialPosition(t *testing.T) {
	for _, name := range variantNames {
		v := variant(t, name)
		s := v.New().(*State)
		const start = "....../....../....../....../....../...... red place"
		if s.String() != start {
			t.Errorf("%s: start %q", name, s)
		}
		legal := s.Legal(nil)
		if len(legal) != 36 {
			t.Errorf("%s: %d initial moves, want 36", name, len(legal))
		}
		cells := map[[2]int]bool{}
		for _, m := range legal {
			d := Decode(m)
			if d.Kind != PlaceStone {
				t.Errorf("%s: initial move %s is not a placement", name, s.FormatMove(m))
			}
			cells[[2]int{d.Row, d.Col}] = true
		}
		if len(cells) != 36 {
			t.Errorf("%s: initial placements cover %d cells", name, len(cells))
		}
		if s.Terminal() || s.Goal(RoleRed) != 0 || s.Goal(RoleBlack) != 0 || s.ToMove() != RoleRed {
			t.Errorf("%s: bad start state", name)
		}
		if v.Title == "" || v.Summary == "" || v.Rules == "" || len(v.Roles) != 2 || v.Roles[0] != "red" || v.Roles[1] != "black" {
			t.Errorf("%s: incomplete variant %+v", name, v)
		}
		if p := parse(t, name, start); p.Hash() != s.Hash() {
			t.Errorf("%s: parsed start hashes differently", name)
		}
	}
}

func TestPositionErrors(t *testing.T) {
	tests := []struct {
		name, variant, pos, want string
	}{
		{"fields", "pentago", emptyBoard + " red", "three fields"},
		{"rows", "pentago", "....../....../....../....../...... red place", "6 rows"},
		{"row length", "pentago", "....../......./....../....../....../...... red place", "row 2"},
		{"character", "pentago", "....../....../..x.../....../....../...... red place", "unknown cell"},
		{"role", "pentago", emptyBoard + " white place", "unknown role"},
		{"phase", "pentago", emptyBoard + " red jump", "unknown phase"},
		{"red place, unequal", "pentago", "r...../....../....../....../....../...... red place", "as many stones"},
		{"red rotate, equal", "pentago", "r...../b...../....../....../....../...... red rotate", "one stone more"},
		{"black place, equal", "pentago", emptyBoard + " black place", "one stone more"},
		{"black rotate, unequal", "pentago", "r...../....../....../....../....../...... black rotate", "as many stones"},
		{"split black place, equal", "pentago-split", "r...../b...../....../....../....../...... black place", "one stone more"},
		{"split red rotate, empty", "pentago-split", emptyBoard + " red rotate", "at least 1 red and 1 black"},
		{"split red rotate, unequal", "pentago-split", "r...../....../....../....../....../...... red rotate", "as many stones"},
		{"split black rotate, unequal", "pentago-split", "rr..../b...../....../....../....../...... black rotate", "as many stones"},
		{"line of the wrong colour", "pentago", "rrrrr./b...../b...../b...../bb..../...... black rotate", "only black"},
		{"lines from no single placement", "pentago", "rrrrr./....../rrrrr./bbbb../bbbb../b..... red rotate", "cannot all come from the last placement"},
		{"full board after a rotation", "pentago", "rrbbrr/brbrrb/brbbrb/bbrbrr/rrrrbb/rbbbrb red place", "board is full"},
		{"lines from no single rotation", "pentago", "rrrrr./b.b.b./....../bbbbb./r.r.r./...... red place", "last rotation"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := variant(t, tc.variant).ParsePosition(tc.pos)
			if err == nil {
				t.Fatalf("%q accepted", tc.pos)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not mention %q", err, tc.want)
			}
		})
	}
	// Positions on the edge of the rules are accepted.
	for _, tc := range []struct{ variant, pos string }{
		{"pentago", "RRRRR./b...../b...../b...../b...../...... Red Rotate"},
		{"pentago", "rrrrr./bbbbb./r...../b...../....../...... red place"},
		{"pentago-split", "rrrrr./b...../b...../b...../b...../...... black place"},
		{"pentago-split", "rrbbrr/brbrrb/brbbrb/bbrbrr/rrrrbb/rbbbrb red rotate"},
		{"pentago", "rrbbrr/brbrrb/brbbrb/bbrbrr/rrrrbb/rbbbrb black rotate"},
	} {
		if _, err := variant(t, tc.variant).ParsePosition(tc.pos); err != nil {
			t.Errorf("%s: %q rejected: %v", tc.variant, tc.pos, err)
		}
	}
}

func TestParseMove(t *testing.T) {
	// Black on (2 1 3) = row 1 col 1, red on (4 1 1) = row 6 col 4.
	placing := parse(t, "pentago", "b...../....../....../....../....../...r.. red place")
	rotating := parse(t, "pentago", "b...../....../....../....../....../...r.r red rotate")
	ok := []struct {
		s    *State
		text string
		want game.Move
	}{
		{placing, "(place 1 2 3)", PlaceMove(1, 2, 3)},
		{placing, "( PLACE 1 2 3 )", PlaceMove(1, 2, 3)},
		{placing, "place 3 1 2", PlaceMove(3, 1, 2)},
		{placing, "123", PlaceMove(1, 2, 3)},
		{placing, "1-2-3", PlaceMove(1, 2, 3)},
		{placing, " 4 3 1 ", PlaceMove(4, 3, 1)},
		{placing, "2.2.2", PlaceMove(2, 2, 2)},
		{rotating, "(rotate 4 clockwise)", RotateMove(4, true)},
		{rotating, "(rotate 2 counterclockwise)", RotateMove(2, false)},
		{rotating, "rotate 3 ccw", RotateMove(3, false)},
		{rotating, "4cw", RotateMove(4, true)},
		{rotating, "4CCW", RotateMove(4, false)},
		{rotating, "1 cw", RotateMove(1, true)},
		{rotating, "1+", RotateMove(1, true)},
		{rotating, "1-", RotateMove(1, false)},
		{rotating, "3 clockwise", RotateMove(3, true)},
		{rotating, "3 anticlockwise", RotateMove(3, false)},
	}
	for _, tc := range ok {
		m, err := tc.s.ParseMove(tc.text)
		if err != nil || m != tc.want {
			t.Errorf("ParseMove(%q) = %s, %v; want %s", tc.text, tc.s.FormatMove(m), err, tc.s.FormatMove(tc.want))
		}
	}
	bad := []struct {
		s          *State
		text, want string
	}{
		{placing, "", "empty move"},
		{placing, "noop", "no pass"},
		{placing, "(place 5 1 1)", "quadrant 5 does not exist"},
		{placing, "511", "quadrant 5 does not exist"},
		{rotating, "5cw", "quadrant 5 does not exist"},
		{rotating, "0ccw", "quadrant 0 does not exist"},
		{placing, "(place 1 4 1)", "column X=4"},
		{placing, "(place 1 1 0)", "row Y=0"},
		{placing, "(place 1 1)", "three numbers"},
		{placing, "(place a 1 1)", "not a number"},
		{rotating, "(rotate 1 sideways)", "neither clockwise"},
		{rotating, "(rotate 1)", "rotate takes"},
		{placing, "(jump 1 1)", "unknown move"},
		{placing, "(place 1 1 1", "closing parenthesis"},
		{placing, "12", "three digits"},
		{placing, "1234", "three digits"},
		{placing, "a1", "cannot read move"},
		{placing, "(place 2 1 3)", "(place 2 1 3): the cell is taken by black"},
		{placing, "411", "(place 4 1 1): the cell is taken by red"},
		{rotating, "123", "it is time to rotate, not to place"},
		{placing, "1cw", "it is time to place, not to rotate"},
	}
	for _, tc := range bad {
		m, err := tc.s.ParseMove(tc.text)
		if err == nil {
			t.Errorf("ParseMove(%q) accepted as %s", tc.text, tc.s.FormatMove(m))
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseMove(%q): error %q does not mention %q", tc.text, err, tc.want)
		}
	}
	// Text forms of every move.
	for m := game.Move(1); m <= lastMove; m++ {
		d := Decode(m)
		var kif, short string
		if d.Kind == PlaceStone {
			kif = fmt.Sprintf("(place %d %d %d)", d.Q, d.X, d.Y)
			short = fmt.Sprintf("%d%d%d", d.Q, d.X, d.Y)
		} else if d.Clockwise {
			kif, short = fmt.Sprintf("(rotate %d clockwise)", d.Q), fmt.Sprintf("%dcw", d.Q)
		} else {
			kif, short = fmt.Sprintf("(rotate %d counterclockwise)", d.Q), fmt.Sprintf("%dccw", d.Q)
		}
		if got := placing.FormatMove(m); got != kif {
			t.Errorf("FormatMove(%d) = %q, want %q", m, got, kif)
		}
		if got := placing.ShortMove(m); got != short {
			t.Errorf("ShortMove(%d) = %q, want %q", m, got, short)
		}
	}
}

func TestDescribe(t *testing.T) {
	s := parse(t, "pentago", "b...../....../....../....../....../...r.. red place")
	d := s.Describe()
	for _, want := range []string{"Q1", "Q2", "Q3", "Q4", "| b . . | . . . |", "| . . . | r . . |", "red to place", "red (r) 1, black (b) 1"} {
		if !strings.Contains(d, want) {
			t.Errorf("Describe lacks %q:\n%s", want, d)
		}
	}
	play(t, s, "111")
	if d := s.Describe(); !strings.Contains(d, "red to rotate") {
		t.Errorf("Describe lacks the rotation prompt:\n%s", d)
	}
	w := parse(t, "pentago", "rrrrr./b...../b...../b...../b...../...... red rotate")
	if d := w.Describe(); !strings.Contains(d, "red wins") {
		t.Errorf("Describe of a won game:\n%s", d)
	}
}

// expectedDiff is #red − #black for each role and phase, written out from
// the turn cycles of RULES.md rather than taken from the engine.
var expectedDiff = map[string]map[string]int{
	"pentago":       {"red place": 0, "red rotate": 1, "black place": 1, "black rotate": 0},
	"pentago-split": {"red place": 0, "black place": 1, "red rotate": 0, "black rotate": 0},
}

func checkInvariants(name string) func(t *testing.T, gs game.State) {
	return func(t *testing.T, gs game.State) {
		s := gs.(*State)
		pos := s.String()
		f := strings.Fields(pos)
		nr := strings.Count(f[0], "r")
		nb := strings.Count(f[0], "b")
		if want := expectedDiff[name][f[1]+" "+f[2]]; nr-nb != want {
			t.Errorf("%q: red %d black %d, want difference %d", pos, nr, nb, want)
		}
		if r, b := s.Stones(); r != nr || b != nb {
			t.Errorf("%q: Stones() = %d,%d", pos, r, b)
		}
		red, black := referenceLines(pos)
		full := nr+nb == 36
		if s.Terminal() != (red || black || full) {
			t.Errorf("%q: Terminal() = %v, reference red %v black %v full %v", pos, s.Terminal(), red, black, full)
		}
		wantRed, wantBlack := 0, 0
		switch {
		case red && black, full && !red && !black:
			wantRed, wantBlack = 50, 50
		case red:
			wantRed = 100
		case black:
			wantBlack = 100
		}
		if s.Goal(RoleRed) != wantRed || s.Goal(RoleBlack) != wantBlack {
			t.Errorf("%q: goals %d/%d, want %d/%d", pos, s.Goal(RoleRed), s.Goal(RoleBlack), wantRed, wantBlack)
		}
		if (len(s.WinningLines()) > 0) != (red || black) {
			t.Errorf("%q: WinningLines %v disagrees with the reference", pos, s.WinningLines())
		}
		var est [2]int
		s.Estimate(est[:])
		if est[0] < 0 || est[1] < 0 || est[0]+est[1] != 10000 {
			t.Errorf("%q: Estimate = %v", pos, est)
		}
	}
}

func TestProperties(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for _, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			gametest.Properties(t, variant(t, name), gametest.Options{Games: games, Seed: 1, Check: checkInvariants(name)})
		})
	}
}

func TestNoAllocs(t *testing.T) {
	for _, name := range variantNames {
		gametest.NoAllocs(t, variant(t, name))
	}
	s := NewState(false)
	rng := game.NewRand(3)
	for i := 0; i < 12; i++ {
		s.Apply(s.RandomMove(rng))
	}
	est := make([]int, 2)
	if a := testing.AllocsPerRun(100, func() { s.Estimate(est) }); a != 0 {
		t.Errorf("Estimate allocates %.1f times", a)
	}
}

// TestRandomMoveUniform checks that every empty cell and every rotation
// comes up: a biased selection would leave some out or overweight them.
func TestRandomMoveUniform(t *testing.T) {
	s := parse(t, "pentago", "rb..../....../..r.../...b../....../.....r black place")
	rng := game.NewRand(5)
	counts := map[game.Move]int{}
	const draws = 32000
	for i := 0; i < draws; i++ {
		counts[s.RandomMove(rng)]++
	}
	if len(counts) != 31 {
		t.Fatalf("RandomMove hit %d distinct cells, want 31", len(counts))
	}
	for m, n := range counts {
		if !s.IsLegal(m) || n < draws/31/2 || n > draws/31*2 {
			t.Errorf("%s drawn %d times of %d", s.FormatMove(m), n, draws)
		}
	}
}

func TestEstimate(t *testing.T) {
	tests := []struct {
		name, variant, pos string
		redAbove           int // red's estimate must exceed this
		redBelow           int // and stay below this
	}{
		{"start is even", "pentago", emptyBoard + " red place", 4000, 6000},
		{"red open four, red to place", "pentago", "rrrr../bbb.../....../....../....../b..... red place", 9000, 10001},
		{"black open four, black to place", "pentago", "bbbb../rrr.../....../....../....../r.r... black place", -1, 1000},
		{"rotation wins for red", "pentago", "rrr.../...r../...r../bb..../bb..../...... red rotate", 9000, 10001},
		{"red ahead in the centre", "pentago", "....../.r..r./....../....../.r..b./b..... black place", 5000, 10001},
	}
	for _, tc := range tests {
		s := parse(t, tc.variant, tc.pos)
		var est [2]int
		s.Estimate(est[:])
		if est[0] <= tc.redAbove || est[0] >= tc.redBelow || est[0]+est[1] != 10000 {
			t.Errorf("%s: Estimate = %v, want red in (%d, %d)", tc.name, est, tc.redAbove, tc.redBelow)
		}
	}
	// A finished game gets its exact goals.
	s := parse(t, "pentago", "rrrrr./b...../b...../b...../b...../...... red rotate")
	var est [2]int
	s.Estimate(est[:])
	if est != [2]int{10000, 0} {
		t.Errorf("won game: Estimate = %v", est)
	}
}

// TestEstimateGuidesPlay checks that the estimate means something: a
// player that picks the move with the best estimate one action ahead beats
// a uniformly random player in most games, as red and as black.
func TestEstimateGuidesPlay(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	for _, name := range variantNames {
		for greedy := RoleRed; greedy <= RoleBlack; greedy++ {
			wins := 0
			rng := game.NewRand(uint64(17 + greedy))
			for g := 0; g < games; g++ {
				s := variant(t, name).New().(*State)
				scratch := variant(t, name).New().(*State)
				var buf []game.Move
				est := make([]int, 2)
				for !s.Terminal() {
					if s.ToMove() != greedy {
						s.Apply(s.RandomMove(rng))
						continue
					}
					best, bestValue := game.Noop, -1
					buf = s.Legal(buf[:0])
					for _, m := range buf {
						scratch.CopyFrom(s)
						scratch.Apply(m)
						scratch.Estimate(est)
						// A little noise breaks ties between equal moves.
						if v := est[greedy]*8 + rng.Intn(8); v > bestValue {
							best, bestValue = m, v
						}
					}
					s.Apply(best)
				}
				if s.Goal(greedy) == 100 {
					wins++
				}
			}
			t.Logf("%s: greedy %s won %d of %d games", name, roleName(greedy), wins, games)
			if wins*10 < games*8 {
				t.Errorf("%s: greedy %s won %d of %d games against random play", name, roleName(greedy), wins, games)
			}
		}
	}
}

func roleName(r game.Role) string { return [...]string{"red", "black"}[r] }
