package table

import (
	"context"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/quad"
)

// The loop of a client: a person at the keyboard and a seat answered off
// the loop; the answer to a position taken back is dropped.
func TestDriverDropsAnAnswerToAPositionTakenBack(t *testing.T) {
	tb := newTable(t, "quad5", nil, fnSeat(firstLegal))
	d := NewDriver(context.Background(), tb, Game{})
	if jobs := d.Work(); len(jobs) != 0 {
		t.Fatalf("jobs before the person moved: %d", len(jobs))
	}
	if _, err := tb.Play(0, quad.MarkMove(3, 3)); err != nil {
		t.Fatal(err)
	}
	jobs := d.Work()
	if len(jobs) != 1 || jobs[0].Kind != JobAsk || jobs[0].Role != 1 {
		t.Fatalf("jobs %+v", jobs)
	}
	if again := d.Work(); len(again) != 0 {
		t.Fatal("the same question was asked twice")
	}
	ev := jobs[0].Run()
	tb.Undo() // the person takes the move back before the answer arrives
	if out := d.Handle(ev); !out.Stale || out.Step != nil || tb.Turn() != 0 {
		t.Fatalf("a stale answer was played: %+v, turn %d", out, tb.Turn())
	}
	if _, err := tb.Play(0, quad.MarkMove(3, 3)); err != nil {
		t.Fatal(err)
	}
	jobs = d.Work()
	if len(jobs) != 1 {
		t.Fatalf("the same turn, again: %d jobs", len(jobs))
	}
	out := d.Handle(jobs[0].Run())
	if out.Step == nil || out.Fault != nil || tb.Turn() != 2 {
		t.Fatalf("answer: %+v", out)
	}
}

// Questions wait for every start; the Finishers hear the end once no
// answer is awaited; an abort cancels what is out.
func TestDriverStartsFirstAndFinishesLast(t *testing.T) {
	a := &scripted{name: "a", fn: firstLegal}
	b := &scripted{name: "b", fn: firstLegal}
	tb := newTable(t, "quad5", a, b)
	d := NewDriver(context.Background(), tb, Game{})
	starts := d.Work()
	if len(starts) != 2 || starts[0].Kind != JobStart || len(d.Work()) != 0 {
		t.Fatalf("starts %+v", starts)
	}
	d.Handle(starts[0].Run())
	if len(d.Work()) != 0 {
		t.Fatal("a question went out before every start was answered")
	}
	d.Handle(starts[1].Run())
	for !tb.Over() {
		jobs := d.Work()
		if len(jobs) != 1 {
			t.Fatalf("turn %d: %d jobs", tb.Turn(), len(jobs))
		}
		d.Handle(jobs[0].Run())
	}
	fin := d.Work()
	if len(fin) != 2 || fin[0].Kind != JobFinish || !d.Done() {
		t.Fatalf("finish %+v", fin)
	}
	for _, j := range fin {
		d.Handle(j.Run())
	}
	if a.finished != 1 || a.aborted || d.Abort() != nil {
		t.Errorf("finished %d aborted %v", a.finished, a.aborted)
	}
}

func TestDriverAbortCancelsWhatIsOut(t *testing.T) {
	wait := &ctxSeatNoDeadline{}
	fin := &scripted{name: "fin", fn: firstLegal}
	tb := newTable(t, "quad5", wait, fin)
	d := NewDriver(context.Background(), tb, Game{})
	for _, j := range d.Work() { // fin's start
		d.Handle(j.Run())
	}
	jobs := d.Work()
	if len(jobs) != 1 || jobs[0].Role != 0 {
		t.Fatalf("jobs %+v", jobs)
	}
	done := make(chan Event)
	go func() { done <- jobs[0].Run() }()
	aborts := d.Abort()
	ev := <-done
	if ev.Err == nil {
		t.Error("the question out was not cancelled")
	}
	if len(aborts) != 1 {
		t.Fatalf("aborts %d", len(aborts))
	}
	aborts[0].Run()
	if !fin.aborted {
		t.Error("the finisher did not hear of the abort")
	}
}

// ctxSeatNoDeadline answers nothing until its context ends.
type ctxSeatNoDeadline struct{}

func (ctxSeatNoDeadline) Name() string { return "waits" }
func (ctxSeatNoDeadline) Choose(ctx context.Context, _ Question) (game.Move, error) {
	<-ctx.Done()
	return game.Noop, ctx.Err()
}

// fnSeat is a seat that answers with a function, and nothing more.
type fnSeat func(q Question) (game.Move, error)

func (fnSeat) Name() string { return "fn" }
func (f fnSeat) Choose(_ context.Context, q Question) (game.Move, error) {
	return f(q)
}

// A question recalled (the AI paused, a client's search stopped) is
// dropped when its answer comes, and asked again by the next Work.
func TestDriverRecallAsksAgain(t *testing.T) {
	tb := newTable(t, "quad5", nil, fnSeat(firstLegal))
	d := NewDriver(context.Background(), tb, Game{})
	if _, err := tb.Play(0, quad.MarkMove(3, 3)); err != nil {
		t.Fatal(err)
	}
	jobs := d.Work()
	if len(jobs) != 1 {
		t.Fatalf("jobs %+v", jobs)
	}
	d.Recall(jobs[0])
	if d.Busy() {
		t.Error("a recalled question is still out")
	}
	if out := d.Handle(jobs[0].Run()); !out.Stale || out.Step != nil || tb.Turn() != 1 {
		t.Fatalf("a recalled question's answer was played: %+v, turn %d", out, tb.Turn())
	}
	again := d.Work()
	if len(again) != 1 || again[0] == jobs[0] {
		t.Fatalf("the recalled question was not asked again: %+v", again)
	}
	if out := d.Handle(again[0].Run()); out.Step == nil || tb.Turn() != 2 {
		t.Fatalf("the question asked again: %+v", out)
	}
}
