package table

import (
	"context"
	"fmt"
	"time"

	"github.com/tabletop/tabletop/game"
)

// Driver drives a table's seats for an event loop that must not block
// (a Bubble Tea model): Work returns the jobs due — start the Starter
// seats, ask each pending question once, tell the Finisher seats the end
// — each a blocking call for the loop to run off its goroutine (a
// command); the loop hands each job's Event back to Handle, which plays
// the answer (or the fallback's move). A person's move goes to the
// table's Play as before; then Work has the next jobs. Run is this same
// loop, blocking.
//
// The questions wait for every start to be answered (a GGP player gets
// its first play after start), and the Finishers are told once no answer
// is awaited (a GGP player gets stop after its last reply). A Driver and
// its table belong to the loop's goroutine; only Job.Run and Job.Cancel
// may be called elsewhere. Call Work after every change to the table (a
// person's move, an undo): an Attentive seat must be asked every turn.
type Driver struct {
	t      *Table
	g      Game
	ctx    context.Context
	cancel context.CancelFunc
	// asked is, by role, 1 + the table version whose question went
	// out (0: none yet).
	asked    []uint64
	out      map[*Job]struct{}
	startOut int // start jobs not handled yet
	started  bool
	finished bool // the finish (or abort) jobs went out
}

// NewDriver drives t's game g; its jobs end with ctx.
func NewDriver(ctx context.Context, t *Table, g Game) *Driver {
	g.Variant = t.v
	d := &Driver{t: t, g: g, asked: make([]uint64, len(t.seats)), out: map[*Job]struct{}{}}
	d.ctx, d.cancel = context.WithCancel(ctx)
	return d
}

// JobKind says what a job does.
type JobKind int

// The kinds of job.
const (
	JobStart  JobKind = iota // tell a Starter seat of the game
	JobAsk                   // ask a seat a question
	JobFinish                // tell a Finisher seat the game ended or was aborted
)

// Job is one blocking call to a seat, for the loop to run off its
// goroutine.
type Job struct {
	Kind JobKind
	Role game.Role
	// Question is a JobAsk's question; its deadline is set when the job
	// runs, from the game's clock.
	Question Question
	ctx      context.Context
	cancel   context.CancelFunc
	run      func(ctx context.Context, q *Question) (game.Move, error)
}

// Run calls the seat and returns the event for Handle. A panic in the
// seat is its failure, not the loop's.
func (j *Job) Run() (ev Event) {
	ev.job, ev.Kind, ev.Role = j, j.Kind, j.Role
	defer j.cancel()
	t0 := time.Now()
	defer func() {
		if p := recover(); p != nil {
			ev.Move, ev.Err = game.Noop, fmt.Errorf("the seat failed: %v", p)
		}
		ev.Took = time.Since(t0)
	}()
	ev.Move, ev.Err = j.run(j.ctx, &j.Question)
	return ev
}

// Cancel ends the job's call: a search answers with its best move so far,
// a message is given up.
func (j *Job) Cancel() { j.cancel() }

// Event is what a job's call came to.
type Event struct {
	job  *Job
	Kind JobKind
	Role game.Role
	Move game.Move
	Err  error
	Took time.Duration
}

// Outcome is what Handle did with an event.
type Outcome struct {
	Kind JobKind
	Role game.Role
	// Question is a JobAsk's question, and Move and Took the answer.
	Question Question
	Move     game.Move
	Took     time.Duration
	// Step is the turn played, when the answer completed one.
	Step *Step
	// Fault is the answer's failure: the fallback played instead, or a
	// seat that only followed the turn answered wrong.
	Fault *Fault
	// Stale is set for an answer about a position the table has left:
	// nothing was played.
	Stale bool
	// Err is a Starter's or Finisher's error.
	Err error
}

// Work returns the jobs due now (see Driver); each is returned once.
func (d *Driver) Work() []*Job {
	switch {
	case d.finished:
		return nil
	case !d.started:
		d.started = true
		if jobs := d.startJobs(); len(jobs) > 0 {
			return jobs
		}
	case d.startOut > 0:
		return nil
	}
	d.cancelStale()
	if d.t.Over() {
		return d.finishJobs(false)
	}
	var jobs []*Job
	for _, q := range d.t.Pending() {
		if d.asked[q.Role] == q.Version+1 {
			continue
		}
		d.asked[q.Role] = q.Version + 1
		jobs = append(jobs, d.askJob(q))
	}
	return jobs
}

