package tictacchess

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// FormatMove returns the KIF text: "(move 1 4 2 2)", "noop", or a
// resignation "(resign blue)".
func (s *State) FormatMove(m game.Move) string {
	if m == game.Noop {
		return "noop"
	}
	if r, ok := game.Resigner(m); ok {
		return game.FormatResign(Variant, r)
	}
	from, to, ok := decode(m)
	if !ok {
		return fmt.Sprintf("(invalid move %#x)", uint32(m))
	}
	x1, y1 := coords(from)
	x2, y2 := coords(to)
	return fmt.Sprintf("(move %d %d %d %d)", x1, y1, x2, y2)
}

// ShortMove returns the short notation: "14-22" for a knight move, "33x44"
// for a capture (an adjacent move is always a capture), "pass" for Noop,
// "blue resigns" for a resignation.
func (s *State) ShortMove(m game.Move) string {
	if m == game.Noop {
		return "pass"
	}
	if r, ok := game.Resigner(m); ok {
		return game.ShortResign(Variant, r)
	}
	from, to, ok := decode(m)
	if !ok {
		return "?"
	}
	x1, y1 := coords(from)
	x2, y2 := coords(to)
	sep := byte('-')
	if kingNear[from]&bit(to) != 0 {
		sep = 'x'
	}
	return string([]byte{byte('0' + x1), byte('0' + y1), sep, byte('0' + x2), byte('0' + y2)})
}

// ParseMove reads "(move X1 Y1 X2 Y2)", the short forms of the package
// doc ("14-22", "33x44", "1422"), "noop"/"pass", or a resignation
// ("(resign blue)", see game.ParseResign), and checks that the move is
// legal now; the error says why not.
func (s *State) ParseMove(text string) (game.Move, error) {
	if s.Terminal() {
		return game.Noop, game.ErrGameOver
	}
	if m, ok, err := game.ParseResign(s, text); ok {
		return m, err
	}
	t := strings.ToLower(strings.TrimSpace(text))
	if game.IsNoop(t) {
		if s.hasMove() {
			return game.Noop, fmt.Errorf("%s must move: a pass is only allowed without legal moves", roleNames[s.role()])
		}
		return game.Noop, nil
	}
	var xy [4]int
	var err error
	if strings.ContainsAny(t, "abcdefghijklmnopqrstuvwyz") { // letters other than the x of captures

		xy, err = parseKIF(t, strings.TrimSpace(text))
	} else {
		xy, err = parseShort(t)
	}
	if err != nil {
		return game.Noop, err
	}
	m := MoveOf(xy[0], xy[1], xy[2], xy[3])
	if err := s.whyIllegal(m); err != nil {
		return game.Noop, err
	}
	return m, nil
}

// parseKIF reads "(move X1 Y1 X2 Y2)"; errors quote typed, the text as
// the player wrote it, not the parentheses added here.
func parseKIF(t, typed string) ([4]int, error) {
	var xy [4]int
	if !strings.HasPrefix(t, "(") {
		t = "(" + t + ")"
	}
	head, args, err := game.SplitKIF(t)
	if err != nil {
		return xy, err
	}
	if head != "move" || len(args) != 4 {
		return xy, fmt.Errorf("malformed move %q: want (move X1 Y1 X2 Y2) or a short form like 14-22", typed)
	}
	for i, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil {
			return xy, fmt.Errorf("malformed move %q: %q is not a coordinate", typed, a)
		}
		if n < 1 || n > Size {
			return xy, fmt.Errorf("malformed move %q: coordinate %d is off the board (1–7)", typed, n)
		}
		xy[i] = n
	}
	return xy, nil
}

