package quad

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

func variantRules(t *testing.T, name string) *rules {
	t.Helper()
	v, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v.New().(*State).rules
}

func parse(t *testing.T, rl *rules, pos string) *State {
	t.Helper()
	s, err := rl.variant.ParsePosition(pos)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", pos, err)
	}
	return s.(*State)
}

// position builds a position string from lists of cells.
func position(n int, xs, os, ws []Point, role string, xb, ob int) string {
	grid := make([][]byte, n)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", n))
	}
	grid[0][0], grid[0][n-1], grid[n-1][0], grid[n-1][n-1] = '-', '-', '-', '-'
	for _, set := range []struct {
		ch  byte
		pts []Point
	}{{'x', xs}, {'o', os}, {'w', ws}} {
		for _, p := range set.pts {
			grid[p.R-1][p.C-1] = set.ch
		}
	}
	rows := make([]string, n)
	for r := range grid {
		rows[r] = string(grid[r])
	}
	return fmt.Sprintf("%s %s %d %d", strings.Join(rows, "/"), role, xb, ob)
}

func pts(t *testing.T, cells ...string) []Point {
	t.Helper()
	var out []Point
	for _, c := range cells {
		var p Point
		if _, err := fmt.Sscanf(c, "r%dc%d", &p.R, &p.C); err != nil {
			t.Fatalf("bad cell %q", c)
		}
		out = append(out, p)
	}
	return out
}

func TestVariants(t *testing.T) {
	tests := []struct {
		name, title, start   string
		marks, blocks        int
		legalMarks, legalBlk int
	}{
		{"quad5", "Quad 5×5", "-...-/...../...../...../-...- x 0 0", 8, 0, 21, 0},
		{"quad7", "Quad 7×7", "-.....-/......./......./......./......./......./-.....- x 5 5", 12, 5, 45, 45},
		{"quad11", "Quad 11×11", "-.........-/" + strings.Repeat(".........../", 9) + "-.........- x 7 7", 20, 7, 117, 117},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := game.Lookup(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			if v.Title != tc.title || len(v.Roles) != 2 || v.Roles[0] != "x" || v.Roles[1] != "o" {
				t.Fatalf("title %q roles %v", v.Title, v.Roles)
			}
			if v.Summary == "" || strings.Count(v.Rules, "\n") < 8 {
				t.Fatalf("summary or rules text missing")
			}
			s := v.New().(*State)
			if got := s.String(); got != tc.start {
				t.Fatalf("start %q, want %q", got, tc.start)
			}
			if s.ToMove() != RoleX || s.Terminal() {
				t.Fatalf("x must be in control of a game in progress")
			}
			for _, r := range []game.Role{RoleX, RoleO} {
				if s.MarksLeft(r) != tc.marks || s.BlockersLeft(r) != tc.blocks {
					t.Fatalf("role %d: %d marks %d blockers", r, s.MarksLeft(r), s.BlockersLeft(r))
				}
			}
			marks, blocks := 0, 0
			for _, m := range s.Legal(nil) {
				switch k, _, _ := Decode(m); k {
				case Mark:
					marks++
				case Block:
					blocks++
				default:
					t.Fatalf("legal move %v of unknown kind", m)
				}
			}
			if marks != tc.legalMarks || blocks != tc.legalBlk {
				t.Fatalf("initial legal moves: %d marks + %d blocks, want %d + %d", marks, blocks, tc.legalMarks, tc.legalBlk)
			}
		})
	}
}

