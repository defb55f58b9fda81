package pentago

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// FormatMove returns the KIF text: "(place 1 2 3)", "(rotate 4 clockwise)".
func (s *State) FormatMove(m game.Move) string { return formatKIF(m) }

func formatKIF(m game.Move) string {
	if m >= 1 && m <= lastMove {
		return moveTexts[m].kif
	}
	if m == game.Noop {
		return "noop"
	}
	return fmt.Sprintf("(invalid %d)", uint32(m))
}

// moveText is a move's KIF and short texts.
type moveText struct{ kif, short string }

// moveTexts are every move's texts, made once: a move prompt is given
// the text of every legal move each time it opens (its suggestions), and
// formatting them anew cost a Sprintf and an allocation per move.
var moveTexts = func() (t [lastMove + 1]moveText) {
	for m := game.Move(1); m <= lastMove; m++ {
		d := Decode(m)
		q := strconv.Itoa(d.Q)
		switch {
		case d.Kind == PlaceStone:
			x, y := strconv.Itoa(d.X), strconv.Itoa(d.Y)
			t[m] = moveText{kif: "(place " + q + " " + x + " " + y + ")", short: q + x + y}
		case d.Clockwise:
			t[m] = moveText{kif: "(rotate " + q + " clockwise)", short: q + "cw"}
		default:
			t[m] = moveText{kif: "(rotate " + q + " counterclockwise)", short: q + "ccw"}
		}
	}
	return t
}()

// ShortMove returns the short notation: "123" for (place 1 2 3), "4cw" and
// "4ccw" for rotations.
func (s *State) ShortMove(m game.Move) string {
	if m >= 1 && m <= lastMove {
		return moveTexts[m].short
	}
	return formatKIF(m)
}

const notationHelp = "type a cell as QXY (123 = quadrant 1, column 2, row 3 from the bottom) " +
	"or a rotation as 4cw / 4ccw, or KIF: (place 1 2 3), (rotate 4 clockwise)"

// ParseMove reads a move in KIF or short notation (see the package doc),
// case-insensitively, and checks that it is legal now.
func (s *State) ParseMove(text string) (game.Move, error) {
	m, err := parseMoveText(text)
	if err != nil {
		return game.Noop, err
	}
	if s.status != ongoing {
		return game.Noop, fmt.Errorf("%s: %w", formatKIF(m), game.ErrGameOver)
	}
	return s.checkParsed(m)
}

// checkParsed says why the move m, read from text or built, is not legal
// now, or returns it.
func (s *State) checkParsed(m game.Move) (game.Move, error) {
	d := Decode(m)
	if d.Kind == InvalidMove {
		return game.Noop, fmt.Errorf("%s is not a Pentago move: %s", formatKIF(m), notationHelp)
	}
	phase := s.Phase()
	switch {
	case d.Kind == PlaceStone && phase == Rotate:
		return game.Noop, fmt.Errorf("%s: it is time to rotate, not to place", formatKIF(m))
	case d.Kind == RotateQuadrant && phase == Place:
		return game.Noop, fmt.Errorf("%s: it is time to place, not to rotate", formatKIF(m))
	case d.Kind == PlaceStone:
		if c := s.At(d.Row, d.Col); c != Empty {
			return game.Noop, fmt.Errorf("%s: the cell is taken by %s", formatKIF(m), cellName(c))
		}
	}
	return m, nil
}

func cellName(c Cell) string {
	switch c {
	case Red:
		return "red"
	case Black:
		return "black"
	}
	return "nobody"
}

// parseMoveText reads the text of a move without looking at a position.
func parseMoveText(text string) (game.Move, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "" {
		return game.Noop, fmt.Errorf("empty move; %s", notationHelp)
	}
	if game.IsNoop(t) {
		return game.Noop, fmt.Errorf("%q: there is no pass in Pentago; %s", text, notationHelp)
	}
	// KIF, also without its parentheses.
	if !strings.HasPrefix(t, "(") {
		if w := strings.Fields(t); len(w) > 1 && (w[0] == "place" || w[0] == "rotate") {
			t = "(" + t + ")"
		}
	}
	if strings.HasPrefix(t, "(") {
		head, args, err := game.SplitKIF(t)
		if err != nil {
			return game.Noop, err
		}
		switch head {
		case "place":
			if len(args) != 3 {
				return game.Noop, fmt.Errorf("%q: place takes three numbers, Q X Y", text)
			}
			var n [3]int
			for i, a := range args {
				v, err := strconv.Atoi(a)
				if err != nil {
					return game.Noop, fmt.Errorf("%q: %q is not a number", text, a)
				}
				n[i] = v
			}
			return placeChecked(n[0], n[1], n[2])
		case "rotate":
			if len(args) != 2 {
				return game.Noop, fmt.Errorf("%q: rotate takes a quadrant and clockwise or counterclockwise", text)
			}
			q, err := strconv.Atoi(args[0])
			if err != nil {
				return game.Noop, fmt.Errorf("%q: quadrant %q is not a number", text, args[0])
			}
			cw, ok := directionWord(args[1])
			if !ok {
				return game.Noop, fmt.Errorf("%q: direction %q is neither clockwise nor counterclockwise", text, args[1])
			}
			return rotateChecked(q, cw)
		}
		return game.Noop, fmt.Errorf("%q: unknown move %q; %s", text, head, notationHelp)
	}
	// Short rotation: a quadrant digit then a direction.
	for _, suffix := range []string{"counterclockwise", "anticlockwise", "clockwise", "ccw", "cw", "+", "-"} {
		if !strings.HasSuffix(t, suffix) {
			continue
		}
		rest := strings.TrimSpace(strings.TrimSuffix(t, suffix))
		if len(rest) == 1 && rest[0] >= '0' && rest[0] <= '9' {
			cw, _ := directionWord(suffix)
			return rotateChecked(int(rest[0]-'0'), cw)
		}
		break
	}
	// Short placement: three digits, optionally separated.
	var digits []int
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= '0' && c <= '9':
			digits = append(digits, int(c-'0'))
		case c == ' ' || c == '-' || c == '.' || c == ',' || c == '\t':
		default:
			return game.Noop, fmt.Errorf("cannot read move %q; %s", text, notationHelp)
		}
	}
	if len(digits) != 3 {
		return game.Noop, fmt.Errorf("cannot read move %q: a cell needs three digits Q X Y; %s", text, notationHelp)
	}
	return placeChecked(digits[0], digits[1], digits[2])
}

