package quad

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// String implements game.State: "ROWS ROLE XB OB" of RULES.md, e.g. the
// start of quad5 is "-...-/...../...../...../-...- x 0 0".
func (s *State) String() string {
	var b strings.Builder
	n := s.rules.n
	for r := 0; r < n; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < n; c++ {
			b.WriteString(s.At(r+1, c+1).String())
		}
	}
	fmt.Fprintf(&b, " %s %d %d", s.rules.variant.Roles[s.toMove], s.blockers[0], s.blockers[1])
	return b.String()
}

// parsePosition reads a position string and checks that the rules could
// have produced it. What the rules allow, and so what is checked:
//
//   - Marks are only added, one per turn, x first, and control passes after
//     each mark (blocks keep it). So with x in control both have placed the
//     same number of marks, and with o in control x has placed exactly one
//     more. This holds in finished games too: the winning or last mark
//     passes control like any other, so a game won by x has o in control,
//     one won by o or ended by marks has x in control.
//   - Each player places at most its initial marks; the marks left are
//     derived from the board.
//   - Blockers left are between 0 and the initial number, and every
//     blocker used is a white stone on the board, so there are exactly
//     2×initial − XB − OB white stones.
//   - o's first turn comes after x's first mark, so o cannot have used a
//     blocker while x has no mark on the board.
//   - The game ends at the first square. So x and o cannot both own one; if
//     x owns one, x's last mark made it, so o is in control and every x
//     square passes through that last mark (the squares have a common cell);
//     likewise for o, with x in control. Before that last mark nobody had a
//     square and the winner still had a mark to play, so the game was on.
//   - A game that ended by exhausted marks has both players' marks all on
//     the board and x in control, which the counts above already imply.
func (rl *rules) parsePosition(text string) (*State, error) {
	fields := strings.Split(strings.TrimSpace(text), " ")
	if len(fields) != 4 {
		return nil, fmt.Errorf("want 4 fields separated by single spaces, ROWS ROLE XB OB; got %d", len(fields))
	}
	s := &State{rules: rl, win: -1}
	if err := s.parseRows(fields[0]); err != nil {
		return nil, err
	}
	s.toMove = rl.variant.RoleIndex(fields[1])
	if s.toMove == game.NoRole {
		return nil, fmt.Errorf("unknown role %q in control, want x or o", fields[1])
	}
	for i, f := range fields[2:] {
		v, err := strconv.Atoi(f)
		if err != nil || len(f) != len(strconv.Itoa(v)) || v < 0 || v > int(rl.blockers) {
			// The length test refuses "+5" and "05", which would not
			// read back as written.
			return nil, fmt.Errorf("%s's blockers left %q: want a number from 0 to %d", rl.variant.Roles[i], f, rl.blockers)
		}
		s.blockers[i] = int8(v)
	}
	if err := s.checkCounts(); err != nil {
		return nil, err
	}
	if err := s.checkSquares(); err != nil {
		return nil, err
	}
	s.hash = s.computeHash()
	s.settle()
	return s, nil
}

// parseRows reads the ROWS field of a position into s's stones.
func (s *State) parseRows(field string) error {
	rl := s.rules
	n := rl.n
	rows := strings.Split(field, "/")
	if len(rows) != n {
		return fmt.Errorf("the board has %d rows, want %d", len(rows), n)
	}
	for r, row := range rows {
		if len(row) != n {
			return fmt.Errorf("row %d has %d cells, want %d", r+1, len(row), n)
		}
		for c := 0; c < n; c++ {
			ch := row[c]
			corner := rl.isCorner(r, c)
			switch {
			case corner && ch != '-':
				return fmt.Errorf("r%dc%d is a missing corner and must be '-', not %q", r+1, c+1, ch)
			case !corner && ch == '-':
				return fmt.Errorf("r%dc%d is a board cell, '-' is only for the four missing corners", r+1, c+1)
			}
			cell := bit(r*n + c)
			switch ch {
			case '-', '.':
			case 'x':
				s.stones[0] = s.stones[0].or(cell)
			case 'o':
				s.stones[1] = s.stones[1].or(cell)
			case 'w':
				s.white = s.white.or(cell)
			default:
				return fmt.Errorf("r%dc%d: unknown character %q (want . x o w, or - at a corner)", r+1, c+1, ch)
			}
		}
	}
	return nil
}

