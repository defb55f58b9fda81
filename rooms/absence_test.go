package rooms_test

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// logTo returns a logger writing to logs, for the tests that check what
// an operator sees.
func logTo(logs *roomstest.Buffer) *slog.Logger { return slog.New(slog.NewTextHandler(logs, nil)) }

// pair has ana create a nim room from spec (its variant and seats set
// here: hers, and an open one) on h and bob join it.
func pair(t *testing.T, h *rooms.Host, spec rooms.RoomSpec) (a, b rooms.Room) {
	t.Helper()
	spec.Variant = nim2.Name
	spec.Seats = []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}
	a, err := h.Create(ana, spec)
	if err != nil {
		t.Fatal(err)
	}
	if b, err = h.Join(bob, a.Code()); err != nil {
		t.Fatal(err)
	}
	return a, b
}

// absentPair starts a host on st with the given hold and adjournment
// expiry, where ana and bob play a nim room made with spec for one move
// each, then both leave. It returns the host, the room's code and the
// host's log.
func absentPair(t *testing.T, st rooms.RecordStore, hold, expiry time.Duration, spec rooms.RoomSpec) (*rooms.Host, string, *roomstest.Buffer) {
	t.Helper()
	logs := &roomstest.Buffer{}
	h := startHost(t, rooms.HostConfig{Store: st, SeatHold: hold, AdjournedExpiry: expiry, Exclusive: true, Logger: logTo(logs)})
	t.Cleanup(h.Close)
	a, b := pair(t, h, spec)
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(1); err != nil {
		t.Fatal(err)
	}
	a.Leave()
	b.Leave()
	return h, a.Code(), logs
}

// stored reads a room's record, failing the test if it is gone.
func stored(t *testing.T, st rooms.RecordStore, code string) rooms.Record {
	t.Helper()
	rec, err := st.Load(context.Background(), code)
	if err != nil {
		t.Fatalf("room %s: %v", code, err)
	}
	return rec
}

// Both players of an untimed game leave and stay away past the hold: the
// game is adjourned, not deleted, their seats wait for them (the room's
// AI does not take them), and either comes back to play on.
func TestEveryoneAwayAdjournsTheGame(t *testing.T) {
	st := rooms.NewMemoryStore()
	h, code, logs := absentPair(t, st, 20*time.Millisecond, time.Hour, rooms.RoomSpec{AfterHold: rooms.SeatAI})
	eventually(t, "the adjournment", func() bool { return !stored(t, st, code).Adjourned.IsZero() })
	rec := stored(t, st, code)
	for i, s := range rec.Seats {
		if s.Kind != rooms.SeatHeld || s.HeldUntil.Before(rec.Adjourned.Add(59*time.Minute)) {
			t.Fatalf("seat %d %+v: not held for its player until the adjournment expires", i, s)
		}
	}
	if h.Len() != 1 || len(rec.Moves) != 2 {
		t.Fatalf("%d rooms, %d moves: the game did not outlive its players' absence", h.Len(), len(rec.Moves))
	}
	// The line follows the store's write: wait for it as for the write.
	eventually(t, "the log line of the adjournment", func() bool { return strings.Contains(logs.String(), "room adjourned") })
	if yours := h.YourGames(bob); len(yours) != 1 || yours[0].Code != code {
		t.Fatalf("bob's games %+v: the adjourned game is not among them", yours)
	}
	b, err := h.Join(bob, code)
	if err != nil {
		t.Fatal(err)
	}
	if y := b.View().You; len(y) != 1 || y[0] != 1 {
		t.Fatalf("bob back as %v", y)
	}
	if !stored(t, st, code).Adjourned.IsZero() {
		t.Fatal("still adjourned with bob back")
	}
}

