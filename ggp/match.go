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
	// source is the rule sheet as sent in start.
	source []byte
	// loaded is closed once the rules are loaded (the fields under mu
	// set) or refused (loadErr set).
	loaded  chan struct{}
	loadErr error

	stopSearch sync.Mutex // guards searchCancel
	searchStop context.CancelFunc

	mu       sync.Mutex // guards what follows; held while answering
	role     game.Role
	rules    game.State   // the GDL game: the referee of every move; nil until loaded
	native   game.State   // the same position in tabletop's own engine, or nil
	searcher *ai.Searcher // every search of the match
	thinking sync.Mutex   // one search at a time: a late one ends first
	rng      *game.Rand
	steps    int      // joint moves played
	last     []string // the last joint move
	reply    string   // the reply to the last play
	replied  bool
	// pending are the joint moves received while the rules were not
	// loaded, played once they are; guess is what those plays answered.
	pending [][]string
	guess   string
	blind   blindRules // the rules read top-down, for those plays
}

func newMatch(parent context.Context, msg Message, now time.Time) *match {
	ctx, cancel := context.WithCancel(parent)
	seed := uint64(now.UnixNano())
	return &match{id: msg.MatchID, roleName: msg.Role, playClock: msg.PlayClock, source: msg.Rules,
		ctx: ctx, cancel: cancel, lastSeen: now, rng: game.NewRand(seed), loaded: make(chan struct{})}
}

// twinTime is how long the search for a native twin may take once the
// rules are loaded after the start clock (see nativeTwin).
const twinTime = time.Second

// load reads the rules, finds tabletop's own engine for them when there
// is one, and plays the moves that came while it worked. It runs on its
// own: a sheet that is not ready by the start clock goes on loading
// while the player answers (see play).
func (m *match) load(loadRules func([]byte, gdl.Limits) (*game.Variant, error), cfg PlayerConfig, startBy time.Time) {
	defer close(m.loaded)
	v, err := loadRules(m.source, cfg.Limits)
	if err != nil {
		m.loadErr = fmt.Errorf("rules refused: %v", err)
		return
	}
	role := v.RoleIndexFold(m.roleName)
	if role == game.NoRole {
		m.loadErr = fmt.Errorf("role %s is not in the rules (roles: %s)", m.roleName, strings.Join(v.Roles, ", "))
		return
	}
	twin, hasTwin := nativeTwin(v, later(startBy, time.Now().Add(twinTime)))
	m.mu.Lock()
	defer m.mu.Unlock()
	m.role, m.rules, m.level = role, v.New(), cfg.Level
	m.searcher = ai.NewSearcher()
	if hasTwin {
		m.native = twin.New()
	}
	m.loadErr = m.catchUp()
}