// checkCounts sets the marks left from the stones on the board and checks
// that marks, blockers, white stones and the role in control agree.
func (s *State) checkCounts() error {
	rl := s.rules
	nx, no := s.stones[0].count(), s.stones[1].count()
	for i, k := range [2]int{nx, no} {
		if k > int(rl.marks) {
			return fmt.Errorf("%s has %d marks on the board, but only %d in all", rl.variant.Roles[i], k, rl.marks)
		}
		s.marks[i] = rl.marks - int8(k)
	}
	usedX, usedO := int(rl.blockers-s.blockers[0]), int(rl.blockers-s.blockers[1])
	if w := s.white.count(); w != usedX+usedO {
		return fmt.Errorf("%d white stones on the board, but the blockers used (%d by x, %d by o) make %d", w, usedX, usedO, usedX+usedO)
	}
	if usedO > 0 && nx == 0 {
		return fmt.Errorf("o has used blockers, but o has not had a turn yet (x has no mark)")
	}
	if s.toMove == RoleX && nx != no {
		return fmt.Errorf("x is in control, so x and o must have placed as many marks (x %d, o %d)", nx, no)
	}
	if s.toMove == RoleO && nx != no+1 {
		return fmt.Errorf("o is in control, so x must have placed one mark more than o (x %d, o %d)", nx, no)
	}
	return nil
}

// checkSquares checks that the squares on the board could have ended the
// game: one owner at most, whose last mark made them all.
func (s *State) checkSquares() error {
	rl := s.rules
	common := [2]set128{}
	has := [2]bool{}
	for role := 0; role < 2; role++ {
		common[role] = rl.board
		for _, sq := range rl.squares {
			if s.stones[role].contains(sq.mask) {
				has[role] = true
				common[role] = common[role].and(sq.mask)
			}
		}
	}
	switch {
	case has[0] && has[1]:
		return fmt.Errorf("both x and o own a square, but the game ends at the first one")
	case has[0] && s.toMove != RoleO:
		return fmt.Errorf("x owns a square, so x's last mark ended the game and o must be in control")
	case has[1] && s.toMove != RoleX:
		return fmt.Errorf("o owns a square, so o's last mark ended the game and x must be in control")
	}
	for role := 0; role < 2; role++ {
		if has[role] && common[role].empty() {
			return fmt.Errorf("%s owns squares with no cell in common, but the game ends at the first square", rl.variant.Roles[role])
		}
	}
	return nil
}

// Describe implements game.State: the board with row and column labels,
// the marks and blockers left, and whose turn it is or how the game ended.
func (s *State) Describe() string {
	var b strings.Builder
	n := s.rules.n
	b.WriteString("    ")
	for c := 1; c <= n; c++ {
		fmt.Fprintf(&b, "%4s", "c"+strconv.Itoa(c))
	}
	b.WriteByte('\n')
	for r := 1; r <= n; r++ {
		fmt.Fprintf(&b, "%4s", "r"+strconv.Itoa(r))
		for c := 1; c <= n; c++ {
			ch := s.At(r, c).String()
			if ch == "-" {
				ch = " "
			}
			fmt.Fprintf(&b, "%4s", ch)
		}
		b.WriteByte('\n')
	}
	for r := RoleX; r <= RoleO; r++ {
		fmt.Fprintf(&b, "%s: %d marks left, %d blockers left\n", s.rules.variant.Roles[r], s.marks[r], s.blockers[r])
	}
	if !s.over {
		fmt.Fprintf(&b, "%s to move\n", s.rules.variant.Roles[s.toMove])
		return b.String()
	}
	fmt.Fprintf(&b, "game over: x %d, o %d", s.goals[0], s.goals[1])
	if pts, ok := s.WinningSquare(); ok {
		if s.goals[0] == 95 {
			fmt.Fprintf(&b, " (x's open quad r%dc%d r%dc%d r%dc%d, r%dc%d empty)", pts[0].R, pts[0].C, pts[1].R, pts[1].C, pts[2].R, pts[2].C, pts[3].R, pts[3].C)
		} else {
			fmt.Fprintf(&b, " (%s's square", s.rules.variant.Roles[s.win2role()])
			for _, p := range pts {
				fmt.Fprintf(&b, " r%dc%d", p.R, p.C)
			}
			b.WriteString(")")
		}
	} else {
		b.WriteString(" (marks used up; blockers left decide)")
	}
	b.WriteByte('\n')
	return b.String()
}

// win2role returns the role that owns the square that ended the game.
func (s *State) win2role() game.Role {
	if s.goals[1] == 100 {
		return RoleO
	}
	return RoleX
}
