package rooms_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	_ "github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/rooms"
)

// eventually waits (at most 10 s, a deadline for a hung test, not a speed
// goal) for ok to hold.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// searchingHost returns a host whose AI seats search for an hour unless
// stopped, and a quad7 room created by p whose AI seat (x) is to move and
// searching, holding the host's only AI slot.
func searchingHost(t *testing.T, p rooms.Player) (*rooms.Host, *ai.Slots, rooms.Room) {
	t.Helper()
	slots := ai.NewSlots(1)
	h := rooms.NewHost(rooms.HostConfig{SeatHold: time.Hour, AIBudget: time.Hour, AISlots: slots})
	r, err := h.Create(p, rooms.RoomSpec{Variant: "quad7", Seats: []rooms.SeatSpec{{Kind: rooms.SeatAI, Level: "max"}, {Kind: rooms.SeatPlayer}}})
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "the AI seat's search", func() bool { return slots.InUse() == 1 && r.View().Thinking })
	return h, slots, r
}

// quietGoroutines is the fewest goroutines seen over a short while:
// goroutines of earlier tests may still be on their way out, and a
// baseline that counts them would hide the search's own.
func quietGoroutines() int {
	least := runtime.NumGoroutine()
	for range 20 {
		time.Sleep(5 * time.Millisecond)
		least = min(least, runtime.NumGoroutine())
	}
	return least
}

// Close returns only once the rooms' AI goroutines have ended: their
// searches are stopped and their slots given back by then.
func TestCloseWaitsForTheRoomsAI(t *testing.T) {
	baseline := quietGoroutines()
	h, slots, r := searchingHost(t, ana)
	if n := runtime.NumGoroutine(); n <= baseline {
		t.Fatalf("%d goroutines while searching, baseline %d: the search is not where the test looks", n, baseline)
	}
	h.Close()
	if n := slots.InUse(); n != 0 {
		t.Fatalf("Close returned while the room's AI still held %d slot(s)", n)
	}
	if v := r.View(); len(v.Moves) != 0 {
		t.Fatalf("the AI moved in a closed room: %v", v.Moves)
	}
	// The goroutine that ran the search may still be on its way out after
	// signalling Close; it must not linger.
	eventually(t, "the goroutine count back to its baseline", func() bool { return runtime.NumGoroutine() <= baseline })
	if _, err := h.Create(ana, rooms.RoomSpec{Variant: "quad7", Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}}); err == nil {
		t.Fatal("a closed host created a room")
	}
}

// Close also ends an AI seat that waits for a slot, not only one that
// searches.
func TestCloseEndsAnAIWaitingForASlot(t *testing.T) {
	slots := ai.NewSlots(1)
	if !slots.TryAcquire() { // a busy server
		t.Fatal("no free slot")
	}
	defer slots.Release()
	h := rooms.NewHost(rooms.HostConfig{SeatHold: time.Hour, AISlots: slots})
	r, err := h.Create(ana, rooms.RoomSpec{Variant: "quad7", Seats: []rooms.SeatSpec{{Kind: rooms.SeatAI, Level: "easy"}, {Kind: rooms.SeatPlayer}}})
	if err != nil {
		t.Fatal(err)
	}
	if !r.View().Thinking {
		t.Fatal("the AI seat is not due")
	}
	h.Close() // must not wait for the slot the test holds
	if v := r.View(); len(v.Moves) != 0 {
		t.Fatalf("the AI moved in a closed room: %v", v.Moves)
	}
}

// A room that closes while its AI searches (its last member left) stops
// that search at once instead of letting it run out its budget.
func TestClosingRoomCancelsItsSearch(t *testing.T) {
	guest := rooms.Player{Name: "guest-abcd"} // no key: nothing is held for a guest
	h, slots, r := searchingHost(t, guest)
	defer h.Close()
	r.Leave()
	if h.Len() != 0 {
		t.Fatalf("%d rooms after the last member left", h.Len())
	}
	eventually(t, "the closed room's search to give back its slot", func() bool { return slots.InUse() == 0 })
}
