package ui

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
)

// fakeRoom is a room hosted in the test: two seats, checked by the game.
type fakeRoom struct {
	mu      sync.Mutex
	v       *game.Variant
	s       game.State
	moves   []string
	you     []game.Role
	updates chan struct{}
	version uint64
	left    bool
}

func newFakeRoom(variant string, you ...game.Role) *fakeRoom {
	v, _ := game.Lookup(variant)
	return &fakeRoom{v: v, s: v.New(), you: you, updates: make(chan struct{}, 1)}
}

func (r *fakeRoom) Code() string             { return "K7QX" }
func (r *fakeRoom) Updates() <-chan struct{} { return r.updates }
func (r *fakeRoom) Leave()                   { r.mu.Lock(); r.left = true; r.mu.Unlock() }
func (r *fakeRoom) signal() {
	select {
	case r.updates <- struct{}{}:
	default:
	}
}
func (r *fakeRoom) View() rooms.RoomView {
	r.mu.Lock()
	defer r.mu.Unlock()
	seats := make([]rooms.SeatView, len(r.v.Roles))
	for i, role := range r.v.Roles {
		seats[i] = rooms.SeatView{Role: role, Kind: rooms.SeatPlayer, Name: "p" + role, Connected: true}
	}
	return rooms.RoomView{Code: "K7QX", Variant: r.v.Name, Moves: append([]string(nil), r.moves...),
		Position: r.s.String(), Seats: seats, You: r.you, Finished: r.s.Terminal(), Version: r.version}
}

func (r *fakeRoom) Play(m game.Move) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	mine := false
	for _, y := range r.you {
		mine = mine || y == r.s.ToMove()
	}
	if !mine {
		return errors.New("not your turn")
	}
	text := r.s.FormatMove(m)
	if err := game.Play(r.s, m); err != nil {
		return err
	}
	r.moves = append(r.moves, text)
	r.version++
	r.signal()
	return nil
}

// remote plays for the other side.
func (r *fakeRoom) remote(text string) {
	r.mu.Lock()
	m, err := game.PlayText(r.s, text)
	if err == nil {
		r.moves = append(r.moves, r.s.FormatMove(m))
	}
	r.version++
	r.mu.Unlock()
	r.signal()
}

type fakeLobby struct{ room *fakeRoom }

func (l *fakeLobby) List() []rooms.RoomInfo {
	return []rooms.RoomInfo{{Code: "K7QX", Variant: l.room.v.Name}}
}
func (l *fakeLobby) Create(p rooms.Player, spec rooms.RoomSpec) (rooms.Room, error) {
	return l.room, nil
}
func (l *fakeLobby) Join(p rooms.Player, code string) (rooms.Room, error) {
	if code != "K7QX" {
		return nil, errors.New("no room " + code)
	}
	return l.room, nil
}

func TestRoomPlay(t *testing.T) {
	room := newFakeRoom("quad5", 0)
	m := New(Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	wait := m.Init()
	b, ok := m.cur.(*boardScreen)
	if !ok {
		t.Fatalf("join did not open the room board: %T", m.cur)
	}
	m.Update(keyMsg("enter")) // x marks r3c3 through Room.Play
	if len(room.moves) != 1 || b.game().String() != room.s.String() {
		t.Fatalf("room moves %v, board %q", room.moves, b.game().String())
	}
	m.Update(keyMsg("enter")) // o's turn: refused locally
	if len(room.moves) != 1 || !b.isErr {
		t.Fatalf("played out of turn: %v (status %q)", room.moves, b.status)
	}
	// The waiting cmd passes over the signal of x's own move, which the
	// board already shows, and answers the other side's.
	got := make(chan tea.Msg, 1)
	go func() { got <- wait() }()
	select {
	case msg := <-got:
		t.Fatalf("the signal of the client's own move should be passed over, got %#v", msg)
	case <-time.After(50 * time.Millisecond):
	}
	room.remote("r2c2")
	m.Update(<-got)
	if b.game().String() != room.s.String() || len(b.history()) != 2 {
		t.Fatalf("board did not follow the room: %q vs %q", b.game().String(), room.s.String())
	}
	if !strings.Contains(viewText(m), "room K7QX") {
		t.Fatalf("room code not shown:\n%s", viewText(m))
	}
	m.Update(keyMsg("m"))
	if !room.left {
		t.Fatal("leaving the board should leave the room")
	}
	if !strings.Contains(viewText(m), "Create room") {
		t.Fatalf("menu with a lobby lacks room entries:\n%s", viewText(m))
	}
}
