package rooms_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// Heartbeats of the presence tests: short, so that a dead node is noticed
// soon; the waits are on conditions, never on these times.
const (
	shortTTL = 300 * time.Millisecond
	longTTL  = time.Hour // a host that sweeps only when the test says so
)

// twoNodes starts host a (ana's) and host b on one store, ana creates a
// nim room on a and p joins it on b; it returns the hosts and both
// members once a sees p seated and connected. b is not closed at the
// end: the tests kill it.
func twoNodes(t *testing.T, st rooms.RecordStore, p rooms.Player, hold time.Duration, after rooms.SeatKind, aTTL time.Duration) (a, b *rooms.Host, ra, rb rooms.Room) {
	t.Helper()
	b = startHost(t, rooms.HostConfig{Store: st, SeatHold: hold, NodeTTL: shortTTL})
	a = startHost(t, rooms.HostConfig{Store: st, SeatHold: hold, NodeTTL: aTTL})
	t.Cleanup(a.Close)
	ra, err := a.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}, AfterHold: after})
	if err != nil {
		t.Fatal(err)
	}
	if rb, err = b.Join(p, ra.Code()); err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, ra, p.Name+" seated on the other node", func(v rooms.RoomView) bool {
		s := v.Seats[1]
		return s.Kind == rooms.SeatPlayer && s.Name == p.Name && s.Connected
	})
	return a, b, ra, rb
}

// A node dies without a word: the live node turns its key holder's seat
// into a held one (shown away), and after the hold the seat goes as the
// room says; a guest's seat goes at once.
func TestDeadNodesSeatsAreReleased(t *testing.T) {
	guest := rooms.Player{Name: "guest"}
	for _, tc := range []struct {
		name  string
		p     rooms.Player
		after rooms.SeatKind
		held  bool // the seat is held before it goes
	}{
		{"key holder, then open", bob, rooms.SeatOpen, true},
		{"key holder, then AI", bob, rooms.SeatAI, true},
		{"guest", guest, rooms.SeatOpen, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := rooms.NewMemoryStore()
			_, b, ra, _ := twoNodes(t, st, tc.p, 200*time.Millisecond, tc.after, shortTTL)
			b.Die()
			if tc.held {
				v := roomstest.WaitView(t, ra, "the dead node's seat held", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })
				if v.Seats[1].Connected || v.Seats[1].Name != tc.p.Name {
					t.Fatalf("held seat %+v, want %s's, away", v.Seats[1], tc.p.Name)
				}
				if !strings.Contains(v.Note, tc.p.Name) {
					t.Fatalf("note %q does not say who went", v.Note)
				}
			}
			v := roomstest.WaitView(t, ra, "the seat gone after the hold", func(v rooms.RoomView) bool { return v.Seats[1].Kind == tc.after })
			if v.Seats[1].Name == tc.p.Name {
				t.Fatalf("seat %+v still names %s", v.Seats[1], tc.p.Name)
			}
		})
	}
}

// A seat whose node is gone is shown away at once, before any sweep has
// released it.
func TestDeadNodesSeatShownAwayBeforeTheSweep(t *testing.T) {
	st := rooms.NewMemoryStore()
	a, b, ra, _ := twoNodes(t, st, bob, time.Hour, rooms.SeatOpen, longTTL)
	a.Sweep() // a now knows b's heartbeat; it sweeps no more on its own
	b.Die()
	eventually(t, "bob's seat shown away", func() bool { return !ra.View().Seats[1].Connected })
	if s := ra.View().Seats[1]; s.Kind != rooms.SeatPlayer {
		t.Fatalf("seat %+v: released without a sweep", s)
	}
	if l := a.List(); len(l) != 1 || l[0].Seats[1].Connected {
		t.Fatalf("room list %+v shows bob connected", l)
	}
}

// The player of a dead node rejoins through the live one before the hold
// lapses: the seat is theirs again and they play on.
func TestPlayerOfADeadNodeRejoinsElsewhere(t *testing.T) {
	st := rooms.NewMemoryStore()
	a, b, ra, _ := twoNodes(t, st, bob, time.Hour, rooms.SeatOpen, shortTTL)
	if err := ra.Play(nimTake(1)); err != nil {
		t.Fatal(err)
	}
	b.Die()
	roomstest.WaitView(t, ra, "bob's seat held", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })
	if yours := a.YourGames(bob); len(yours) != 1 {
		t.Fatalf("bob's games on the live node: %+v", yours)
	}
	rb, err := a.Join(bob, ra.Code())
	if err != nil {
		t.Fatal(err)
	}
	if v := rb.View(); v.Seats[1].Kind != rooms.SeatPlayer || !v.Seats[1].Connected || len(v.You) != 1 || v.You[0] != 1 {
		t.Fatalf("bob back: seats %+v, plays %v", v.Seats, v.You)
	}
	if err := rb.Play(nimTake(1)); err != nil {
		t.Fatalf("bob's move after rejoining: %v", err)
	}
	rec, err := st.Load(context.Background(), ra.Code())
	if err != nil {
		t.Fatal(err)
	}
	if s := rec.Seats[1]; s.Kind != rooms.SeatPlayer || s.Node != a.Node() {
		t.Fatalf("stored seat %+v, want bob's, played from %s", s, a.Node())
	}
}

