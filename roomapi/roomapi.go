// Package roomapi is the room contract: what a client of shared rooms
// sees and does — the lobby, a handle on one room, the room's view —
// whoever hosts the rooms (package rooms is the authoritative host a
// server runs). A client depends on this package alone, so that the
// client and the host can change apart. It is a leaf: it imports only
// package game.
package roomapi

import (
	"time"

	"github.com/tabletop/tabletop/game"
)

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
	// Rated rooms move their key holders' ratings (where the server
	// keeps ratings).
	Rated bool
	// Clock is the room's time control; the zero value has no clock.
	Clock TimeControl
	// Spectators says who may watch; "" means everyone.
	Spectators Spectators
}

// TimeControl is a room's clock: Fischer (Initial plus Increment per
// turn) or, with PerMove set, a correspondence clock of so long per move.
type TimeControl struct {
	Initial   time.Duration
	Increment time.Duration
	PerMove   time.Duration
	// PauseOnHold stops the clocks while a disconnected player's seat is
	// held, if the room's creator chose so.
	PauseOnHold bool
}

// On reports whether the time control has a clock at all.
func (c TimeControl) On() bool { return c.Initial > 0 || c.PerMove > 0 }

// Spectators says who may watch a room.
type Spectators string

// Spectator access.
const (
	SpectatorsAll  Spectators = "all"  // anyone may watch
	SpectatorsKeys Spectators = "keys" // only players with a key
	SpectatorsNone Spectators = "none" // nobody but the seated players
)

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
	// Yours is set in a player's own list (see Host.ListFor) for the
	// rooms where they hold a seat: "your games".
	Yours bool
}

// RoomView is the complete state of a room as one client sees it.
type RoomView struct {
	Code    string
	Variant string
	Start   string // position string the game started from
	// Moves is every action so far, KIF form. Views share it: a client
	// must not modify it.
	Moves    []string
	Position string // current position string (Start plus Moves)
	Seats    []SeatView
	You      []game.Role // roles this client plays; empty for a spectator
	Thinking bool        // an AI seat is thinking
	Finished bool
	// Result is how a finished game ended, as the room recorded it
	// ("o resigned: x wins", "game over: red lost on time"); "" while
	// it goes on.
	Result  string
	Note    string // the latest event, e.g. "ana joined", for the status line
	Version uint64 // increases with every change
	// Clocks is each seat's time left as of ClockAt, nil in a room
	// without a clock; ClockTurn is the seat whose clock runs (-1: none),
	// so a client counts it down from ClockAt.
	Clocks    []time.Duration
	ClockTurn int
	ClockAt   time.Time
	// Leaving says what becomes of the game if this client leaves now,
	// for its quit prompt; "" once the game is over.
	Leaving string
	// Rewrites counts the times the room's moves were replaced rather
	// than extended (another node's moves won a conflict, seldom). While
	// it stays what it was at a client's last view, Moves extends the
	// moves of that view, and the client plays only Moves[len(had):]
	// instead of replaying the game; when it changes, the client replays
	// from Start.
	Rewrites uint64
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

// Resigner is a Room where a player may resign (the room handles of
// package rooms are). Resign gives up the game for role r, one of this
// client's: in a game where a player who resigns drops out
// (game.Retirer, e.g. Tic-Tac-Chess for four) the others play on and
// r's turns are passed; otherwise the game ends and the others share
// the win.
type Resigner interface {
	Resign(r game.Role) error
}

// Lobby lists, creates and joins rooms.
type Lobby interface {
	List() []RoomInfo
	Create(p Player, spec RoomSpec) (Room, error)
	// Join enters the room with the code: a seat held for p, else an open
	// seat, else as a spectator.
	Join(p Player, code string) (Room, error)
}
