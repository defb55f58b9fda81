package ui

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

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
	// views counts the views read; rewrites is RoomView.Rewrites.
	views    int
	rewrites uint64
	result   string // set by Resign
	rematch  string // the rematch's room code, RoomView.Rematch
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
	r.views++
	seats := make([]rooms.SeatView, len(r.v.Roles))
	for i, role := range r.v.Roles {
		seats[i] = rooms.SeatView{Role: role, Kind: rooms.SeatPlayer, Name: "p" + role, Connected: true}
	}
	return rooms.RoomView{Code: "K7QX", Variant: r.v.Name, Moves: append([]string(nil), r.moves...),
		Position: r.s.String(), Seats: seats, You: r.you, Finished: r.s.Terminal() || r.result != "", Result: r.result, Version: r.version, Rewrites: r.rewrites,
		Rematch: r.rematch}
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

// Resign ends the two-player game: the other side wins.
func (r *fakeRoom) Resign(role game.Role) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.result = r.v.RoleName(role) + " resigned: " + r.v.RoleName(1-role) + " wins"
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

// rewrite replaces the room's moves with another game's, as a conflict
// between nodes can.
func (r *fakeRoom) rewrite(texts ...string) {
	r.mu.Lock()
	r.s, r.moves = r.v.New(), nil
	for _, text := range texts {
		m, _ := game.PlayText(r.s, text)
		r.moves = append(r.moves, r.s.FormatMove(m))
	}
	r.rewrites++
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

// startIn starts a client that starts in a room (Start.Join): its join,
// sent in the first screen's command, is answered, and the command the
// room's board starts with (the room's waiter) is returned.
func startIn(m *Model) tea.Cmd {
	msg := m.Init()()
	_, cmd := m.Update(msg)
	return cmd
}

// openRoom opens a client at 80×24 that joins room K7QX of lobby and
// shows its board.
func openRoom(t *testing.T, lobby rooms.Lobby) (*Model, *board.BoardScreen) {
	t.Helper()
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: lobby, Remote: true,
		Start: common.Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	startIn(m)
	b, ok := m.cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("join did not open the room board: %T", m.cur)
	}
	return m, b
}

func TestRoomPlay(t *testing.T) {
	room := newFakeRoom("quad5", 0)
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	wait := startIn(m)
	b, ok := m.cur.(*board.BoardScreen)
	if !ok {
		t.Fatalf("join did not open the room board: %T", m.cur)
	}
	_, cmd := m.Update(keyMsg("enter")) // x marks r3c3 through Room.Play, in a command
	runCmd(m, cmd)
	if len(room.moves) != 1 || b.Game().String() != room.s.String() {
		t.Fatalf("room moves %v, board %q", room.moves, b.Game().String())
	}
	m.Update(keyMsg("enter")) // o's turn: refused locally
	if len(room.moves) != 1 || !b.IsErr {
		t.Fatalf("played out of turn: %v (status %q)", room.moves, b.Status)
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
	if b.Game().String() != room.s.String() || len(b.History()) != 2 {
		t.Fatalf("board did not follow the room: %q vs %q", b.Game().String(), room.s.String())
	}
	if !strings.Contains(viewText(m), "room K7QX") {
		t.Fatalf("room code not shown:\n%s", viewText(m))
	}
	_, cmd = m.Update(keyMsg("m"))
	runCmd(m, cmd)
	if !room.left {
		t.Fatal("leaving the board should leave the room")
	}
	if !strings.Contains(viewText(m), "Create room") {
		t.Fatalf("menu with a lobby lacks room entries:\n%s", viewText(m))
	}
}

// nextWait runs a room update's command to its room waiter's message.
func nextWait(cmd tea.Cmd) tea.Msg {
	msg := cmd()
	if batch, ok := msg.(tea.BatchMsg); ok {
		return batch[0]() // the waiter comes first
	}
	return msg
}

// The room client plays only the moves that are new since the view it
// read before, from the one view each update reads, and replays the
// game from the start only when the room's moves were rewritten. (When
// it replayed every update, the moves it had already played were read
// again: the spoilt first move below stopped it.)
func TestRoomClientPlaysOnlyNewMoves(t *testing.T) {
	t.Parallel()
	room := newFakeRoom("quad5", 0)
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: common.Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	wait := startIn(m)
	b := m.cur.(*board.BoardScreen)
	_, cmd := m.Update(keyMsg("enter")) // x marks r3c3
	runCmd(m, cmd)
	room.mu.Lock()
	room.moves[0] = "spoilt" // a client that replays from the start stops here
	room.views = 0
	room.mu.Unlock()
	room.remote("r2c2")
	_, cmd = m.Update(wait())
	if b.IsErr || b.Game().String() != room.s.String() || len(b.History()) != 2 {
		t.Fatalf("the client did not play the new move alone: %q vs %q (status %q)", b.Game().String(), room.s.String(), b.Status)
	}
	if room.views != 1 {
		t.Errorf("an update read the room's view %d times, want once", room.views)
	}
	room.rewrite("r1c2", "r2c3", "r4c4")
	m.Update(nextWait(cmd))
	if b.IsErr || b.Game().String() != room.s.String() || len(b.History()) != 3 || b.History()[0].Text != "r1c2" {
		t.Fatalf("a rewritten room was not replayed: %q vs %q, history %v (status %q)", b.Game().String(), room.s.String(), b.History(), b.Status)
	}
}

// A player resigns in a room with r and y; the board shows the room's
// result, which the position alone cannot give.
func TestRoomResign(t *testing.T) {
	room := newFakeRoom("quad5", 1)
	m := New(Options{ColorProfile: colorprofile.ASCII, Lobby: &fakeLobby{room}, Remote: true,
		Start: Start{Join: "K7QX"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	startIn(m)
	b := m.cur.(*board.BoardScreen)
	m.Update(keyMsg("r"))
	_, cmd := m.Update(keyMsg("y"))
	runCmd(m, cmd)
	if !b.Ended() || !strings.Contains(viewText(m), "o resigned: x wins") {
		t.Fatalf("ended %v:\n%s", b.Ended(), viewText(m))
	}
}
