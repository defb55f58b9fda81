package lanes

import (
	"os"
	"strconv"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// TestLanesStepsForCallgrind plays GDL_STEPS steps (2 000 unless set) of
// the lanes on the sheet GDL_STEPS_SHEET from the start, ended games
// loaded again with the start position, and logs the plies played. It is
// the harness of the instruction counts a ply in README.md:
//
//	go test -c -o /tmp/lanes.test ./game/gdl/lanes
//	GDL_STEPS_SHEET=FILE.kif GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 GOGC=off \
//	    valgrind --tool=callgrind --toggle-collect='*runLaneSteps*' \
//	    /tmp/lanes.test -test.run StepsForCallgrind -test.v
//
// (callgrind stops on Go's preemption signal without asyncpreemptoff);
// the instructions of runLaneSteps over the plies logged is the count a
// ply. It is skipped without the sheet.
func TestLanesStepsForCallgrind(t *testing.T) {
	path := os.Getenv("GDL_STEPS_SHEET")
	if path == "" {
		t.Skip("GDL_STEPS_SHEET is not set")
	}
	steps := 2000
	if s := os.Getenv("GDL_STEPS"); s != "" {
		steps, _ = strconv.Atoi(s)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := LoadSheet(path, src)
	if err != nil {
		t.Fatal(err)
	}
	start := v.New()
	if !isGround(start) {
		t.Skip("the sheet does not ground")
	}
	l := newSim(start)
	for lane := 0; lane < l.Lanes(); lane++ {
		l.Load(lane, start, 0)
	}
	plies := runLaneSteps(l, start, steps)
	for lane := 0; lane < l.Lanes(); lane++ {
		plies += l.Plies(lane) // the games still playing or held
	}
	t.Logf("%s: %d steps, %d plies", path, steps, plies)
}

// runLaneSteps plays steps Steps of l, loading start in the lanes whose
// game ended, and returns the plies of the ended games.
//
//go:noinline
func runLaneSteps(l *Sim, start game.State, steps int) int {
	rng := game.NewRand(1)
	var ended []int
	plies := 0
	for i := 0; i < steps; i++ {
		ended = l.Step(rng, ended[:0])
		for _, lane := range ended {
			plies += l.Plies(lane)
			l.Load(lane, start, 0)
		}
	}
	return plies
}
