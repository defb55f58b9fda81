// Package rooms hosts shared games: the contract between a client and
// whoever hosts rooms (Player, the seat kinds, RoomView, Room, Lobby), and
// Host, the authoritative implementation a server runs.
//
// A room owns its one authoritative game: it validates every move with
// package game, plays its AI seats off its lock, and tells its members
// about changes through a mailbox channel. It knows nothing of terminals,
// SSH or Bubble Tea (see imports_test.go), so that a server, a test or a
// future second node can drive it alike.
package rooms

import "github.com/tabletop/tabletop/game"

// Player identifies the person at a client.
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
	// after each signal. It is closed when the room closes or the client
	// leaves.
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
