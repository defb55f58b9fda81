package table

import (
	"context"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// PlayerSeat is a seat played by one of the ai package's players (the
// specs of ai.ParsePlayer: random, mcts, ai:LEVEL…). It answers a role
// with one legal move with that move without asking the player; on a
// turn where several roles choose at once it asks the player for its
// role (ai.JointPlayer).
type PlayerSeat struct {
	Player ai.Player
}

// ParsePlayerSeat is the seat of an ai.ParsePlayer spec.
func ParsePlayerSeat(spec string, seed uint64, budget time.Duration) (*PlayerSeat, error) {
	p, err := ai.ParsePlayer(spec, seed, budget)
	if err != nil {
		return nil, err
	}
	return &PlayerSeat{Player: p}, nil
}

// Name implements Seat.
func (s *PlayerSeat) Name() string { return s.Player.Name() }

// NewGame passes a new game's seed on to a player that keeps state
// between moves (ai.GameStarter).
func (s *PlayerSeat) NewGame(seed uint64) {
	if gs, ok := s.Player.(ai.GameStarter); ok {
		gs.NewGame(seed)
	}
}

// Choose implements Seat.
func (s *PlayerSeat) Choose(ctx context.Context, q Question) (game.Move, error) {
	if len(q.Legal) == 1 || !q.Chooses() {
		return only(q), nil
	}
	ctx, cancel := withDeadline(ctx, q.Deadline)
	defer cancel()
	var m game.Move
	if _, ok := q.State.(game.JointState); ok && Joint(q.State) {
		jp, ok := s.Player.(ai.JointPlayer)
		if !ok {
			return game.Noop, errNoJoint
		}
		m = jp.ChooseFor(ctx, q.State, q.Role)
	} else {
		m = s.Player.Choose(ctx, q.State)
	}
	return m, late(ctx, q, m)
}

// only is the move of a role that has no choice: its one legal move.
func only(q Question) game.Move {
	if len(q.Legal) == 0 {
		return game.Noop
	}
	return q.Legal[0]
}

// withDeadline bounds ctx by a question's deadline, when it has one.
func withDeadline(ctx context.Context, deadline time.Time) (context.Context, context.CancelFunc) {
	if deadline.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, deadline)
}

// late is the error of a search whose context ended before it found a
// legal move: it did not answer in time. A legal move found by then is
// an answer.
func late(ctx context.Context, q Question, m game.Move) error {
	if ctx.Err() == nil || IsLegalFor(q.State, q.Role, m) {
		return nil
	}
	return ctx.Err()
}

type noJointError struct{}

func (noJointError) Error() string {
	return "this player cannot play a turn where several roles choose at once"
}

var errNoJoint error = noJointError{}

// AISeat is the AI of a client or a room: a search at a level for each
// question, within its budget, waiting for a free AI slot first when
// Slots is set. A search that plans a whole turn of several moves
// (Pentago's rotation after its placement, Quad's mark after blocks)
// answers the next question of the turn from its plan, at once.
type AISeat struct {
	// Options are the search's: level, budget, threads, seed, progress.
	Options ai.Options
	// Slots, when set, bounds the searches at once: a search waits for
	// a free slot (cancellably) before it starts.
	Slots *ai.Slots
	// Queued, when set, is called when the search has to wait for a slot.
	Queued func()

	plan     []game.Move
	planHash uint64
	// Last is the last search's result, for callers that show it.
	Last ai.Result
}

// Name implements Seat: "ai:LEVEL".
func (s *AISeat) Name() string {
	lv := s.Options.Level
	if lv == "" {
		lv = ai.Hard
	}
	return "ai:" + string(lv)
}

// Choose implements Seat. The seat is one role's: it must not be asked
// two questions at once.
func (s *AISeat) Choose(ctx context.Context, q Question) (game.Move, error) {
	if !q.Chooses() || len(q.Legal) == 1 {
		return only(q), nil
	}
	if m, ok := s.planned(q); ok {
		return m, nil
	}
	ctx, cancel := withDeadline(ctx, q.Deadline)
	defer cancel()
	if s.acquire(ctx) {
		defer s.Slots.Release()
	}
	opt := s.Options
	opt.Seed += uint64(q.Turn) * 0x9e3779b97f4a7c15
	var res ai.Result
	if Joint(q.State) {
		res = ai.SearchFor(ctx, q.State, q.Role, opt)
	} else {
		res = ai.Search(ctx, q.State, opt)
		s.keepPlan(q.State, res)
	}
	s.Last = res
	return res.Move, late(ctx, q, res.Move)
}

// acquire waits for a free slot, when the seat has slots, and reports
// whether it holds one. A search whose context ends first needs none: it
// answers at once with a quick move ("move now", or an answer nobody
// will wait for).
func (s *AISeat) acquire(ctx context.Context) bool {
	switch {
	case s.Slots == nil || ctx.Err() != nil:
		return false
	case s.Slots.TryAcquire():
		return true
	}
	if s.Queued != nil {
		s.Queued()
	}
	return s.Slots.Acquire(ctx) == nil
}

// planned is the next move of the planned turn, when q is its next
// question.
func (s *AISeat) planned(q Question) (game.Move, bool) {
	if len(s.plan) == 0 || q.State.Hash() != s.planHash || !q.State.IsLegal(s.plan[0]) {
		s.plan = nil
		return game.Noop, false
	}
	m := s.plan[0]
	s.keepPlan(q.State, ai.Result{Move: m, Turn: s.plan})
	return m, true
}

// keepPlan keeps the rest of a planned turn after its first move.
func (s *AISeat) keepPlan(pos game.State, res ai.Result) {
	s.plan = nil
	if len(res.Turn) < 2 || res.Turn[0] != res.Move || !pos.IsLegal(res.Move) {
		return
	}
	c := pos.Clone()
	c.Apply(res.Move)
	s.plan, s.planHash = append([]game.Move(nil), res.Turn[1:]...), c.Hash()
}
