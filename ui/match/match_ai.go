package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// The AI of a local match: one search at a time, in a tea.Cmd, stamped
// with the version of the position it was asked for, so that a result
// for a position that has since changed is dropped.

// aiJob is one search in flight.
type aiJob struct {
	version  uint64
	hint     bool
	Ctx      context.Context
	cancel   context.CancelCauseFunc
	progress chan ai.Progress
	done     chan struct{}
	// queued is closed when the search has to wait for a free AI slot,
	// slotted when it has one (both only with Options.AISlots).
	queued, slotted chan struct{}
	// Seen by the UI (read and written on the UI goroutine only).
	sawQueued, sawSlot bool
	// shown is the best move the board showed when the player said
	// "move now": that move is played, not whatever the search settled
	// on after its last report (an unfinished deeper iteration, a tie
	// break, the level's noise, or UCT's vote over all its trees).
	shown    game.Move
	hasShown bool
	// joint is set for the AI seats' search on a joint turn.
	joint bool
}

// Waiting reports whether the search is waiting for a free AI slot.
func (j *aiJob) Waiting() bool { return j.sawQueued && !j.sawSlot }

// Why a search was cancelled: the player wants its move now, or the
// result is no longer wanted.
var (
	errMoveNow = errors.New("move now")
	errStale   = errors.New("no longer wanted")
)

// aiSlotMsg says a search started waiting for an AI slot (queued) or got one.
type aiSlotMsg struct {
	job    *aiJob
	queued bool
}

// AIDoneMsg brings an AI search's move back to the match.
type AIDoneMsg struct {
	Job    *aiJob
	Result ai.Result
	// joint is the AI seats' moves on a joint turn, by role (Noop for
	// the roles not searched).
	joint []game.Move
}

// AIProgressMsg reports how far an AI search has gone, for the panel.
type AIProgressMsg struct {
	Job      *aiJob
	Progress ai.Progress
}

// aiStartMsg starts the AI after the visible delay, if nothing changed.
type aiStartMsg struct{ version uint64 }

// Update handles the AI's messages.
func (l *LocalMatch) Update(msg tea.Msg) (tea.Cmd, bool) {
	l.readKept()
	switch msg := msg.(type) {
	case KeptMsg:
		return nil, true // read above
	case localClockMsg:
		return l.onClockTick(msg), true
	case AIDoneMsg:
		return l.onAIDone(msg), true
	case AIProgressMsg:
		if msg.Job == l.Job {
			// UCT reports the length of its current best line, which
			// can shrink; the board shows the deepest reached so far.
			msg.Progress.Depth = max(msg.Progress.Depth, l.progress.Depth)
			l.progress = msg.Progress
			return l.waitProgress(msg.Job), true
		}
		return nil, true
	case aiSlotMsg:
		if msg.job == l.Job {
			if msg.queued {
				msg.job.sawQueued = true
			} else {
				msg.job.sawSlot = true
			}
			return l.waitProgress(msg.job), true
		}
		return nil, true
	case GGPEventMsg:
		if l.suspended {
			l.heldGGP = append(l.heldGGP, msg)
			return nil, true
		}
		return l.onGGPEvent(msg), true
	case common.ResultPreparedMsg:
		// The result says more now (the cells that decided it).
		if s, isErr := l.Status.CurrentStatus(); msg.Version == l.ver && l.Ended() && (s == "" || !isErr) {
			l.Status.SetStatus(l.endStatus(), false)
		}
		return nil, true
	case aiStartMsg:
		if msg.version == l.ver && !l.Paused && !l.Ended() && game.JointTurn(l.Current) {
			return l.nextJoint(false), true
		}
		if msg.version == l.ver && l.Job == nil && !l.Paused && !l.Ended() && l.isAI(l.Current.ToMove()) {
			return l.startAI(false), true
		}
		return nil, true
	}
	return nil, false
}

