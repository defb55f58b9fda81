package gdl

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// loadWith loads a sheet with the given engine (engineGround,
// engineTopDown or engineAuto).
func loadWith(t testing.TB, name string, src []byte, engine int) *game.Variant {
	t.Helper()
	d, err := kif.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	v, err := compile(name, d, DefaultLimits, engine)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

func moveTexts(s game.State, ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s.FormatMove(m)
	}
	return out
}

// checkEngines plays random games of a sheet with the ground network and
// the top-down evaluator side by side, comparing on every ply the
// position, whether it is over, who moves, every role's legal moves and
// goal, and playing the same moves (by their text) in both.
func checkEngines(t *testing.T, name string, src []byte, games, maxPlies int) {
	t.Helper()
	checkSameGame(t, name, loadWith(t, name, src, engineGround), loadWith(t, name, src, engineTopDown), games, maxPlies)
}

// checkSameGame plays random games of two variants of one sheet side by
// side (gv the ground network, tv another engine or another network),
// comparing them on every ply as checkEngines says.
func checkSameGame(t *testing.T, name string, gv, tv *game.Variant, games, maxPlies int) {
	t.Helper()
	for g := 0; g < games; g++ {
		rng := game.NewRand(uint64(g) + 11)
		gs, ts := gv.New(), tv.New()
		for ply := 0; ply < maxPlies; ply++ {
			where := fmt.Sprintf("%s game %d ply %d (%s)", name, g, ply, gs)
			if gs.String() != ts.String() {
				t.Fatalf("%s: top-down position %s", where, ts)
			}
			if gs.Terminal() != ts.Terminal() || gs.ToMove() != ts.ToMove() {
				t.Fatalf("%s: terminal %v/%v, to move %d/%d", where, gs.Terminal(), ts.Terminal(), gs.ToMove(), ts.ToMove())
			}
			gm := make([]game.Move, len(gv.Roles))
			tm := make([]game.Move, len(gv.Roles))
			for r := range gv.Roles {
				role := game.Role(r)
				if gs.Goal(role) != ts.Goal(role) {
					t.Fatalf("%s: goal of %s %d/%d", where, gv.Roles[r], gs.Goal(role), ts.Goal(role))
				}
				gl, tl := gs.(game.JointState).LegalOf(role, nil), ts.(game.JointState).LegalOf(role, nil)
				if a, b := moveTexts(gs, gl), moveTexts(ts, tl); !slices.Equal(a, b) {
					t.Fatalf("%s: legal moves of %s\n ground   %v\n top-down %v", where, gv.Roles[r], a, b)
				}
				if len(gl) > 0 {
					i := rng.Intn(len(gl))
					gm[r], tm[r] = gl[i], tl[i]
				}
			}
			if gs.Terminal() {
				break
			}
			gs.(game.JointState).ApplyJoint(gm)
			ts.(game.JointState).ApplyJoint(tm)
		}
	}
}

// TestTopDownAgreesWithGround: the top-down evaluator plays every sheet
// of testdata, the feature frames and the unsafe sheets exactly as the
// ground network does.
func TestTopDownAgreesWithGround(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.kif")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			checkEngines(t, filepath.Base(f), src, 30, 300)
		})
	}
	for _, tc := range unsafeSheets {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkEngines(t, tc.name, []byte(tc.sheet), 20, 60)
		})
	}
}

// TestTopDownProperties: the top-down states keep the game.State
// contracts (copies, hashes, positions that read back), and a playout
// allocates nothing once the evaluator has met positions as large (its
// tables are kept and reused: littlehex needs a few thousand playouts to
// get there, tictactoe none).
func TestTopDownProperties(t *testing.T) {
	for _, name := range []string{"tictactoe", "littlehex"} {
		v := loadWith(t, name, []byte(readTestdata(t, name)), engineTopDown)
		gametest.Properties(t, v, gametest.Options{Games: 50})
		if name == "tictactoe" {
			gametest.NoAllocs(t, v)
		}
	}
}

// TestTopDownConcurrentStates: states of one game played top-down on
// several goroutines at once (as the AI's search threads play them), all
// making new terms in the store they share, play the same games as one
// goroutine alone. Run with -race to check the store's locking.
func TestTopDownConcurrentStates(t *testing.T) {
	games := func(v *game.Variant, seed uint64) []string {
		var out []string
		rng := game.NewRand(seed)
		s := v.New()
		for g := 0; g < 20; g++ {
			c := s.Clone()
			game.Playout(c, rng, 0)
			out = append(out, c.String())
		}
		return out
	}
	src := []byte(readTestdata(t, "minicheckers"))
	want := make([][]string, 4)
	alone := loadWith(t, "minicheckers", src, engineTopDown)
	for i := range want {
		want[i] = games(alone, uint64(i))
	}
	shared := loadWith(t, "minicheckers", src, engineTopDown)
	got := make([][]string, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = games(shared, uint64(i))
		}()
	}
	wg.Wait()
	for i := range got {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("goroutine %d played other games than alone", i)
		}
	}
}
