package gdl

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

// transpose64 turns bit i of word j into bit j of word i.
func TestTranspose64(t *testing.T) {
	rng := game.NewRand(11)
	var a, b [64]uint64
	for i := range a {
		a[i] = rng.Uint64()
	}
	b = a
	transpose64(&b)
	for i := 0; i < 64; i++ {
		for j := 0; j < 64; j++ {
			if a[j]>>i&1 != b[i]>>j&1 {
				t.Fatalf("bit %d of word %d is %d, bit %d of word %d after %d", i, j, a[j]>>i&1, j, i, b[i]>>j&1)
			}
		}
	}
}

// The first loads after a Step are written at once, the others at the
// next Step, lane by lane where few lanes of a word were loaded and
// transposed 64 at a time where many were; for a network whose
// positions are too large to keep 256 of, all at once. Each way, the
// lanes play the games of the State.
func TestLanesLoadEachWay(t *testing.T) {
	ways := []struct {
		name string
		tune func(*lanes)
	}{
		{"as tuned", func(l *lanes) {}},
		{"transposed", func(l *lanes) { l.transposeMin, l.deferAfter = 2, 0 }},
		{"lane by lane", func(l *lanes) { l.transposeMin, l.deferAfter = laneCount, 0 }},
		{"at once", func(l *lanes) { l.loads = nil }},
	}
	for _, name := range []string{"tictactoe", "othello4", "minicheckers"} {
		v := loadFile(t, name)
		for _, way := range ways {
			t.Run(name+"/"+way.name, func(t *testing.T) {
				t.Parallel()
				checkLanes(t, v, laneCount, 300, 150, 7, way.tune)
			})
		}
	}
}
