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