// A key playing the same seat from two nodes keeps it when one dies: the
// live node takes the seat over instead of holding it.
func TestKeyOnTwoNodesKeepsItsSeat(t *testing.T) {
	st := rooms.NewMemoryStore()
	a, b, ra, _ := twoNodes(t, st, bob, time.Hour, rooms.SeatOpen, shortTTL)
	rb2, err := a.Join(bob, ra.Code()) // bob's second session, on a
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Join(bob, ra.Code()); err != nil { // a third, on b: the seat is b's again
		t.Fatal(err)
	}
	eventually(t, "the seat played from b", func() bool {
		rec, _ := st.Load(context.Background(), ra.Code())
		return rec.Seats[1].Node == b.Node()
	})
	b.Die()
	eventually(t, "the seat taken over by a", func() bool {
		rec, _ := st.Load(context.Background(), ra.Code())
		return rec.Seats[1].Node == a.Node()
	})
	if s := rb2.View().Seats[1]; s.Kind != rooms.SeatPlayer || !s.Connected {
		t.Fatalf("bob's seat %+v while he is still on a", s)
	}
	if err := ra.Play(nimTake(1)); err != nil {
		t.Fatal(err)
	}
	if err := rb2.Play(nimTake(1)); err != nil {
		t.Fatalf("bob's move on a: %v", err)
	}
}

// A node that stops cleanly releases its players' seats at once: the
// other node need not wait for its heartbeat to lapse, and it is gone
// from the store's nodes.
func TestClosedNodeReleasesItsSeats(t *testing.T) {
	st := rooms.NewMemoryStore()
	b := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour, NodeTTL: longTTL})
	a := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour, NodeTTL: longTTL})
	defer a.Close()
	ra, err := a.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Join(bob, ra.Code()); err != nil {
		t.Fatal(err)
	}
	b.Close() // bob's session is still in the room
	v := roomstest.WaitView(t, ra, "bob's seat held", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })
	if v.Seats[1].Connected {
		t.Fatalf("held seat %+v shown connected", v.Seats[1])
	}
	nodes, _ := st.Nodes(context.Background())
	if _, ok := nodes[b.Node()]; ok || len(nodes) != 1 {
		t.Fatalf("nodes after b closed: %v", nodes)
	}
}

// racingStore makes the first two seat writes after armed wait for each
// other, so that two hosts write the same change from the same version
// at once; it counts the writes that stored seat 1 held.
type racingStore struct {
	*rooms.MemoryStore
	armed  chan struct{} // closed to begin the race
	both   chan struct{} // closed when two writers arrived
	mu     sync.Mutex
	racers int
	held   int
}

func (s *racingStore) UpdateSeats(ctx context.Context, code string, version uint64, u rooms.SeatsUpdate) (uint64, error) {
	select {
	case <-s.armed:
		s.mu.Lock()
		s.racers++
		n := s.racers
		s.mu.Unlock()
		switch {
		case n == 2:
			close(s.both)
		case n < 2:
			select { // a deadline for a broken test, not a timing
			case <-s.both:
			case <-time.After(10 * time.Second):
			}
		}
	default:
	}
	v, err := s.MemoryStore.UpdateSeats(ctx, code, version, u)
	if err == nil && len(u.Seats) > 1 && u.Seats[1].Kind == rooms.SeatHeld {
		s.mu.Lock()
		s.held++
		s.mu.Unlock()
	}
	return v, err
}

// Two live nodes sweeping a dead node's seat at once hold it once: the
// store's compare-and-set lets one write, the other reloads and finds
// nothing left to do.
func TestTwoSweepersReleaseASeatOnce(t *testing.T) {
	st := &racingStore{MemoryStore: rooms.NewMemoryStore(), armed: make(chan struct{}), both: make(chan struct{})}
	a, b, ra, _ := twoNodes(t, st, bob, time.Hour, rooms.SeatOpen, longTTL)
	c := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour, NodeTTL: longTTL})
	defer c.Close()
	rc, err := c.Join(cy, ra.Code()) // a spectator, so that c keeps the room
	if err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, rc, "bob seen on c", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
	b.Die()
	eventually(t, "b's heartbeat lapsed", func() bool {
		nodes, _ := st.Nodes(context.Background())
		return time.Now().After(nodes[b.Node()])
	})
	close(st.armed)
	var wg sync.WaitGroup
	for _, h := range []*rooms.Host{a, c} {
		wg.Add(1)
		go func() { defer wg.Done(); h.Sweep() }()
	}
	wg.Wait()
	roomstest.WaitView(t, ra, "bob's seat held on a", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })
	roomstest.WaitView(t, rc, "bob's seat held on c", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.held != 1 || st.racers < 2 {
		t.Fatalf("the seat was held by %d writes (%d seat writes raced), want 1", st.held, st.racers)
	}
}

