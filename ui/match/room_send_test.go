package match

import (
	"time"

	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
)

// playRoom is a room of two players, ana (this client, x) and bob, that
// takes moves as a room does: stored, then its members signalled.
type playRoom struct {
	mu      sync.Mutex
	view    roomapi.RoomView
	updates chan struct{}
}

func (r *playRoom) Code() string             { return r.view.Code }
func (r *playRoom) Updates() <-chan struct{} { return r.updates }
func (r *playRoom) Leave()                   {}

func (r *playRoom) View() roomapi.RoomView {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := r.view
	v.Moves = append([]string(nil), v.Moves...)
	return v
}

// Play stores m (as the client typed it, on the room's position) and
// signals the members.
func (r *playRoom) Play(m game.Move) error {
	r.mu.Lock()
	st, _ := game.NewState(r.view.Variant, r.view.Start)
	for _, text := range r.view.Moves {
		_, _ = game.PlayText(st, text)
	}
	r.view.Moves = append(r.view.Moves, st.FormatMove(m))
	r.view.Version++
	r.mu.Unlock()
	r.signal()
	return nil
}

func (r *playRoom) signal() {
	select {
	case r.updates <- struct{}{}:
	default:
	}
}

// The room's signal of this client's own move, stored while the room's
// answer to it is on its way, wakes no update: the answer reads the room
// (one frame, not two). The next change, bob's move, is the waiter's
// first update.
func TestOwnMoveWakesNoUpdateBesideTheAnswer(t *testing.T) {
	v, err := game.Lookup("quad5")
	if err != nil {
		t.Fatal(err)
	}
	room := &playRoom{updates: make(chan struct{}, 1), view: roomapi.RoomView{Code: "K7QX", Variant: "quad5",
		Start: v.New().String(), You: []game.Role{0}, Version: 1,
		Seats: []roomapi.SeatView{{Role: "x", Kind: roomapi.SeatPlayer, Name: "ana", Connected: true},
			{Role: "o", Kind: roomapi.SeatPlayer, Name: "bob", Connected: true}}}}
	r := NewRoomMatch(v, room, &lastStatus{}, func() tea.Cmd { return nil })
	send, err := r.Play(r.Position().Legal(nil)[0])
	if err != nil {
		t.Fatal(err)
	}
	answer := send() // stored, and the members signalled
	woke := make(chan tea.Msg, 1)
	wait := r.waitRoom()
	go func() { woke <- wait() }()
	for len(room.updates) > 0 { // the waiter takes the signal of ana's move
		select {
		case msg := <-woke:
			t.Fatalf("the waiter woke for ana's own move while its answer was out: %#v", msg)
		default:
		}
	}
	r.Update(answer)
	if got := len(r.played); got != 1 {
		t.Fatalf("after the answer the match follows %d moves, want 1", got)
	}
	bob := r.Position().Legal(nil)[0]
	if err := room.Play(bob); err != nil {
		t.Fatal(err)
	}
	msg := <-woke
	um, ok := msg.(roomUpdateMsg)
	if !ok || len(um.view.Moves) != 2 {
		t.Fatalf("the waiter's first update is %#v, want bob's move (2 moves)", msg)
	}
}

// The frame showing a move on its way may wait for the room's answer a
// little (see HoldFor), and no longer once the answer is in or the wait
// is over.
func TestMoveOnItsWayHoldsTheFrameForTheAnswer(t *testing.T) {
	v, err := game.Lookup("quad5")
	if err != nil {
		t.Fatal(err)
	}
	room := &playRoom{updates: make(chan struct{}, 1), view: roomapi.RoomView{Code: "K7QX", Variant: "quad5",
		Start: v.New().String(), You: []game.Role{0}, Version: 1}}
	r := NewRoomMatch(v, room, &lastStatus{}, func() tea.Cmd { return nil })
	if d := r.HoldFor(time.Now()); d != 0 {
		t.Fatalf("with no move out the frame waits %v", d)
	}
	send, err := r.Play(r.Position().Legal(nil)[0])
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if d := r.HoldFor(now); d <= 0 || d > answerWait {
		t.Fatalf("with the move just sent the frame waits %v, want up to %v", d, answerWait)
	}
	if d := r.HoldFor(now.Add(answerWait)); d != 0 {
		t.Fatalf("once the wait is over the frame waits %v more", d)
	}
	r.Update(send())
	if d := r.HoldFor(now); d != 0 {
		t.Fatalf("after the answer the frame waits %v", d)
	}
}
