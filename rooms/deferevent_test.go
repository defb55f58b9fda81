package rooms_test

import (
	"context"
	"errors"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// pausingStore is a memory store that runs during while a move is on
// its way to it, with the host's event loop done with every event sent
// before (see settle); with refuse, the move is then not stored.
type pausingStore struct {
	*rooms.MemoryStore
	flush  chan chan struct{}
	during func(s *pausingStore, code string)
	refuse bool
}

func newPausingStore() *pausingStore {
	return &pausingStore{MemoryStore: rooms.NewMemoryStore(), flush: make(chan chan struct{})}
}

// Subscribe passes the memory store's events on one at a time, and on a
// request from settle sends, after every event already sent, an event
// the host ignores: once the host takes it, it has handled the ones
// before.
func (s *pausingStore) Subscribe(ctx context.Context) <-chan rooms.Event {
	in := s.MemoryStore.Subscribe(ctx)
	out := make(chan rooms.Event)
	go func() {
		defer close(out)
		for {
			select {
			case ev, ok := <-in:
				if !ok {
					return
				}
				out <- ev
			case done := <-s.flush:
				for pending := true; pending; {
					select {
					case ev := <-in:
						out <- ev
					default:
						pending = false
					}
				}
				out <- rooms.Event{Room: "no room"} // a deletion of a room not hosted: ignored
				close(done)
			}
		}
	}()
	return out
}

// settle waits until the host's event loop has handled every event sent
// so far.
func (s *pausingStore) settle() {
	done := make(chan struct{})
	s.flush <- done
	<-done
}

func (s *pausingStore) AppendMove(ctx context.Context, code string, m rooms.MoveRecord) (uint64, error) {
	ver, err := uint64(0), errors.New("the disk is full")
	if !s.refuse {
		ver, err = s.MemoryStore.AppendMove(ctx, code, m)
	}
	if s.during != nil {
		s.settle()
		s.during(s, code)
	}
	return ver, err
}

// catchUps counts the goroutines catching a room up to an event.
func catchUps() int {
	buf := make([]byte, 1<<20)
	return strings.Count(string(buf[:runtime.Stack(buf, true)]), "rooms.(*room).catchUpWith(")
}

// The event of a move this host is storing, which comes before the
// store's answer, is left to the move: no goroutine is started to wait
// for the move and find nothing to do. An event of another node's
// change left to a move that the store then refused is not lost: the
// room catches up to it.
func TestEventsDuringAMoveAreLeftToIt(t *testing.T) {
	for _, tc := range []struct {
		name   string
		refuse bool // the store refuses the move
		chat   bool // another node adds a chat line while it is on its way
	}{
		{"the move's own event", false, false},
		{"another node's chat line, the move refused", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := newPausingStore()
			h := startHost(t, rooms.HostConfig{Store: st, SeatHold: time.Hour})
			defer h.Close()
			a, _ := pair(t, h, rooms.RoomSpec{})
			var during int
			st.during = func(s *pausingStore, code string) {
				if tc.chat {
					if _, err := s.MemoryStore.AddChat(context.Background(), code, rooms.ChatLine{Name: "cy", Seat: -1, Text: "hello", At: time.Now()}); err != nil {
						t.Error(err)
					}
					s.settle()
				}
				during = catchUps()
			}
			st.refuse = tc.refuse
			err := a.Play(1)
			st.during = nil
			if tc.refuse != (err != nil) {
				t.Fatalf("Play: %v", err)
			}
			if during != 0 {
				t.Errorf("%d goroutines waited to catch the room up while the move was stored", during)
			}
			if tc.chat {
				roomstest.WaitView(t, a, "the other node's chat line", func(v rooms.RoomView) bool { return len(v.Chat) == 1 })
			}
		})
	}
}

// goroutinesCreated is the process's count of goroutines created so far.
func goroutinesCreated() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// A move stored by another node, one version past this node's copy of
// the room, is played by the event loop itself, not by a goroutine
// started for it; both copies agree.
func TestOtherNodesMovePlaysOnTheEventLoop(t *testing.T) {
	st := rooms.NewMemoryStore()
	a, b, _ := twoNodeRoom(t, rooms.HostConfig{Store: st, Nodes: st, SeatHold: time.Hour}, rooms.RoomSpec{})
	roomstest.WaitView(t, b, "bob seated", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
	// Six moves of the seven stones: the game goes on. The event loop
	// only tries the room's locks, so a move that finds them busy is
	// still caught up by a goroutine (under -race, run over and over, up
	// to 4 of 6), and started goroutines are counted process-wide: the
	// check is that not every move starts one, as every move did before.
	const moves = 6
	players := []rooms.Room{a, b}
	before := goroutinesCreated()
	for n := 1; n <= moves; n++ {
		mover, other := players[(n-1)%2], players[n%2]
		if err := mover.Play(1); err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
		roomstest.WaitView(t, other, "the move on the other node", func(v rooms.RoomView) bool { return len(v.Moves) == n })
		if ov, mv := other.View(), mover.View(); ov.Position != mv.Position {
			t.Fatalf("after move %d the other node has %q, the mover %q", n, ov.Position, mv.Position)
		}
	}
	if created := goroutinesCreated() - before; created >= moves {
		t.Errorf("%d moves from the other node started %d goroutines", moves, created)
	}
}