func TestCornersAreMissing(t *testing.T) {
	for _, name := range []string{"quad5", "quad7", "quad11"} {
		rl := variantRules(t, name)
		s := rl.newState()
		n := rl.n
		for _, p := range []Point{{1, 1}, {1, n}, {n, 1}, {n, n}} {
			if s.At(p.R, p.C) != Missing {
				t.Errorf("%s r%dc%d is not Missing", name, p.R, p.C)
			}
			for _, m := range []game.Move{MarkMove(p.R, p.C), BlockMove(p.R, p.C)} {
				if s.IsLegal(m) {
					t.Errorf("%s: %s is legal on a missing corner", name, s.FormatMove(m))
				}
				for _, text := range []string{s.FormatMove(m), s.ShortMove(m)} {
					if _, err := s.ParseMove(text); err == nil || !strings.Contains(err.Error(), "missing corner") {
						t.Errorf("%s: ParseMove(%q) error %v, want a missing corner", name, text, err)
					}
				}
			}
		}
		// A neighbour of a corner is a board cell.
		if !s.IsLegal(MarkMove(1, 2)) || s.At(1, 2) != Empty {
			t.Errorf("%s: r1c2 must be an empty board cell", name)
		}
	}
}

func TestBlockKeepsControl(t *testing.T) {
	rl := variantRules(t, "quad7")
	s := rl.newState()
	for i := 1; i <= 5; i++ {
		m, err := game.PlayText(s, fmt.Sprintf("b r2c%d", i+1))
		if err != nil {
			t.Fatal(err)
		}
		if k, _, _ := Decode(m); k != Block {
			t.Fatalf("b r2c%d decoded as %v", i+1, k)
		}
		if s.ToMove() != RoleX || s.BlockersLeft(RoleX) != 5-i || s.MarksLeft(RoleX) != 12 {
			t.Fatalf("after %d blocks: %s in control, %d blockers, %d marks", i, rl.variant.Roles[s.ToMove()], s.BlockersLeft(RoleX), s.MarksLeft(RoleX))
		}
		if s.At(2, i+1) != White {
			t.Fatalf("r2c%d is %v, want a white stone", i+1, s.At(2, i+1))
		}
	}
	if _, err := s.ParseMove("b r5c5"); err == nil || !strings.Contains(err.Error(), "x has no blockers left") {
		t.Fatalf("sixth block: error %v", err)
	}
	if s.IsLegal(BlockMove(5, 5)) {
		t.Fatal("IsLegal allows a block without blockers")
	}
	for _, m := range s.Legal(nil) {
		if k, _, _ := Decode(m); k != Mark {
			t.Fatalf("x without blockers may %s", s.FormatMove(m))
		}
	}
	if _, err := s.ParseMove("r2c3"); err == nil || !strings.Contains(err.Error(), "white stone") {
		t.Fatalf("mark on white: error %v", err)
	}
	if _, err := game.PlayText(s, "(mark r4 c4)"); err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != RoleO || s.MarksLeft(RoleX) != 11 || s.BlockersLeft(RoleO) != 5 {
		t.Fatalf("after the mark: %s in control, x marks %d, o blockers %d", rl.variant.Roles[s.ToMove()], s.MarksLeft(RoleX), s.BlockersLeft(RoleO))
	}
	if !s.IsLegal(BlockMove(5, 5)) {
		t.Fatal("o cannot block with 5 blockers")
	}
	want := "-.....-/.wwwww./......./...x.../......./......./-.....- o 0 5"
	if s.String() != want {
		t.Fatalf("position %q, want %q", s.String(), want)
	}
}

func TestQuad5NeverBlocks(t *testing.T) {
	rl := variantRules(t, "quad5")
	s := rl.newState()
	rng := game.NewRand(5)
	for !s.Terminal() {
		if _, err := s.ParseMove("b r3c3"); err == nil {
			t.Fatal("quad5 accepted a block")
		}
		for r := 1; r <= 5; r++ {
			for c := 1; c <= 5; c++ {
				if s.IsLegal(BlockMove(r, c)) {
					t.Fatalf("block r%dc%d legal in quad5", r, c)
				}
			}
		}
		s.Apply(s.RandomMove(rng))
	}
	if _, err := rl.newState().ParseMove("(block r3 c3)"); err == nil || !strings.Contains(err.Error(), "no blockers") {
		t.Fatalf("quad5 block: error %v", err)
	}
}