// startAI searches in a tea.Cmd for the role to move (or a hint for it).
func (l *LocalMatch) startAI(hint bool) tea.Cmd {
	opt := ai.Options{Seed: l.c.Opts.Seed + uint64(len(l.Moves)), Threads: l.c.Opts.AIThreads}
	if hint {
		opt.Level, opt.Budget = ai.Medium, 1500*time.Millisecond
	} else {
		opt.Level, opt.Budget = l.Seats[l.Current.ToMove()].AILevel(), l.c.AITime
	}
	s := l.Current.Clone()
	return l.startJob(&aiJob{hint: hint}, func(ctx context.Context, progress func(ai.Progress)) AIDoneMsg {
		opt.Progress = progress
		return AIDoneMsg{Result: ai.Search(ctx, s, opt)}
	})
}

// startJob runs search in a tea.Cmd with a cancellable context. Progress
// is passed through a one-slot channel that keeps only the latest report,
// so the search never blocks on the UI. With Options.AISlots the search
// first waits for a free slot, cancellably.
func (l *LocalMatch) startJob(job *aiJob, search func(context.Context, func(ai.Progress)) AIDoneMsg) tea.Cmd {
	l.CancelJob()
	parent := l.c.Opts.Context
	if parent == nil {
		parent = context.Background()
	}
	// A search ends with the client: nobody is left to see its move.
	ctx, cancel := context.WithCancelCause(parent)
	job.version, job.Ctx, job.cancel = l.ver, ctx, cancel
	job.progress, job.done = make(chan ai.Progress, 1), make(chan struct{})
	job.queued, job.slotted = make(chan struct{}), make(chan struct{})
	l.Job = job
	l.progress = ai.Progress{}
	progress := func(p ai.Progress) {
		p.PV = nil
		for {
			select {
			case job.progress <- p:
				return
			default:
			}
			select {
			case <-job.progress:
			default:
			}
		}
	}
	run := func() AIDoneMsg {
		msg := search(ctx, progress)
		msg.Job = job
		return msg
	}
	slots := l.c.Opts.AISlots
	cmd := func() tea.Msg {
		defer close(job.done)
		if slots != nil {
			if ctx.Err() != nil && context.Cause(ctx) != errMoveNow {
				return AIDoneMsg{Job: job} // ended before it began: no slot
			}
			if !slots.TryAcquire() {
				close(job.queued)
				if err := slots.Acquire(ctx); err != nil {
					if context.Cause(ctx) != errMoveNow {
						return AIDoneMsg{Job: job}
					}
					// Told to move now before a slot was free: a search
					// with its context already cancelled answers at once
					// with a quick move, so it needs no slot.
					return run()
				}
				if ctx.Err() != nil && context.Cause(ctx) != errMoveNow {
					// Granted as the client ended: the slot goes to the
					// next in line, not to a search nobody will see.
					slots.Release()
					return AIDoneMsg{Job: job}
				}
			}
			defer slots.Release()
			close(job.slotted)
		}
		return run()
	}
	return tea.Batch(cmd, l.waitProgress(job), l.SpinTick())
}

// waitProgress waits for the search's next report: progress, or a change
// of its wait for an AI slot.
func (l *LocalMatch) waitProgress(job *aiJob) tea.Cmd {
	var queued, slotted <-chan struct{}
	if l.c.Opts.AISlots != nil {
		if !job.sawQueued {
			queued = job.queued
		}
		if !job.sawSlot {
			slotted = job.slotted
		}
	}
	return func() tea.Msg {
		select {
		case p := <-job.progress:
			return AIProgressMsg{Job: job, Progress: p}
		case <-slotted:
			return aiSlotMsg{job: job}
		case <-queued:
			return aiSlotMsg{job: job, queued: true}
		case <-job.done:
			return nil
		}
	}
}

// CancelJob stops the search in flight and forgets it: its result will
// be dropped.
func (l *LocalMatch) CancelJob() {
	if l.Job != nil {
		l.Job.cancel(errStale)
		l.Job = nil
	}
}