// parseShort reads four coordinate digits with optional separators.
func parseShort(t string) ([4]int, error) {
	var xy [4]int
	n := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= '0' && c <= '9':
			if n == 4 {
				return xy, fmt.Errorf("malformed move %q: more than four coordinates", t)
			}
			if c < '1' || c > '0'+Size {
				return xy, fmt.Errorf("malformed move %q: coordinate %c is off the board (1–7)", t, c)
			}
			xy[n] = int(c - '0')
			n++
		case strings.IndexByte(" -x:,>()\t", c) >= 0:
		default:
			return xy, fmt.Errorf("malformed move %q: want (move X1 Y1 X2 Y2), a short form like 14-22, or noop", t)
		}
	}
	if n != 4 {
		return xy, fmt.Errorf("malformed move %q: want four coordinates X1 Y1 X2 Y2, e.g. 14-22", t)
	}
	return xy, nil
}

// whyIllegal explains why the well-formed move m is not legal now, or
// returns nil when it is.
func (s *State) whyIllegal(m game.Move) error {
	from, to, ok := decode(m)
	if !ok {
		return fmt.Errorf("invalid move")
	}
	kif := s.FormatMove(m)
	r := s.role()
	x1, y1 := coords(from)
	x2, y2 := coords(to)
	if s.pieces[r]&bit(from) == 0 {
		return fmt.Errorf("%s: no piece of %s on (%d %d)", kif, roleNames[r], x1, y1)
	}
	isKing := kingNear[from]&bit(to) != 0
	if !isKing && knightNear[from]&bit(to) == 0 {
		return fmt.Errorf("%s: the target is not a knight move or an adjacent capture", kif)
	}
	if borderMask&bit(to) != 0 {
		return fmt.Errorf("%s: the target (%d %d) is on the border", kif, x2, y2)
	}
	owner := s.ownerOf(to)
	switch {
	case owner == r:
		return fmt.Errorf("%s: (%d %d) holds a piece of %s's own", kif, x2, y2, roleNames[r])
	case isKing && owner < 0:
		return fmt.Errorf("%s: (%d %d) is empty; a one-step move must capture", kif, x2, y2)
	case !isKing && owner >= 0:
		return fmt.Errorf("%s: a knight move needs an empty cell, (%d %d) holds %s's piece", kif, x2, y2, roleNames[owner])
	}
	return nil
}

// ownerOf returns the player with a piece on cell c, or -1.
func (s *State) ownerOf(c int) int {
	for r := 0; r < Players; r++ {
		if s.pieces[r]&bit(c) != 0 {
			return r
		}
	}
	return -1
}

// String returns the position string "ROWS ROLE STEP" of RULES.md, with
// a fourth field "resigned:rb" naming the players who resigned and
// dropped out, when any did.
func (s *State) String() string {
	var b strings.Builder
	b.Grow(Size*(Size+1) + 12)
	for y := Size; y >= 1; y-- {
		for x := 1; x <= Size; x++ {
			if o := s.ownerOf(index(x, y)); o >= 0 {
				b.WriteByte(roleLetters[o])
			} else {
				b.WriteByte('.')
			}
		}
		if y > 1 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(roleNames[s.role()])
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(s.step)))
	if out := s.retiredText(); out != "" {
		b.WriteString(" " + resignedField + out)
	}
	return b.String()
}

// movesMade returns how many actions role r has made before step.
func movesMade(r, step int) int { return (step - 1 - r + 3) / 4 }