// An adjourned game nobody comes back to is recorded as abandoned —
// unrated, with its moves — and logged, once the operator's limit has
// passed.
func TestAdjournedGameExpires(t *testing.T) {
	st := rooms.NewMemoryStore()
	h, code, logs := absentPair(t, st, 20*time.Millisecond, 50*time.Millisecond, rooms.RoomSpec{Rated: true})
	eventually(t, "the abandoned game's record", func() bool { return stored(t, st, code).Finished })
	rec := stored(t, st, code)
	if !strings.Contains(rec.Result, "abandoned") || len(rec.Moves) != 2 {
		t.Fatalf("record %+v", rec)
	}
	eventually(t, "the room unloaded", func() bool { return h.Len() == 0 })
	eventually(t, "the log line of the abandoned room", func() bool {
		return strings.Contains(logs.String(), "room abandoned") && strings.Contains(logs.String(), code)
	})
}

// Both players of a clocked game leave: it goes on by the clock, and the
// absent mover loses on time.
func TestEveryoneAwayClockedGameEndsOnTime(t *testing.T) {
	st := rooms.NewMemoryStore()
	h, code, _ := absentPair(t, st, 20*time.Millisecond, time.Hour, rooms.RoomSpec{Rated: true,
		Clock: rooms.TimeControl{Initial: 300 * time.Millisecond}})
	eventually(t, "the flag", func() bool { return stored(t, st, code).Finished })
	if rec := stored(t, st, code); !strings.Contains(rec.Result, "p1 lost on time") {
		t.Fatalf("result %q", rec.Result)
	}
	// Nobody looks at it: the host lets it go, not to count it among
	// its rooms until the next start.
	eventually(t, "the finished room unloaded", func() bool { return h.Len() == 0 })
}

// In a correspondence game one player may stay away while the other
// plays: the absent player's seat waits for them, even in a room whose
// seats go to the AI after the hold.
func TestCorrespondenceSeatWaitsForItsPlayer(t *testing.T) {
	st := rooms.NewMemoryStore()
	h := startHost(t, rooms.HostConfig{Store: st, SeatHold: 20 * time.Millisecond, Exclusive: true})
	defer h.Close()
	a, err := h.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}},
		AfterHold: rooms.SeatAI, Clock: rooms.TimeControl{PerMove: 24 * time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := h.Join(bob, a.Code())
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	if v := b.View(); !strings.Contains(v.Leaving, "waits for you") {
		t.Fatalf("bob's quit prompt would say %q", v.Leaving)
	}
	b.Leave()
	roomstest.WaitView(t, a, "bob's seat held", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })
	// Several holds later the seat is still bob's.
	until := stored(t, st, a.Code()).Seats[1].HeldUntil
	eventually(t, "the hold renewed", func() bool { return stored(t, st, a.Code()).Seats[1].HeldUntil.After(until.Add(40 * time.Millisecond)) })
	if s := a.View().Seats[1]; s.Kind != rooms.SeatHeld || s.Name != "bob" {
		t.Fatalf("bob's seat %+v", s)
	}
	b2, _ := h.Join(bob, a.Code())
	if err := b2.Play(1); err != nil {
		t.Fatalf("bob plays on: %v", err)
	}
}

// A room where nothing was played is still deleted once everyone has
// gone; one with moves whose seats no key holds (a guest's) is recorded,
// never deleted without a trace.
func TestAbandonedRoomsAreRecordedOrDeleted(t *testing.T) {
	st := rooms.NewMemoryStore()
	logs := &roomstest.Buffer{}
	h := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour, Exclusive: true, Logger: logTo(logs)})
	defer h.Close()
	guest := rooms.Player{Name: "guest-abcd"}
	empty, _ := h.Create(guest, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	played, _ := h.Create(guest, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatAI, Level: "easy"}}})
	if err := played.Play(1); err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, played, "the AI's answer", func(v rooms.RoomView) bool { return len(v.Moves) == 2 })
	if v := played.View(); !strings.Contains(v.Leaving, "guest") {
		t.Fatalf("the guest's quit prompt would say %q", v.Leaving)
	}
	empty.Leave()
	played.Leave()
	if _, err := st.Load(context.Background(), empty.Code()); err == nil {
		t.Fatal("a room left before any move is still stored")
	}
	if rec := stored(t, st, played.Code()); !rec.Finished || !strings.Contains(rec.Result, "abandoned") {
		t.Fatalf("the guest's game %+v: not recorded as abandoned", rec)
	}
	if !strings.Contains(logs.String(), "room abandoned") {
		t.Fatalf("no log line:\n%s", logs)
	}
}

