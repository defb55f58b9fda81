package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

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
	ctx      context.Context
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

// waiting reports whether the search is waiting for a free AI slot.
func (j *aiJob) waiting() bool { return j.sawQueued && !j.sawSlot }

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

type aiDoneMsg struct {
	job *aiJob
	res ai.Result
	// joint is the AI seats' moves on a joint turn, by role (Noop for
	// the roles not searched).
	joint []game.Move
}

type aiProgressMsg struct {
	job *aiJob
	p   ai.Progress
}

// aiStartMsg starts the AI after the visible delay, if nothing changed.
type aiStartMsg struct{ version uint64 }

// update handles the AI's messages.
func (l *localMatch) update(msg tea.Msg) (tea.Cmd, bool) {
	l.readKept()
	switch msg := msg.(type) {
	case keptMsg:
		return nil, true // read above
	case aiDoneMsg:
		return l.onAIDone(msg), true
	case aiProgressMsg:
		if msg.job == l.job {
			// UCT reports the length of its current best line, which
			// can shrink; the board shows the deepest reached so far.
			msg.p.Depth = max(msg.p.Depth, l.progress.Depth)
			l.progress = msg.p
			return l.waitProgress(msg.job), true
		}
		return nil, true
	case aiSlotMsg:
		if msg.job == l.job {
			if msg.queued {
				msg.job.sawQueued = true
			} else {
				msg.job.sawSlot = true
			}
			return l.waitProgress(msg.job), true
		}
		return nil, true
	case ggpEventMsg:
		if l.suspended {
			l.heldGGP = append(l.heldGGP, msg)
			return nil, true
		}
		return l.onGGPEvent(msg), true
	case resultPreparedMsg:
		// The result says more now (the cells that decided it).
		if s, isErr := l.status.currentStatus(); msg.version == l.ver && l.ended() && (s == "" || !isErr) {
			l.status.setStatus(l.endStatus(), false)
		}
		return nil, true
	case aiStartMsg:
		if msg.version == l.ver && !l.paused && !l.ended() && game.JointTurn(l.st) {
			return l.nextJoint(false), true
		}
		if msg.version == l.ver && l.job == nil && !l.paused && !l.ended() && l.isAI(l.st.ToMove()) {
			return l.startAI(false), true
		}
		return nil, true
	}
	return nil, false
}

// startAI searches in a tea.Cmd for the role to move (or a hint for it).
func (l *localMatch) startAI(hint bool) tea.Cmd {
	opt := ai.Options{Seed: l.c.opts.Seed + uint64(len(l.moves)), Threads: l.c.opts.AIThreads}
	if hint {
		opt.Level, opt.Budget = ai.Medium, 1500*time.Millisecond
	} else {
		opt.Level, opt.Budget = l.seats[l.st.ToMove()].AILevel(), l.c.aiTime
	}
	s := l.st.Clone()
	return l.startJob(&aiJob{hint: hint}, func(ctx context.Context, progress func(ai.Progress)) aiDoneMsg {
		opt.Progress = progress
		return aiDoneMsg{res: ai.Search(ctx, s, opt)}
	})
}

// startJob runs search in a tea.Cmd with a cancellable context. Progress
// is passed through a one-slot channel that keeps only the latest report,
// so the search never blocks on the UI. With Options.AISlots the search
// first waits for a free slot, cancellably.
func (l *localMatch) startJob(job *aiJob, search func(context.Context, func(ai.Progress)) aiDoneMsg) tea.Cmd {
	l.cancelJob()
	parent := l.c.opts.Context
	if parent == nil {
		parent = context.Background()
	}
	// A search ends with the client: nobody is left to see its move.
	ctx, cancel := context.WithCancelCause(parent)
	job.version, job.ctx, job.cancel = l.ver, ctx, cancel
	job.progress, job.done = make(chan ai.Progress, 1), make(chan struct{})
	job.queued, job.slotted = make(chan struct{}), make(chan struct{})
	l.job = job
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
	run := func() aiDoneMsg {
		msg := search(ctx, progress)
		msg.job = job
		return msg
	}
	slots := l.c.opts.AISlots
	cmd := func() tea.Msg {
		defer close(job.done)
		if slots != nil {
			if ctx.Err() != nil && context.Cause(ctx) != errMoveNow {
				return aiDoneMsg{job: job} // ended before it began: no slot
			}
			if !slots.TryAcquire() {
				close(job.queued)
				if err := slots.Acquire(ctx); err != nil {
					if context.Cause(ctx) != errMoveNow {
						return aiDoneMsg{job: job}
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
					return aiDoneMsg{job: job}
				}
			}
			defer slots.Release()
			close(job.slotted)
		}
		return run()
	}
	return tea.Batch(cmd, l.waitProgress(job), l.spinTick())
}

// waitProgress waits for the search's next report: progress, or a change
// of its wait for an AI slot.
func (l *localMatch) waitProgress(job *aiJob) tea.Cmd {
	var queued, slotted <-chan struct{}
	if l.c.opts.AISlots != nil {
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
			return aiProgressMsg{job: job, p: p}
		case <-slotted:
			return aiSlotMsg{job: job}
		case <-queued:
			return aiSlotMsg{job: job, queued: true}
		case <-job.done:
			return nil
		}
	}
}

