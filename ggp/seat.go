package ggp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// RemoteSeat is a GGP player as a seat of a table: it gets start with
// the game's rules, its role and the clocks (table.Starter), a play with
// the last joint move on every turn — also those where its role only
// follows, which it answers with its only move (table.Attentive) — and
// stop or abort at the end (table.Finisher). Its messages go out one at
// a time, in the order of the game, however its calls are scheduled: a
// client's event loop may ask it the next turn's question while the last
// is still out. A reply that is late, refused or not a legal move is its
// failure, which the table's fallback covers; FaultCode names it as
// match records do.
type RemoteSeat struct {
	Remote *Remote
	// Who names the player in reports and records; "ggp:URL" when "".
	Who string
	// Rules is the game's GDL as sent (see WireRules).
	Rules []byte
	// Report, when set, is told in one line a start, stop or abort that
	// was not answered as it should be.
	Report func(string)

	mu      sync.Mutex
	changed chan struct{} // closed and replaced at every change below
	busy    bool          // a message is out
	started bool          // start was answered (or failed: plays go on)
	turns   int           // plays answered (or failed)
	game    table.Game    // as Start was told
	role    game.Role
}

// NewRemoteSeat is the seat of the GGP player at url, sent rules (in
// WireRules' form) at the start.
func NewRemoteSeat(url string, rules []byte) *RemoteSeat {
	return &RemoteSeat{Remote: &Remote{URL: url}, Rules: rules}
}

// Name implements table.Seat.
func (s *RemoteSeat) Name() string {
	if s.Who != "" {
		return s.Who
	}
	return SeatPrefix + s.Remote.URL
}

// Attentive implements table.Attentive: a GGP player hears every turn.
func (s *RemoteSeat) Attentive() bool { return true }

// Start implements table.Starter: start with the rules, the role and
// the clocks. A reply other than ready is an error too, but only a
// missing reply is a match record's (see StartFault).
func (s *RemoteSeat) Start(ctx context.Context, g table.Game, r game.Role) error {
	if err := s.await(ctx, func() bool { return true }); err != nil {
		return err
	}
	v := g.Variant
	s.game, s.role = g, r
	s.mu.Lock()
	s.started, s.turns = false, 0 // a new game (a series plays several)
	s.mu.Unlock()
	msg := Message{Kind: Start, MatchID: g.ID, Role: v.RoleName(r), Rules: s.Rules, StartClock: g.StartClock, PlayClock: g.Clock}
	reply, err := s.Remote.Send(ctx, msg, timeout(ctx, g.StartClock+grace(g)))
	if err == nil && !strings.EqualFold(reply, ReplyReady) {
		err = fmt.Errorf("start: replied %q, not ready", reply)
	}
	s.done(func() { s.started = true })
	if err != nil {
		s.report(err)
	}
	return err
}

// Choose implements table.Seat: the play of the question's turn, after
// the plays of the turns before it have been answered.
func (s *RemoteSeat) Choose(ctx context.Context, q table.Question) (game.Move, error) {
	if err := s.await(ctx, func() bool { return s.started && s.turns >= q.Turn }); err != nil {
		return game.Noop, err
	}
	if s.turns > q.Turn {
		s.done(func() {})
		return game.Noop, fmt.Errorf("play for step %d: already sent", q.Turn+1)
	}
	wait := time.Duration(0)
	if s.game.Clock > 0 {
		wait = s.game.Clock + grace(s.game)
	}
	reply, err := s.Remote.Send(ctx, Message{Kind: Play, MatchID: s.game.ID, Moves: q.Last}, timeout(ctx, wait))
	s.done(func() { s.turns++ })
	if err != nil {
		return game.Noop, err
	}
	for _, m := range q.Legal {
		if SameMove(q.State.FormatMove(m), reply) {
			return m, nil
		}
	}
	return game.Noop, &illegalReply{reply: reply}
}

// Finish implements table.Finisher: stop with the last joint move, or
// abort, once no other message is out.
func (s *RemoteSeat) Finish(ctx context.Context, g table.Game, last table.Step, aborted bool) error {
	msg, want := Message{Kind: Stop, MatchID: g.ID, Moves: last.Texts}, ReplyDone
	if aborted {
		msg, want = Message{Kind: Abort, MatchID: g.ID}, ReplyAborted
	} else if err := s.await(ctx, func() bool { return true }); err == nil {
		defer s.done(func() {})
	}
	reply, err := s.Remote.Send(ctx, msg, timeout(ctx, g.Clock+grace(g)))
	if err == nil && !strings.EqualFold(reply, want) {
		err = fmt.Errorf("%s: replied %q, not %s", msg.Kind, reply, want)
	}
	if err != nil {
		s.report(err)
	}
	return err
}

// await waits until no message is out and ready holds, and marks one
// out; done ends it.
func (s *RemoteSeat) await(ctx context.Context, ready func() bool) error {
	for {
		s.mu.Lock()
		if s.changed == nil {
			s.changed = make(chan struct{})
		}
		if !s.busy && ready() {
			s.busy = true
			s.mu.Unlock()
			return nil
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// done ends the message out, applying update.
func (s *RemoteSeat) done(update func()) {
	s.mu.Lock()
	update()
	s.busy = false
	if s.changed != nil {
		close(s.changed)
	}
	s.changed = make(chan struct{})
	s.mu.Unlock()
}

// report tells Report of a message that went wrong, as the Game
// Manager words it: "MATCH: PLAYER (ROLE): what".
func (s *RemoteSeat) report(err error) {
	if s.Report != nil && s.game.Variant != nil {
		s.Report(fmt.Sprintf("%s: %s (%s): %v", s.game.ID, s.Name(), s.game.Variant.RoleName(s.role), err))
	}
}

// timeout is how long a message may wait: d (ctx may end it sooner), or
// when d is 0 what is left of ctx (a minute when nothing bounds it).
func timeout(ctx context.Context, d time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	if dl, ok := ctx.Deadline(); ok {
		return max(time.Until(dl), time.Millisecond)
	}
	return time.Minute
}

func grace(g table.Game) time.Duration {
	if g.Grace > 0 {
		return g.Grace
	}
	return DefaultGrace
}

// illegalReply is a reply that is not one of the role's legal moves.
type illegalReply struct{ reply string }

func (e *illegalReply) Error() string { return "illegal move " + e.reply }

// FaultCode is a seat's failure as ggp-base's match records write it (see
// Fault): "TO" for no reply in time, "CE" for no reply, "IL" and the move
// for a move that is not legal ("IL" alone when the reply could not be
// read).
func FaultCode(f table.Fault) string {
	var il *illegalReply
	switch {
	case errors.Is(f.Err, ErrNoReply), errors.Is(f.Err, context.DeadlineExceeded):
		return CodeTimeout
	case errors.Is(f.Err, ErrConnection):
		return CodeConnection
	case errors.As(f.Err, &il):
		return CodeIllegal + " " + il.reply
	case f.Answered:
		return CodeIllegal + " " + f.AnswerText
	}
	return CodeIllegal
}
