package gdl

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
	"github.com/tabletop/tabletop/game/gdl/kif"
	"github.com/tabletop/tabletop/game/gdl/topdown"
)

// The published corpus: the rule sheets ggp-base publishes, kept outside
// the repository at ../shared/gdl-corpus from its root (see the README).

// corpusSheets returns the corpus's sheets, or skips t when it is absent.
func corpusSheets(t *testing.T) []string {
	dir := gametest.CorpusDir()
	if dir == "" {
		t.Skip("no GDL corpus at ../shared/gdl-corpus from the repository root: skipped")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.kif"))
	return files
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// hasGoal reports whether some goal value of role r holds in s (Goal
// says 0 for none).
func hasGoal(s game.State, r game.Role) bool {
	switch s := s.(type) {
	case *State:
		s.ensureView()
		for _, e := range s.n.goals[r] {
			if s.vals[e.atom] {
				return true
			}
		}
	case *topdown.State:
		return s.HasGoal(r)
	}
	return false
}

// corpusResult is what one sheet of the corpus did.
type corpusResult struct {
	name              string
	topDown           bool
	load              time.Duration
	ended, unfinished int
	goalless          int // games ended where no goal rule holds for some role
	loaded            bool
}

// playCorpusSheet loads a sheet and plays random games of it, each role
// choosing at random on every turn, checking that every role has a legal
// move in every position that is not over. A game that reaches maxPlies
// counts as unfinished; its moves must have changed the position. A game
// that ended where the rules give some role no goal is counted (Goal is 0
// then): the sheet's rules leave it out, as chess's at its move limit.
func playCorpusSheet(t *testing.T, file string, games, maxPlies int) corpusResult {
	res := corpusResult{name: strings.TrimSuffix(filepath.Base(file), ".kif")}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	v, err := Load(res.name, src)
	res.load = time.Since(start)
	if err != nil {
		t.Errorf("%s: %v", res.name, err)
		return res
	}
	res.loaded, res.topDown = true, strings.HasPrefix(Evaluation(v), "top-down")
	for g := 0; g < games; g++ {
		rng := game.NewRand(uint64(g) + 1)
		s := v.New()
		first, moved := s.String(), false
		joint := make([]game.Move, len(v.Roles))
		var buf []game.Move
		ply := 0
		for ; ply < maxPlies && !s.Terminal(); ply++ {
			for r := range v.Roles {
				buf = s.(game.JointState).LegalOf(game.Role(r), buf[:0])
				if len(buf) == 0 {
					t.Fatalf("%s game %d ply %d: %s has no legal move in %s", res.name, g, ply, v.Roles[r], s)
				}
				joint[r] = buf[rng.Intn(len(buf))]
			}
			s.(game.JointState).ApplyJoint(joint)
			moved = moved || s.String() != first
		}
		if !s.Terminal() {
			res.unfinished++
			if !moved {
				t.Errorf("%s game %d: %d plies never changed the position", res.name, g, ply)
			}
			continue
		}
		res.ended++
		for r := range v.Roles {
			if !hasGoal(s, game.Role(r)) {
				res.goalless++
				break
			}
		}
	}
	return res
}

// TestCorpus loads every sheet of the shared corpus, in parallel, and
// plays GDL_CORPUS_GAMES random games of each (2) of up to
// GDL_CORPUS_PLIES plies (200); the log sums it up: sheets loaded, by
// evaluation, games ended and unfinished, and the start times (wall
// clock, which the machine's load stretches; the README gives CPU time).
func TestCorpus(t *testing.T) {
	files := corpusSheets(t)
	games, plies := envInt("GDL_CORPUS_GAMES", 2), envInt("GDL_CORPUS_PLIES", 200)
	results := make([]corpusResult, len(files))
	t.Run("sheet", func(t *testing.T) {
		for i, f := range files {
			t.Run(strings.TrimSuffix(filepath.Base(f), ".kif"), func(t *testing.T) {
				t.Parallel()
				results[i] = playCorpusSheet(t, f, games, plies)
			})
		}
	})
	var loads []time.Duration
	loaded, topDown, ended, unfinished := 0, 0, 0, 0
	var open, goalless []string
	for _, r := range results {
		if !r.loaded {
			continue
		}
		loaded++
		loads = append(loads, r.load)
		if r.topDown {
			topDown++
		}
		ended += r.ended
		unfinished += r.unfinished
		if r.unfinished > 0 {
			open = append(open, r.name)
		}
		if r.goalless > 0 {
			goalless = append(goalless, r.name)
		}
	}
	slices.Sort(loads)
	if len(loads) > 0 {
		t.Logf("%d of %d sheets load (%d top-down); start median %v, max %v; %d games ended, %d unfinished after %d plies (%s); sheets whose rules give a role no goal at an end reached: %s",
			loaded, len(files), topDown, loads[len(loads)/2].Round(time.Millisecond), loads[len(loads)-1].Round(time.Millisecond),
			ended, unfinished, plies, strings.Join(open, ", "), strings.Join(goalless, ", "))
	}
}

// TestCorpusEngines plays, when GDL_CORPUS_ENGINES asks for a number of
// games, that many random games of every corpus sheet that grounds with
// the ground network and the top-down evaluator side by side, comparing
// them ply by ply (checkEngines; up to GDL_CORPUS_PLIES plies, 200);
// package lanes plays as many in the lanes against the State
// (TestCorpusLanes). It is a long run, not one of the default tests.
func TestCorpusEngines(t *testing.T) {
	games := envInt("GDL_CORPUS_ENGINES", 0)
	if games == 0 {
		t.Skip("set GDL_CORPUS_ENGINES to a number of games to compare the engines on the corpus")
	}
	plies := envInt("GDL_CORPUS_PLIES", 200)
	for _, f := range corpusSheets(t) {
		name := strings.TrimSuffix(filepath.Base(f), ".kif")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			d, err := kif.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := compile(name, d, DefaultLimits, engineGround); err != nil {
				t.Skipf("does not ground: %v", err)
			}
			checkEngines(t, name, src, games, plies)
		})
	}
}
