package gdlboard

import (
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// Decisive returns the cells whose content made the finished position s
// end as it did: each occupied cell that, emptied alone (its fact given
// the content the board shows as empty, or left out when the sheet has
// none), leaves a position that is not over or that ends with other
// goals. Connect Four's four discs in a row are decisive; the other discs
// are not, since the four still end the game without them.
//
// It reads the position only through the game (the rules decide, not a
// pattern of this package), so it holds for any sheet. It returns no
// cells when s is not over, when no cell is decisive (a game ended by a
// move count, or by a line that two lines make at once), or when every
// occupied cell is (a full board's draw, a count of all pieces: nothing
// to point at). done is false when the work took more than budget (a
// position per occupied cell: an engine that evaluates slowly takes a
// while): the cells are then not known.
func (b *Board) Decisive(s game.State, budget time.Duration) (cells []Spot, done bool) {
	if !s.Terminal() {
		return nil, true
	}
	deadline := time.Now().Add(budget)
	facts, err := gdl.ParseTerms(s.String())
	if err != nil {
		return nil, true
	}
	v := s.Variant()
	goals := make([]int, len(v.Roles))
	for r := range goals {
		goals[r] = s.Goal(game.Role(r))
	}
	var decisive []Spot
	occupied := 0
	for i, f := range facts {
		row, col, c, ok := b.At(f)
		if !ok || c.Content == "" {
			continue
		}
		occupied++
		if time.Now().After(deadline) {
			return nil, false
		}
		if b.endsOtherwise(v, facts, i, goals) {
			decisive = append(decisive, Spot{row, col})
		}
	}
	if len(decisive) == occupied {
		return nil, true
	}
	return decisive, true
}

// endsOtherwise reports whether the position facts, with fact i's cell
// emptied, is not over or has goals other than goals. A position the
// game cannot read tells nothing: false.
func (b *Board) endsOtherwise(v *game.Variant, facts []*gdl.Term, i int, goals []int) bool {
	// The cell's empty content, else no fact for it (a sheet whose empty
	// cells have no facts, or that cannot hold this one empty).
	s, err := b.without(v, facts, i, b.emptied(facts[i]))
	if err != nil {
		s, err = b.without(v, facts, i, nil)
	}
	if err != nil {
		return false
	}
	if !s.Terminal() {
		return true
	}
	for r, g := range goals {
		if s.Goal(game.Role(r)) != g {
			return true
		}
	}
	return false
}

// without is the position facts with fact i replaced by instead, or left
// out when instead is nil.
func (b *Board) without(v *game.Variant, facts []*gdl.Term, i int, instead *gdl.Term) (game.State, error) {
	texts := make([]string, 0, len(facts))
	for j, f := range facts {
		switch {
		case j != i:
			texts = append(texts, f.String())
		case instead != nil:
			texts = append(texts, instead.String())
		}
	}
	return v.ParsePosition(strings.Join(texts, " "))
}

// emptied is cell fact f with the content the board shows as empty, nil
// when the sheet has no such content.
func (b *Board) emptied(f *gdl.Term) *gdl.Term {
	if b.empty == nil {
		return nil
	}
	args := make([]*gdl.Term, 0, len(f.Args))
	args = append(args, b.empty[:b.XArg]...)
	args = append(args, f.Args[b.XArg], f.Args[b.XArg+1])
	args = append(args, b.empty[b.XArg:]...)
	return &gdl.Term{Name: f.Name, Args: args}
}

// emptyContent is the content arguments of a base fact of the board that
// shows an empty cell ((cell 1 1 b) gives b), nil when none does.
func (b *Board) emptyContent(base []*gdl.Term) []*gdl.Term {
	for _, f := range base {
		if _, _, c, ok := b.At(f); ok && c.Content == "" {
			var content []*gdl.Term
			content = append(content, f.Args[:b.XArg]...)
			return append(content, f.Args[b.XArg+2:]...)
		}
	}
	return nil
}
