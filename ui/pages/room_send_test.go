package pages

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// slowRoom is a room whose store is slow, or refuses: Play, Resign and
// Leave wait for release, then fail with refuse when it is set (as a
// conflict with another node does), else do what the fake room does.
type slowRoom struct {
	*fakeRoom
	release chan struct{}
	refuse  error
	plays   atomic.Int32
}

func (r *slowRoom) Play(m game.Move) error {
	r.plays.Add(1)
	<-r.release
	if r.refuse != nil {
		return r.refuse
	}
	return r.fakeRoom.Play(m)
}

func (r *slowRoom) Resign(role game.Role) error {
	<-r.release
	return r.fakeRoom.Resign(role)
}

func (r *slowRoom) Leave() {
	<-r.release
	r.fakeRoom.Leave()
}

// slowLobby joins its slow room.
type slowLobby struct {
	fakeLobby
	slow *slowRoom
}

func (l *slowLobby) Join(p rooms.Player, code string) (rooms.Room, error) { return l.slow, nil }

// joinSlowRoom opens a client on a slow quad5 room where this client
// plays roles you.
func joinSlowRoom(t *testing.T, you ...game.Role) (*common.Shell, *board.BoardScreen, *slowRoom) {
	t.Helper()
	room := &slowRoom{fakeRoom: newFakeRoom("quad5", you...), release: make(chan struct{})}
	m, b := openRoom(t, &slowLobby{fakeLobby{room.fakeRoom}, room})
	return m, b, room
}

// A room's move is written to the store in a command, not in Update:
// while the room's store is busy the board shows the move as sending and
// takes no second one; when the room has it, the board shows the room's
// view. (When Update called Room.Play itself, this test hung in the
// first Update.)
func TestRoomMoveIsSentOffUpdate(t *testing.T) {
	t.Parallel()
	m, b, room := joinSlowRoom(t, 0, 1) // both seats: the next turn is this client's too
	want := b.Game().Clone()
	if _, err := game.PlayText(want, "r3c3"); err != nil {
		t.Fatal(err)
	}
	_, cmd := m.Update(uitest.Key("enter")) // x marks r3c3: the store is busy
	if cmd == nil || len(room.moves) != 0 {
		t.Fatalf("the move was not left to a command: cmd %v, room moves %v", cmd != nil, room.moves)
	}
	if b.Game().String() != want.String() || len(b.History()) != 1 || strings.Contains(b.Status, "sending") {
		t.Fatalf("the move on its way is not shown as played: board %q, history %v, status %q", b.Game().String(), b.History(), b.Status)
	}
	// The store is slow: the status says the move is on its way.
	msgs := uitest.Async(cmd)
	m.Update(<-msgs)
	if !strings.Contains(b.Status, "sending r3c3") {
		t.Fatalf("a move the room has not answered for a while: status %q", b.Status)
	}
	// A second move while the first is out is not sent (the room takes
	// them in order) but kept, as a premove, for the room's answer:
	// Pentago's rotation typed right after the placement is not lost.
	m.Update(uitest.Key("right"))
	if _, again := m.Update(uitest.Key("enter")); again != nil || b.IsErr || b.Premove == "" || !strings.Contains(b.Status, "premove") {
		t.Fatalf("a second move while the first is out: sent %v, premove %q, status %q", again != nil, b.Premove, b.Status)
	}
	close(room.release)
	for msg := range msgs {
		_, next := m.Update(msg)
		uitest.RunCmd(m, next)
	}
	if n := room.plays.Load(); n != 2 || len(room.moves) != 2 {
		t.Fatalf("the room was asked %d times and has moves %v, want both moves in order", n, room.moves)
	}
	if b.IsErr || b.Game().String() != room.s.String() || len(b.History()) != 2 || b.Premove != "" {
		t.Fatalf("after the room took both moves: board %q vs room %q, premove %q, status %q", b.Game().String(), room.s.String(), b.Premove, b.Status)
	}
}

