package tictacchess

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

func TestForcingPositions(t *testing.T) {
	tests := []struct {
		name, pos string
		want      []string // the forcing moves in order; empty: nothing forced
	}{
		{"start: nothing forced", "...g.../......./......./r.....b/......./......./...y... red 1", nil},
		// Red holds (3 3), (3 4) and (4 4): the spawn jumps to (3 5).
		{"red wins at once", "...g.../......./......./r.rr..b/..r..../......./...y... red 13", []string{"(move 1 4 3 5)"}},
		// Yellow threatens the same diagonal; red's only answers are
		// capturing a line piece or the helper, or filling (5 5).
		{"red must stop yellow", "...g.../......./......./r.yy..b/..y..../......./...y... red 13", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			got := st.Forcing(nil)
			if tc.want != nil {
				if len(got) != len(tc.want) {
					t.Fatalf("Forcing = %v, want %v", texts(st, got), tc.want)
				}
				for i := range got {
					if s := st.FormatMove(got[i]); s != tc.want[i] {
						t.Errorf("move %d = %s, want %s", i, s, tc.want[i])
					}
				}
			}
			checkForcing(t, st, got)
		})
	}
}

// checkForcing compares Forcing with a brute-force look at every legal
// move and every answer of the next player.
func checkForcing(t *testing.T, st *State, got []game.Move) {
	t.Helper()
	legal := st.Legal(nil)
	wins := 0
	for _, m := range legal {
		c := *st
		c.Apply(m)
		if c.winner == int8(st.role()) {
			wins++
		}
	}
	if wins > 0 {
		if len(got) != 1 {
			t.Fatalf("%s: %d winning moves, Forcing = %v", st, wins, texts(st, got))
		}
		c := *st
		c.Apply(got[0])
		if c.winner != int8(st.role()) {
			t.Fatalf("%s: Forcing move %s does not win", st, st.FormatMove(got[0]))
		}
		return
	}
	listed := map[game.Move]bool{}
	for _, m := range got {
		if !st.IsLegal(m) {
			t.Fatalf("%s: Forcing lists illegal %v", st, m)
		}
		listed[m] = true
	}
	nextWinsAfter := func(m game.Move) bool {
		c := *st
		c.Apply(m)
		if c.Terminal() {
			return false
		}
		for _, a := range c.Legal(nil) {
			d := c
			d.Apply(a)
			if d.winner == int8(c.role()) {
				return true
			}
		}
		return false
	}
	threat := false
	if st.step+1 < LastStep {
		threat = nextWinsAfter(game.Noop) // as if the board stayed as it is
	}
	if !threat {
		if len(got) != 0 {
			t.Fatalf("%s: nothing threatened, Forcing = %v", st, texts(st, got))
		}
		return
	}
	stoppers := 0
	for _, m := range legal {
		if !nextWinsAfter(m) {
			stoppers++
			if !listed[m] {
				t.Fatalf("%s: %s stops the threat but is not listed", st, st.FormatMove(m))
			}
		} else if len(got) < len(legal) && listed[m] {
			t.Fatalf("%s: %s does not stop the threat but is listed", st, st.FormatMove(m))
		}
	}
	if stoppers == 0 && len(got) != len(legal) {
		t.Fatalf("%s: no move stops the threat, Forcing lists %d of %d", st, len(got), len(legal))
	}
}

func TestForcingRandomPositions(t *testing.T) {
	rng := game.NewRand(11)
	threats := 0
	for g := 0; g < 300; g++ {
		st := New()
		for !st.Terminal() {
			got := st.Forcing(nil)
			if len(got) > 0 {
				threats++
			}
			checkForcing(t, st, got)
			st.Apply(st.RandomMove(rng))
		}
	}
	if threats == 0 {
		t.Fatal("no forcing position met: the test checks nothing")
	}
}

func texts(s *State, ms []game.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, s.FormatMove(m))
	}
	return out
}
