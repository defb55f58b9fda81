// Package gametest checks the properties that every game.State must have,
// over many seeded random games. Game packages call Properties from their
// own tests and add their game-specific invariants through Options.Check.
package gametest

import (
	"errors"
	"sort"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// Options tunes Properties.
type Options struct {
	// Games is the number of random games to play (default 1000).
	Games int
	// Seed is the first seed; game i uses Seed+i.
	Seed uint64
	// Check, when set, is called on every position reached, for the
	// game's own invariants (stocks match the board, and so on).
	Check func(t *testing.T, s game.State)
}

// Properties plays random games of v and checks on every position:
// exactly one role in control; legal moves exist iff the game is not over,
// are sorted-unique as text, and agree with IsLegal and RandomMove; every
// legal move round-trips through FormatMove/ShortMove and ParseMove; the
// position string reads back to the same position (string, hash, legal
// moves, terminal); Clone and CopyFrom give equal hashes; every move
// changes the hash; terminal positions have goals in 0–100 and refuse
// moves with game.ErrGameOver.
func Properties(t *testing.T, v *game.Variant, opt Options) {
	t.Helper()
	if opt.Games <= 0 {
		opt.Games = 1000
	}
	roles := len(v.Roles)
	var buf []game.Move
	copyState := v.New()
	var last []string // the texts of the move that ended the game
	for g := 0; g < opt.Games; g++ {
		rng := game.NewRand(opt.Seed + uint64(g))
		s := v.New()
		for ply := 0; ; ply++ {
			if t.Failed() {
				t.Fatalf("game %d (seed %d), ply %d, position %q", g, opt.Seed+uint64(g), ply, s.String())
			}
			if r := s.ToMove(); r < 0 || int(r) >= roles {
				t.Fatalf("role in control %d out of range", r)
			}
			if opt.Check != nil {
				opt.Check(t, s)
			}
			checkPositionRoundTrip(t, v, s)
			c := s.Clone()
			if c.Hash() != s.Hash() || c.String() != s.String() {
				t.Fatalf("clone differs: %q vs %q", c.String(), s.String())
			}
			copyState.CopyFrom(s)
			if copyState.Hash() != s.Hash() || copyState.String() != s.String() {
				t.Fatalf("CopyFrom differs: %q vs %q", copyState.String(), s.String())
			}
			buf = s.Legal(buf[:0])
			if s.Terminal() {
				if len(buf) != 0 {
					t.Fatalf("terminal position has %d legal moves", len(buf))
				}
				for r := 0; r < roles; r++ {
					if gv := s.Goal(game.Role(r)); gv < 0 || gv > game.MaxGoal {
						t.Fatalf("goal of %s is %d", v.Roles[r], gv)
					}
				}
				checkGameOver(t, s, last)
				break
			}
			if len(buf) == 0 {
				t.Fatalf("non-terminal position without legal moves")
			}
			checkMoves(t, s, buf)
			m := s.RandomMove(rng)
			if !s.IsLegal(m) {
				t.Fatalf("RandomMove returned illegal %s", s.FormatMove(m))
			}
			last = append(last[:0], s.FormatMove(m), s.ShortMove(m))
			before := s.Hash()
			s.Apply(m)
			if s.Hash() == before {
				t.Fatalf("hash unchanged by %s", c.FormatMove(m))
			}
			// Applying to the clone must reach the same position.
			c.Apply(m)
			if c.Hash() != s.Hash() || c.String() != s.String() {
				t.Fatalf("clone diverged after %s", c.FormatMove(m))
			}
			if ply > 100000 {
				t.Fatalf("game does not end")
			}
		}
	}
}

// checkGameOver checks that a finished game refuses moves with
// game.ErrGameOver: well-formed move texts (those of the move that ended
// it) and that move itself.
func checkGameOver(t *testing.T, s game.State, last []string) {
	t.Helper()
	for _, text := range last {
		if _, err := s.ParseMove(text); !errors.Is(err, game.ErrGameOver) {
			t.Fatalf("ParseMove(%q) after the end: %v, want game.ErrGameOver", text, err)
		}
		if _, err := game.PlayText(s, text); !errors.Is(err, game.ErrGameOver) {
			t.Fatalf("PlayText(%q) after the end: %v, want game.ErrGameOver", text, err)
		}
	}
}

func checkMoves(t *testing.T, s game.State, legal []game.Move) {
	t.Helper()
	texts := make([]string, len(legal))
	seen := make(map[game.Move]bool, len(legal))
	for i, m := range legal {
		if seen[m] {
			t.Fatalf("duplicate legal move %s", s.FormatMove(m))
		}
		seen[m] = true
		if !s.IsLegal(m) {
			t.Fatalf("IsLegal(%s) is false for a generated move", s.FormatMove(m))
		}
		texts[i] = s.FormatMove(m)
		for _, text := range []string{texts[i], s.ShortMove(m)} {
			p, err := s.ParseMove(text)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", text, err)
			}
			if p != m {
				t.Fatalf("ParseMove(%q) = %s, want %s", text, s.FormatMove(p), texts[i])
			}
		}
	}
	sort.Strings(texts)
	for i := 1; i < len(texts); i++ {
		if texts[i] == texts[i-1] {
			t.Fatalf("two legal moves print as %q", texts[i])
		}
	}
}