// catchUp plays the moves received while the rules loaded. A play the
// manager sent twice (the same joint move again, which the rules refuse
// the second time) is played once.
func (m *match) catchUp() error {
	for i, joint := range m.pending {
		if err := m.advance(joint); err != nil {
			if i > 0 && slices.Equal(joint, m.pending[i-1]) {
				continue
			}
			m.rules, m.native = nil, nil
			return fmt.Errorf("the moves played while the rules loaded do not replay: %v", err)
		}
	}
	m.pending = nil
	return nil
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// awaitStart waits for the rules until the deadline, and then searches
// the first position until it. The error says why the rules were
// refused; a sheet still loading at the deadline is no error.
func (m *match) awaitStart(deadline time.Time) (note string, err error) {
	if !m.waitLoaded(time.Now().Add(time.Until(deadline) / 2)) {
		// A slow load may outlast the start clock; the first plays are
		// then answered from the rules read top-down (about 50 ms for
		// checkers, 120 for AlexChess), which should be ready by then.
		m.blind.prepare(m.source)
	}
	if !m.waitLoaded(deadline) {
		return "still loading the rules", nil
	}
	if m.loadErr != nil {
		return "", m.loadErr
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	note = "gdl"
	if m.native != nil {
		note = "native " + m.native.Variant().Name
	}
	if time.Until(deadline) > 200*time.Millisecond {
		// The first search fills the transposition table for the first play.
		m.searchBy(deadline)
	}
	return note, nil
}

// waitLoaded waits until the rules are loaded or refused, or the
// deadline, or the match ends; it reports whether they were.
func (m *match) waitLoaded(deadline time.Time) bool {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case <-m.loaded:
		return true
	case <-t.C:
	case <-m.ctx.Done():
	}
	select {
	case <-m.loaded:
		return true
	default:
		return false
	}
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
// the play clock runs out. While the rules are still loading it keeps
// the moves for later and answers from the rules read top-down, or a
// guess (see answerBlind).
func (m *match) play(moves []string, received time.Time) (reply, note string, err error) {
	m.stopThinking() // an earlier message's search, if it still runs
	deadline := received.Add(m.playClock - Margin(m.playClock))
	// The load has half the time to finish; the other half is the
	// top-down rules' to find a legal move if it does not.
	m.waitLoaded(received.Add(deadline.Sub(received) / 2))
	m.mu.Lock()
	if err := m.ctx.Err(); err != nil {
		m.mu.Unlock()
		return "", "", fmt.Errorf("match %s is over", m.id)
	}
	// The rules, not the wait, say whether the load is over: a load
	// that ended since has played the moves kept for it, and this play's
	// must follow them on its rules, not be kept for a load that is past.
	if m.rules == nil {
		return m.answerBlind(moves, deadline)
	}
	defer m.mu.Unlock()
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
	reply, note = m.choose(deadline)
	m.reply, m.replied = reply, true
	return reply, note, nil
}

// answerBlind answers a play before the rules are loaded (playBlind)
// with a legal move of the rules read top-down when they find one by the
// deadline, else with the guess. Called with mu held, which it releases
// before the top-down work: the load must not wait for it to finish.
func (m *match) answerBlind(moves []string, deadline time.Time) (reply, note string, err error) {
	reply, note, err = m.playBlind(moves)
	turns, seed := slices.Clone(m.pending), m.rng.Uint64()
	m.mu.Unlock()
	if err != nil {
		return "", "", err
	}
	if mv := m.blind.legalMove(m.source, m.roleName, turns, seed, deadline); mv != "" {
		return mv, "a legal move of the rules read top-down: the ground rules are still loading", nil
	}
	return reply, note, nil
}

// playBlind answers a play before the rules are loaded (or once they
// were refused after the start was answered): the moves are kept to be
// played once the rules are, and the reply is a guess, a move the rules
// give this role whatever the position when they have one (see
// guessMove). The manager replaces it if it is not legal; the answer is
// in time either way.
func (m *match) playBlind(moves []string) (reply, note string, err error) {
	if moves == nil && len(m.pending) > 0 {
		return "", "", fmt.Errorf("moves nil after %d turns: nil is only for the first play", len(m.pending))
	}
	if moves != nil {
		m.pending = append(m.pending, moves)
	}
	if m.guess == "" {
		m.guess = guessMove(m.source, m.roleName)
	}
	note = "a guess: the rules are still loading"
	if m.loadErr != nil {
		note = "a guess: " + m.loadErr.Error()
	}
	return m.guess, note, nil
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
	if m.rules == nil || len(m.pending) > 0 || moves == nil || m.advance(moves) != nil || !m.rules.Terminal() {
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

// think searches pos for this role's move with the AI's search for this
// role (ai.Searcher.SearchFor): tabletop's own search on the native engine
// when there is one, else the general player on the GDL game, whose
// playouts run in lanes and which reads the clock after every ply of them
// (a search that read it every so many playouts answered othello's 1 s
// clocks late under load), modelling the other roles' choices on turns
// where several choose at once. Its progress is the best move so far, for
// a search that is late all the same.
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
	if pos.native != nil && pos.native.ToMove() == m.role {
		s = pos.native
	}
	if s.Terminal() {
		return ""
	}
	opt := ai.Options{Level: m.level, Budget: budget, Seed: seed}
	opt.Progress = func(p ai.Progress) { best.set(s.FormatMove(p.Best)) }
	return s.FormatMove(m.searcher.SearchFor(ctx, s, m.role, opt).Move)
}
