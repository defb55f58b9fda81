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
named), on one goroutine, and prints one line per variant:

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
		v, err := game.Lookup(name)
		if err != nil {
			return usageError{err.Error()}
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
		plies += game.Playout(s, rng, 0)
		games++
		if elapsed = time.Since(begin); elapsed >= d {
			return plies, games, elapsed
		}
	}
}