// A move the room refuses (a conflict with another node, a stale
// version) comes back as the status, and the board shows the room's
// view again, without it.
func TestRoomRefusedMoveIsTakenBack(t *testing.T) {
	t.Parallel()
	m, b, room := joinSlowRoom(t, 0)
	room.refuse = errors.New("the room changed on another node: try again")
	close(room.release)
	before := b.Game().String()
	_, cmd := m.Update(uitest.Key("enter"))
	if b.Game().String() == before {
		t.Fatal("the move sent is not shown while it is out")
	}
	uitest.RunCmd(m, cmd)
	if !b.IsErr || b.Status != room.refuse.Error() {
		t.Fatalf("the refusal is not the status: %q (error %v)", b.Status, b.IsErr)
	}
	if b.Game().String() != before || len(b.History()) != 0 || !b.Mine(b.Game().ToMove()) {
		t.Fatalf("the refused move stays on the board: %q, history %v", b.Game().String(), b.History())
	}
}

// An illegal move is refused at once with the game's reason, against the
// position shown: the room is not asked.
func TestRoomIllegalMoveIsRefusedAtOnce(t *testing.T) {
	t.Parallel()
	m, b, room := joinSlowRoom(t, 0)
	taken, err := common.ParseMove(b.Game(), "r3c3") // legal at the start
	if err != nil {
		t.Fatal(err)
	}
	room.fakeRoom.remote("r3c3") // the room's x move, as another session of the player made it
	room.fakeRoom.remote("r2c2")
	rm(b).Refresh()
	want := game.Play(b.Game().Clone(), taken)
	if want == nil {
		t.Fatal("r3c3 should be illegal on the taken square")
	}
	cmd, got := rm(b).Play(taken)
	if cmd != nil || got == nil || got.Error() != want.Error() || room.plays.Load() != 0 {
		t.Fatalf("an illegal move: cmd %v, error %v, want %v; the room asked %d times", cmd != nil, got, want, room.plays.Load())
	}
	m.Update(uitest.Key("x")) // nothing else happened on the board
	if len(b.History()) != 2 {
		t.Fatalf("history %v", b.History())
	}
}

// Resigning and leaving write to the store too: the room is told in
// commands, and the board shows the resignation once the room has it.
// (When Update called Resign and Leave, this test hung in them.)
func TestRoomResignAndLeaveAreSentOffUpdate(t *testing.T) {
	t.Parallel()
	m, b, room := joinSlowRoom(t, 1)
	m.Update(uitest.Key("r"))
	_, cmd := m.Update(uitest.Key("y"))
	if b.Ended() {
		t.Fatal("the game ended before the room took the resignation")
	}
	close(room.release)
	uitest.RunCmd(m, cmd)
	if !b.Ended() || !strings.Contains(uitest.ViewText(m), "o resigned: x wins") {
		t.Fatalf("ended %v:\n%s", b.Ended(), uitest.ViewText(m))
	}
	room.release = make(chan struct{})
	_, cmd = m.Update(uitest.Key("m"))
	if room.left {
		t.Fatal("left in Update")
	}
	close(room.release)
	uitest.RunCmd(m, cmd)
	if !room.left {
		t.Fatal("leaving the board did not leave the room")
	}
}

// A winning move on its way shows the game's end at once, as the
// position shown has it; refused, the game goes on.
func TestRoomWinningMoveOnItsWayShowsTheEnd(t *testing.T) {
	t.Parallel()
	m, b, room := joinSlowRoom(t, 0)
	for _, text := range []string{"r2c2", "r1c2", "r2c3", "r1c3", "r3c3", "r1c4"} {
		room.fakeRoom.remote(text) // x's moves made by another session of the player
	}
	rm(b).Refresh()
	room.refuse = errors.New("the room changed on another node: try again")
	m.Update(uitest.Key("left")) // the cursor from r3c3 to r3c2
	_, cmd := m.Update(uitest.Key("enter"))
	if !b.Ended() || !strings.Contains(uitest.ViewText(m), "x wins") {
		t.Fatalf("the winning move on its way: ended %v\n%s", b.Ended(), uitest.ViewText(m))
	}
	close(room.release)
	uitest.RunCmd(m, cmd)
	if b.Ended() || len(b.History()) != 6 {
		t.Fatalf("refused, the game should go on: ended %v, history %v", b.Ended(), b.History())
	}
}
