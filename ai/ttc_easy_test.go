package ai

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai/modelsearch"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/tictacchess"
)

// Flags of TestTicTacChessAgainstEasy, an opt-in measurement.
var (
	ttcGames   = flag.Int("ttc.games", 40, "games of TestTicTacChessAgainstEasy")
	ttcSeed    = flag.Uint64("ttc.seed", 2, "seed of TestTicTacChessAgainstEasy (as tabletop match --seed)")
	ttcHard    = flag.String("ttc.hard", "ai:hard", "the measured seat's player spec")
	ttcOthers  = flag.String("ttc.others", "ai:easy", "the other three seats' player spec, or model (modelsearch.ModelAction)")
	ttcBudget  = flag.Duration("ttc.budget", 0, "the other seats' budget (0: their level's)")
	ttcCap     = flag.Int("ttc.playouts", 0, "the measured seat's playouts a move (UCT, the general player; the model search's simulations); 0: its budget or cap decides")
	ttcDepth   = flag.Int("ttc.depth", 0, "the measured seat's depth cap in actions; 0: its level's")
	ttcThreads = flag.Int("ttc.threads", 0, "the measured seat's threads; 0: its level's")
	ttcPar     = flag.Int("ttc.parallel", 1, "games played at once")
	ttcTrace   = flag.Bool("ttc.trace", false, "print every position of every game")
	ttcPlan    = flag.Bool("ttc.plan", false, "the measured seat's model search plans its own later moves (modelsearch.Options.Plan)")
	ttcExplore = flag.Float64("ttc.explore", 0, "the planning tree's UCB constant (0: its default)")
	ttcWiden   = flag.Float64("ttc.widen", 0, "the planning tree's widening (0: its default)")
	ttcTies    = flag.Float64("ttc.ties", 0, "with -ttc.plan: what a shared highest goal is worth in the simulations (modelsearch.Options.Ties; 0: its default, negative: nothing)")
	ttcNoise   = flag.Float64("ttc.noise", 0, "with -ttc.plan: the others' error in the simulations (modelsearch.Options.Noise; 0: its default)")
	ttcOpen    = flag.Bool("ttc.open", false, "with -ttc.plan: an open-loop tree")
	ttcChance  = flag.Float64("ttc.chance", 0, "with -ttc.plan: the others' replies in the tree widened progressively (modelsearch.Options.Chance)")
	ttcOwnPly  = flag.Int("ttc.ownplies", 1, "the measured seat's own look in its simulations: 1 action ahead, or 2 (its best next action after the others skip)")
	ttcOthersW = flag.String("ttc.othersweights", "", "the measured seat's model search simulates the others as its model does, by the estimate with these weights changed (modelsearch.Options.Others)")
	ttcOwnW    = flag.String("ttc.ownweights", "", "the measured seat's model search looks at its own simulated actions by the estimate with these weights changed, e.g. OneThreat=0.3,LossAttacked=0.35 (tictacchess.Weights; modelsearch.Options.OwnLook)")
	ttcExact   = flag.Int("ttc.exact", 0, "the measured seat's model search values its candidates exactly under the model when every line ends within this many actions (modelsearch.Options.Exact)")
	ttcExactN  = flag.Int("ttc.exactnodes", 0, "with -ttc.exact: the exact search's work limit (modelsearch.Options.ExactNodes; 0: its default)")
	ttcNested  = flag.Int("ttc.nested", 0, "the measured seat's flat simulations (ai:hard:model) choose its next action by this many inner simulations of each of its -ttc.nestedwidth best (modelsearch.Options.Nested)")
	ttcNestedW = flag.Int("ttc.nestedwidth", 0, "with -ttc.nested: how many of its best actions by the look (0: 3)")
	ttcOracle  = flag.Bool("ttc.oracle", false, "the measured seat's model search simulates the others with the -ttc.others player itself (what a perfect model would be worth)")
)

// ttcOutcome is one game of the measured seat.
type ttcOutcome struct {
	win, shared, lost, line, otherLine, goal, other int
}