// fillers returns k board cells outside avoid, from the bottom row up,
// for the other player's marks in the square tests.
func fillers(n, k int, avoid []Point) []Point {
	var out []Point
	for r := n; r >= 1 && len(out) < k; r-- {
	cells:
		for c := 1; c <= n && len(out) < k; c++ {
			if (r == 1 || r == n) && (c == 1 || c == n) {
				continue
			}
			for _, a := range avoid {
				if a == (Point{r, c}) {
					continue cells
				}
			}
			out = append(out, Point{r, c})
		}
	}
	return out
}

func TestSquares(t *testing.T) {
	tests := []struct {
		variant string
		corners []string // in cyclic order
	}{
		{"quad5", []string{"r2c2", "r2c3", "r3c3", "r3c2"}},      // axis, side 1
		{"quad5", []string{"r2c2", "r2c4", "r4c4", "r4c2"}},      // axis, side 2
		{"quad5", []string{"r2c3", "r3c5", "r5c4", "r4c2"}},      // tilted (1,2): RULES.md example
		{"quad5", []string{"r1c3", "r2c4", "r3c3", "r2c2"}},      // tilted (1,1)
		{"quad7", []string{"r2c2", "r2c3", "r3c3", "r3c2"}},      // axis 1
		{"quad7", []string{"r3c3", "r3c5", "r5c5", "r5c3"}},      // axis 2
		{"quad7", []string{"r2c2", "r2c5", "r5c5", "r5c2"}},      // axis 3
		{"quad7", []string{"r1c2", "r1c6", "r5c6", "r5c2"}},      // axis 4, touching the top edge
		{"quad7", []string{"r2c3", "r3c5", "r5c4", "r4c2"}},      // tilted (1,2)
		{"quad7", []string{"r2c2", "r5c3", "r4c6", "r1c5"}},      // tilted (3,1)
		{"quad7", []string{"r3c2", "r5c4", "r3c6", "r1c4"}},      // tilted (2,2)
		{"quad7", []string{"r1c4", "r4c7", "r7c4", "r4c1"}},      // tilted (3,3), the largest diamond
		{"quad11", []string{"r2c2", "r2c10", "r10c10", "r10c2"}}, // axis 8
		{"quad11", []string{"r4c1", "r8c4", "r5c8", "r1c5"}},     // tilted (4,3)
		{"quad11", []string{"r6c6", "r7c6", "r7c7", "r6c7"}},     // axis 1 in the middle
		{"quad11", []string{"r1c6", "r6c11", "r11c6", "r6c1"}},   // tilted (5,5)
		{"quad11", []string{"r2c3", "r3c5", "r5c4", "r4c2"}},     // tilted (1,2)
		{"quad11", []string{"r10c1", "r11c10", "r2c11", "r1c2"}}, // tilted (1,9), near the missing corners
	}
	for _, tc := range tests {
		for _, owner := range []Cell{X, O} {
			name := fmt.Sprintf("%s/%s/%v", tc.variant, strings.Join(tc.corners, ","), owner)
			t.Run(name, func(t *testing.T) {
				rl := variantRules(t, tc.variant)
				corners := pts(t, tc.corners...)
				if !refIsSquare(rl.n, [4]Point(corners)) {
					t.Fatalf("test data: %v is not a square", corners)
				}
				// Three corners, then the fourth.
				own := corners[:3]
				var pos string
				if owner == X {
					pos = position(rl.n, own, fillers(rl.n, 3, corners), nil, "x", int(rl.blockers), int(rl.blockers))
				} else {
					pos = position(rl.n, fillers(rl.n, 4, corners), own, nil, "o", int(rl.blockers), int(rl.blockers))
				}
				s := parse(t, rl, pos)
				if s.Terminal() {
					t.Fatalf("three corners end the game: %q", pos)
				}
				last := corners[3]
				if _, err := game.PlayText(s, fmt.Sprintf("r%dc%d", last.R, last.C)); err != nil {
					t.Fatal(err)
				}
				wx, wo := 100, 0
				if owner == O {
					wx, wo = 0, 100
				}
				if !s.Terminal() || s.Goal(RoleX) != wx || s.Goal(RoleO) != wo {
					t.Fatalf("after the fourth corner: terminal %v goals %d/%d, want %d/%d", s.Terminal(), s.Goal(RoleX), s.Goal(RoleO), wx, wo)
				}
				got, ok := s.WinningSquare()
				if !ok || sortedPoints(got) != sortedPoints([4]Point(corners)) {
					t.Fatalf("WinningSquare %v %v, want %v", got, ok, corners)
				}
				// The same position read from its string is terminal too.
				p := parse(t, rl, s.String())
				if !p.Terminal() || p.Goal(RoleX) != wx {
					t.Fatalf("read back %q: terminal %v goal %d", s.String(), p.Terminal(), p.Goal(RoleX))
				}
			})
		}
	}
}