// A key's session leaving one node does not hold the seat the key plays
// from another node meanwhile.
func TestLeavingOneNodeKeepsTheSeatPlayedFromAnother(t *testing.T) {
	st := rooms.NewMemoryStore()
	a, b, ra, rb := twoNodes(t, st, bob, time.Hour, rooms.SeatOpen, longTTL)
	defer b.Close()
	seen := rb.View().Version
	rb2, err := a.Join(bob, ra.Code()) // bob's second session, on a: the seat is a's now
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "b up to date", func() bool { return rb.View().Version > seen })
	rb.Leave()
	rec, err := st.Load(context.Background(), ra.Code())
	if err != nil {
		t.Fatal(err)
	}
	if s := rec.Seats[1]; s.Kind != rooms.SeatPlayer || s.Node != a.Node() {
		t.Fatalf("stored seat %+v after bob left b, want played from a", s)
	}
	if err := ra.Play(nimTake(1)); err != nil {
		t.Fatal(err)
	}
	if err := rb2.Play(nimTake(1)); err != nil {
		t.Fatalf("bob's move on a: %v", err)
	}
}

// outageStore is a store whose database goes away while down is set:
// every heartbeat, read of the nodes and write fails.
type outageStore struct {
	*rooms.MemoryStore
	down atomic.Bool
}

var errOutage = errors.New("the database is unreachable")

func (s *outageStore) Heartbeat(ctx context.Context, node string, now time.Time, ttl time.Duration) error {
	if s.down.Load() {
		return errOutage
	}
	return s.MemoryStore.Heartbeat(ctx, node, now, ttl)
}

func (s *outageStore) Nodes(ctx context.Context) (map[string]time.Time, error) {
	if s.down.Load() {
		return nil, errOutage
	}
	return s.MemoryStore.Nodes(ctx)
}

func (s *outageStore) UpdateSeats(ctx context.Context, code string, version uint64, u rooms.SeatsUpdate) (uint64, error) {
	if s.down.Load() {
		return 0, errOutage
	}
	return s.MemoryStore.UpdateSeats(ctx, code, version, u)
}

// The database is away for twice the nodes' heartbeat time — every
// node's heartbeat lapses — and comes back: no node takes the other for
// dead, so a player connected all along is never shown away, nor is
// their seat released.
func TestDatabaseOutageShowsNobodyAway(t *testing.T) {
	st := &outageStore{MemoryStore: rooms.NewMemoryStore()}
	a, b, ra, _ := twoNodes(t, st, bob, time.Hour, rooms.SeatOpen, shortTTL)
	defer b.Close()
	a.Sweep()
	check := func(when string) {
		t.Helper()
		if s := ra.View().Seats[1]; !s.Connected || s.Kind != rooms.SeatPlayer {
			t.Fatalf("%s: bob's seat %+v, shown away", when, s)
		}
	}
	st.down.Store(true)
	for end := time.Now().Add(2 * shortTTL); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		check("during the outage")
	}
	st.down.Store(false)
	// The first sweeps after the outage (a third of the TTL apart), and
	// then some: bob's node has renewed its heartbeat by then.
	for end := time.Now().Add(2 * shortTTL); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		check("after the outage")
	}
	nodes, _ := st.Nodes(context.Background())
	if !time.Now().Before(nodes[b.Node()]) {
		t.Fatalf("b's heartbeat %v lapsed after the outage: the test did not see it renewed", nodes[b.Node()])
	}
}

// recordsBeside is a records' store whose heartbeats are kept beside it,
// as the server's database adapter's are.
type recordsBeside struct {
	rooms.RecordStore
	nodes rooms.NodeStore
}

func (r recordsBeside) NodeStore() rooms.NodeStore { return r.nodes }

// A host's heartbeats go to the store that goes with its records' store:
// the store itself, the one it names, or (for a store that keeps none)
// one of the host's own.
func TestNodesOfFindsTheHeartbeatsStore(t *testing.T) {
	t.Parallel()
	mem, beside := rooms.NewMemoryStore(), rooms.NewMemoryStore()
	if got := rooms.NodesOf(mem); got != rooms.NodeStore(mem) {
		t.Errorf("NodesOf(a MemoryStore) = %p, want the store itself", got)
	}
	if got := rooms.NodesOf(recordsBeside{RecordStore: mem, nodes: beside}); got != rooms.NodeStore(beside) {
		t.Errorf("NodesOf(records with heartbeats beside) = %p, want the store beside (%p)", got, beside)
	}
	only := struct{ rooms.RecordStore }{mem} // keeps no heartbeats
	if got := rooms.NodesOf(only); got == nil || got == rooms.NodeStore(mem) {
		t.Errorf("NodesOf(records only) = %v, want a store of its own", got)
	}
}