// Handle takes a job's event back on the loop and plays what it brings.
func (d *Driver) Handle(ev Event) Outcome {
	_, wanted := d.out[ev.job]
	delete(d.out, ev.job)
	out := Outcome{Kind: ev.Kind, Role: ev.Role, Move: ev.Move, Took: ev.Took, Err: ev.Err}
	switch ev.Kind {
	case JobStart:
		d.startOut--
	case JobAsk:
		out.Question, out.Err = ev.job.Question, nil
		if !wanted {
			out.Stale = true // recalled: nothing is played
			return out
		}
		step, fault, err := d.t.Answer(out.Question, ev.Move, ev.Err)
		out.Step, out.Fault, out.Stale = step, fault, err != nil
	}
	return out
}

// Recall takes back a question that is out (a client's AI paused or
// its search stopped): its call is cancelled, its answer will be stale
// (nothing is played) and the next Work asks the seat again. A job that
// never ran may be recalled too.
func (d *Driver) Recall(j *Job) {
	if _, ok := d.out[j]; !ok || j.Kind != JobAsk {
		return
	}
	j.cancel()
	delete(d.out, j)
	if d.asked[j.Role] == j.Question.Version+1 {
		d.asked[j.Role] = 0
	}
}

// Busy reports whether jobs are out.
func (d *Driver) Busy() bool { return len(d.out) > 0 }

// Done reports whether the Finishers were told (the game is over, or
// was aborted).
func (d *Driver) Done() bool { return d.finished }

// Abort calls the game off: the jobs out are cancelled and the returned
// jobs tell the Finisher seats the game is aborted, within the grace
// (on a context of their own: the driver's has ended). It returns nil
// once the Finishers were told.
func (d *Driver) Abort() []*Job {
	if d.finished {
		return nil
	}
	d.cancel()
	if !d.started {
		d.finished = true // nobody heard of the game
		return nil
	}
	for j := range d.out {
		j.cancel()
	}
	return d.finishJobs(true)
}

// cancelStale cancels the questions out about a position the table has
// left, but an Attentive seat's: its message must be answered in order.
func (d *Driver) cancelStale() {
	for j := range d.out {
		if j.Kind == JobAsk && j.Question.Version != d.t.version && !attentive(d.t.seats[j.Role]) {
			j.cancel()
		}
	}
}

func (d *Driver) job(kind JobKind, r game.Role, ctx context.Context, run func(context.Context, *Question) (game.Move, error)) *Job {
	j := &Job{Kind: kind, Role: r, run: run}
	j.ctx, j.cancel = context.WithCancel(ctx)
	d.out[j] = struct{}{}
	return j
}

func (d *Driver) startJobs() []*Job {
	var jobs []*Job
	for r, seat := range d.t.seats {
		st, ok := seat.(Starter)
		if !ok {
			continue
		}
		role := game.Role(r)
		jobs = append(jobs, d.job(JobStart, role, d.ctx, func(ctx context.Context, _ *Question) (game.Move, error) {
			if d.g.StartClock > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, d.g.StartClock+d.g.Grace)
				defer cancel()
			}
			return game.Noop, st.Start(ctx, d.g, role)
		}))
	}
	d.startOut = len(jobs)
	return jobs
}

func (d *Driver) askJob(q Question) *Job {
	seat := d.t.seats[q.Role]
	j := d.job(JobAsk, q.Role, d.ctx, func(ctx context.Context, q *Question) (game.Move, error) {
		if d.g.Clock > 0 {
			q.Deadline = time.Now().Add(d.g.Clock)
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, q.Deadline.Add(d.g.Grace))
			defer cancel()
		}
		return seat.Choose(ctx, *q)
	})
	j.Question = q
	return j
}

// finishJobs tells the Finisher seats the game ended (once no answer is
// awaited) or was aborted.
func (d *Driver) finishJobs(aborted bool) []*Job {
	if !aborted && len(d.out) > 0 {
		return nil
	}
	d.finished = true
	var last Step
	if n := len(d.t.steps); n > 0 {
		last = d.t.steps[n-1]
	}
	wait := d.g.Clock + d.g.Grace
	if aborted || wait <= 0 {
		wait = max(d.g.Grace, time.Second)
	}
	var jobs []*Job
	for r, seat := range d.t.seats {
		f, ok := seat.(Finisher)
		if !ok {
			continue
		}
		// Its own context: an abort's must outlive the driver's.
		jobs = append(jobs, d.job(JobFinish, game.Role(r), context.Background(), func(ctx context.Context, _ *Question) (game.Move, error) {
			ctx, cancel := context.WithTimeout(ctx, wait)
			defer cancel()
			return game.Noop, f.Finish(ctx, d.g, last, aborted)
		}))
	}
	return jobs
}
