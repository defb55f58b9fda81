package cli

import (
	"fmt"
	"time"

	"github.com/tabletop/tabletop/game"
)

// runBench measures random-playout speed.
func runBench(c *commandLine, args []string) error {
	duration := c.flags.Duration("duration", time.Second, "how long to run each variant")
	seed := c.flags.Uint64("seed", 1, "random seed for the playouts")
	c.help = `Usage: tabletop bench [--duration 1s] [VARIANT...]

Plays uniformly random games from the start of every variant (or the ones
named, or the game of a rule sheet FILE.kif), on one goroutine, and prints
one line per variant:

  VARIANT PLIES_PER_SECOND plies/s (GAMES games, PLIES_PER_GAME plies/game)

Flags:
`
	pos, err := c.parse(args, -1)
	if err != nil {
		return err
	}
	if *duration <= 0 {
		return usagef("--duration must be positive")
	}
	var variants []*game.Variant
	if len(pos) == 0 {
		variants = game.Variants()
	}
	for _, name := range pos {
		v, err := lookupGame(name)
		if err != nil {
			return err
		}
		variants = append(variants, v)
	}
	for _, v := range variants {
		plies, games, elapsed := benchPlayouts(v, *seed, *duration)
		fmt.Fprintf(c.stdout, "%s %.0f plies/s (%d games, %.1f plies/game)\n",
			v.Name, float64(plies)/elapsed.Seconds(), games, float64(plies)/float64(games))
	}
	return nil
}

// benchPlayouts plays random games of v for about d and returns the plies
// and games played and the time taken. The clock is read once per game so
// that timing does not dominate the short games.
func benchPlayouts(v *game.Variant, seed uint64, d time.Duration) (plies, games int, elapsed time.Duration) {
	start := v.New()
	s := v.New()
	rng := game.NewRand(seed)
	begin := time.Now()
	for {
		s.CopyFrom(start)
		plies += playout(s, rng)
		games++
		if elapsed = time.Since(begin); elapsed >= d {
			return plies, games, elapsed
		}
	}
}

// playout plays s to its end at random and returns the plies played. On
// a turn where several roles choose at once (a GDL game's), each plays
// a random legal move of its own.
func playout(s game.State, rng *game.Rand) int {
	js, ok := s.(game.JointState)
	if !ok {
		return game.Playout(s, rng, 0)
	}
	roles := len(s.Variant().Roles)
	joint := make([]game.Move, roles)
	var buf []game.Move
	plies := 0
	for ; !s.Terminal(); plies++ {
		if s.ToMove() != game.NoRole {
			s.Apply(s.RandomMove(rng))
			continue
		}
		for r := 0; r < roles; r++ {
			buf = js.LegalOf(game.Role(r), buf[:0])
			joint[r] = buf[rng.Intn(len(buf))]
		}
		js.ApplyJoint(joint)
	}
	return plies
}