func directionWord(w string) (clockwise, ok bool) {
	switch w {
	case "clockwise", "cw", "+":
		return true, true
	case "counterclockwise", "anticlockwise", "ccw", "-":
		return false, true
	}
	return false, false
}

func checkQuadrant(q int) error {
	if q < 1 || q > 4 {
		return fmt.Errorf("quadrant %d does not exist (quadrants are 1 top-right, 2 top-left, 3 bottom-left, 4 bottom-right)", q)
	}
	return nil
}

func placeChecked(q, x, y int) (game.Move, error) {
	if err := checkQuadrant(q); err != nil {
		return game.Noop, err
	}
	if x < 1 || x > 3 {
		return game.Noop, fmt.Errorf("column X=%d does not exist in a quadrant (X is 1–3 from the left)", x)
	}
	if y < 1 || y > 3 {
		return game.Noop, fmt.Errorf("row Y=%d does not exist in a quadrant (Y is 1–3 from the bottom)", y)
	}
	return PlaceMove(q, x, y), nil
}

func rotateChecked(q int, clockwise bool) (game.Move, error) {
	if err := checkQuadrant(q); err != nil {
		return game.Noop, err
	}
	return RotateMove(q, clockwise), nil
}

// String returns the position string "ROWS ROLE PHASE" of RULES.md.
func (s *State) String() string {
	var sb strings.Builder
	sb.Grow(6*7 + 14)
	for r := 1; r <= 6; r++ {
		if r > 1 {
			sb.WriteByte('/')
		}
		for c := 1; c <= 6; c++ {
			sb.WriteByte(".rb"[s.At(r, c)])
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(s.rules.variant.RoleName(s.ToMove()))
	sb.WriteByte(' ')
	sb.WriteString(s.Phase().String())
	return sb.String()
}

// parsePosition reads and fully checks a position string for variant r.
func parsePosition(r *rules, text string) (*State, error) {
	fields := strings.Fields(strings.ToLower(text))
	if len(fields) != 3 {
		return nil, fmt.Errorf("want three fields ROWS ROLE PHASE, got %d in %q", len(fields), text)
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 6 {
		return nil, fmt.Errorf("want 6 rows separated by /, got %d", len(rows))
	}
	var red, black uint64
	for i, row := range rows {
		if len(row) != 6 {
			return nil, fmt.Errorf("row %d (from the top) has %d cells, want 6", i+1, len(row))
		}
		for j := 0; j < 6; j++ {
			bit := uint64(1) << uint(i*6+j)
			switch row[j] {
			case '.':
			case 'r':
				red |= bit
			case 'b':
				black |= bit
			default:
				return nil, fmt.Errorf("row %d, column %d: unknown cell %q (want . r b)", i+1, j+1, row[j])
			}
		}
	}
	var role game.Role
	switch fields[1] {
	case "red":
		role = RoleRed
	case "black":
		role = RoleBlack
	default:
		return nil, fmt.Errorf("unknown role %q (want red or black)", fields[1])
	}
	var phase Phase
	switch fields[2] {
	case "place":
		phase = Place
	case "rotate":
		phase = Rotate
	default:
		return nil, fmt.Errorf("unknown phase %q (want place or rotate)", fields[2])
	}
	step := -1
	for k := 0; k < 4; k++ {
		if r.role[k] == role && r.phase[k] == phase {
			step = k
		}
	}
	nr, nb := bits.OnesCount64(red), bits.OnesCount64(black)
	if nr-nb != r.diff[step] || nr < r.minRed[step] || nb < r.minBlack[step] {
		return nil, fmt.Errorf("%d red and %d black stones cannot occur with %s to %s in %s: %s",
			nr, nb, fields[1], fields[2], r.variant.Name, countRule(r, step))
	}
	if err := checkLastAction(r, step, red, black); err != nil {
		return nil, err
	}
	return &State{rules: r, stones: [2]uint64{red, black}, step: uint8(step), status: outcomeOf(red, black)}, nil
}

// countRule explains the stone counts step k of the cycle requires.
func countRule(r *rules, k int) string {
	var s string
	switch r.diff[k] {
	case 0:
		s = "red must have as many stones as black"
	case 1:
		s = "red must have exactly one stone more than black"
	default:
		s = fmt.Sprintf("red must have %d stones more than black", r.diff[k])
	}
	if r.minRed[k] > 0 || r.minBlack[k] > 0 {
		s += fmt.Sprintf(", at least %d red and %d black", r.minRed[k], r.minBlack[k])
	}
	return s
}

// checkLastAction rejects boards that the action before step k could not
// have produced from a position where the game was still going: the
// previous position had no line and an empty cell.
func checkLastAction(r *rules, k int, red, black uint64) error {
	prev := (k + 3) & 3
	if red|black == 0 {
		return nil // the start
	}
	if r.phase[prev] == Place {
		// A placement by the previous role; only it can have a line, and
		// removing one of its stones must leave no line at all.
		own, other := red, black
		placer := "red"
		if r.role[prev] == RoleBlack {
			own, other = black, red
			placer = "black"
		}
		if hasLine(other) {
			return fmt.Errorf("the last action was %s's placement, so only %s can have five in a row", placer, placer)
		}
		if !hasLine(own) {
			return nil
		}
		for b := own; b != 0; b &= b - 1 {
			if !hasLine(own &^ (b & -b)) {
				return nil
			}
		}
		return fmt.Errorf("%s's lines of five cannot all come from the last placement", placer)
	}
	// A rotation by the previous role: it does not change the number of
	// stones, so the board was full already, or it turned a quadrant of a
	// board without lines.
	if red|black == boardMask {
		return fmt.Errorf("the board is full, so the game ended at the last placement, before the rotation that %s to %s implies",
			r.variant.RoleName(r.role[k]), r.phase[k])
	}
	if !hasLine(red) && !hasLine(black) {
		return nil
	}
	for q := 0; q < 4; q++ {
		for dir := 0; dir < 2; dir++ {
			// Undo the rotation q, dir by turning the other way.
			pr, pb := rotate(red, q, 1-dir), rotate(black, q, 1-dir)
			if !hasLine(pr) && !hasLine(pb) {
				return nil
			}
		}
	}
	return fmt.Errorf("these lines of five cannot all come from the last rotation")
}

// Describe draws the board with quadrant borders and coordinates, and says
// whose turn it is, or how the game ended.
func (s *State) Describe() string {
	var sb strings.Builder
	sb.WriteString("       Q2      Q1\n")
	sb.WriteString("  Y   1 2 3   1 2 3   X\n")
	border := "    +-------+-------+\n"
	for r := 1; r <= 6; r++ {
		if r == 1 || r == 4 {
			sb.WriteString(border)
		}
		y := 3 - (r-1)%3
		fmt.Fprintf(&sb, "  %d | ", y)
		for c := 1; c <= 6; c++ {
			sb.WriteByte(".rb"[s.At(r, c)])
			if c == 3 {
				sb.WriteString(" | ")
			} else {
				sb.WriteByte(' ')
			}
		}
		fmt.Fprintf(&sb, "| %d\n", y)
	}
	sb.WriteString(border)
	sb.WriteString("      1 2 3   1 2 3   X\n")
	sb.WriteString("       Q3      Q4\n")
	sb.WriteString("A cell is Q X Y: quadrant, column X from the left, row Y from the bottom.\n")
	nr, nb := s.Stones()
	fmt.Fprintf(&sb, "Stones: red (r) %d, black (b) %d.\n", nr, nb)
	switch s.status {
	case redWins:
		sb.WriteString("Game over: red wins with five in a row.\n")
	case blackWins:
		sb.WriteString("Game over: black wins with five in a row.\n")
	case draw:
		if hasLine(s.stones[0]) {
			sb.WriteString("Game over: draw, both colours have five in a row.\n")
		} else {
			sb.WriteString("Game over: draw, the board is full.\n")
		}
	default:
		who := s.rules.variant.RoleName(s.ToMove())
		if s.Phase() == Place {
			fmt.Fprintf(&sb, "%s to place a stone (Q X Y, e.g. 213 or (place 2 1 3)).\n", who)
		} else {
			fmt.Fprintf(&sb, "%s to rotate a quadrant (e.g. 1cw or 3ccw).\n", who)
		}
	}
	return sb.String()
}

// CheckMove implements game.Checker: nil when m is legal now, else why
// not in the words ParseMove uses, for a client that builds its moves
// with PlaceMove and RotateMove.
func (s *State) CheckMove(m game.Move) error {
	if s.status != ongoing {
		return game.ErrGameOver
	}
	_, err := s.checkParsed(m)
	return err
}