// ParsePosition reads and fully validates a position string "ROWS ROLE
// STEP", with an optional fourth field "resigned:rb".
func ParsePosition(str string) (*State, error) {
	fields := strings.Fields(strings.ToLower(str))
	if len(fields) != 3 && len(fields) != 4 {
		return nil, fmt.Errorf("want three fields ROWS ROLE STEP (and resigned:… when players resigned), got %d in %q", len(fields), str)
	}
	s := &State{winner: -1}
	if len(fields) == 4 {
		if err := s.parseRetired(fields[3]); err != nil {
			return nil, err
		}
	}
	if err := s.parseRows(fields[0]); err != nil {
		return nil, err
	}
	role := -1
	for r, n := range roleNames {
		if fields[1] == n {
			role = r
		}
	}
	if role < 0 {
		return nil, fmt.Errorf("unknown role %q (want red, yellow, blue or green)", fields[1])
	}
	step, err := strconv.Atoi(fields[2])
	if err != nil || step < 1 || step > LastStep {
		return nil, fmt.Errorf("step %q is not a number from 1 to %d", fields[2], LastStep)
	}
	s.step = int8(step)
	if want := (step - 1) % Players; role != want {
		return nil, fmt.Errorf("at step %d %s is in control, not %s", step, roleNames[want], roleNames[role])
	}
	for r := 0; r < Players; r++ {
		if err := s.checkPieces(r); err != nil {
			return nil, err
		}
	}
	if err := s.findWinner(); err != nil {
		return nil, err
	}
	if s.Retired(game.Role(role)) && !s.Terminal() {
		return nil, fmt.Errorf("%s resigned, so it is never in control: its turns are passed", roleNames[role])
	}
	s.hash = s.computeHash()
	return s, nil
}

// resignedField starts the position string's field of the players who
// resigned.
const resignedField = "resigned:"

// parseRetired reads the field "resigned:rb" into s.
func (s *State) parseRetired(field string) error {
	letters, ok := strings.CutPrefix(field, resignedField)
	if !ok || letters == "" {
		return fmt.Errorf("fourth field %q: a position has three fields ROWS ROLE STEP, and a fourth only to name the players who resigned, e.g. resigned:rb", field)
	}
	for i := 0; i < len(letters); i++ {
		r := strings.IndexByte(string(roleLetters[:]), letters[i])
		switch {
		case r < 0:
			return fmt.Errorf("%q: unknown player %q (want r y b g)", field, letters[i])
		case s.out&(1<<r) != 0:
			return fmt.Errorf("%q: %s is named twice", field, roleNames[r])
		}
		s.out |= 1 << r
	}
	return nil
}

// parseRows reads the ROWS field of a position into s's pieces.
func (s *State) parseRows(field string) error {
	rows := strings.Split(field, "/")
	if len(rows) != Size {
		return fmt.Errorf("want %d rows separated by /, got %d", Size, len(rows))
	}
	for i, row := range rows {
		y := Size - i
		if len(row) != Size {
			return fmt.Errorf("row %d (Y=%d) has %d cells, want %d", i+1, y, len(row), Size)
		}
		for j := 0; j < Size; j++ {
			x := j + 1
			if row[j] == '.' {
				continue
			}
			r := strings.IndexByte(string(roleLetters[:]), row[j])
			if r < 0 {
				return fmt.Errorf("cell (%d %d): unknown character %q (want . r y b g)", x, y, row[j])
			}
			s.pieces[r] |= bit(index(x, y))
		}
	}
	return nil
}

// checkPieces checks that role r's pieces could stand where they do at
// s's step: its spawn cell held, nothing on the border, not too many.
func (s *State) checkPieces(r int) error {
	sp := spawnCell[r]
	x, y := coords(sp)
	if s.pieces[r]&bit(sp) == 0 {
		if o := s.ownerOf(sp); o >= 0 {
			return fmt.Errorf("spawn cell (%d %d) of %s holds a piece of %s", x, y, roleNames[r], roleNames[o])
		}
		return fmt.Errorf("spawn cell (%d %d) of %s is empty; it always holds a piece of %s", x, y, roleNames[r], roleNames[r])
	}
	if stray := s.pieces[r] & borderMask &^ bit(sp); stray != 0 {
		bx, by := coords(bits.TrailingZeros64(stray))
		return fmt.Errorf("%s has a piece on the border at (%d %d); pieces never land on the border", roleNames[r], bx, by)
	}
	// A player gains at most one piece per own action (by leaving the
	// spawn cell), so the board bounds the actions it must have made.
	step := int(s.step)
	made := movesMade(r, step)
	if n := bits.OnesCount64(s.pieces[r]); n > 1+made {
		moves := "moves"
		if made == 1 {
			moves = "move"
		}
		return fmt.Errorf("%s has %d pieces at step %d, but has made only %d %s by then (at most %d pieces)", roleNames[r], n, step, made, moves, 1+made)
	}
	return nil
}

