// Package rooms hosts shared games: Host, the authoritative
// implementation of the room contract (package roomapi) a server runs.
//
// A room owns its one authoritative game, on a table (package table): it
// validates every move with the game, stores it before anyone hears of
// it, plays its AI seats off its lock, and tells its members about
// changes through a mailbox channel. It knows nothing of terminals, SSH,
// Bubble Tea or SQL (see imports_test.go): it keeps its rooms through the
// Store interface, which a database behind an adapter implements, so
// that rooms survive restarts and several server nodes share them.
package rooms

import "github.com/tabletop/tabletop/roomapi"

// The room contract's names, as the host's own (see package roomapi).
type (
	Player      = roomapi.Player
	SeatKind    = roomapi.SeatKind
	SeatSpec    = roomapi.SeatSpec
	RoomSpec    = roomapi.RoomSpec
	TimeControl = roomapi.TimeControl
	Spectators  = roomapi.Spectators
	SeatView    = roomapi.SeatView
	RoomInfo    = roomapi.RoomInfo
	RoomView    = roomapi.RoomView
	Room        = roomapi.Room
	Lobby       = roomapi.Lobby
)

// Seat kinds and spectator access (see package roomapi).
const (
	SeatOpen       = roomapi.SeatOpen
	SeatAI         = roomapi.SeatAI
	SeatPlayer     = roomapi.SeatPlayer
	SeatHeld       = roomapi.SeatHeld
	SpectatorsAll  = roomapi.SpectatorsAll
	SpectatorsKeys = roomapi.SpectatorsKeys
	SpectatorsNone = roomapi.SpectatorsNone
)
