package rooms_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// slowStore is a memory store whose move writes and AI claims wait, once
// stored, until the test lets them return: a database that answers
// slowly. With holdNext, the next move waits before it is stored
// instead: another node's write overtakes it.
type slowStore struct {
	*rooms.MemoryStore
	mu        sync.Mutex
	holdMoves bool
	holdClaim bool
	// holdNext holds the next move before it is stored (once).
	holdNext bool
	moveIn   chan struct{} // a move was stored and waits
	claimIn  chan struct{} // a claim was made and waits
	holdChat bool
	chatIn   chan struct{} // a chat line is being stored and waits
	release  chan struct{}
	let      func() // lets the held calls return (closes release once)
}

func newSlowStore() *slowStore {
	s := &slowStore{MemoryStore: rooms.NewMemoryStore(), moveIn: make(chan struct{}, 8),
		claimIn: make(chan struct{}, 8), chatIn: make(chan struct{}, 8), release: make(chan struct{})}
	s.let = sync.OnceFunc(func() { close(s.release) })
	return s
}

func (s *slowStore) hold(moves, claim bool) {
	s.mu.Lock()
	s.holdMoves, s.holdClaim = moves, claim
	s.mu.Unlock()
}

func (s *slowStore) AppendMove(ctx context.Context, code string, m rooms.MoveRecord) (uint64, error) {
	s.mu.Lock()
	before := s.holdNext
	s.holdNext = false
	s.mu.Unlock()
	if before {
		s.moveIn <- struct{}{}
		<-s.release
	}
	v, err := s.MemoryStore.AppendMove(ctx, code, m)
	s.mu.Lock()
	hold := s.holdMoves
	s.mu.Unlock()
	if hold {
		s.moveIn <- struct{}{}
		<-s.release
	}
	return v, err
}

func (s *slowStore) ClaimAI(ctx context.Context, code string, ttl time.Duration) error {
	s.mu.Lock()
	hold := s.holdClaim
	s.mu.Unlock()
	if hold {
		s.claimIn <- struct{}{}
		<-s.release
	}
	return s.MemoryStore.ClaimAI(ctx, code, ttl)
}

// within fails the test if f has not returned after half a minute
// (which no load makes a call that takes no lock need): it is blocked,
// on the room's lock held across the store's call. The held store call
// is then let go, so that the host can close.
func within(t *testing.T, st *slowStore, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		st.let()
		t.Fatalf("%s is blocked while the store is called", what)
	}
}

// anaAndBob seats ana (who creates it) and bob in a new nim room of l.
func anaAndBob(t *testing.T, l *rooms.Host) (a, b rooms.Room) {
	t.Helper()
	a, err := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	if b, err = l.Join(bob, a.Code()); err != nil {
		t.Fatal(err)
	}
	return a, b
}

// moveOnItsWay has ana and bob sit down in a nim room on a host of a
// slow store, and ana play a move that the store has stored but not yet
// answered; played gets Play's answer once the test lets the store go.
func moveOnItsWay(t *testing.T) (st *slowStore, l *rooms.Host, a, b rooms.Room, played chan error) {
	t.Helper()
	st = newSlowStore()
	l = rooms.NewHost(rooms.HostConfig{Store: st, SeatHold: time.Minute})
	t.Cleanup(func() {
		st.let()
		l.Close()
	})
	a, b = anaAndBob(t, l)
	st.hold(true, false)
	played = make(chan error, 1)
	go func() { played <- a.Play(2) }()
	<-st.moveIn
	return st, l, a, b, played
}

// While the store writes a move, the room's other members still read the
// room, join and leave it and list the rooms: its lock is not held
// across the write. The move is told to them only once it is stored.
func TestMoveIsStoredOffTheRoomsLock(t *testing.T) {
	st, l, _, b, played := moveOnItsWay(t)
	within(t, st, "View", func() {
		if v := b.View(); len(v.Moves) != 0 {
			t.Errorf("the move is shown before the store answered: %v", v.Moves)
		}
	})
	within(t, st, "List", func() { l.List() })
	var watcher rooms.Room
	within(t, st, "Join", func() {
		var err error
		if watcher, err = l.Join(cy, b.Code()); err != nil {
			t.Error(err)
		}
	})
	if watcher != nil {
		within(t, st, "Leave", watcher.Leave)
	}
	st.let()
	if err := <-played; err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, b, "the move", func(v rooms.RoomView) bool { return len(v.Moves) == 1 })
}

