package table

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tabletop/tabletop/game"
)

// Hooks are told what Run does, for a record or a report. Each may be
// nil; they are called on Run's goroutine.
type Hooks struct {
	// Started gets, after the Starter seats were started, each role's
	// error (nil where the start went well or the seat is no Starter).
	Started func(errs []error)
	// Answered gets every answer to a question with the time it took,
	// before it is played.
	Answered func(q Question, m game.Move, err error, took time.Duration)
	// Stepped gets every step played with the faults of its turn (the
	// answers the fallback replaced, and the wrong answers of seats that
	// only followed the turn).
	Stepped func(s Step, faults []Fault)
	// Finished gets each role's error of telling the Finisher seats the
	// end (nil where it went well or the seat is no Finisher).
	Finished func(errs []error)
}

// ErrNoAnswer is Run's error when a turn waits for a Person seat: Run
// asks seats, and a person's moves come by Table.Play.
var ErrNoAnswer = errors.New("a person is to move: Run plays only seats that answer")

// Run plays the table's game to its end with a Driver, blocking: it
// starts the Starter seats (all at once), then on every turn asks the
// seats Pending names, all at once, each on its own goroutine, and plays
// the turn once every one has answered (as a GGP Game Manager waits for
// every player's reply); an answer that fails is replaced by the table's
// fallback (see Table.Resolve). With a clock (g.Clock) every question
// has a deadline, and a seat that has not answered by it and the grace
// has failed. At the end the Finisher seats are told; if ctx ends first
// they are told the game is aborted, and Run returns ctx's error.
func Run(ctx context.Context, t *Table, g Game, h Hooks) error {
	d := NewDriver(ctx, t, g)
	for {
		if err := ctx.Err(); err != nil {
			d.finish(d.Abort(), h)
			return err
		}
		jobs := d.Work()
		if len(jobs) == 0 {
			if t.Over() {
				return nil
			}
			d.finish(d.Abort(), h)
			return fmt.Errorf("step %d: %w", t.Turn()+1, ErrNoAnswer)
		}
		outs := runJobs(d, jobs)
		if err := report(outs, len(t.seats), h); err != nil {
			d.finish(d.Abort(), h)
			return err
		}
		if d.Done() {
			return ctx.Err()
		}
	}
}

// runJobs runs the jobs at once and hands their events to the driver.
func runJobs(d *Driver, jobs []*Job) []Outcome {
	events := make([]Event, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			events[i] = j.Run()
		}()
	}
	wg.Wait()
	outs := make([]Outcome, len(events))
	for i, ev := range events {
		outs[i] = d.Handle(ev)
	}
	return outs
}

// finish runs the abort's jobs and reports them.
func (d *Driver) finish(jobs []*Job, h Hooks) {
	_ = report(runJobs(d, jobs), len(d.t.seats), h)
}

// report tells the hooks what a batch of jobs came to.
func report(outs []Outcome, roles int, h Hooks) error {
	if len(outs) == 0 {
		return nil
	}
	switch outs[0].Kind {
	case JobStart, JobFinish:
		hook := h.Started
		if outs[0].Kind == JobFinish {
			hook = h.Finished
		}
		if hook != nil {
			errs := make([]error, roles)
			for _, o := range outs {
				errs[o.Role] = o.Err
			}
			hook(errs)
		}
		return nil
	}
	var faults []Fault
	var played *Step
	for _, o := range outs {
		if h.Answered != nil {
			h.Answered(o.Question, o.Move, o.Fault.err(), o.Took)
		}
		if o.Fault != nil {
			faults = append(faults, *o.Fault)
		}
		if o.Step != nil {
			played = o.Step
		}
	}
	if played == nil {
		return fmt.Errorf("step %d: the answers made no turn", outs[0].Question.Turn+1)
	}
	if h.Stepped != nil {
		h.Stepped(*played, faults)
	}
	return nil
}

// err is the fault's error, nil for no fault.
func (f *Fault) err() error {
	if f == nil {
		return nil
	}
	return f.Err
}
