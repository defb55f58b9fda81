package ggp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// thinkShare is the part of the time left that a search is given: it
// ends well before the deadline, so that the reply is not kept waiting
// for a processor by the search itself on a busy machine. The deadline
// stays the hard limit.
const thinkShare = 0.8

// match is one match the Player plays.
type match struct {
	id        string
	roleName  string
	playClock time.Duration
	level     ai.Level
	ctx       context.Context // cancelled on abort, stop and Close
	cancel    context.CancelFunc
	lastSeen  time.Time // guarded by the Player's mu

	stopSearch sync.Mutex // guards searchCancel
	searchStop context.CancelFunc

	mu       sync.Mutex // guards what follows; held while answering
	role     game.Role
	rules    game.State     // the GDL game: the referee of every move
	native   game.State     // the same position in tabletop's own engine, or nil
	searcher *ai.Searcher   // for the native engine and simultaneous turns
	mcts     *ai.MCTSPlayer // for a game tabletop does not know
	thinking sync.Mutex     // one search at a time: a late one ends first
	rng      *game.Rand
	steps    int      // joint moves played
	last     []string // the last joint move
	reply    string   // the reply to the last play
	replied  bool
}

func newMatch(parent context.Context, msg Message, now time.Time) *match {
	ctx, cancel := context.WithCancel(parent)
	seed := uint64(now.UnixNano())
	return &match{id: msg.MatchID, roleName: msg.Role, playClock: msg.PlayClock,
		ctx: ctx, cancel: cancel, lastSeen: now, rng: game.NewRand(seed)}
}

// prepare loads the rules, finds tabletop's own engine for them when
// there is one, and searches the first position until the deadline.
func (m *match) prepare(msg Message, cfg PlayerConfig, deadline time.Time) (note string, err error) {
	lim := cfg.Limits
	lim.MaxTime = min(lim.MaxTime, max(time.Until(deadline), time.Millisecond))
	v, err := gdl.LoadWithLimits("ggp", msg.Rules, lim)
	if err != nil {
		return "", fmt.Errorf("rules refused: %v", err)
	}
	m.role = v.RoleIndex(msg.Role)
	if m.role == game.NoRole {
		return "", fmt.Errorf("role %s is not in the rules (roles: %s)", msg.Role, strings.Join(v.Roles, ", "))
	}
	m.rules = v.New()
	m.level = cfg.Level
	m.searcher = ai.NewSearcher()
	// The budget is set per move by the context's deadline.
	m.mcts = ai.NewMCTSPlayer(m.rng.Uint64(), 24*time.Hour)
	note = "gdl"
	if twin, ok := nativeTwin(v, deadline); ok {
		m.native = twin.New()
		note = "native " + twin.Name
	}
	if time.Until(deadline) > 200*time.Millisecond {
		// The first search fills the transposition table for the first play.
		m.searchBy(deadline)
	}
	return note, nil
}

// snapshot copies the positions for a search that may outlive the reply.
func (m *match) snapshot() position {
	p := position{rules: m.rules.Clone()}
	if m.native != nil {
		p.native = m.native.Clone()
	}
	return p
}

// position is the match's position in both engines (native may be nil).
type position struct{ rules, native game.State }

// play applies the joint move and answers with this role's move before
// the play clock runs out.
func (m *match) play(moves []string, received time.Time) (reply, note string, err error) {
	m.stopThinking() // an earlier message's search, if it still runs
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.ctx.Err(); err != nil {
		return "", "", fmt.Errorf("match %s is over", m.id)
	}
	if m.rules == nil { // its start failed while this play waited
		return "", "", fmt.Errorf("match %s did not start", m.id)
	}
	switch {
	case moves == nil && m.steps == 0 && m.replied:
		return m.reply, "repeated", nil
	case moves == nil && m.steps > 0:
		return "", "", fmt.Errorf("moves nil after %d turns: nil is only for the first play", m.steps)
	case moves != nil:
		if err := m.advance(moves); err != nil {
			if m.replied && slices.Equal(moves, m.last) {
				return m.reply, "repeated", nil
			}
			return "", "", err
		}
	}
	if m.rules.Terminal() {
		return "", "", fmt.Errorf("the game is over after these moves: send stop")
	}
	reply, note = m.choose(received.Add(m.playClock - Margin(m.playClock)))
	m.reply, m.replied = reply, true
	return reply, note, nil
}

