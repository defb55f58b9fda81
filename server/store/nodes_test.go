package store

import (
	"reflect"
	"testing"
	"time"
)

// Node presence: heartbeats are written, renewed, listed to every node,
// dropped on a clean stop and forgotten long after they lapse.
func TestNodeHeartbeats(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		const ttl = 10 * time.Second
		at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
		beat := func(s *Store, sec int) {
			t.Helper()
			if err := s.Heartbeat(ctx, s.Node(), at(sec), ttl); err != nil {
				t.Fatalf("heartbeat at %d s: %v", sec, err)
			}
		}
		want := func(what string, nodes map[string]time.Time) {
			t.Helper()
			for _, s := range []*Store{a, b} {
				got, err := s.Nodes(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != len(nodes) {
					t.Fatalf("%s: nodes %v, want %v", what, got, nodes)
				}
				for n, lapses := range nodes {
					if !got[n].Equal(lapses) {
						t.Fatalf("%s: nodes %v, want %v", what, got, nodes)
					}
				}
			}
		}
		want("no node yet", nil)
		beat(a, 0)
		beat(b, 5)
		want("two nodes", map[string]time.Time{a.Node(): at(10), b.Node(): at(15)})
		beat(a, 8) // renewal
		want("a renewed", map[string]time.Time{a.Node(): at(18), b.Node(): at(15)})
		if err := b.DropNode(ctx, b.Node(), at(9)); err != nil {
			t.Fatal(err)
		}
		want("b stopped", map[string]time.Time{a.Node(): at(18)})
		beat(b, 30) // a lapsed at 18 s but is still listed: it died a moment ago
		want("a lapsed", map[string]time.Time{a.Node(): at(18), b.Node(): at(40)})
		beat(b, 2*3600) // long after: a is forgotten
		want("a forgotten", map[string]time.Time{b.Node(): at(2*3600 + 10)})
		if err := a.Heartbeat(ctx, "", t0, ttl); err == nil {
			t.Fatal("a heartbeat without a node was stored")
		}
	})
}

// A seat keeps the node of its player's connection, written at creation
// and by UpdateRoom, and read back by every node.
func TestSeatNode(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		r := twoSeatRoom("NODE", false, "fp-a", "fp-b")
		r.Seats[0].Node, r.Seats[1].Node = a.Node(), b.Node()
		mustCreate(t, a, r)
		got, err := b.Room(ctx, "NODE")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Seats, r.Seats) {
			t.Fatalf("seats read back %+v, want %+v", got.Seats, r.Seats)
		}
		seats := append([]Seat(nil), got.Seats...)
		seats[1] = Seat{Kind: SeatHeld, Player: "fp-b", Name: "bofp-b", HeldUntil: t0.Add(time.Minute), Remaining: time.Minute}
		seats[0].Node = b.Node()
		if _, err := b.UpdateRoom(ctx, "NODE", got.Version, RoomUpdate{Seats: seats, Started: true}); err != nil {
			t.Fatal(err)
		}
		got, err = a.Room(ctx, "NODE")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Seats, seats) {
			t.Fatalf("seats after the update %+v, want %+v", got.Seats, seats)
		}
	})
}

// Resume tells a starting node when the store was last served — by any
// node's heartbeat or clean stop — and whether another node is alive; it
// is that node's first heartbeat too.
func TestResumeSaysWhenTheStoreWasLastServed(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		const ttl = 10 * time.Second
		at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
		resume := func(s *Store, sec int, wantLast time.Time, wantOthers bool) {
			t.Helper()
			last, others, err := s.Resume(ctx, s.Node(), at(sec), ttl)
			if err != nil {
				t.Fatal(err)
			}
			if !last.Equal(wantLast) || others != wantOthers {
				t.Fatalf("resume at %d s: last served %v, others alive %v; want %v, %v", sec, last, others, wantLast, wantOthers)
			}
		}
		resume(a, 0, time.Time{}, false) // a new store
		resume(b, 4, at(0), true)        // a is alive
		if err := a.Heartbeat(ctx, a.Node(), at(6), ttl); err != nil {
			t.Fatal(err)
		}
		// Both die (kill -9): the store was last served by a's beat at 6 s.
		c := open(t)
		resume(c, 60, at(6), false)
		nodes, err := c.Nodes(ctx)
		if err != nil || !nodes[c.Node()].Equal(at(70)) {
			t.Fatalf("nodes after resume %v, %v: c's heartbeat missing", nodes, err)
		}
		// A clean stop marks the store served until it began, though
		// its heartbeats went on while it stopped.
		if err := c.Heartbeat(ctx, c.Node(), at(65), ttl); err != nil {
			t.Fatal(err)
		}
		if err := c.DropNode(ctx, c.Node(), at(63)); err != nil {
			t.Fatal(err)
		}
		resume(open(t), 90, at(63), false)
	})
}

// Two nodes resume at once after downtime: one of them sees the other
// alive, so the downtime is taken off the rooms once, not twice.
func TestConcurrentResumesSeeEachOther(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		if err := a.DropNode(ctx, a.Node(), t0); err != nil { // served once, long ago
			t.Fatal(err)
		}
		now := time.Now()
		alone := make(chan bool, 2)
		for _, s := range []*Store{a, b} {
			go func() {
				_, others, err := s.Resume(ctx, s.Node(), now, time.Minute)
				if err != nil {
					t.Error(err)
				}
				alone <- !others
			}()
		}
		if first, second := <-alone, <-alone; first == second {
			t.Fatalf("both resumes said alone=%v: exactly one node should resume after downtime", first)
		}
	})
}

// A room's adjournment is written by UpdateRoom, read back by every node
// and cleared when the game ends; an unrated finish (an abandoned game)
// leaves a rated room's ratings alone but keeps the game.
func TestAdjournedRoomAndUnratedFinish(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		mustCreate(t, a, twoSeatRoom("ADJ1", true, "fp-a", "fp-b"))
		r, err := a.Room(ctx, "ADJ1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.UpdateRoom(ctx, "ADJ1", r.Version, RoomUpdate{Seats: r.Seats, Started: true, Adjourned: t0}); err != nil {
			t.Fatal(err)
		}
		if got, err := b.Room(ctx, "ADJ1"); err != nil || !got.Adjourned.Equal(t0) {
			t.Fatalf("adjourned read back %v, %v; want %v", got.Adjourned, err, t0)
		}
		if _, err := b.FinishRoom(ctx, "ADJ1", Finish{Goals: []int{0, 0}, Result: "game abandoned", Reason: "abandoned", At: t0, Unrated: true}); err != nil {
			t.Fatal(err)
		}
		got, err := a.Room(ctx, "ADJ1")
		if err != nil || !got.Adjourned.IsZero() || got.Status != StatusFinished {
			t.Fatalf("after the finish: %+v, %v", got, err)
		}
		if ra, err := a.Ratings(ctx, "fp-a"); err != nil || len(ra) != 0 {
			t.Fatalf("an abandoned game moved the ratings: %+v, %v", ra, err)
		}
		hist, err := a.History(ctx, "fp-b", 5)
		if err != nil || len(hist) != 1 || hist[0].Rated || hist[0].Reason != "abandoned" {
			t.Fatalf("history %+v, %v: the abandoned game is not kept as such", hist, err)
		}
	})
}
