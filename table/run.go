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
}

// ErrNoAnswer is Run's error when a turn waits for a Person seat: Run
// asks seats, and a person's moves come by Table.Play.
var ErrNoAnswer = errors.New("a person is to move: Run plays only seats that answer")

// Run plays the table's game to its end: it starts the Starter seats
// (all at once), then on every turn asks the seats Pending names, all at
// once, each on its own goroutine, and plays the turn once every one has
// answered (as a GGP Game Manager waits for every player's reply); an
// answer that fails is replaced by the table's fallback (see Resolve).
// With a clock (g.Clock) every question has a deadline, and a seat that
// has not answered by it and the grace has failed. At the end the
// Finisher seats are told; if ctx ends first they are told the game is
// aborted, and Run returns ctx's error.
func Run(ctx context.Context, t *Table, g Game, h Hooks) error {
	errs := startSeats(ctx, t, g)
	if h.Started != nil {
		h.Started(errs)
	}
	for !t.Over() {
		if err := ctx.Err(); err != nil {
			finishSeats(t, g, true)
			return err
		}
		if err := runTurn(ctx, t, g, h); err != nil {
			finishSeats(t, g, true)
			return err
		}
	}
	finishSeats(t, g, false)
	return nil
}

// runTurn asks the turn's questions at once and plays the answers.
func runTurn(ctx context.Context, t *Table, g Game, h Hooks) error {
	qs := t.Pending()
	chooses := false
	for _, q := range qs {
		chooses = chooses || q.Chooses()
	}
	if !chooses {
		return fmt.Errorf("step %d: %w", t.Turn()+1, ErrNoAnswer)
	}
	answers := ask(ctx, t, g, qs)
	if err := ctx.Err(); err != nil {
		return err
	}
	var faults []Fault
	var played *Step
	for i, q := range qs {
		a := answers[i]
		if h.Answered != nil {
			h.Answered(q, a.move, a.err, a.took)
		}
		step, fault, err := t.Answer(q, a.move, a.err)
		if fault != nil {
			faults = append(faults, *fault)
		}
		switch {
		case step != nil:
			played = step
		case err != nil && !errors.Is(err, ErrStale):
			return fmt.Errorf("step %d: %w", q.Turn+1, err) // a bug: every move was resolved
		}
	}
	if played == nil {
		return fmt.Errorf("step %d: the answers made no turn", t.Turn()+1)
	}
	if h.Stepped != nil {
		h.Stepped(*played, faults)
	}
	return nil
}

// answer is a seat's answer to a question.
type answer struct {
	move game.Move
	err  error
	took time.Duration
}

// ask asks every question at once and waits for every answer; with a
// clock, each is due by its deadline and the grace.
func ask(ctx context.Context, t *Table, g Game, qs []Question) []answer {
	out := make([]answer, len(qs))
	now := time.Now()
	var wg sync.WaitGroup
	for i := range qs {
		q := &qs[i]
		cctx, cancel := ctx, context.CancelFunc(func() {})
		if g.Clock > 0 {
			q.Deadline = now.Add(g.Clock)
			cctx, cancel = context.WithDeadline(ctx, q.Deadline.Add(g.Grace))
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer cancel()
			t0 := time.Now()
			m, err := choose(cctx, t.Seat(q.Role), *q)
			out[i] = answer{move: m, err: err, took: time.Since(t0)}
		}()
	}
	wg.Wait()
	return out
}

// choose asks a seat, turning its panic into a failure to answer: a bug
// in one player costs its move, not the game.
func choose(ctx context.Context, s Seat, q Question) (m game.Move, err error) {
	defer func() {
		if p := recover(); p != nil {
			m, err = game.Noop, fmt.Errorf("the seat failed: %v", p)
		}
	}()
	return s.Choose(ctx, q)
}

// startSeats starts every Starter seat at once and returns each role's
// error.
func startSeats(ctx context.Context, t *Table, g Game) []error {
	errs := make([]error, len(t.seats))
	var wg sync.WaitGroup
	for r, seat := range t.seats {
		st, ok := seat.(Starter)
		if !ok {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cctx, cancel := ctx, context.CancelFunc(func() {})
			if g.StartClock > 0 {
				cctx, cancel = context.WithTimeout(ctx, g.StartClock+g.Grace)
			}
			defer cancel()
			errs[r] = st.Start(cctx, g, game.Role(r))
		}()
	}
	wg.Wait()
	return errs
}

// finishSeats tells every Finisher seat the game ended, or was called
// off, all at once, each within the clock and the grace (the grace alone
// for an abort, whose ctx has ended).
func finishSeats(t *Table, g Game, aborted bool) {
	var last Step
	if n := len(t.steps); n > 0 {
		last = t.steps[n-1]
	}
	wait := g.Clock + g.Grace
	if aborted || wait <= 0 {
		wait = max(g.Grace, time.Second)
	}
	var wg sync.WaitGroup
	for _, seat := range t.seats {
		f, ok := seat.(Finisher)
		if !ok {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), wait)
			defer cancel()
			_ = f.Finish(ctx, g, last, aborted)
		}()
	}
	wg.Wait()
}
