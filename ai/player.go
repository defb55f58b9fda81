package ai

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
)

// Player chooses actions for whichever role is in control. The match
// runner and the UI drive every kind of opponent through it.
type Player interface {
	// Name is the player's spec, e.g. "ai:hard" or "mcts".
	Name() string
	// Choose returns a legal action for the role in control of s, which is
	// not terminal; s is not modified.
	Choose(ctx context.Context, s game.State) game.Move
}

// JointPlayer is implemented by players that can play a turn on which
// several roles choose at once (game.JointState, ToMove() == NoRole).
type JointPlayer interface {
	// ChooseFor returns a legal move of role r in s, a game.JointState;
	// s is not modified.
	ChooseFor(ctx context.Context, s game.State, r game.Role) game.Move
}

// GameStarter is implemented by players that keep state between moves;
// NewGame tells them a new game starts and gives them its seed.
type GameStarter interface {
	NewGame(seed uint64)
}

// ParsePlayer reads a player spec: "random", "mcts", "ai:LEVEL" (LEVEL is
// easy, medium, hard or max; a bare level works too) with an optional
// ":paranoid", ":maxn", ":brs", ":uct", ":general", ":model" or ":plan" suffix that picks the
// multi-player search (general: the general player, for any game).
// budget is the time per move (0: the level's default; for mcts, hard's).
func ParsePlayer(spec string, seed uint64, budget time.Duration) (Player, error) {
	t := strings.ToLower(strings.TrimSpace(spec))
	switch t {
	case "random":
		return NewRandomPlayer(seed), nil
	case "mcts":
		if budget <= 0 {
			budget = LevelBudget(Hard)
		}
		return NewMCTSPlayer(seed, budget), nil
	}
	parts := strings.Split(strings.TrimPrefix(t, "ai:"), ":")
	lv, err := ParseLevel(parts[0])
	if err != nil {
		return nil, fmt.Errorf("unknown player %q (want random, mcts or ai:LEVEL[:paranoid|:maxn|:brs|:uct|:general|:model|:plan])", spec)
	}
	opt := Options{Level: lv, Budget: budget, Seed: seed}
	for _, p := range parts[1:] {
		alg, err := ParseAlgorithm(p)
		if err != nil || alg == ByLevel {
			return nil, fmt.Errorf("unknown option %q in player %q (want paranoid, maxn, brs, uct, general, model or plan)", p, spec)
		}
		opt.Multi = alg
	}
	return NewAIPlayer(t, opt), nil
}

// RandomPlayer plays uniformly random legal actions: the weakest baseline.
type RandomPlayer struct {
	rng game.Rand
}

// NewRandomPlayer returns a random player seeded with seed.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	p := &RandomPlayer{}
	p.rng.Seed(seed)
	return p
}

// Name implements Player.
func (p *RandomPlayer) Name() string { return "random" }

// NewGame implements GameStarter.
func (p *RandomPlayer) NewGame(seed uint64) { p.rng.Seed(seed) }

// Choose implements Player.
func (p *RandomPlayer) Choose(ctx context.Context, s game.State) game.Move {
	return s.RandomMove(&p.rng)
}

// ChooseFor implements JointPlayer: a random legal move of r.
func (p *RandomPlayer) ChooseFor(ctx context.Context, s game.State, r game.Role) game.Move {
	legal := s.(game.JointState).LegalOf(r, nil)
	if len(legal) == 0 {
		return game.Noop
	}
	return legal[p.rng.Intn(len(legal))]
}

// AIPlayer plays with Search at a level, keeping its own Searcher (and so
// its transposition table) between moves, and plays the rest of a planned
// turn (Pentago's rotation, Quad's mark after blocks) without searching
// again.
type AIPlayer struct {
	name     string
	opt      Options
	searcher *Searcher
	plan     []game.Move
	planHash uint64
	moves    uint64
	// Last is the result of the last search, for callers that show it.
	Last Result
}

// NewAIPlayer returns a search player named name with the given options.
func NewAIPlayer(name string, opt Options) *AIPlayer {
	return &AIPlayer{name: name, opt: opt, searcher: NewSearcher()}
}

// Name implements Player.
func (p *AIPlayer) Name() string { return p.name }

// NewGame implements GameStarter.
func (p *AIPlayer) NewGame(seed uint64) {
	p.opt.Seed = seed
	p.plan = nil
	p.moves = 0
}

// Choose implements Player.
func (p *AIPlayer) Choose(ctx context.Context, s game.State) game.Move {
	if len(p.plan) > 0 && s.Hash() == p.planHash && s.IsLegal(p.plan[0]) {
		m := p.plan[0]
		p.plan = p.plan[1:]
		if len(p.plan) > 0 {
			c := s.Clone()
			c.Apply(m)
			p.planHash = c.Hash()
		}
		return m
	}
	p.plan = nil
	opt := p.opt
	opt.Seed += p.moves * 0x9e3779b97f4a7c15
	p.moves++
	res := p.searcher.Search(ctx, s, opt)
	p.Last = res
	if !s.IsLegal(res.Move) {
		return s.RandomMove(game.NewRand(opt.Seed))
	}
	if len(res.Turn) > 1 {
		c := s.Clone()
		c.Apply(res.Move)
		p.plan = append([]game.Move(nil), res.Turn[1:]...)
		p.planHash = c.Hash()
	}
	return res.Move
}

// ChooseFor implements JointPlayer with SearchFor.
func (p *AIPlayer) ChooseFor(ctx context.Context, s game.State, r game.Role) game.Move {
	p.plan = nil
	opt := p.opt
	opt.Seed += p.moves * 0x9e3779b97f4a7c15
	p.moves++
	res := p.searcher.SearchFor(ctx, s, r, opt)
	p.Last = res
	legal := s.(game.JointState).LegalOf(r, nil)
	if !slices.Contains(legal, res.Move) && len(legal) > 0 {
		return legal[0]
	}
	return res.Move
}
