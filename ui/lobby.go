package ui

import "github.com/tabletop/tabletop/game"

// This file is the contract between the client and whoever hosts shared
// rooms (the SSH server). The client shows rooms and plays in them only
// through these types; it knows nothing of SSH.

// Player identifies the person at this client.
type Player struct {
	// ID is a stable identity, e.g. an SSH key fingerprint; "" for a guest.
	ID string
	// Name is the display name, already sanitized by the host.
	Name string
}

// SeatKind says who plays a seat of a room.
type SeatKind string

// Seat kinds.
const (
	SeatOpen   SeatKind = "open"   // waiting for a remote player
	SeatAI     SeatKind = "ai"     // played by the host's AI
	SeatPlayer SeatKind = "player" // taken by a person
	SeatHeld   SeatKind = "held"   // its player disconnected; held for them
)

// SeatSpec is the creator's choice for one seat of a new room.
type SeatSpec struct {
	Kind  SeatKind // SeatOpen, SeatAI, or SeatPlayer for the creator
	Level string   // AI level when Kind is SeatAI
}

// RoomSpec describes a room to create.
type RoomSpec struct {
	Variant string     // game.Variant name
	Seats   []SeatSpec // one per role, in role order
	// AfterHold is what a seat becomes when its player stays away past
	// the hold time: SeatAI or SeatOpen.
	AfterHold SeatKind
}

// SeatView is what everyone in a room sees of one seat.
type SeatView struct {
	Role      string
	Kind      SeatKind
	Name      string // player name or AI level
	Connected bool
}

// RoomInfo is a line of the room list.
type RoomInfo struct {
	Code       string
	Variant    string
	Seats      []SeatView
	Spectators int
	Finished   bool
}

// RoomView is the complete state of a room as one client sees it.
type RoomView struct {
	Code     string
	Variant  string
	Start    string   // position string the game started from
	Moves    []string // every action so far, KIF form
	Position string   // current position string (Start plus Moves)
	Seats    []SeatView
	You      []game.Role // roles this client plays; empty for a spectator
	Thinking bool        // an AI seat is thinking
	Finished bool
	Note     string // the latest event, e.g. "ana joined", for the status line
	Version  uint64 // increases with every change
}

// Room is one client's handle on a shared room.
type Room interface {
	// Code is the room's short code, e.g. "K7QX".
	Code() string
	// Updates is signalled after every change. It holds at most one
	// pending signal, so a slow client never stalls the room; read View
	// after each signal.
	Updates() <-chan struct{}
	// View returns the latest state.
	View() RoomView
	// Play submits an action for one of this client's roles. The room
	// validates it with the game and says why it refused.
	Play(m game.Move) error
	// Leave gives up this client's place; seats are held as the room
	// decides.
	Leave()
}

// Lobby lists, creates and joins rooms.
type Lobby interface {
	List() []RoomInfo
	Create(p Player, spec RoomSpec) (Room, error)
	// Join enters the room with the code: a seat held for p, else an open
	// seat, else as a spectator.
	Join(p Player, code string) (Room, error)
}

// SaveStore keeps one saved game. Locally it is a file in the user's
// config directory; over SSH the host keys it by player. A store whose
// saves end with the session (an SSH guest's) also has a method
// SessionOnly() bool that returns true, so that quitting warns the game
// will be gone.
type SaveStore interface {
	Load() ([]byte, error) // os.ErrNotExist-wrapping error when there is none
	Save(data []byte) error
	Remove() error
}

// sessionOnly reports whether the saves of store end with the session.
func sessionOnly(store SaveStore) bool {
	s, ok := store.(interface{ SessionOnly() bool })
	return ok && s.SessionOnly()
}

// NoticeMsg is a message the host sends into a running client, e.g.
// "server stopping"; the client shows it in its status line.
type NoticeMsg string
