package gdl

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// FuzzParse feeds arbitrary text to the parser and, when it parses, to the
// whole loader under tight limits, then plays a short random game: none of
// it may panic or hang.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.kif")
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte(skeleton))
	f.Add([]byte(frame + "(option x) (n 1) (<= (option ?x) (n ?x) (or (not (big ?x)) (distinct ?x 3)))"))
	f.Add([]byte("(<= (p ?x) (q ?x)) ; comment\n(ROLE a) (( ) ?x"))
	lim := Limits{MaxAtoms: 2000, MaxRules: 5000, MaxTermDepth: 8, MaxWork: 200_000}
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := kif.Parse(src)
		if err != nil {
			if _, ok := err.(*kif.Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		for _, r := range d.Rules {
			_ = r.String()
		}
		v, err := LoadWithLimits("fuzz", src, lim)
		if err != nil {
			return
		}
		s := v.New()
		rng := game.NewRand(1)
		for ply := 0; ply < 50 && !s.Terminal(); ply++ {
			p, err := v.ParsePosition(s.String())
			if err != nil {
				t.Fatalf("position %q does not read back: %v", s, err)
			}
			if err == nil && p.String() != s.String() {
				t.Fatalf("position %q reads back as %q", s, p)
			}
			if gs, ok := s.(*State); ok {
				_ = gs.Facts()
			}
			js := s.(game.JointState)
			moves := make([]game.Move, len(v.Roles))
			ok := true
			for r := range v.Roles {
				legal := js.LegalOf(game.Role(r), nil)
				if len(legal) == 0 {
					ok = false // an ill-formed game: a role without moves
					break
				}
				moves[r] = legal[rng.Intn(len(legal))]
			}
			if !ok {
				break
			}
			js.ApplyJoint(moves)
		}
		for r := range v.Roles {
			if g := s.Goal(game.Role(r)); g < 0 || g > 100 {
				t.Fatalf("goal %d", g)
			}
		}
	})
}
