package pages

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
)

// doorRoom is a room of a test lobby: a game of variant, nobody's moves.
type doorRoom struct {
	variant string
	left    atomic.Bool
}

func (r *doorRoom) Code() string             { return "K7QX" }
func (r *doorRoom) Updates() <-chan struct{} { return nil }
func (r *doorRoom) Play(game.Move) error     { return nil }
func (r *doorRoom) Leave()                   { r.left.Store(true) }
func (r *doorRoom) View() roomapi.RoomView {
	v, _ := game.Lookup(r.variant)
	start := ""
	if v != nil {
		start = v.New().String()
	}
	return roomapi.RoomView{Code: "K7QX", Variant: r.variant, Start: start, Version: 1}
}

// doorLobby is a lobby whose Join and Create claim seats in a store:
// called while a screen's Update runs (updating), they fail the test,
// since a slow store would freeze the screen; refuse makes them fail.
type doorLobby struct {
	t        *testing.T
	updating atomic.Bool
	room     *doorRoom
	refuse   error
	mu       sync.Mutex
	calls    []string
}

func (l *doorLobby) List() []roomapi.RoomInfo {
	return []roomapi.RoomInfo{{Code: "K7QX", Variant: "quad5"}}
}

func (l *doorLobby) Create(p roomapi.Player, spec roomapi.RoomSpec) (roomapi.Room, error) {
	return l.enter("create " + spec.Variant)
}

func (l *doorLobby) Join(p roomapi.Player, code string) (roomapi.Room, error) {
	return l.enter("join " + code)
}

func (l *doorLobby) enter(call string) (roomapi.Room, error) {
	if l.updating.Load() {
		l.t.Errorf("%s: the lobby was called inside Update, which a slow store would freeze", call)
	}
	l.mu.Lock()
	l.calls = append(l.calls, call)
	l.mu.Unlock()
	if l.refuse != nil {
		return nil, l.refuse
	}
	return l.room, nil
}

// LiveGames makes the lobby a roomapi.Games, for TV.
func (l *doorLobby) LiveGames() []roomapi.RoomInfo { return l.List() }
func (l *doorLobby) YourGames() []roomapi.RoomInfo { return nil }

// update hands msg to s as the root model would, marking the lobby as
// inside Update meanwhile.
func (l *doorLobby) update(s common.Screen, msg tea.Msg) (common.Screen, tea.Cmd) {
	l.updating.Store(true)
	defer l.updating.Store(false)
	return s.Update(msg)
}

func doorCommon(t *testing.T) (*common.Common, *doorLobby) {
	t.Helper()
	lobby := &doorLobby{t: t, room: &doorRoom{variant: "quad5"}}
	c := &common.Common{Profile: colorprofile.ASCII, Opts: common.Options{Lobby: lobby, Remote: true,
		Player: roomapi.Player{ID: "SHA256:ana", Name: "ana"}}, IO: common.NewIOQueue(), Width: 80, Height: 24}
	c.SetTheme(themes.Mono)
	return c, lobby
}

func press(k string) tea.KeyPressMsg {
	if k == "enter" {
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	if k == "esc" {
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// Every way into a room — the join screen, the room list, TV, a new
// room's Start, a client started in a room — asks the lobby in a
// command: Update returns at once saying so, a second enter while it is
// out sends nothing, and the answer opens the room's board. (With the
// lobby called in Update, each case failed with "called inside Update",
// and the second enter joined twice.)
func TestRoomIsEnteredInACommand(t *testing.T) {
	t.Parallel()
	quad5, err := game.Lookup("quad5")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		open func(c *common.Common) common.Screen
		keys []string // the last one enters
		say  string
		call string
	}{
		{"join screen", func(c *common.Common) common.Screen { return newJoinScreen(c) }, []string{"k", "7", "q", "x", "enter"}, "joining room K7QX…", "join K7QX"},
		{"room list", func(c *common.Common) common.Screen { return newRoomList(c) }, []string{"enter"}, "joining room K7QX…", "join K7QX"},
		{"TV", func(c *common.Common) common.Screen { return newRoomList(c) }, []string{"v"}, "joining room K7QX…", "join K7QX"},
		{"new room", func(c *common.Common) common.Screen {
			s := NewSetup(c, quad5, true)
			s.SetRow(len(s.Choice))
			return s
		}, []string{"enter"}, "creating the room…", "create quad5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, lobby := doorCommon(t)
			s := tc.open(c)
			var cmd tea.Cmd
			for _, k := range tc.keys {
				s, cmd = lobby.update(s, press(k))
			}
			if cmd == nil || len(lobby.calls) != 0 {
				t.Fatalf("no command for the lobby (calls %v)", lobby.calls)
			}
			if v := s.View(); !strings.Contains(v, tc.say) {
				t.Fatalf("the screen does not say %q:\n%s", tc.say, v)
			}
			if _, again := lobby.update(s, press(tc.keys[len(tc.keys)-1])); again != nil {
				t.Fatal("a second enter while the first is out sent another")
			}
			s, _ = lobby.update(s, cmd())
			b, ok := s.(*board.BoardScreen)
			if !ok || len(lobby.calls) != 1 || lobby.calls[0] != tc.call {
				t.Fatalf("after the lobby's answer: %T, calls %v, want one %q", s, lobby.calls, tc.call)
			}
			if tc.name == "TV" && !strings.Contains(b.Status, "TV:") {
				t.Fatalf("TV's board does not say it is TV: %q", b.Status)
			}
		})
	}
}

// A refusal of the lobby is shown as before, in its own words, on the
// screen that asked; a client started in a room goes to the menu with it.
func TestRoomRefusalIsShown(t *testing.T) {
	t.Parallel()
	quad5, _ := game.Lookup("quad5")
	for _, tc := range []struct {
		name string
		open func(c *common.Common) (common.Screen, tea.Cmd)
		want string
	}{
		{"join screen", func(c *common.Common) (common.Screen, tea.Cmd) {
			s := newJoinScreen(c)
			s.input.SetValue("K7QX")
			return s.Update(press("enter"))
		}, "no room K7QX"},
		{"room list", func(c *common.Common) (common.Screen, tea.Cmd) { return newRoomList(c).Update(press("enter")) }, "no room K7QX"},
		{"new room", func(c *common.Common) (common.Screen, tea.Cmd) {
			s := NewSetup(c, quad5, true)
			return s.start()
		}, "create room: no room K7QX"},
		{"at the start", func(c *common.Common) (common.Screen, tea.Cmd) {
			s := JoinAtStart(c, "K7QX")
			return s, s.Init()
		}, "join K7QX: no room K7QX"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, lobby := doorCommon(t)
			lobby.refuse = errors.New("no room K7QX")
			s, cmd := tc.open(c)
			s, _ = s.Update(cmd())
			if v := s.View(); !strings.Contains(v, tc.want) {
				t.Fatalf("the refusal %q is not shown:\n%s", tc.want, v)
			}
		})
	}
}

