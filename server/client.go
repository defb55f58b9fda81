package server

import (
	"errors"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/ui"
)

// UIClient is the default ClientFactory: the tabletop client (ui.New) in
// remote mode, so nothing local to the server (files, clipboard) is
// reachable from it.
func UIClient(o ClientOptions) tea.Model {
	return ui.New(ui.Options{
		ColorProfile: o.ColorProfile,
		Store:        o.Store,
		Lobby:        o.Lobby,
		Standings:    o.Standings,
		QuickMatch:   o.QuickMatch,
		Player:       o.Player,
		Mouse:        true,
		Remote:       true,
		Start:        ui.Start{Join: o.JoinCode},
		// Single-player AI searches run in the server process: they share
		// the server's slots with the rooms' AI seats, one thread each.
		AISlots:   o.AISlots,
		AIThreads: 1,
		// The searches end with the session.
		Context:       o.Context,
		NoAIOnlyGames: o.NoAIOnlyGames,
		OnFinished:    o.OnFinished,
	})
}

// maxRoomsPerSession bounds the rooms one session can be in at once, so
// a client cannot fill the server with rooms.
const maxRoomsPerSession = 4

// sessionLobby is the lobby as one session sees it: it remembers the
// rooms the session entered, so that when the session ends — however it
// ends — its places are given up and its seats held.
type sessionLobby struct {
	l      *rooms.Host
	player rooms.Player
	mu     sync.Mutex
	atEnds []func() // run when the session ends
	rooms  map[*sessionRoom]struct{}
	done   bool
}

var _ rooms.Lobby = (*sessionLobby)(nil)

func newSessionLobby(l *rooms.Host, p rooms.Player) *sessionLobby {
	return &sessionLobby{l: l, player: p, rooms: map[*sessionRoom]struct{}{}}
}

// List is the room list with the session's own games first ("your
// games", marked Yours).
func (s *sessionLobby) List() []rooms.RoomInfo { return s.l.ListFor(s.player) }

func (s *sessionLobby) Create(p rooms.Player, spec rooms.RoomSpec) (rooms.Room, error) {
	return s.enter(func() (rooms.Room, error) { return s.l.Create(p, spec) })
}

func (s *sessionLobby) Join(p rooms.Player, code string) (rooms.Room, error) {
	return s.enter(func() (rooms.Room, error) { return s.l.Join(p, code) })
}

var errTooManyRooms = errors.New("leave a room before entering another")

func (s *sessionLobby) enter(f func() (rooms.Room, error)) (rooms.Room, error) {
	s.mu.Lock()
	if s.done {
		s.mu.Unlock()
		return nil, errors.New("the session is over")
	}
	if len(s.rooms) >= maxRoomsPerSession {
		s.mu.Unlock()
		return nil, errTooManyRooms
	}
	s.mu.Unlock()
	r, err := f()
	if err != nil {
		return nil, err
	}
	sr := &sessionRoom{Room: r, owner: s}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done { // the session ended meanwhile
		r.Leave()
		return nil, errors.New("the session is over")
	}
	s.rooms[sr] = struct{}{}
	return sr, nil
}

// atEnd runs f when the session ends (leaveAll).
func (s *sessionLobby) atEnd(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.atEnds = append(s.atEnds, f)
}

// leaveAll gives up every place of the session.
func (s *sessionLobby) leaveAll() {
	s.mu.Lock()
	s.done = true
	rooms := s.rooms
	s.rooms = map[*sessionRoom]struct{}{}
	atEnds := s.atEnds
	s.atEnds = nil
	s.mu.Unlock()
	for _, f := range atEnds {
		f()
	}
	for r := range rooms {
		r.Room.Leave()
	}
}

// sessionRoom is a room handle that tells its session when it is left.
type sessionRoom struct {
	rooms.Room
	owner *sessionLobby
}

var _ roomapi.Resigner = (*sessionRoom)(nil)

// Resign passes a resignation on to the room, which takes it when it is
// a roomapi.Resigner (every room of package rooms is).
func (r *sessionRoom) Resign(role game.Role) error {
	rs, ok := r.Room.(roomapi.Resigner)
	if !ok {
		return errors.New("this room does not take resignations")
	}
	return rs.Resign(role)
}

func (r *sessionRoom) Leave() {
	r.owner.mu.Lock()
	delete(r.owner.rooms, r)
	r.owner.mu.Unlock()
	r.Room.Leave()
}

var _ roomapi.Games = (*sessionLobby)(nil)

// YourGames implements roomapi.Games: the session's key's unfinished
// rooms, with whose turn it is and the mover's time left.
func (s *sessionLobby) YourGames() []rooms.RoomInfo { return s.l.YourGames(s.player) }

// LiveGames implements roomapi.Games.
func (s *sessionLobby) LiveGames() []rooms.RoomInfo { return s.l.LiveGames() }

// The room's offers and chat pass through the session's handle.
var (
	_ roomapi.Dealer  = (*sessionRoom)(nil)
	_ roomapi.Chatter = (*sessionRoom)(nil)
)

var errNoOffers = errors.New("this room takes no offers")

// Propose implements roomapi.Dealer.
func (r *sessionRoom) Propose(kind roomapi.OfferKind) error {
	if d, ok := r.Room.(roomapi.Dealer); ok {
		return d.Propose(kind)
	}
	return errNoOffers
}

// Decline implements roomapi.Dealer.
func (r *sessionRoom) Decline() error {
	if d, ok := r.Room.(roomapi.Dealer); ok {
		return d.Decline()
	}
	return errNoOffers
}

// Abort implements roomapi.Dealer.
func (r *sessionRoom) Abort() error {
	if d, ok := r.Room.(roomapi.Dealer); ok {
		return d.Abort()
	}
	return errNoOffers
}

// Say implements roomapi.Chatter.
func (r *sessionRoom) Say(text string) error {
	if c, ok := r.Room.(roomapi.Chatter); ok {
		return c.Say(text)
	}
	return errors.New("this room has no chat")
}