// advance plays a joint move on both engines; the native engine is
// dropped if it ever disagrees (the GDL game stays the referee).
func (m *match) advance(moves []string) error {
	if err := applyJoint(m.rules, moves); err != nil {
		return fmt.Errorf("turn %d: %v", m.steps+1, err)
	}
	if m.native != nil && applyJoint(m.native, moves) != nil {
		m.native = nil
	}
	m.steps++
	m.last = moves
	return nil
}

// stop plays the last joint move, for the log's goals.
func (m *match) stop(moves []string) (note string) {
	m.abort()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.rules == nil || moves == nil || m.advance(moves) != nil || !m.rules.Terminal() {
		return ""
	}
	return fmt.Sprintf("goal %d", m.rules.Goal(m.role))
}

// abort stops the match's searches.
func (m *match) abort() { m.cancel() }

func (m *match) stopThinking() {
	m.stopSearch.Lock()
	if m.searchStop != nil {
		m.searchStop()
	}
	m.stopSearch.Unlock()
}

// choose returns a legal move by the deadline whatever happens: the
// search's, or a random one if the search is late or fails.
func (m *match) choose(deadline time.Time) (move, note string) {
	legal := legalTexts(m.rules, m.role, nil)
	if len(legal) == 1 {
		return legal[0], "only move"
	}
	fallback := legal[m.rng.Intn(len(legal))]
	mv, note := m.searchBy(deadline)
	if !slices.Contains(legal, mv) {
		return fallback, "random: " + note
	}
	return mv, note
}

// searchBy runs a search on a copy of the position and returns its move
// by the deadline, or "" and why not. A search that is late goes on until
// it notices it was cancelled, on its own copy.
func (m *match) searchBy(deadline time.Time) (move, note string) {
	ctx, cancel := context.WithDeadline(m.ctx, deadline)
	defer cancel()
	m.stopSearch.Lock()
	m.searchStop = cancel
	m.stopSearch.Unlock()
	out := make(chan string, 1)
	pos, seed, best := m.snapshot(), m.rng.Uint64(), &bestSoFar{}
	go func() {
		defer func() {
			if r := recover(); r != nil {
				out <- fmt.Sprintf("panic: %v", r)
			}
		}()
		out <- m.think(ctx, deadline, pos, seed, best)
	}()
	select {
	case mv := <-out:
		return mv, "search"
	case <-ctx.Done():
		if mv := best.get(); mv != "" {
			return mv, "deadline: the best move of the last finished depth"
		}
		return "", "deadline"
	}
}

// bestSoFar is the best move of a search's last finished depth, for a
// search that is late.
type bestSoFar struct {
	mu   sync.Mutex
	move string
}

func (b *bestSoFar) set(mv string) { b.mu.Lock(); b.move = mv; b.mu.Unlock() }

func (b *bestSoFar) get() string { b.mu.Lock(); defer b.mu.Unlock(); return b.move }

// think searches pos for this role's move: with tabletop's AI on the
// native engine when there is one, else with the ai package's Monte Carlo
// tree search on the GDL game (its alpha-beta checks the clock too seldom
// for the slower nodes of a GDL game); on turns where several roles choose
// at once, with the general player's search for this role (ai.SearchFor),
// which models the other roles' choices instead of taking them as random.
func (m *match) think(ctx context.Context, deadline time.Time, pos position, seed uint64, best *bestSoFar) string {
	m.thinking.Lock()
	defer m.thinking.Unlock()
	budget := time.Duration(float64(time.Until(deadline)) * thinkShare)
	if m.level == ai.Easy || m.level == ai.Medium {
		budget = min(budget, ai.LevelBudget(m.level))
	}
	if budget <= 0 || ctx.Err() != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	s := pos.rules
	switch {
	case s.Terminal():
		return ""
	case pos.native != nil && pos.native.ToMove() == m.role:
		opt := ai.Options{Level: m.level, Budget: budget, Seed: seed}
		opt.Progress = func(p ai.Progress) { best.set(pos.native.FormatMove(p.Best)) }
		res := m.searcher.Search(ctx, pos.native, opt)
		return pos.native.FormatMove(res.Move)
	case s.ToMove() == m.role:
		return s.FormatMove(m.mcts.Choose(ctx, s))
	case s.ToMove() == game.NoRole:
		opt := ai.Options{Level: m.level, Budget: budget, Seed: seed}
		opt.Progress = func(p ai.Progress) { best.set(s.FormatMove(p.Best)) }
		return s.FormatMove(m.searcher.SearchFor(ctx, s, m.role, opt).Move)
	}
	return ""
}
