package quad

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// FormatMove implements game.State: the KIF term, "(mark r3 c4)" or
// "(block r3 c4)".
func (s *State) FormatMove(m game.Move) string {
	kind, r, c := Decode(m)
	switch {
	case m == game.Noop:
		return "noop"
	case kind == Mark:
		return fmt.Sprintf("(mark r%d c%d)", r, c)
	case kind == Block:
		return fmt.Sprintf("(block r%d c%d)", r, c)
	}
	return fmt.Sprintf("(invalid %#x)", uint32(m))
}

// ShortMove implements game.State: "r3c4" for a mark, "b r3c4" for a block.
func (s *State) ShortMove(m game.Move) string {
	kind, r, c := Decode(m)
	switch {
	case m == game.Noop:
		return "noop"
	case kind == Mark:
		return fmt.Sprintf("r%dc%d", r, c)
	case kind == Block:
		return fmt.Sprintf("b r%dc%d", r, c)
	}
	return fmt.Sprintf("invalid %#x", uint32(m))
}

// ParseMove implements game.State. It reads the KIF forms "(mark r3 c4)"
// and "(block r3 c4)" and the short forms "r3c4", "r3 c4", "mark r3c4",
// "b r3c4", "br3c4", "b r3 c4", "block r3c4", in any letter case, and
// checks that the move is legal now.
func (s *State) ParseMove(text string) (game.Move, error) {
	kind, r, c, err := parseMoveText(text)
	if err != nil {
		return game.Noop, err
	}
	return s.checkMove(kind, r, c)
}

const moveForms = "want e.g. r3c4, b r3c4, (mark r3 c4) or (block r3 c4)"

// parseMoveText reads the text of a move without looking at any position.
func parseMoveText(text string) (kind Kind, r, c int, err error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "" {
		return Invalid, 0, 0, fmt.Errorf("empty move: %s", moveForms)
	}
	if game.IsNoop(t) {
		return Invalid, 0, 0, fmt.Errorf("noop is not a Quad move: the player in control must mark or block")
	}
	if strings.HasPrefix(t, "(") {
		head, args, err := game.SplitKIF(t)
		if err != nil {
			return Invalid, 0, 0, err
		}
		switch head {
		case "mark":
			kind = Mark
		case "block":
			kind = Block
		default:
			return Invalid, 0, 0, fmt.Errorf("unknown move %q: Quad moves are mark and block", head)
		}
		if len(args) != 2 {
			return Invalid, 0, 0, fmt.Errorf("malformed move %q: (%s) takes a row and a column, e.g. (%s r3 c4)", text, head, head)
		}
		r, err1 := parseCoord(args[0], 'r')
		c, err2 := parseCoord(args[1], 'c')
		if err1 != nil || err2 != nil {
			return Invalid, 0, 0, fmt.Errorf("malformed move %q: %s", text, moveForms)
		}
		return kind, r, c, nil
	}
	kind = Mark
	switch {
	case strings.HasPrefix(t, "block"):
		kind, t = Block, t[len("block"):]
	case strings.HasPrefix(t, "mark"):
		t = t[len("mark"):]
	case strings.HasPrefix(t, "b"):
		kind, t = Block, t[1:]
	}
	t = strings.Join(strings.Fields(t), "")
	i := strings.IndexByte(t, 'c')
	if i < 0 {
		return Invalid, 0, 0, fmt.Errorf("malformed move %q: %s", text, moveForms)
	}
	r, err1 := parseCoord(t[:i], 'r')
	c, err2 := parseCoord(t[i:], 'c')
	if err1 != nil || err2 != nil {
		return Invalid, 0, 0, fmt.Errorf("malformed move %q: %s", text, moveForms)
	}
	return kind, r, c, nil
}

// parseCoord reads "r3" or "c4" (prefix letter, then 1–3 digits).
func parseCoord(s string, letter byte) (int, error) {
	if len(s) < 2 || len(s) > 4 || s[0] != letter {
		return 0, fmt.Errorf("bad coordinate %q", s)
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("bad coordinate %q", s)
		}
	}
	return strconv.Atoi(s[1:])
}

// checkMove turns a parsed move into a Move, saying why it is not legal now.
func (s *State) checkMove(kind Kind, r, c int) (game.Move, error) {
	rl := s.rules
	n := rl.n
	if s.over {
		return game.Noop, game.ErrGameOver
	}
	if r < 1 || r > n {
		return game.Noop, fmt.Errorf("row %d is off the %d×%d board", r, n, n)
	}
	if c < 1 || c > n {
		return game.Noop, fmt.Errorf("column %d is off the %d×%d board", c, n, n)
	}
	if rl.isCorner(r-1, c-1) {
		return game.Noop, fmt.Errorf("r%dc%d is a missing corner: the four corner cells are not part of the board", r, c)
	}
	switch s.cellAt(r-1, c-1) {
	case X:
		return game.Noop, fmt.Errorf("r%dc%d is occupied by x", r, c)
	case O:
		return game.Noop, fmt.Errorf("r%dc%d is occupied by o", r, c)
	case White:
		return game.Noop, fmt.Errorf("r%dc%d is occupied by a white stone", r, c)
	}
	me := rl.variant.Roles[s.toMove]
	if kind == Block {
		if rl.blockers == 0 {
			return game.Noop, fmt.Errorf("%s has no blockers left (%s has no blockers at all)", me, rl.variant.Name)
		}
		if s.blockers[s.toMove] == 0 {
			return game.Noop, fmt.Errorf("%s has no blockers left", me)
		}
		return BlockMove(r, c), nil
	}
	return MarkMove(r, c), nil
}

// CheckMove implements game.Checker: nil when m is legal now, else why
// not in the words ParseMove uses, for a client that builds its moves
// with MarkMove and BlockMove.
func (s *State) CheckMove(m game.Move) error {
	kind, r, c := Decode(m)
	switch {
	case s.over:
		return game.ErrGameOver
	case kind == Invalid:
		return fmt.Errorf("%s is not a Quad move: the player in control must mark or block", s.FormatMove(m))
	}
	_, err := s.checkMove(kind, r, c)
	return err
}
