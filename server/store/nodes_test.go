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
		beat := func(s Store, sec int) {
			t.Helper()
			if err := s.Heartbeat(ctx, s.Node(), at(sec), ttl); err != nil {
				t.Fatalf("heartbeat at %d s: %v", sec, err)
			}
		}
		want := func(what string, nodes map[string]time.Time) {
			t.Helper()
			for _, s := range []Store{a, b} {
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
		if err := b.DropNode(ctx, b.Node()); err != nil {
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