// The AI's claim on a room is made off the room's lock: a slow claim
// keeps nobody from reading the room.
func TestAIClaimIsOffTheRoomsLock(t *testing.T) {
	st := newSlowStore()
	st.hold(false, true)
	l := rooms.NewHost(rooms.HostConfig{Store: st, SeatHold: time.Minute, AIBudget: 10 * time.Millisecond})
	defer func() {
		st.hold(false, false)
		st.let()
		l.Close()
	}()
	a, err := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatAI, Level: "easy"}, {Kind: rooms.SeatPlayer}}})
	if err != nil {
		t.Fatal(err)
	}
	<-st.claimIn
	within(t, st, "View", func() {
		if v := a.View(); !v.Thinking || len(v.Moves) != 0 {
			t.Errorf("while the claim is made: thinking %v, moves %v", v.Thinking, v.Moves)
		}
	})
	st.let()
	roomstest.WaitView(t, a, "the AI's move", func(v rooms.RoomView) bool { return len(v.Moves) == 1 })
}

// A seats write that loses to a move still on its way (the move's store
// write changed the version) reloads the room, which brings the move in:
// the move counts once and its player is told it was played.
func TestMoveBroughtInByAReloadCountsOnce(t *testing.T) {
	st, l, a, _, played := moveOnItsWay(t)
	// A third player's join writes the seats (a spectator's does not):
	// make one by joining with a second session of bob's key.
	if _, err := l.Join(bob, a.Code()); err != nil {
		t.Fatal(err)
	}
	st.let()
	if err := <-played; err != nil {
		t.Fatalf("the move a reload brought in: %v", err)
	}
	v := roomstest.WaitView(t, a, "the move", func(v rooms.RoomView) bool { return len(v.Moves) >= 1 })
	if len(v.Moves) != 1 || v.Position != "5 1 0" {
		t.Errorf("moves %v, position %q", v.Moves, v.Position)
	}
}

// leaseHeldStore is a memory store where another node holds every
// room's AI: each claim is refused, and counted.
type leaseHeldStore struct {
	*rooms.MemoryStore
	claims chan struct{}
}

func (s *leaseHeldStore) ClaimAI(context.Context, string, time.Duration) error {
	select {
	case s.claims <- struct{}{}:
	default:
	}
	return rooms.ErrLeaseHeld
}

// A host that cannot claim a room's AI (another node plays it) tells the
// room's members that it is not thinking but does not ask again at once:
// the lease loop asks again, a third of the claim's time later.
func TestRefusedAIClaimWaitsForTheLeaseLoop(t *testing.T) {
	st := &leaseHeldStore{MemoryStore: rooms.NewMemoryStore(), claims: make(chan struct{}, 1)}
	l := rooms.NewHost(rooms.HostConfig{Store: st, SeatHold: time.Minute, LeaseTTL: time.Hour})
	defer l.Close()
	a, err := l.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatAI, Level: "easy"}, {Kind: rooms.SeatPlayer}}})
	if err != nil {
		t.Fatal(err)
	}
	<-st.claims
	// Waited for by updates, as a client waits: a view read while the
	// claim was asked showed the AI thinking, so giving it up must tell.
	roomstest.WaitView(t, a, "the AI given up", func(v rooms.RoomView) bool { return !v.Thinking })
	// A host that asked again at once would have asked thousands of
	// times by now; this one asks again in 20 minutes.
	time.Sleep(100 * time.Millisecond)
	select {
	case <-st.claims:
		t.Fatal("the claim was asked again at once")
	default:
	}
	if v := a.View(); len(v.Moves) != 0 || v.Thinking {
		t.Errorf("moves %v, thinking %v", v.Moves, v.Thinking)
	}
}