// findWinner sets s.winner to the player with a centre line, if any, and
// checks that it is the one player who can have completed it.
func (s *State) findWinner() error {
	for r := 0; r < Players; r++ {
		if lineOf(s.pieces[r]) < 0 {
			continue
		}
		if s.winner >= 0 {
			return fmt.Errorf("both %s and %s have a centre line; the game ends at the first", roleNames[s.winner], roleNames[r])
		}
		s.winner = int8(r)
	}
	if s.winner >= 0 {
		// Only the mover can complete a line, and the game ends at once.
		step := int(s.step)
		last := (step - 2 + Players) % Players
		if step == 1 || int(s.winner) != last {
			return fmt.Errorf("%s has a centre line, but only the player who moved last (%s) can have one", roleNames[s.winner], roleNames[last])
		}
	}
	return nil
}

// Describe returns the board with coordinates (Y=7 at the top), the piece
// counts, the step counter and whose turn it is, or the result.
func (s *State) Describe() string {
	var b strings.Builder
	line, winner, hasLine := s.CentreLine()
	inLine := func(x, y int) bool {
		if !hasLine {
			return false
		}
		for _, p := range line {
			if p.X == x && p.Y == y {
				return true
			}
		}
		return false
	}
	for y := Size; y >= 1; y-- {
		fmt.Fprintf(&b, "%d ", y)
		for x := 1; x <= Size; x++ {
			c := index(x, y)
			ch := byte('.')
			if o := s.ownerOf(c); o >= 0 {
				ch = roleLetters[o]
				if inLine(x, y) {
					ch -= 'a' - 'A' // the winning line in capitals
				}
			} else if centreMask&bit(c) != 0 {
				ch = '+'
			}
			b.WriteByte(' ')
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   1 2 3 4 5 6 7   (X →, Y ↑; + empty centre cell)\n")
	b.WriteString("Pieces:")
	for r := 0; r < Players; r++ {
		if r > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %d", roleNames[r], bits.OnesCount64(s.pieces[r]))
	}
	b.WriteByte('\n')
	if out := s.retiredNames(); out != "" {
		fmt.Fprintf(&b, "Resigned (turns passed): %s.\n", out)
	}
	fmt.Fprintf(&b, "Step %d/%d. ", s.step, LastStep)
	if s.Terminal() {
		if hasLine {
			fmt.Fprintf(&b, "Game over: %s has a centre line (%d %d) (%d %d) (%d %d).\n", roleNames[winner],
				line[0].X, line[0].Y, line[1].X, line[1].Y, line[2].X, line[2].Y)
		} else if last := s.lastStanding(); last >= 0 {
			fmt.Fprintf(&b, "Game over: %s is the last player in the game.\n", roleNames[last])
		} else {
			b.WriteString("Game over: step 33 reached.\n")
		}
		b.WriteString("Goals:")
		for r := 0; r < Players; r++ {
			if r > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s %d", roleNames[r], s.Goal(game.Role(r)))
		}
		b.WriteByte('\n')
	} else {
		fmt.Fprintf(&b, "%s to move", roleNames[s.role()])
		if !s.hasMove() {
			b.WriteString(" (no legal move: must pass)")
		}
		b.WriteString(".\n")
	}
	return b.String()
}

// CheckMove implements game.Checker: nil when m is legal now, else why
// not in the words ParseMove uses, for a client that builds its moves
// with MoveOf.
func (s *State) CheckMove(m game.Move) error {
	switch {
	case s.Terminal():
		return game.ErrGameOver
	case m == game.Noop && s.hasMove():
		return fmt.Errorf("%s must move: a pass is only allowed without legal moves", roleNames[s.role()])
	case m == game.Noop:
		return nil
	}
	return s.whyIllegal(m)
}