// TestTicTacChessAgainstEasy plays the measured seat (-ttc.hard) against
// three others (-ttc.others), seats rotating and seeded as `tabletop
// match` seeds them, and counts the games in which it has the unique
// highest goal. With a playout or depth cap the measured seat has all
// the time it needs, so the load does not change the result and games
// can be played at once. Opt-in (TABLETOP_TTC=1): a measurement, not a
// check.
//
//	TABLETOP_TTC=1 go test ./ai -run TicTacChessAgainstEasy -v -timeout 2h -args -ttc.seed 2 -ttc.playouts 200000 -ttc.threads 1 -ttc.parallel 2
//	TABLETOP_TTC=1 go test ./ai -run TicTacChessAgainstEasy -v -args -ttc.hard ai:hard:model -ttc.threads 1 -ttc.parallel 2
func TestTicTacChessAgainstEasy(t *testing.T) {
	if os.Getenv("TABLETOP_TTC") == "" {
		t.Skip("set TABLETOP_TTC=1 to measure")
	}
	results := make([]ttcOutcome, *ttcGames)
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(*ttcPar, 1))
	for g := range results {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results[g] = playTTCGame(t, g)
		}()
	}
	wg.Wait()
	var sum ttcOutcome
	for _, o := range results {
		sum.win, sum.shared, sum.lost = sum.win+o.win, sum.shared+o.shared, sum.lost+o.lost
		sum.line, sum.otherLine = sum.line+o.line, sum.otherLine+o.otherLine
		sum.goal, sum.other = sum.goal+o.goal, sum.other+o.other
	}
	n := float64(len(results))
	fmt.Printf("%s vs 3 %s, seed %d, %d games, playouts %d, depth %d: unique highest %d, shared %d, lost %d; own lines %d, others' lines %d; mean goal %.1f, best other %.1f\n",
		*ttcHard, *ttcOthers, *ttcSeed, len(results), *ttcCap, *ttcDepth, sum.win, sum.shared, sum.lost, sum.line, sum.otherLine, float64(sum.goal)/n, float64(sum.other)/n)
}

// ttcPlayers are the players of game g, by role, and the measured seat's
// role: seat i plays role (i+g) mod 4, seeded as table.RunMatch does.
func ttcPlayers(t *testing.T, g int) ([]Player, game.Role) {
	specs := []string{*ttcHard, *ttcOthers, *ttcOthers, *ttcOthers}
	players := make([]Player, len(specs))
	var measured game.Role
	for r := range players {
		i := ((r-g)%4 + 4) % 4
		if i != 0 && specs[i] == "model" {
			players[r] = &modelPlayer{seed: *ttcSeed + uint64(g)*1000003 + uint64(i)*7919}
			continue
		}
		budget := *ttcBudget
		if i == 0 {
			budget = 0
		}
		p, err := ParsePlayer(specs[i], *ttcSeed+uint64(i)*7919, budget)
		if err != nil {
			t.Error(err) // not Fatal: this runs in a game's goroutine
			return nil, game.NoRole
		}
		if ap, ok := p.(*AIPlayer); ok && i == 0 {
			measured = game.Role(r)
			ap.opt.Playouts, ap.opt.MaxDepth, ap.opt.Threads = *ttcCap, *ttcDepth, *ttcThreads
			if *ttcCap > 0 || *ttcDepth > 0 {
				ap.opt.Budget = time.Minute // the cap decides, not the load
			}
			if *ttcOracle {
				ap.opt.simOthers = oracle(t, specs[1])
			}
			if *ttcOthersW != "" {
				w, err := parseWeights(*ttcOthersW)
				if err != nil {
					t.Error(err)
					return nil, game.NoRole
				}
				ap.opt.simOthers = modelWith(&w)
			}
			ownLook, err := ownLookOf(*ttcOwnW, *ttcOwnPly)
			if err != nil {
				t.Error(err)
				return nil, game.NoRole
			}
			ap.opt.simTune = func(o *modelsearch.Options) {
				if *ttcPlan {
					o.Plan, o.Explore, o.Widen, o.OpenLoop, o.Ties, o.Noise, o.Chance = true, *ttcExplore, *ttcWiden, *ttcOpen, *ttcTies, *ttcNoise, *ttcChance
				}
				o.OwnLook = ownLook
				o.Exact, o.ExactNodes = *ttcExact, *ttcExactN
				o.Nested, o.NestedWidth = *ttcNested, *ttcNestedW
			}
		}
		if gs, ok := p.(GameStarter); ok {
			gs.NewGame(*ttcSeed + uint64(g)*1000003 + uint64(i)*7919)
		}
		players[r] = p
	}
	return players, measured
}

