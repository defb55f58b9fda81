package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// matchSeats collects repeated --seat ROLE=SPEC flags.
type matchSeats []string

func (s *matchSeats) String() string     { return strings.Join(*s, ",") }
func (s *matchSeats) Set(v string) error { *s = append(*s, v); return nil }

// runMatch plays AI matches headless and prints a results table.
func runMatch(c *commandLine, args []string) error {
	fs := c.flags
	var seats matchSeats
	fs.Var(&seats, "seat", "ROLE=SPEC: who plays ROLE in the first game (repeatable); SPEC is random, mcts, ai:LEVEL[:brs|:paranoid|:maxn|:uct|:model] or ggp:URL (a GGP player)")
	games := fs.Int("games", 10, "number of games")
	seed := fs.Uint64("seed", 1, "random seed (players' noise, random and mcts players)")
	budget := fs.Duration("budget", 0, "time per action for every player (0: each level's default)")
	position := fs.String("position", "", "start every game from this position string instead of the start")
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	verbose := fs.Bool("v", false, "print one line per finished game on stderr")
	managed := managedFlags(fs)
	c.help = `Usage: tabletop match GAME --seat ROLE=SPEC ... [--games N] [--seed S] [--budget 500ms] [--json]

Plays N games headless. The seats rotate by one after each game, so that
over a multiple of the number of roles every spec plays every side
equally. Seats not given are played by "random". A game is a win for the
seat whose goal is the unique highest, a draw for seats sharing the
highest goal, and a loss otherwise.

` + gameList() + `
Example: tabletop match quad7 --seat x=ai:hard --seat o=ai:easy --games 20

A seat ggp:URL is a General Game Playing player at URL: tabletop is its
Game Manager (start with the game's GDL, play, stop), keeps the clocks and
replaces a late or illegal move by a random legal one, reported on stderr.
--record DIR writes each game as a GGP match record (JSON).

Flags:
`
	pos, err := c.parse(args, 1)
	if err != nil {
		return err
	}
	v, err := c.gameArg(pos)
	if err != nil {
		return err
	}
	switch {
	case *games < 1:
		return usagef("--games %d: play at least 1 game", *games)
	case *budget < 0:
		return usagef("--budget must not be negative")
	}
	if _, err := startState(v, *position); err != nil {
		return err
	}
	specs, err := matchSpecs(v, seats, *budget)
	if err != nil {
		return err
	}
	cfg := table.MatchConfig{
		Variant: v.Name, Position: *position, Specs: specs,
		Games: *games, Seed: *seed, Budget: *budget,
		Report: func(s string) { fmt.Fprintln(c.stderr, s) },
	}
	if *verbose {
		cfg.GameDone = func(g table.GameRecord) {
			parts := make([]string, len(g.Specs))
			for r := range g.Specs {
				parts[r] = fmt.Sprintf("%s=%s:%d", v.Roles[r], g.Specs[r], g.Goals[r])
			}
			fmt.Fprintf(c.stderr, "game %d: %s (%d plies)\n", g.Index+1, strings.Join(parts, " "), g.Plies)
		}
	}
	start := time.Now()
	var res table.MatchResult
	if managed.wanted(specs) {
		res, err = managed.run(c, v, cfg, *position)
	} else {
		res, err = table.RunMatch(context.Background(), cfg)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(c.stdout).Encode(res)
	}
	fmt.Fprintf(c.stdout, "%s: %s, seats rotating, budget %s, seed %d, %s\n", v.Name, plural(res.Games, "game"), budgetText(*budget), *seed, time.Since(start).Round(time.Second))
	res.WriteTable(c.stdout)
	return nil
}

// matchSpecs is the player spec of every role: the --seat flags, and
// "random" for the roles they do not name.
func matchSpecs(v *game.Variant, seats matchSeats, budget time.Duration) ([]string, error) {
	specs := make([]string, len(v.Roles))
	for i := range specs {
		specs[i] = "random"
	}
	for _, st := range seats {
		role, spec, ok := strings.Cut(st, "=")
		if !ok {
			return nil, usagef("--seat %q: want ROLE=SPEC", st)
		}
		r := v.RoleIndexFold(strings.TrimSpace(role))
		if r == game.NoRole {
			return nil, usagef("--seat %q: %s has roles %s", st, v.Name, strings.Join(v.Roles, ", "))
		}
		norm, err := seatSpec(spec, budget)
		if err != nil {
			return nil, usagef("--seat %q: %v", st, err)
		}
		if _, alg, ok := strings.Cut(strings.TrimPrefix(norm, "ai:"), ":"); ok && strings.HasPrefix(norm, "ai:") {
			if err := multiFits(v, alg); err != nil {
				return nil, usagef("--seat %q: %v", st, err)
			}
		}
		specs[r] = norm
	}
	return specs, nil
}

// multiFits refuses a search for more than two roles (brs, paranoid,
// maxn, uct, model) asked for in a game of two, where it would be ignored
// silently: two roles are always searched by alpha-beta.
func multiFits(v *game.Variant, name string) error {
	alg, err := ai.ParseAlgorithm(name)
	if err != nil || len(v.Roles) > 2 {
		return nil // a bad name is the spec parser's to report
	}
	switch alg {
	case ai.Paranoid, ai.MaxN, ai.BestReply, ai.UCT, ai.Model:
		return fmt.Errorf("%s applies only to games of more than two roles (%s has %d)", name, v.Name, len(v.Roles))
	}
	return nil
}

func budgetText(d time.Duration) string {
	if d <= 0 {
		return "level defaults"
	}
	return d.String()
}
