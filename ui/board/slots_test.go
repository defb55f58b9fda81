package board

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/savefmt"
)

// asyncRunner runs commands on their own goroutines, as Bubble Tea does,
// and hands their messages to the client on the test's goroutine.
type asyncRunner struct {
	t    *testing.T
	m    *common.Shell
	msgs chan tea.Msg
}

func newAsyncRunner(t *testing.T, m *common.Shell) *asyncRunner {
	return &asyncRunner{t: t, m: m, msgs: make(chan tea.Msg, 64)}
}

func (r *asyncRunner) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for _, c := range batch {
				r.run(c)
			}
			return
		}
		switch msg.(type) {
		case nil, spinner.TickMsg:
			return
		}
		r.msgs <- msg
	}()
}

func (r *asyncRunner) send(msg tea.Msg) {
	_, cmd := r.m.Update(msg)
	r.run(cmd)
}

// until delivers messages until ok holds; it fails after 30 s.
func (r *asyncRunner) until(what string, ok func() bool) {
	r.t.Helper()
	deadline := time.After(30 * time.Second)
	for !ok() {
		select {
		case msg := <-r.msgs:
			r.send(msg)
		case <-deadline:
			r.t.Fatalf("timed out waiting for %s:\n%s", what, uitest.ViewText(r.m))
		}
	}
}

// An AI move waits for a free slot of the shared AISlots; meanwhile the
// board says so and keeps answering keys; the move comes once a slot frees.
func TestAIWaitsForAFreeSlot(t *testing.T) {
	slots := ai.NewSlots(1)
	if err := slots.Acquire(context.Background()); err != nil { // another session's search
		t.Fatal(err)
	}
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Seed: 3, AIDelay: -1, AISlots: slots, AIThreads: 1,
		Start: common.Start{Variant: "quad7", Seats: map[string]savefmt.SeatConfig{"o": {AI: true, Level: ai.Easy}}}})
	r := newAsyncRunner(t, m)
	r.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	r.run(m.Init())
	b := m.Cur.(*BoardScreen)
	r.send(uitest.Key("enter"))
	r.until("the wait for a slot", func() bool { return lm(b).Job != nil && lm(b).Job.Waiting() })
	if v := uitest.ViewText(m); !strings.Contains(v, "AI waiting for a free slot") {
		t.Fatalf("the wait is not shown:\n%s", v)
	}
	cur := b.cursorCell
	r.send(uitest.Key("left"))
	if b.cursorCell == cur {
		t.Fatal("the cursor does not move while the AI waits")
	}
	if len(lm(b).Moves()) != 1 {
		t.Fatalf("the AI moved without a slot: %d moves", len(lm(b).Moves()))
	}
	slots.Release()
	r.until("the AI's move", func() bool { return len(lm(b).Moves()) == 2 && lm(b).Job == nil })
	if slots.InUse() != 0 {
		t.Fatalf("the search kept its slot: %d in use", slots.InUse())
	}
	uitest.CheckReplay(t, b.Game(), b.Match)
}

// Space while waiting for a slot moves at once; undo while waiting drops
// the wait; neither leaks a slot.
func TestMoveNowWhileWaitingForASlot(t *testing.T) {
	slots := ai.NewSlots(1)
	_ = slots.Acquire(context.Background())
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Seed: 3, AIDelay: -1, AISlots: slots,
		Start: common.Start{Variant: "pentago", Seats: map[string]savefmt.SeatConfig{"black": {AI: true, Level: ai.Max}}}})
	r := newAsyncRunner(t, m)
	r.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	b := m.Cur.(*BoardScreen)
	r.send(uitest.Key("enter"))
	r.send(uitest.Key("x"))
	r.until("the wait for a slot", func() bool { return lm(b).Job != nil && lm(b).Job.Waiting() })
	r.send(uitest.Key("u")) // back to red's rotation
	if lm(b).Job != nil || len(lm(b).Moves()) != 1 {
		t.Fatalf("undo while waiting: job %v, %d moves", lm(b).Job != nil, len(lm(b).Moves()))
	}
	r.send(uitest.Key("x"))
	// Black's turn is a placement and a rotation: space moves each now
	// (the AI seat plays the rotation it planned with the placement at
	// once, without a search: then there is no wait to end).
	for want := 3; want <= 4; want++ {
		r.until("the wait for a slot", func() bool {
			return len(lm(b).Moves()) >= want || lm(b).Job != nil && lm(b).Job.Waiting()
		})
		if len(lm(b).Moves()) < want {
			r.send(uitest.Key(" "))
		}
		r.until("the AI's move now", func() bool { return len(lm(b).Moves()) == want })
	}
	uitest.CheckReplay(t, b.Game(), b.Match)
	if slots.InUse() != 1 {
		t.Fatalf("slots in use %d, want only the test's own", slots.InUse())
	}
}