// The quit prompt's text says what becomes of the game as things stand.
func TestLeavingSaysWhatBecomesOfTheGame(t *testing.T) {
	h := startHost(t, rooms.HostConfig{SeatHold: 2 * time.Minute, AdjournedExpiry: 30 * 24 * time.Hour})
	defer h.Close()
	a, b := pair(t, h, rooms.RoomSpec{AfterHold: rooms.SeatAI})
	if err := a.Play(1); err != nil {
		t.Fatal(err)
	}
	if got, want := a.View().Leaving, "your seat is held for 2 min, then the AI takes your seat"; got != want {
		t.Fatalf("with bob here: %q, want %q", got, want)
	}
	b.Leave()
	if got, want := a.View().Leaving, "your seat is held for 2 min; then the game is adjourned and waits up to 30 days for you"; got != want {
		t.Fatalf("alone: %q, want %q", got, want)
	}
	c, d := pair(t, h, rooms.RoomSpec{Clock: rooms.TimeControl{Initial: time.Hour}})
	if err := c.Play(1); err != nil {
		t.Fatal(err)
	}
	if got := c.View().Leaving; !strings.Contains(got, "your seat opens to anyone") {
		t.Fatalf("clocked, bob here: %q", got)
	}
	if got := d.View().Leaving; !strings.Contains(got, "your clock runs meanwhile") {
		t.Fatalf("clocked, bob to move: %q", got)
	}
	d.Leave()
	if got := c.View().Leaving; !strings.HasSuffix(got, "the game goes on by the clock: whoever's time runs out loses") {
		t.Fatalf("clocked, alone, bob to move: %q", got)
	}
	w, _ := h.Join(cy, c.Code())
	if got := w.View().Leaving; !strings.Contains(got, "watch") {
		t.Fatalf("a spectator: %q", got)
	}
}

// agedStore makes a store look as if the rooms' server stopped a while
// ago (by): the served mark Resume reports is that much older. With
// age, the rooms' own times are set back as well — a downtime without
// waiting for it.
type agedStore struct {
	*rooms.MemoryStore
	by time.Duration
}

func (a agedStore) Resume(ctx context.Context, node string, now time.Time, ttl time.Duration) (time.Time, bool, error) {
	last, others, err := a.MemoryStore.Resume(ctx, node, now, ttl)
	if !last.IsZero() {
		last = last.Add(-a.by)
	}
	return last, others, err
}

// age sets a stored room's clock, holds and adjournment back by the
// store's age.
func (a agedStore) age(t *testing.T, code string) {
	t.Helper()
	back := func(at time.Time) time.Time {
		if at.IsZero() {
			return at
		}
		return at.Add(-a.by)
	}
	rec := stored(t, a.MemoryStore, code)
	for i := range rec.Seats {
		rec.Seats[i].HeldUntil = back(rec.Seats[i].HeldUntil)
	}
	u := rooms.SeatsUpdate{Seats: rec.Seats, Started: rec.Started, TurnStarted: back(rec.TurnStarted), Adjourned: back(rec.Adjourned)}
	if _, err := a.MemoryStore.UpdateSeats(context.Background(), code, rec.Version, u); err != nil {
		t.Fatal(err)
	}
}

