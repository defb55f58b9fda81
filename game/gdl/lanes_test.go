package gdl

import (
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// laneMoves reads the joint move lane played at the last Step from the
// does atoms, as moves of s's game: a role with none gets a move the
// rules do not know.
func laneMoves(l *lanes, lane int, moves []game.Move) []game.Move {
	n := l.n
	moves = moves[:0]
	for r := range n.roles {
		m := game.Move(len(n.moveText)) // no move the rules know
		for mv, a := range n.doesOf[r] {
			if a >= 0 && l.w[a]>>lane&1 == 1 {
				m = game.Move(mv)
			}
		}
		moves = append(moves, m)
	}
	return moves
}

// checkLanes plays random games of v in width lanes, from the start and
// from positions a few random plies in, and follows every lane with a
// State playing the same moves: on every ply each lane's position, legal
// moves and terminal, and at each game's end its goals, must be the
// State's, and each move must be legal there.
func checkLanes(t *testing.T, v *game.Variant, width, games, maxPlies int, seed uint64) {
	t.Helper()
	start := v.New().(*State)
	l := start.NewSimulation().(*lanes)
	rng := game.NewRand(seed)
	mirror := make([]*State, width)
	load := func(lane int) {
		s := start.Clone().(*State)
		for k := rng.Intn(4); k > 0 && !s.Terminal(); k-- {
			s.ApplyJoint(randomJoint(s, rng, nil))
		}
		mirror[lane] = s
		l.Load(lane, s, maxPlies)
	}
	for lane := range mirror {
		load(lane)
	}
	var moves, buf []game.Move
	played := 0
	for played < games {
		l.refresh()
		for m := l.active; m != 0; m &= m - 1 {
			lane := bits.TrailingZeros64(m)
			compareLane(t, l, lane, mirror[lane], &buf)
		}
		ended := l.Step(rng)
		for m := ended; m != 0; m &= m - 1 {
			lane := bits.TrailingZeros64(m)
			s := mirror[lane]
			if !s.Terminal() && l.Plies(lane) < maxPlies {
				t.Fatalf("lane %d ended after %d plies at %s, not over", lane, l.Plies(lane), s)
			}
			for r := range v.Roles {
				if g := s.Goal(game.Role(r)); g != l.Goal(lane, game.Role(r)) {
					t.Fatalf("lane %d: goal of %s %d, the State's %d at %s", lane, v.Roles[r], l.Goal(lane, game.Role(r)), g, s)
				}
			}
			played++
			load(lane)
		}
		for m := l.active &^ ended; m != 0; m &= m - 1 {
			lane := bits.TrailingZeros64(m)
			s := mirror[lane]
			if ended>>lane&1 == 1 {
				continue
			}
			moves = laneMoves(l, lane, moves)
			for r, mv := range moves {
				if int(mv) < len(l.n.moveText) && !slices.Contains(s.LegalOf(game.Role(r), buf[:0]), mv) {
					t.Fatalf("lane %d: %s plays %s, not legal at %s", lane, v.Roles[r], s.FormatMove(mv), s)
				}
			}
			s.ApplyJoint(moves)
		}
	}
}

// compareLane checks lane's position against s.
func compareLane(t *testing.T, l *lanes, lane int, s *State, buf *[]game.Move) {
	t.Helper()
	n := l.n
	for i := 0; i < n.nBase; i++ {
		if (l.w[i]>>lane&1 == 1) != s.vals[i] {
			t.Fatalf("lane %d: %s is %v, in the State %v (%s)", lane, n.baseText[i], !s.vals[i], s.vals[i], s)
		}
	}
	if (l.w[n.terminal]>>lane&1 == 1) != s.Terminal() {
		t.Fatalf("lane %d: terminal %v at %s", lane, s.Terminal(), s)
	}
	if s.Terminal() {
		return
	}
	for r := range n.roles {
		*buf = s.LegalOf(game.Role(r), (*buf)[:0])
		k := 0
		for _, e := range n.legal[r] {
			if l.w[e.atom]>>lane&1 == 1 {
				if k >= len(*buf) || (*buf)[k] != e.move {
					t.Fatalf("lane %d: %s may play %s, in the State %s", lane, n.roles[r], n.moveText[e.move], fmt.Sprint(moveTexts(s, *buf)))
				}
				k++
			}
		}
		if k != len(*buf) {
			t.Fatalf("lane %d: %s has %d legal moves, in the State %d", lane, n.roles[r], k, len(*buf))
		}
	}
}

// randomJoint is a random legal joint move of s.
func randomJoint(s *State, rng *game.Rand, buf []game.Move) []game.Move {
	var moves []game.Move
	for r := range s.n.roles {
		buf = s.LegalOf(game.Role(r), buf[:0])
		m := game.Move(len(s.n.moveText))
		if len(buf) > 0 {
			m = buf[rng.Intn(len(buf))]
		}
		moves = append(moves, m)
	}
	return moves
}

func TestLanesAgreeWithState(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.kif")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Load(filepath.Base(f), src)
		if err != nil {
			continue // the invalid sheets of the tests
		}
		if _, ok := v.New().(*State); !ok {
			continue
		}
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			checkLanes(t, v, 64, 300, 150, 1)
		})
	}
}
