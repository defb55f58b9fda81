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
	// SpectatorChat lets spectators write in the chat; by default they
	// only read it.
	SpectatorChat bool
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
	// Rating is the seated key holder's rating in the room's game, as it
	// was when they sat down; 0 for a guest, the AI or an open seat.
	Rating int
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
	// Moves is how many actions were played.
	Moves int
	// ToMove is the seat whose turn it is in a game that goes on (-1:
	// none: not started, or over); YourTurn says it is the listing
	// player's.
	ToMove   int
	YourTurn bool
	// TimeLeft is the mover's clock as of the listing, 0 without one.
	TimeLeft time.Duration
	Rated    bool
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
	// Rated says the game moves its key holders' ratings; Changes is how
	// they moved, once a rated game is over and the store has rated it.
	Rated   bool
	Changes []RatingChange
	// Offer is the offer waiting for an answer (Kind "" when none).
	Offer Offer
	// Rematch is the code of the rematch's room once both agreed to one.
	Rematch string
	// Chat is the room's latest chat lines, oldest first; MayChat says
	// whether this client may write (a spectator may not, by default).
	Chat    []ChatLine
	MayChat bool
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

// RatingChange is how one seat's rating moved in a rated game.
type RatingChange struct {
	Seat          int
	Before, After int
}

// OfferKind is what a player offers the others in a room.
type OfferKind string

// Offers.
const (
	OfferDraw     OfferKind = "draw"     // end the game drawn
	OfferTakeback OfferKind = "takeback" // take back the offerer's last turn (unrated games)
	OfferRematch  OfferKind = "rematch"  // play again, colours changed (once the game is over)
)

// Offer is an offer waiting for the other players' answer.
type Offer struct {
	Kind OfferKind
	From game.Role // the seat that made it
	// Agreed is, per seat, whether its player agreed (the offerer did);
	// the offer is taken when every seat played by a person agreed.
	Agreed []bool
}

// ChatLine is one line of a room's chat.
type ChatLine struct {
	Name string // the writer's name, already sanitized
	// Seat is the writer's seat, or -1 for a spectator.
	Seat int
	Text string // one line, already sanitized
	At   time.Time
}

// Same reports whether l and o are one line: the time is compared as an
// instant, because a line read back from the store has lost the
// monotonic reading (and perhaps the location) it was written with.
func (l ChatLine) Same(o ChatLine) bool {
	return l.Name == o.Name && l.Seat == o.Seat && l.Text == o.Text && l.At.Equal(o.At)
}

// Dealer is a room handle's optional offers and ending, beside Play: a
// draw, a takeback, a rematch (see Offer), and the abort of a game in
// its first moves. A host that has none simply does not implement it.
type Dealer interface {
	// Propose makes an offer, or agrees to the same offer another
	// player made; the room says why it refuses one.
	Propose(kind OfferKind) error
	// Decline turns down (or, for its maker, withdraws) the waiting offer.
	Decline() error
	// Abort ends a game in its first moves — until every seat has made
	// its first move (the first two moves of a two-player game) — with
	// no winner and no rating change.
	Abort() error
}

// Chatter is a room handle's optional chat.
type Chatter interface {
	// Say writes one line to the room's chat; the room sanitizes it and
	// refuses it when too fast, too long, or from a spectator where they
	// may not write.
	Say(text string) error
}

// TurnNotice tells a player that it became their move in a room.
type TurnNotice struct {
	Code    string
	Variant string
	// Opponent names who moved last.
	Opponent string
}

// Games is a lobby's optional view of the games beyond the room list: a
// player's own games and the live games to watch.
type Games interface {
	// YourGames lists the unfinished rooms where the player holds a
	// seat, with whose turn it is and the mover's time left.
	YourGames() []RoomInfo
	// LiveGames lists the games in progress, highest rated first.
	LiveGames() []RoomInfo
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