func checkPositionRoundTrip(t *testing.T, v *game.Variant, s game.State) {
	t.Helper()
	str := s.String()
	p, err := v.ParsePosition(str)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", str, err)
	}
	if p.String() != str {
		t.Fatalf("position round trip: %q became %q", str, p.String())
	}
	if p.Hash() != s.Hash() {
		t.Fatalf("position %q: hash %x after parsing, %x before", str, p.Hash(), s.Hash())
	}
	if p.Terminal() != s.Terminal() || p.ToMove() != s.ToMove() {
		t.Fatalf("position %q: terminal/role differ after parsing", str)
	}
	a := s.Legal(nil)
	b := p.Legal(nil)
	if len(a) != len(b) {
		t.Fatalf("position %q: %d legal moves after parsing, %d before", str, len(b), len(a))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("position %q: legal moves differ after parsing", str)
		}
	}
	if s.Terminal() {
		for r := range v.Roles {
			if p.Goal(game.Role(r)) != s.Goal(game.Role(r)) {
				t.Fatalf("position %q: goals differ after parsing", str)
			}
		}
	}
}

// NoAllocs fails the test if a random playout from the start of v allocates.
func NoAllocs(t *testing.T, v *game.Variant) {
	t.Helper()
	start := v.New()
	s := v.New()
	rng := game.NewRand(1)
	buf := make([]game.Move, 0, 512)
	allocs := testing.AllocsPerRun(200, func() {
		s.CopyFrom(start)
		for !s.Terminal() {
			buf = s.Legal(buf[:0])
			_ = s.IsLegal(buf[0])
			_ = s.Hash()
			s.Apply(s.RandomMove(rng))
		}
		for r := range v.Roles {
			_ = s.Goal(game.Role(r))
		}
	})
	if allocs != 0 {
		t.Fatalf("%s: a random playout allocates %.1f times", v.Name, allocs)
	}
}

// BenchmarkPlayouts reports random-playout plies per second for v.
func BenchmarkPlayouts(b *testing.B, v *game.Variant) {
	start := v.New()
	s := v.New()
	rng := game.NewRand(1)
	plies := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(start)
		plies += game.Playout(s, rng, 0)
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkLegal reports the cost of generating the legal moves along
// random games of v.
func BenchmarkLegal(b *testing.B, v *game.Variant) {
	// Collect a fixed set of positions first so the benchmark measures
	// only move generation.
	rng := game.NewRand(7)
	var positions []game.State
	for len(positions) < 256 {
		s := v.New()
		for !s.Terminal() {
			positions = append(positions, s.Clone())
			s.Apply(s.RandomMove(rng))
		}
	}
	buf := make([]game.Move, 0, 512)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = positions[i%len(positions)].Legal(buf[:0])
	}
}