func TestThreeCornersDoNotWin(t *testing.T) {
	rl := variantRules(t, "quad7")
	// x holds r2c3, r3c5 and r5c4 of the tilted square, plus r4c3 which
	// is a corner of no square with them; o has four scattered marks.
	pos := position(rl.n, pts(t, "r2c3", "r3c5", "r5c4"), pts(t, "r7c2", "r7c3", "r7c4"), nil, "x", 5, 5)
	s := parse(t, rl, pos)
	if _, err := game.PlayText(s, "r4c3"); err != nil {
		t.Fatal(err)
	}
	if s.Terminal() || s.Goal(RoleX) != 0 || s.Goal(RoleO) != 0 {
		t.Fatalf("no square, but terminal %v goals %d/%d", s.Terminal(), s.Goal(RoleX), s.Goal(RoleO))
	}
	if _, ok := s.WinningSquare(); ok {
		t.Fatal("WinningSquare in a game in progress")
	}
	// A rectangle is not a square.
	pos = position(rl.n, pts(t, "r2c2", "r2c4", "r3c4"), pts(t, "r7c2", "r7c3", "r7c4"), nil, "x", 5, 5)
	s = parse(t, rl, pos)
	if _, err := game.PlayText(s, "r3c2"); err != nil {
		t.Fatal(err)
	}
	if s.Terminal() {
		t.Fatal("a 1×2 rectangle ended the game")
	}
}

// finalCase describes a game that ends on o's last mark with both players'
// marks used up.
type finalCase struct {
	name, variant string
	xb, ob        int
	accept        func(s *State) bool // on the final board
	wantX, wantO  int
	wantOpenQuad  bool
}

// threeAndWhite reports whether who has three corners of a square whose
// fourth corner is a white stone.
func threeAndWhite(s *State, who Cell) bool {
	found := false
	refSquares(s.Size(), owned(s, who), func(sq [4]refPoint) bool {
		own, white := 0, 0
		for _, x := range sq {
			switch s.At(x.r, x.c) {
			case who:
				own++
			case White:
				white++
			}
		}
		found = found || own == 3 && white == 1
		return !found
	})
	return found
}

