package quad

import (
	"fmt"
	"sort"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// This file holds a slow reference for squares, written straight from the
// definition in RULES.md and sharing nothing with the production tables:
// every ordered pair of board cells (p, q) is taken as one side, v = q − p,
// w = (−b, a) for v = (a, b), and the other two corners are p+v+w and p+w.

type refPoint struct{ r, c int } // 1-based

func refOnBoard(n int, p refPoint) bool {
	if p.r < 1 || p.r > n || p.c < 1 || p.c > n {
		return false
	}
	return !((p.r == 1 || p.r == n) && (p.c == 1 || p.c == n))
}

// refSquares calls f with the corners of every square, each square four
// times (once per directed side p→q in the rotation direction of w); it
// stops when f returns false. Only sides whose both ends pass keep are
// tried (nil keeps all): a square with three or four wanted corners has a
// side with both ends wanted, so filtering on them loses nothing and makes
// the search O(marks²) instead of O(cells²) per position.
func refSquares(n int, keep func(p refPoint) bool, f func(corners [4]refPoint) bool) {
	for pr := 1; pr <= n; pr++ {
		for pc := 1; pc <= n; pc++ {
			p := refPoint{pr, pc}
			if !refOnBoard(n, p) || keep != nil && !keep(p) {
				continue
			}
			for qr := 1; qr <= n; qr++ {
				for qc := 1; qc <= n; qc++ {
					if keep != nil && !keep(refPoint{qr, qc}) {
						continue
					}
					a, b := qr-pr, qc-pc
					if a == 0 && b == 0 {
						continue
					}
					sq := [4]refPoint{p, {pr + a, pc + b}, {pr + a - b, pc + b + a}, {pr - b, pc + a}}
					ok := true
					for _, x := range sq {
						ok = ok && refOnBoard(n, x)
					}
					if ok && !f(sq) {
						return
					}
				}
			}
		}
	}
}

// refHasSquare reports whether the cells of who hold a square.
func refHasSquare(s *State, who Cell) bool {
	found := false
	refSquares(s.Size(), owned(s, who), func(sq [4]refPoint) bool {
		for _, x := range sq {
			if s.At(x.r, x.c) != who {
				return true
			}
		}
		found = true
		return false
	})
	return found
}

// refOpenQuad reports whether who has three corners of a square whose
// fourth corner is an empty cell.
func refOpenQuad(s *State, who Cell) bool {
	found := false
	refSquares(s.Size(), owned(s, who), func(sq [4]refPoint) bool {
		own, empty := 0, 0
		for _, x := range sq {
			switch s.At(x.r, x.c) {
			case who:
				own++
			case Empty:
				empty++
			}
		}
		if own == 3 && empty == 1 {
			found = true
			return false
		}
		return true
	})
	return found
}

func owned(s *State, who Cell) func(p refPoint) bool {
	return func(p refPoint) bool { return s.At(p.r, p.c) == who }
}

// refIsSquare reports whether the four points are the corners of a square
// on the board, in any order.
func refIsSquare(n int, pts [4]Point) bool {
	want := sortedPoints(pts)
	found := false
	refSquares(n, nil, func(sq [4]refPoint) bool {
		var got [4]Point
		for i, x := range sq {
			got[i] = Point{x.r, x.c}
		}
		if sortedPoints(got) == want {
			found = true
			return false
		}
		return true
	})
	return found
}

func sortedPoints(p [4]Point) [4]Point {
	s := p[:]
	sort.Slice(s, func(i, j int) bool {
		if s[i].R != s[j].R {
			return s[i].R < s[j].R
		}
		return s[i].C < s[j].C
	})
	return p
}

// refGoals computes the goals of a position from the board alone, in the
// order of RULES.md, and whether it is terminal.
func refGoals(s *State) (over bool, gx, go_ int) {
	rl := s.rules
	nx, no := countCells(s, X), countCells(s, O)
	switch {
	case refHasSquare(s, X):
		return true, 100, 0
	case refHasSquare(s, O):
		return true, 0, 100
	case nx == int(rl.marks) && no == int(rl.marks):
		if refOpenQuad(s, X) {
			return true, 95, 5
		}
		xb, ob := s.BlockersLeft(RoleX), s.BlockersLeft(RoleO)
		switch {
		case xb > ob:
			return true, 90, 10
		case xb == ob:
			return true, 50, 50
		}
		return true, 10, 90
	}
	return false, 0, 0
}

func countCells(s *State, what Cell) int {
	k := 0
	for r := 1; r <= s.Size(); r++ {
		for c := 1; c <= s.Size(); c++ {
			if s.At(r, c) == what {
				k++
			}
		}
	}
	return k
}

// checkInvariants is the Check of the property tests.
func checkInvariants(t *testing.T, gs game.State) {
	t.Helper()
	s := gs.(*State)
	fatalf := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("position %q: %s", s.String(), fmt.Sprintf(format, args...))
	}
	rl := s.rules
	nx, no, nw := countCells(s, X), countCells(s, O), countCells(s, White)
	if s.MarksLeft(RoleX) != int(rl.marks)-nx || s.MarksLeft(RoleO) != int(rl.marks)-no {
		fatalf("marks left %d/%d do not match %d/%d marks on the board", s.MarksLeft(RoleX), s.MarksLeft(RoleO), nx, no)
	}
	xb, ob := s.BlockersLeft(RoleX), s.BlockersLeft(RoleO)
	if xb < 0 || ob < 0 || nw != 2*int(rl.blockers)-xb-ob {
		fatalf("blockers left %d/%d do not match %d white stones", xb, ob, nw)
	}
	switch s.ToMove() {
	case RoleX:
		if nx != no {
			fatalf("x in control with %d x and %d o marks", nx, no)
		}
	case RoleO:
		if nx != no+1 {
			fatalf("o in control with %d x and %d o marks", nx, no)
		}
	default:
		fatalf("role in control %d", s.ToMove())
	}
	n := s.Size()
	for _, p := range []Point{{1, 1}, {1, n}, {n, 1}, {n, n}} {
		if s.At(p.R, p.C) != Missing {
			fatalf("corner r%dc%d is %v", p.R, p.C, s.At(p.R, p.C))
		}
	}
	if countCells(s, Missing) != 4 {
		fatalf("%d missing cells, want the 4 corners", countCells(s, Missing))
	}
	over, gx, gO := refGoals(s)
	if over != s.Terminal() {
		fatalf("Terminal() = %v, reference says %v", s.Terminal(), over)
	}
	if s.Goal(RoleX) != gx || s.Goal(RoleO) != gO {
		fatalf("goals %d/%d, reference says %d/%d", s.Goal(RoleX), s.Goal(RoleO), gx, gO)
	}
	pts, ok := s.WinningSquare()
	wantSquare := over && (gx == 100 || gO == 100 || gx == 95)
	if ok != wantSquare {
		fatalf("WinningSquare ok=%v, want %v", ok, wantSquare)
	}
	if ok {
		if !refIsSquare(s.Size(), pts) {
			fatalf("WinningSquare %v is not a square", pts)
		}
		owner := X
		if gO == 100 {
			owner = O
		}
		for i, p := range pts {
			want := owner
			if gx == 95 && i == 3 {
				want = Empty
			}
			if s.At(p.R, p.C) != want {
				fatalf("WinningSquare corner %d r%dc%d is %v, want %v", i, p.R, p.C, s.At(p.R, p.C), want)
			}
		}
	}
	var est [2]int
	s.Estimate(est[:])
	if est[0] < 0 || est[1] < 0 || est[0] > 10000 || est[1] > 10000 || est[0]+est[1] != 10000 {
		fatalf("Estimate %v out of range or not summing to 10000", est)
	}
}
