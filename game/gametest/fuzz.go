package gametest

import (
	"sync"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// fuzzPlies bounds the random game CheckPositionText plays from an
// accepted position: enough to reach the end of every game here, and a
// position that plays on forever is a failure of its own.
const fuzzPlies = 1000

// CheckPositionText reads text as a position of v, the way a stranger
// may send it (over SSH, on the command line). Refusing it is fine; a
// position it accepts must behave like one reached by play: its role in
// control is in range, it prints and reads back as itself, its legal moves
// exist iff the game is not over and read back from their notation, and a
// seeded random game from it ends, with goals in 0–100, without a panic.
func CheckPositionText(t *testing.T, v *game.Variant, text string, seed uint64) {
	t.Helper()
	s, err := v.ParsePosition(text)
	if err != nil {
		return
	}
	rng := game.NewRand(seed)
	var legal []game.Move
	for ply := 0; ; ply++ {
		if r := s.ToMove(); r < 0 || int(r) >= len(v.Roles) {
			t.Fatalf("%q (ply %d): role in control %d out of range", text, ply, r)
		}
		checkPositionRoundTrip(t, v, s)
		legal = s.Legal(legal[:0])
		if s.Terminal() {
			if len(legal) != 0 {
				t.Fatalf("%q (ply %d): terminal position %q has %d legal moves", text, ply, s.String(), len(legal))
			}
			for r := range v.Roles {
				if g := s.Goal(game.Role(r)); g < 0 || g > game.MaxGoal {
					t.Fatalf("%q (ply %d): goal of %s is %d in %q", text, ply, v.Roles[r], g, s.String())
				}
			}
			return
		}
		if len(legal) == 0 {
			t.Fatalf("%q (ply %d): position %q is not over but has no legal move", text, ply, s.String())
		}
		checkMoves(t, s, legal)
		m := s.RandomMove(rng)
		if !s.IsLegal(m) {
			t.Fatalf("%q (ply %d): RandomMove gave illegal %s in %q", text, ply, s.FormatMove(m), s.String())
		}
		s.Apply(m)
		if ply >= fuzzPlies {
			t.Fatalf("%q: no end after %d random plies", text, fuzzPlies)
		}
	}
}

// CheckMoveText reads text as a move, the way a player may type it, in
// the position that plies random moves reach from v's start in the game
// of seed (modulo fuzzGames). Refusing it is fine; a move it accepts must
// be legal now (never in a finished game), be one of the generated moves,
// and read back as itself from its canonical notation.
func CheckMoveText(t *testing.T, v *game.Variant, seed uint64, plies int, text string) {
	t.Helper()
	s := fuzzPosition(v, seed%fuzzGames, plies).Clone()
	m, err := s.ParseMove(text)
	if err != nil {
		if err.Error() == "" {
			t.Fatalf("ParseMove(%q) in %q: an error without a word", text, s.String())
		}
		return
	}
	if s.Terminal() {
		t.Fatalf("ParseMove(%q) accepted %s in the finished game %q", text, s.FormatMove(m), s.String())
	}
	if !s.IsLegal(m) {
		t.Fatalf("ParseMove(%q) accepted illegal %s in %q", text, s.FormatMove(m), s.String())
	}
	found := false
	for _, l := range s.Legal(nil) {
		found = found || l == m
	}
	if !found {
		t.Fatalf("ParseMove(%q) = %s, which Legal does not list, in %q", text, s.FormatMove(m), s.String())
	}
	if back, err := s.ParseMove(s.FormatMove(m)); err != nil || back != m {
		t.Fatalf("ParseMove(%q) = %s, which reads back as %v, %v", text, s.FormatMove(m), back, err)
	}
}

// PositionSeeds returns a seed corpus of position strings of v: the start
// and one position from the middle and the end of each of n seeded random
// games.
func PositionSeeds(v *game.Variant, n int) []string {
	seeds := []string{v.New().String()}
	for g := 0; g < n; g++ {
		rng := game.NewRand(uint64(g) + 1)
		var line []string
		for s := v.New(); ; s.Apply(s.RandomMove(rng)) {
			line = append(line, s.String())
			if s.Terminal() {
				break
			}
		}
		seeds = append(seeds, line[len(line)/2], line[len(line)-1])
	}
	return seeds
}

// MoveSeeds returns a seed corpus of move texts of v: every legal move of
// the start in canonical and short notation.
func MoveSeeds(v *game.Variant) []string {
	s := v.New()
	var texts []string
	for _, m := range s.Legal(nil) {
		texts = append(texts, s.FormatMove(m), s.ShortMove(m))
	}
	return texts
}

// fuzzGames is the number of random games whose positions CheckMoveText
// uses: the fuzzer varies the text, and the positions are cached so that
// each try costs a parse, not a random game (the minimizer runs the
// target a great many times).
const fuzzGames = 8

type fuzzKey struct {
	v     *game.Variant
	seed  uint64
	plies int
}

var fuzzPositions sync.Map // fuzzKey → game.State, never modified

// fuzzPosition is the position plies random moves reach from v's start
// in the game of seed (or its end, if sooner).
func fuzzPosition(v *game.Variant, seed uint64, plies int) game.State {
	key := fuzzKey{v, seed, plies}
	if s, ok := fuzzPositions.Load(key); ok {
		return s.(game.State)
	}
	s := v.New()
	rng := game.NewRand(seed)
	for i := 0; i < plies && !s.Terminal(); i++ {
		s.Apply(s.RandomMove(rng))
	}
	fuzzPositions.Store(key, s)
	return s
}