// findFinal searches, deterministically, for a final board of rl with the
// given blockers left: no square for anyone, both players' marks all
// placed, and accept true. It uses only the reference square code. It
// returns the position just before o's last mark, and that mark.
func findFinal(t *testing.T, rl *rules, xb, ob int, fillThreats bool, accept func(*State) bool) (string, Point) {
	t.Helper()
	var board []Point
	for r := 1; r <= rl.n; r++ {
		for c := 1; c <= rl.n; c++ {
			if rl.onBoard(r-1, c-1) {
				board = append(board, Point{r, c})
			}
		}
	}
	m := int(rl.marks)
	whites := 2*int(rl.blockers) - xb - ob
	rng := game.NewRand(42)
	for try := 0; try < 200000; try++ {
		for i := len(board) - 1; i > 0; i-- {
			j := rng.Intn(i + 1)
			board[i], board[j] = board[j], board[i]
		}
		s := rl.newState()
		set := func(p Point, plane *set128) { *plane = plane.or(bit((p.R-1)*rl.n + p.C - 1)) }
		for _, p := range board[:m] {
			set(p, &s.stones[0])
		}
		if refHasSquare(s, X) {
			continue
		}
		rest := append([]Point(nil), board[m:]...)
		if fillThreats {
			// Move the fourth corners of x's three-corner squares to the
			// front, so that o's marks and the white stones close them.
			front := 0
			refSquares(rl.n, owned(s, X), func(sq [4]refPoint) bool {
				own := 0
				var free refPoint
				for _, x := range sq {
					if s.At(x.r, x.c) == X {
						own++
					} else {
						free = x
					}
				}
				if own == 3 {
					for i := front; i < len(rest); i++ {
						if rest[i] == (Point{free.r, free.c}) {
							rest[i], rest[front] = rest[front], rest[i]
							front++
							break
						}
					}
				}
				return true
			})
			// Mix the threat cells between o and white.
			for i := front - 1; i > 0; i-- {
				j := rng.Intn(i + 1)
				rest[i], rest[j] = rest[j], rest[i]
			}
		}
		if len(rest) < m+whites {
			continue
		}
		for _, p := range rest[:m] {
			set(p, &s.stones[1])
		}
		for _, p := range rest[m : m+whites] {
			set(p, &s.white)
		}
		s.blockers = [2]int8{int8(xb), int8(ob)}
		if refHasSquare(s, O) || !accept(s) {
			continue
		}
		last := rest[m-1]
		s.stones[1] = s.stones[1].andNot(bit((last.R-1)*rl.n + last.C - 1))
		s.marks = [2]int8{0, 1}
		s.toMove = RoleO
		return s.String(), last
	}
	t.Fatal("no final board found")
	return "", Point{}
}

func TestEndByMarks(t *testing.T) {
	noXOpen := func(s *State) bool { return !refOpenQuad(s, X) }
	tests := []finalCase{
		{"quad5 x open quad 95/5", "quad5", 0, 0, func(s *State) bool { return refOpenQuad(s, X) }, 95, 5, true},
		{"quad5 no open quad 50/50", "quad5", 0, 0, noXOpen, 50, 50, false},
		{"quad7 x open quad beats blockers", "quad7", 0, 3, func(s *State) bool { return refOpenQuad(s, X) }, 95, 5, true},
		{"quad7 o open quad scores nothing", "quad7", 2, 2, func(s *State) bool { return refOpenQuad(s, O) && !refOpenQuad(s, X) }, 50, 50, false},
		{"quad7 white fourth corner is not open", "quad7", 1, 1, func(s *State) bool { return threeAndWhite(s, X) && !refOpenQuad(s, X) }, 50, 50, false},
		{"quad7 x more blockers 90/10", "quad7", 2, 1, noXOpen, 90, 10, false},
		{"quad7 equal blockers 50/50", "quad7", 0, 0, noXOpen, 50, 50, false},
		{"quad7 x fewer blockers 10/90", "quad7", 0, 1, noXOpen, 10, 90, false},
		{"quad11 x fewer blockers 10/90", "quad11", 3, 7, noXOpen, 10, 90, false},
		{"quad11 x open quad 95/5", "quad11", 0, 7, func(s *State) bool { return refOpenQuad(s, X) }, 95, 5, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rl := variantRules(t, tc.variant)
			pos, last := findFinal(t, rl, tc.xb, tc.ob, !tc.wantOpenQuad, tc.accept)
			s := parse(t, rl, pos)
			if s.Terminal() || s.MarksLeft(RoleX) != 0 || s.MarksLeft(RoleO) != 1 {
				t.Fatalf("%q: before o's last mark: terminal %v, marks %d/%d", pos, s.Terminal(), s.MarksLeft(RoleX), s.MarksLeft(RoleO))
			}
			if _, err := game.PlayText(s, fmt.Sprintf("(mark r%d c%d)", last.R, last.C)); err != nil {
				t.Fatal(err)
			}
			if !s.Terminal() || s.Goal(RoleX) != tc.wantX || s.Goal(RoleO) != tc.wantO {
				t.Fatalf("%q + r%dc%d: terminal %v goals %d/%d, want %d/%d", pos, last.R, last.C, s.Terminal(), s.Goal(RoleX), s.Goal(RoleO), tc.wantX, tc.wantO)
			}
			if s.ToMove() != RoleX {
				t.Fatal("control must pass to x after o's last mark")
			}
			sq, ok := s.WinningSquare()
			if ok != tc.wantOpenQuad {
				t.Fatalf("WinningSquare ok=%v, want %v", ok, tc.wantOpenQuad)
			}
			if ok {
				for i, p := range sq {
					want := X
					if i == 3 {
						want = Empty
					}
					if s.At(p.R, p.C) != want {
						t.Fatalf("open quad corner %d r%dc%d is %v", i, p.R, p.C, s.At(p.R, p.C))
					}
				}
			}
			p := parse(t, rl, s.String())
			if !p.Terminal() || p.Goal(RoleX) != tc.wantX || p.Goal(RoleO) != tc.wantO {
				t.Fatalf("read back %q: terminal %v goals %d/%d", s.String(), p.Terminal(), p.Goal(RoleX), p.Goal(RoleO))
			}
		})
	}
}