// A server stopped cleanly (or killed) and started again an hour later,
// far beyond the hold: the game is there, its players' seats are held
// for them afresh, and the mover's clock shows what it showed at the
// stop — the downtime counted on neither.
func TestRestartAfterDowntimeCountsNoDowntime(t *testing.T) {
	for _, stop := range []string{"clean stop", "kill -9"} {
		t.Run(stop, func(t *testing.T) {
			st := agedStore{MemoryStore: rooms.NewMemoryStore(), by: time.Hour}
			const hold, clock = time.Minute, 5 * time.Minute
			h1 := startHost(t, rooms.HostConfig{Store: st, SeatHold: hold, Exclusive: true})
			a, err := h1.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}},
				AfterHold: rooms.SeatAI, Rated: true, Clock: rooms.TimeControl{Initial: clock}})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := h1.Join(bob, a.Code())
			if err := a.Play(1); err != nil {
				t.Fatal(err)
			}
			if err := b.Play(1); err != nil {
				t.Fatal(err)
			}
			b.Leave() // bob's seat is held; ana is still there at the stop
			if stop == "kill -9" {
				h1.Die()
			} else {
				h1.Close()
			}
			st.age(t, a.Code())

			logs := &roomstest.Buffer{}
			h2 := startHost(t, rooms.HostConfig{Store: st, SeatHold: hold, Exclusive: true, Logger: logTo(logs)})
			defer h2.Close()
			if h2.Len() != 1 {
				t.Fatalf("%d rooms after the restart", h2.Len())
			}
			rec := stored(t, st, a.Code())
			for i, s := range rec.Seats {
				if s.Kind != rooms.SeatHeld || time.Until(s.HeldUntil) < hold-10*time.Second {
					t.Fatalf("seat %d %+v: not held afresh for its player", i, s)
				}
			}
			w, err := h2.Join(cy, a.Code())
			if err != nil {
				t.Fatal(err)
			}
			v := w.View()
			if v.Finished || v.ClockTurn != 0 || v.Clocks[0] < clock-time.Minute {
				t.Fatalf("after the restart: finished %v (%s), clocks %v turn %d: the downtime ran the clock", v.Finished, v.Note, v.Clocks, v.ClockTurn)
			}
			if !strings.Contains(logs.String(), "downtime") {
				t.Fatalf("no log line about the downtime:\n%s", logs)
			}
		})
	}
}

// refusingStore refuses the next finish of a game, as a store that is
// busy or briefly away does.
type refusingStore struct {
	*rooms.MemoryStore
	refuse atomic.Bool
}

func (s *refusingStore) Finish(ctx context.Context, code string, f rooms.FinishRecord) error {
	if s.refuse.CompareAndSwap(true, false) {
		return context.DeadlineExceeded
	}
	return s.MemoryStore.Finish(ctx, code, f)
}

// The store refuses a game's end once: the players see the end at once,
// and the store is told again until it has the result — not only at the
// next start.
func TestRefusedFinishIsRecordedLater(t *testing.T) {
	t.Parallel()
	st := &refusingStore{MemoryStore: rooms.NewMemoryStore()}
	logs := &roomstest.Buffer{}
	h := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour, Exclusive: true, Logger: logTo(logs)})
	defer h.Close()
	a, b := pair(t, h, rooms.RoomSpec{})
	st.refuse.Store(true)
	for i := 0; !a.View().Finished; i++ {
		if err := []rooms.Room{a, b}[i%2].Play(2); err != nil {
			if err := []rooms.Room{a, b}[i%2].Play(1); err != nil {
				t.Fatal(err)
			}
		}
	}
	if stored(t, st, a.Code()).Finished {
		t.Fatal("the store took the finish it was to refuse")
	}
	eventually(t, "the result in the store", func() bool { return stored(t, st, a.Code()).Finished })
	eventually(t, "the log line of the late record", func() bool {
		return strings.Contains(logs.String(), "room result recorded after the store refused it")
	})
}
