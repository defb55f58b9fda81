package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// matchSeats collects repeated --seat ROLE=SPEC flags.
type matchSeats []string

func (s *matchSeats) String() string     { return strings.Join(*s, ",") }
func (s *matchSeats) Set(v string) error { *s = append(*s, v); return nil }

// runMatch plays AI matches headless and prints a results table.
func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var seats matchSeats
	fs.Var(&seats, "seat", "ROLE=SPEC: who plays ROLE in the first game (repeatable); SPEC is random, mcts or ai:LEVEL[:brs|:paranoid|:maxn|:uct]")
	games := fs.Int("games", 10, "number of games")
	seed := fs.Uint64("seed", 1, "random seed (players' noise, random and mcts players)")
	budget := fs.Duration("budget", 0, "time per action for every player (0: each level's default)")
	position := fs.String("position", "", "start every game from this position string instead of the start")
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	verbose := fs.Bool("v", false, "print one line per finished game on stderr")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `Usage: tabletop match GAME --seat ROLE=SPEC ... [--games N] [--seed S] [--budget 500ms] [--json]

Plays N games headless. The seats rotate by one after each game, so that
over a multiple of the number of roles every spec plays every side
equally. Seats not given are played by "random". A game is a win for the
seat whose goal is the unique highest, a draw for seats sharing the
highest goal, and a loss otherwise.

Games: %s

Example: tabletop match quad7 --seat x=ai:hard --seat o=ai:easy --games 20

Flags:
`, strings.Join(game.Names(), ", "))
		fs.PrintDefaults()
	}
	variantName, err := parseWithPositional(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if variantName == "" {
		fmt.Fprintln(stderr, "tabletop match: name the game, e.g. tabletop match quad5 --seat x=ai:hard --seat o=random")
		return 2
	}
	v, err := game.Lookup(variantName)
	if err != nil {
		fmt.Fprintf(stderr, "tabletop match: %v\n", err)
		return 2
	}
	specs := make([]string, len(v.Roles))
	for i := range specs {
		specs[i] = "random"
	}
	for _, st := range seats {
		role, spec, ok := strings.Cut(st, "=")
		if !ok {
			fmt.Fprintf(stderr, "tabletop match: --seat %q: want ROLE=SPEC\n", st)
			return 2
		}
		r := v.RoleIndex(strings.ToLower(strings.TrimSpace(role)))
		if r == game.NoRole {
			fmt.Fprintf(stderr, "tabletop match: --seat %q: %s has roles %s\n", st, v.Name, strings.Join(v.Roles, ", "))
			return 2
		}
		if _, err := ai.ParsePlayer(spec, 0, *budget); err != nil {
			fmt.Fprintf(stderr, "tabletop match: --seat %q: %v\n", st, err)
			return 2
		}
		specs[r] = strings.ToLower(strings.TrimSpace(spec))
	}
	cfg := ai.MatchConfig{
		Variant: v.Name, Position: *position, Specs: specs,
		Games: *games, Seed: *seed, Budget: *budget,
	}
	if *verbose {
		cfg.GameDone = func(g ai.GameRecord) {
			parts := make([]string, len(g.Specs))
			for r := range g.Specs {
				parts[r] = fmt.Sprintf("%s=%s:%d", v.Roles[r], g.Specs[r], g.Goals[r])
			}
			fmt.Fprintf(stderr, "game %d: %s (%d plies)\n", g.Index+1, strings.Join(parts, " "), g.Plies)
		}
	}
	start := time.Now()
	res, err := ai.RunMatch(context.Background(), cfg)
	if err != nil {
		fmt.Fprintf(stderr, "tabletop match: %v\n", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(stderr, "tabletop match: %v\n", err)
			return 1
		}
		return 0
	}
	fmt.Fprintf(stdout, "%s: %d games, seats rotating, budget %s, seed %d, %s\n", v.Name, res.Games, budgetText(*budget), *seed, time.Since(start).Round(time.Second))
	res.WriteTable(stdout)
	return 0
}

func budgetText(d time.Duration) string {
	if d <= 0 {
		return "level defaults"
	}
	return d.String()
}
