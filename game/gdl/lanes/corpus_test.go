package lanes

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game/gametest"
)

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// TestCorpusLanes plays every corpus sheet that grounds in the lanes
// beside its State (checkLanes), up to GDL_CORPUS_PLIES plies (200): 8
// games in 8 lanes, or, when GDL_CORPUS_ENGINES asks for a number of
// games (the long run that compares the engines, gdl's
// TestCorpusEngines), that many in every lane.
func TestCorpusLanes(t *testing.T) {
	dir := gametest.CorpusDir()
	if dir == "" {
		t.Skip("no GDL corpus at ../shared/gdl-corpus from the repository root: skipped")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.kif"))
	plies := envInt("GDL_CORPUS_PLIES", 200)
	width, games, seed := 8, 8, uint64(1)
	if n := envInt("GDL_CORPUS_ENGINES", 0); n > 0 {
		width, games, seed = laneCount, n, 2
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".kif")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			v, err := LoadSheet(name, src)
			if err != nil {
				t.Skipf("does not load: %v", err)
			}
			if !isGround(v.New()) {
				t.Skip("top-down")
			}
			checkLanes(t, v, width, games, plies, seed)
		})
	}
}