func TestSquareBeatsEndByMarks(t *testing.T) {
	// o's last mark completes a square as the marks run out: rule 2 comes
	// before rule 3, so o scores 100, not a score by rule 3.
	rl := variantRules(t, "quad5")
	pos := "-xxo-/xo.xx/ooox./x.o.x/-o..- o 0 0"
	s := parse(t, rl, pos)
	if s.Terminal() || s.MarksLeft(RoleO) != 1 {
		t.Fatalf("setup: terminal %v o marks %d", s.Terminal(), s.MarksLeft(RoleO))
	}
	if _, err := game.PlayText(s, "r2c3"); err != nil {
		t.Fatal(err)
	}
	if !s.Terminal() || s.Goal(RoleO) != 100 || s.Goal(RoleX) != 0 {
		t.Fatalf("terminal %v goals %d/%d, want o 100", s.Terminal(), s.Goal(RoleX), s.Goal(RoleO))
	}
}

func TestSquareTables(t *testing.T) {
	for _, name := range []string{"quad5", "quad7", "quad11"} {
		rl := variantRules(t, name)
		// Count distinct squares and squares per cell by brute force.
		distinct := map[[4]Point]bool{}
		refSquares(rl.n, nil, func(sq [4]refPoint) bool {
			var p [4]Point
			for i, x := range sq {
				p[i] = Point{x.r, x.c}
			}
			distinct[sortedPoints(p)] = true
			return true
		})
		perCell := map[Point]int{}
		for sq := range distinct {
			for _, p := range sq {
				perCell[p]++
			}
		}
		if len(rl.squares) != len(distinct) {
			t.Errorf("%s: %d squares in the table, brute force finds %d", name, len(rl.squares), len(distinct))
		}
		total := 0
		for cell := 0; cell < rl.cells; cell++ {
			k := int(rl.throughStart[cell+1] - rl.throughStart[cell])
			total += k
			p := Point{cell/rl.n + 1, cell%rl.n + 1}
			if k != perCell[p] {
				t.Errorf("%s: %d squares through r%dc%d, brute force finds %d", name, k, p.R, p.C, perCell[p])
			}
		}
		if total != 4*len(distinct) {
			t.Errorf("%s: per-cell tables hold %d entries, want 4×%d", name, total, len(distinct))
		}
		for _, sq := range rl.squares {
			var p [4]Point
			for i, c := range sq.corners {
				p[i] = Point{int(c)/rl.n + 1, int(c)%rl.n + 1}
			}
			if !distinct[sortedPoints(p)] {
				t.Errorf("%s: table square %v is not a square", name, p)
			}
		}
		t.Logf("%s: %d squares", name, len(distinct))
	}
}