// cancelJob stops the search in flight and forgets it: its result will
// be dropped.
func (l *localMatch) cancelJob() {
	if l.job != nil {
		l.job.cancel(errStale)
		l.job = nil
	}
}

// suspend stops the AI while another screen is shown; GGP replies that
// arrive meanwhile are kept for start.
func (l *localMatch) suspend() {
	l.cancelJob()
	l.suspended = true
}

// updateSuspended keeps the GGP players' replies that come while
// suspended for start; the rest is for the board once it is back.
func (l *localMatch) updateSuspended(msg tea.Msg) tea.Cmd {
	if reply, ok := msg.(ggpEventMsg); ok {
		l.heldGGP = append(l.heldGGP, reply)
	}
	return nil
}

// moveNow makes the search return its best move so far.
func (l *localMatch) moveNow() {
	if l.job != nil && !l.job.hint {
		if l.progress.Depth > 0 && !l.job.hasShown {
			l.job.shown, l.job.hasShown = l.progress.Best, true
		}
		l.job.cancel(errMoveNow)
	}
}

func (l *localMatch) onAIDone(msg aiDoneMsg) tea.Cmd {
	if msg.job != l.job {
		return nil // stale: a newer search or none is wanted
	}
	l.job = nil
	if msg.job.version != l.ver || l.ended() {
		return nil
	}
	if msg.job.joint {
		return l.onJointAIDone(msg)
	}
	if msg.job.hint {
		l.hinted, l.hintVer, l.hasHint = msg.res.Move, l.ver, true
		l.status.setStatus("hint: "+turnText(l.st, msg.res.Move, msg.res.Turn), false)
		return nil
	}
	m := msg.res.Move
	if msg.job.hasShown && l.st.IsLegal(msg.job.shown) {
		m = msg.job.shown
	}
	if !l.st.IsLegal(m) {
		// Never stall on a faulty engine: say so and play a legal move.
		l.status.setStatus(fmt.Sprintf("AI returned an illegal move (%s); playing a random one", l.st.FormatMove(m)), true)
		m = l.st.RandomMove(game.NewRand(l.c.opts.Seed + l.ver))
	}
	return l.playMachineMove(m)
}

// playMachineMove plays a legal move of a seat this client's person
// does not play (the AI's, a GGP player's) and goes on.
func (l *localMatch) playMachineMove(m game.Move) tea.Cmd {
	l.st.Apply(m)
	l.moves = append(l.moves, m)
	l.redoList = nil
	l.ver++
	l.hasHint = false
	// A word to the person stays through the machine's move, unless
	// that move ends the game: then the result is what matters.
	if _, isErr := l.status.currentStatus(); !isErr || l.st.Terminal() {
		l.status.setStatus("", false)
	}
	return tea.Batch(l.save(), l.next(true))
}

// hint asks the AI for a move for the person to move.
func (l *localMatch) hint() tea.Cmd {
	if game.JointTurn(l.st) {
		l.status.setStatus("no hints when all choose at once", true)
		return nil
	}
	if !l.mine(l.st.ToMove()) {
		l.status.setTurnStatus("hints are for your own turn")
		return nil
	}
	if l.job != nil {
		return nil
	}
	l.status.setStatus("looking for a hint…", false)
	return l.startAI(true)
}

func (l *localMatch) hintMove() (game.Move, bool) {
	return l.hinted, l.hasHint && l.hintVer == l.ver
}

func (l *localMatch) ai() aiView {
	a := aiView{paused: l.paused, hasSeat: l.hasAISeat()}
	if l.job != nil {
		a.searching, a.forHint, a.waiting = true, l.job.hint, l.job.waiting()
		a.depth, a.best = l.progress.Depth, l.progress.Best
	}
	return a
}
