package cli

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/tabletop/tabletop/game"
)

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	duration := fs.Duration("duration", time.Second, "how long to run each variant")
	seed := fs.Uint64("seed", 1, "random seed for the playouts")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `Usage: tabletop bench [--duration 1s] [VARIANT...]

Plays uniformly random games from the start of every variant (or the ones
named), on one goroutine, and prints one line per variant:

  VARIANT PLIES_PER_SECOND plies/s (GAMES games, PLIES_PER_GAME plies/game)

Flags:`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *duration <= 0 {
		fmt.Fprintln(stderr, "tabletop bench: --duration must be positive")
		return 2
	}
	var variants []*game.Variant
	if fs.NArg() == 0 {
		variants = game.Variants()
	}
	for _, name := range fs.Args() {
		v, err := game.Lookup(name)
		if err != nil {
			fmt.Fprintf(stderr, "tabletop bench: %v\n", err)
			return 2
		}
		variants = append(variants, v)
	}
	for _, v := range variants {
		plies, games, elapsed := benchPlayouts(v, *seed, *duration)
		fmt.Fprintf(stdout, "%s %.0f plies/s (%d games, %.1f plies/game)\n",
			v.Name, float64(plies)/elapsed.Seconds(), games, float64(plies)/float64(games))
	}
	return 0
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