// A move that loses the store's compare-and-set to another node's move
// for the same turn (ana on two nodes) is checked again on the position
// the store has, read off the room's lock: it is refused, and the store
// and both nodes have the one move that won.
func TestMoveThatLostToAnotherNodeIsCheckedAgain(t *testing.T) {
	st := newSlowStore()
	h1 := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour})
	h2 := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour})
	defer func() {
		st.let()
		h1.Close()
		h2.Close()
	}()
	a, err := h1.Create(ana, rooms.RoomSpec{Variant: nim2.Name, Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h2.Join(bob, a.Code()); err != nil {
		t.Fatal(err)
	}
	roomstest.WaitView(t, a, "bob seated on the other node", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
	a2, err := h2.Join(ana, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	st.mu.Lock()
	st.holdNext = true
	st.mu.Unlock()
	played := make(chan error, 1)
	go func() { played <- a.Play(nimTake(2)) }()
	<-st.moveIn // on its way, not stored
	if err := a2.Play(nimTake(1)); err != nil {
		t.Fatal(err)
	}
	within(t, st, "View", func() { a.View() })
	st.let()
	// Checked again on the stored position, it is out of turn (a move
	// tried again on the old one would lose every time, and be told the
	// room changed).
	if err := <-played; err == nil || !strings.Contains(err.Error(), "turn") {
		t.Fatalf("the move that lost: %v, want that it is p2's turn", err)
	}
	for _, r := range []rooms.Room{a, a2} {
		roomstest.WaitView(t, r, "the move that won", func(v rooms.RoomView) bool {
			return len(v.Moves) == 1 && v.Moves[0] == "(take 1)" && v.Position == "6 1 0"
		})
	}
	if rec, _ := st.Load(context.Background(), a.Code()); len(rec.Moves) != 1 || rec.Moves[0] != "(take 1)" {
		t.Errorf("stored moves %v", rec.Moves)
	}
}

// lostStore is a slow store whose host is told, when the test says so,
// that the store's events were lost; its reads of a room then wait, once
// begun, until the test lets them return.
type lostStore struct {
	*slowStore
	events   chan rooms.Event
	holdLoad bool
	loadIn   chan struct{}
}

func (s *lostStore) Subscribe(ctx context.Context) <-chan rooms.Event {
	go func() {
		<-ctx.Done()
		close(s.events)
	}()
	return s.events
}

func (s *lostStore) Load(ctx context.Context, code string) (rooms.Record, error) {
	s.mu.Lock()
	hold := s.holdLoad
	s.mu.Unlock()
	if hold {
		s.loadIn <- struct{}{}
		<-s.release
	}
	return s.slowStore.Load(ctx, code)
}

// After lost events the host reads every room again, each with the
// room's lock released: its players still read the room while the store
// answers slowly.
func TestReloadAfterLostEventsIsOffTheRoomsLock(t *testing.T) {
	st := &lostStore{slowStore: newSlowStore(), events: make(chan rooms.Event, 1), loadIn: make(chan struct{}, 8)}
	l := rooms.NewHost(rooms.HostConfig{Store: st, SeatHold: time.Minute})
	defer func() {
		st.let()
		l.Close()
	}()
	if _, err := l.Start(); err != nil { // it follows the store's events
		t.Fatal(err)
	}
	_, b := anaAndBob(t, l)
	st.mu.Lock()
	st.holdLoad = true
	st.mu.Unlock()
	st.events <- rooms.Event{Lost: true}
	<-st.loadIn
	within(t, st.slowStore, "View", func() { b.View() })
	st.let()
}

func (s *slowStore) AddChat(ctx context.Context, code string, line rooms.ChatLine) (uint64, error) {
	s.mu.Lock()
	hold := s.holdChat
	s.mu.Unlock()
	if hold {
		s.chatIn <- struct{}{}
		<-s.release
	}
	return s.MemoryStore.AddChat(ctx, code, line)
}

// While a chat line is on its way to a slow store, the room's members
// still read it and its line arrives once the store answers.
func TestChatIsStoredOffTheRoomsLock(t *testing.T) {
	st := newSlowStore()
	l := rooms.NewHost(rooms.HostConfig{Store: st, SeatHold: time.Minute})
	defer func() {
		st.let()
		l.Close()
	}()
	a, b := anaAndBob(t, l)
	st.mu.Lock()
	st.holdChat = true
	st.mu.Unlock()
	said := make(chan error, 1)
	go func() { said <- a.(roomapi.Chatter).Say("hello") }()
	<-st.chatIn
	within(t, st, "View", func() { b.View() })
	st.let()
	if err := <-said; err != nil {
		t.Fatal(err)
	}
	if v := b.View(); len(v.Chat) != 1 || v.Chat[0].Text != "hello" {
		t.Fatalf("bob's chat: %+v", v.Chat)
	}
}
