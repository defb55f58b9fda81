package gdl

import (
	"fmt"
	"os"
	"path/filepath"
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
	files, _ := filepath.Glob("testdata/*.kif")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Load(filepath.Base(f), src)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(v.Name, func(t *testing.T) { checkIncremental(t, v, 200) })
	}
}
