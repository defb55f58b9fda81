package pentago

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/tabletop/tabletop/game"
)

// The opening book (book.txt): for every position of the standard variant
// with few stones, up to symmetry, the turn a deep fixed-depth search
// chose, made by "tabletop book pentago" (see the file's header). A line
// is "ROWS PLACE ROTATE SCORE": the board rows as in a position string
// (the least of the position's symmetric images, see Canonical; the mover
// and phase follow from the number of stones), the placement and the
// rotation in short notation, and the mover's expected goal.
//
//go:embed book.txt
var bookText string

// bookEntry is a book turn in the orientation of the canonical image.
type bookEntry struct {
	place, rotate game.Move
	score         float64
}

// theBook maps a canonical image's stones (red, black) to its turn; it is
// read at its first use (after init has made the rules). A bad line is a
// build error the tests catch, so it panics.
var theBook = sync.OnceValue(func() map[[2]uint64]bookEntry {
	b, err := parseBook(bookText)
	if err != nil {
		panic(err)
	}
	return b
})

// parseBook reads the lines of a book, checking each position (it must
// be its own canonical image) and the legality of its turn.
func parseBook(text string) (map[[2]uint64]bookEntry, error) {
	b := map[[2]uint64]bookEntry{}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var rows, place, rotate string
		var score float64
		if _, err := fmt.Sscan(line, &rows, &place, &rotate, &score); err != nil {
			return nil, fmt.Errorf("pentago book line %d %q: %v", n+1, line, err)
		}
		role := "red"
		if (strings.Count(rows, "r")+strings.Count(rows, "b"))%2 == 1 {
			role = "black"
		}
		s, err := parsePosition(standardRules, rows+" "+role+" place")
		if err != nil {
			return nil, fmt.Errorf("pentago book line %d: %v", n+1, err)
		}
		if s.Canonical() != 0 && s.Transform(s.Canonical()).String() != s.String() {
			return nil, fmt.Errorf("pentago book line %d: %s is not its canonical image", n+1, rows)
		}
		e := bookEntry{score: score}
		if e.place, err = s.ParseMove(place); err == nil {
			after := s.Clone().(*State)
			after.Apply(e.place)
			e.rotate, err = after.ParseMove(rotate)
		}
		if err != nil {
			return nil, fmt.Errorf("pentago book line %d: %v", n+1, err)
		}
		b[[2]uint64{s.stones[0], s.stones[1]}] = e
	}
	return b, nil
}

// OpeningTurn implements game.Opener: the book's turn for a place-phase
// position of the standard variant, turned back from the canonical
// image's orientation.
func (s *State) OpeningTurn() ([]game.Move, float64, bool) {
	if s.rules != standardRules || s.Phase() != Place || s.Terminal() {
		return nil, 0, false
	}
	k := s.Canonical()
	c := s.Transform(k)
	e, ok := theBook()[[2]uint64{c.stones[0], c.stones[1]}]
	if !ok {
		return nil, 0, false
	}
	inv := InverseSymmetry(k)
	return []game.Move{TransformMove(e.place, inv), TransformMove(e.rotate, inv)}, e.score, true
}
