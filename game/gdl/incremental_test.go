package gdl

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// checkIncremental plays random games of v and compares, on every ply,
// the state that evaluates only what changed with a state read from the
// position string, which evaluates everything afresh.
func checkIncremental(t *testing.T, v *game.Variant, games int) {
	t.Helper()
	var a, b []game.Move
	for g := 0; g < games; g++ {
		rng := game.NewRand(uint64(g))
		s := v.New().(*State)
		for ply := 0; ; ply++ {
			p, err := v.ParsePosition(s.String())
			if err != nil {
				t.Fatal(err)
			}
			fresh := p.(*State)
			where := fmt.Sprintf("game %d ply %d, position %s", g, ply, s)
			if s.ToMove() != fresh.ToMove() || s.Terminal() != fresh.Terminal() {
				t.Fatalf("%s: to move %d/%d, terminal %v/%v", where, s.ToMove(), fresh.ToMove(), s.Terminal(), fresh.Terminal())
			}
			moves := make([]game.Move, len(v.Roles))
			for r := range v.Roles {
				a, b = s.LegalOf(game.Role(r), a[:0]), fresh.LegalOf(game.Role(r), b[:0])
				if !slices.Equal(a, b) {
					t.Fatalf("%s: legal moves of %s differ", where, v.Roles[r])
				}
				if s.Goal(game.Role(r)) != fresh.Goal(game.Role(r)) {
					t.Fatalf("%s: goal of %s %d, afresh %d", where, v.Roles[r], s.Goal(game.Role(r)), fresh.Goal(game.Role(r)))
				}
				if len(a) > 0 {
					moves[r] = a[rng.Intn(len(a))]
				}
			}
			checkFullEvaluation(t, where, s, moves)
			if s.Terminal() || ply > 2000 {
				break
			}
			s.ApplyJoint(moves)
			fresh.ApplyJoint(moves)
			if s.String() != fresh.String() || s.Hash() != fresh.Hash() {
				t.Fatalf("%s: next state differs:\n%s\n%s", where, s, fresh)
			}
		}
	}
}

func TestIncrementalEvaluation(t *testing.T) {
	for _, sh := range loadSheets(t, "testdata") {
		v := sh.v
		if v == nil {
			t.Fatalf("%s does not load", sh.name)
		}
		t.Run(v.Name, func(t *testing.T) { checkIncremental(t, v, 200) })
	}
}

// checkFullEvaluation evaluates every rule of s's network from scratch
// (program.run, the plain bottom-up evaluation) with the given moves and
// compares the legal moves, terminal, goals and next state with s.
func checkFullEvaluation(t *testing.T, where string, s *State, moves []game.Move) {
	t.Helper()
	n := s.n
	ref := make([]bool, n.nAtoms)
	copy(ref, s.vals[:n.nBase])
	ref[n.always] = true
	for r, m := range moves {
		if a := n.doesOf[r][m]; a >= 0 {
			ref[a] = true
		} else if none := n.none[r]; none >= 0 {
			ref[none] = true
		}
	}
	n.prog.run(ref)
	if ref[n.terminal] != s.Terminal() {
		t.Fatalf("%s: terminal %v, by full evaluation %v", where, s.Terminal(), ref[n.terminal])
	}
	for r := range n.roles {
		for _, l := range n.legal[r] {
			if ref[l.atom] != s.vals[l.atom] {
				t.Fatalf("%s: legal %s %s: %v, by full evaluation %v", where, n.roles[r], n.moveText[l.move], s.vals[l.atom], ref[l.atom])
			}
		}
		best := 0
		for _, e := range n.goals[r] {
			if ref[e.atom] && e.value > best {
				best = e.value
			}
		}
		if best != s.Goal(game.Role(r)) {
			t.Fatalf("%s: goal of %s %d, by full evaluation %d", where, n.roles[r], s.Goal(game.Role(r)), best)
		}
	}
	if s.Terminal() {
		return
	}
	c := s.Clone().(*State)
	c.ApplyJoint(moves)
	for i, a := range n.nextOf {
		if ref[a] != c.vals[i] {
			t.Fatalf("%s: after the moves, %s is %v, by full evaluation %v", where, n.baseText[i], c.vals[i], ref[a])
		}
	}
}