// Suspend stops the AI while another screen is shown; GGP replies that
// arrive meanwhile are kept for start.
func (l *LocalMatch) Suspend() {
	l.stopClock()
	l.CancelJob()
	l.suspended = true
}

// UpdateSuspended keeps the GGP players' replies that come while
// suspended for start; the rest is for the board once it is back.
func (l *LocalMatch) UpdateSuspended(msg tea.Msg) tea.Cmd {
	if reply, ok := msg.(GGPEventMsg); ok {
		l.heldGGP = append(l.heldGGP, reply)
	}
	return nil
}

// MoveNow makes the search return its best move so far.
func (l *LocalMatch) MoveNow() {
	if l.Job != nil && !l.Job.hint {
		if l.progress.Depth > 0 && !l.Job.hasShown {
			l.Job.shown, l.Job.hasShown = l.progress.Best, true
		}
		l.Job.cancel(errMoveNow)
	}
}

func (l *LocalMatch) onAIDone(msg AIDoneMsg) tea.Cmd {
	if msg.Job != l.Job {
		return nil // stale: a newer search or none is wanted
	}
	l.Job = nil
	if msg.Job.version != l.ver || l.Ended() {
		return nil
	}
	if msg.Job.joint {
		return l.onJointAIDone(msg)
	}
	if msg.Job.hint {
		l.Hinted, l.hintVer, l.HasHint = msg.Result.Move, l.ver, true
		l.Status.SetStatus("hint: "+common.TurnText(l.Current, msg.Result.Move, msg.Result.Turn), false)
		return nil
	}
	m := msg.Result.Move
	if msg.Job.hasShown && l.Current.IsLegal(msg.Job.shown) {
		m = msg.Job.shown
	}
	if !l.Current.IsLegal(m) {
		// Never stall on a faulty engine: say so and play a legal move.
		l.Status.SetStatus(fmt.Sprintf("AI returned an illegal move (%s); playing a random one", l.Current.FormatMove(m)), true)
		m = l.Current.RandomMove(game.NewRand(l.c.Opts.Seed + l.ver))
	}
	return l.playMachineMove(m)
}

// playMachineMove plays a legal move of a seat this client's person
// does not play (the AI's, a GGP player's) and goes on.
func (l *LocalMatch) playMachineMove(m game.Move) tea.Cmd {
	l.Current.Apply(m)
	l.Moves = append(l.Moves, m)
	l.redoList = nil
	l.ver++
	l.HasHint = false
	// A word to the person stays through the machine's move, unless
	// that move ends the game: then the result is what matters.
	if _, isErr := l.Status.CurrentStatus(); !isErr || l.Current.Terminal() {
		l.Status.SetStatus("", false)
	}
	return tea.Batch(l.save(), l.next(true))
}

// Hint asks the AI for a move for the person to move.
func (l *LocalMatch) Hint() tea.Cmd {
	if game.JointTurn(l.Current) {
		l.Status.SetStatus("no hints when all choose at once", true)
		return nil
	}
	if !l.mine(l.Current.ToMove()) {
		l.Status.SetTurnStatus("hints are for your own turn")
		return nil
	}
	if l.Job != nil {
		return nil
	}
	l.Status.SetStatus("looking for a hint…", false)
	return l.startAI(true)
}

// HintMove is part of hinter.
func (l *LocalMatch) HintMove() (game.Move, bool) {
	return l.Hinted, l.HasHint && l.hintVer == l.ver
}

// AI is part of Match.
func (l *LocalMatch) AI() aiView {
	a := aiView{Paused: l.Paused, HasSeat: l.hasAISeat(), Clocks: l.clock.Clocks != nil}
	if l.Job != nil {
		a.Searching, a.ForHint, a.Waiting = true, l.Job.hint, l.Job.Waiting()
		a.Depth, a.Best = l.progress.Depth, l.progress.Best
	}
	return a
}