// playTTCGame plays game g and prints its result (and with -ttc.trace its
// positions, the measured seat's moves marked with *).
func playTTCGame(t *testing.T, g int) ttcOutcome {
	players, me := ttcPlayers(t, g)
	if players == nil {
		return ttcOutcome{}
	}
	s := tictacchess.New()
	var log strings.Builder
	for !s.Terminal() {
		m := ttcChoose(players[s.ToMove()], s)
		if *ttcTrace {
			mark := ""
			if s.ToMove() == me {
				mark = " *"
			}
			fmt.Fprintf(&log, "%s  %s%s\n", s.String(), s.ShortMove(m), mark)
		}
		s.Apply(m)
	}
	o := ttcOutcome{goal: s.Goal(me)}
	goals := make([]int, tictacchess.Players)
	for r := range goals {
		goals[r] = s.Goal(game.Role(r))
		if game.Role(r) != me {
			o.other = max(o.other, goals[r])
		}
	}
	switch {
	case o.goal > o.other:
		o.win = 1
	case o.goal == o.other:
		o.shared = 1
	default:
		o.lost = 1
	}
	if w := s.Winner(); w == me {
		o.line = 1
	} else if w != game.NoRole {
		o.otherLine = 1
	}
	fmt.Fprintf(&log, "game %d: measured seat %s, goals %v, final %s\n", g+1, tictacchess.Variant.Roles[me], goals, s.String())
	fmt.Print(log.String())
	return o
}

// modelPlayer plays as modelsearch's model plays the other roles (its
// one-action look with the error), a fresh seed each action: the players
// the model search assumes (-ttc.others model).
type modelPlayer struct{ seed uint64 }

func (p *modelPlayer) Name() string { return "model" }

func (p *modelPlayer) Choose(_ context.Context, s game.State) game.Move {
	p.seed = p.seed*6364136223846793005 + 1442695040888963407
	return modelsearch.ModelAction(s, p.seed)
}

// ttcChoose asks p for its move in s as a match's table asks a seat:
// only when it has a choice (table.PlayerSeat), so that a player's
// moves, and the seeds it draws for them, are counted as in `tabletop
// match`.
func ttcChoose(p Player, s game.State) game.Move {
	if legal := s.Legal(nil); len(legal) == 1 {
		return legal[0]
	}
	return p.Choose(context.Background(), s)
}

// oracle plays the role in control of s as the player spec would, with
// the given seed: for the model search's simulations (-ttc.oracle).
// Each call borrows a searcher with a small table from a pool (a new
// 16 MiB table for each simulated action would cost more than the
// search).
func oracle(t *testing.T, spec string) func(game.State, uint64) game.Move {
	var lv Level
	if l, ok := strings.CutPrefix(spec, "ai:"); ok && !strings.Contains(l, ":") {
		lv = Level(l)
	}
	if _, ok := levelSpecs[lv]; !ok {
		t.Errorf("-ttc.oracle needs -ttc.others ai:LEVEL, not %q", spec)
		return nil
	}
	pool := sync.Pool{New: func() any { return NewSearcherBits(12) }}
	return func(s game.State, seed uint64) game.Move {
		sr := pool.Get().(*Searcher)
		defer pool.Put(sr)
		return sr.Search(context.Background(), s, Options{Level: lv, Seed: seed, Threads: 1}).Move
	}
}