// A room whose game this client cannot show is left in a command, not in
// the constructor (it was: NewRoomBoard called Leave, a store write).
func TestRoomNotShownIsLeftInACommand(t *testing.T) {
	t.Parallel()
	c, _ := doorCommon(t)
	room := &doorRoom{variant: "no-such-game"}
	s, cmd := NewRoomBoard(c, room)
	if room.left.Load() || cmd == nil {
		t.Fatalf("left %v in the call, command %v", room.left.Load(), cmd != nil)
	}
	cmd()
	if !room.left.Load() || !strings.Contains(s.View(), "room K7QX: ") {
		t.Fatalf("left %v, screen:\n%s", room.left.Load(), s.View())
	}
}

// doorQueue is a quick-match queue in the store, like doorLobby: called
// inside Update it fails the test. It matches on the second poll.
type doorQueue struct {
	lobby *doorLobby
	mu    sync.Mutex
	calls []string
	polls int
}

func (q *doorQueue) call(what string) {
	if q.lobby.updating.Load() {
		q.lobby.t.Errorf("%s: the queue was called inside Update, which a slow store would freeze", what)
	}
	q.mu.Lock()
	q.calls = append(q.calls, what)
	q.mu.Unlock()
}

func (q *doorQueue) Enqueue(v string) error { q.call("enqueue " + v); return nil }
func (q *doorQueue) Cancel()                { q.call("cancel") }
func (q *doorQueue) Poll(v string) (string, []string, error) {
	q.call("poll")
	if q.polls++; q.polls < 2 {
		return "", []string{"bob"}, nil
	}
	return "K7QX", nil, nil
}

// Play anyone's queue is the store's: Enqueue, Poll, Cancel and the
// matched room's join run in commands, in the order asked (a cancel
// before the next enqueue), never in Update. (With them in Update, each
// failed with "called inside Update".)
func TestQuickMatchAsksTheQueueInCommands(t *testing.T) {
	t.Parallel()
	c, lobby := doorCommon(t)
	queue := &doorQueue{lobby: lobby}
	c.Opts.QuickMatch = queue
	var s common.Screen = NewQuickMatch(c)
	q := s.(*quickScreen)
	// step hands msg to the screen and the answer of the command it
	// returns back to it; the command that answer returns comes back.
	step := func(msg tea.Msg) tea.Cmd {
		var cmd tea.Cmd
		s, cmd = lobby.update(s, msg)
		if cmd == nil {
			return nil
		}
		if answer := cmd(); answer != nil {
			s, cmd = lobby.update(s, answer)
			return cmd
		}
		return nil
	}
	step(press("enter"))
	step(press("esc"))
	step(press("enter"))
	step(QuickPollMsg{Gen: q.Gen})
	if v := s.View(); !strings.Contains(v, "bob") {
		t.Fatalf("the queue's players are not shown:\n%s", v)
	}
	join := step(QuickPollMsg{Gen: q.Gen}) // matched: the join goes out
	if v := s.View(); join == nil || len(lobby.calls) != 0 || !strings.Contains(v, "joining room K7QX…") {
		t.Fatalf("matched: join command %v, lobby calls %v, screen:\n%s", join != nil, lobby.calls, v)
	}
	s, _ = lobby.update(s, join())
	if _, ok := s.(*board.BoardScreen); !ok {
		t.Fatalf("no room board after the join: %T", s)
	}
	v := q.variants[0].Name
	want := "enqueue " + v + ",cancel,enqueue " + v + ",poll,poll"
	if got := strings.Join(queue.calls, ","); got != want {
		t.Fatalf("the queue was asked %q, want in order %q", got, want)
	}
}
