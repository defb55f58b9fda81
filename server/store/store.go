// Package store keeps what a tabletop server must not forget: rooms with
// their seats, options, clocks and full move lists, players, ratings,
// finished games and saved games. One interface, Store, has two
// implementations chosen by Open's DSN: SQLite (the embedded default, one
// file in the data directory) and PostgreSQL (several server nodes
// sharing rooms, with LISTEN/NOTIFY carrying room events between them).
//
// The store knows no game rules: the caller validates moves with package
// game, and the store makes each accepted move durable exactly once.
package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// SeatKind says who plays a seat; the values are those of the room model.
type SeatKind string

// Seat kinds.
const (
	SeatOpen   SeatKind = "open"   // waiting for a player
	SeatAI     SeatKind = "ai"     // played by a node's AI (see ClaimAI)
	SeatPlayer SeatKind = "player" // taken by a person
	SeatHeld   SeatKind = "held"   // its player disconnected; held for them
)

// Spectators says who may watch a room.
type Spectators string

// Spectator access.
const (
	SpectatorsAll  Spectators = "all"  // anyone may watch
	SpectatorsKeys Spectators = "keys" // only players with a key
	SpectatorsNone Spectators = "none" // nobody but the seated players
)

// Status is where a room is in its life.
type Status string

// Room statuses.
const (
	StatusWaiting     Status = "waiting"     // a seat is still open; play has not begun
	StatusPlaying     Status = "playing"     // play has begun
	StatusFinished    Status = "finished"    // FinishRoom recorded the result
	StatusQuarantined Status = "quarantined" // its moves did not replay; kept for inspection
)

// TimeControl is a room's clock. The zero value means no clock.
type TimeControl struct {
	Initial   time.Duration // each seat's time at the start, e.g. 5 min
	Increment time.Duration // added to the mover's clock after each move
	// PerMove, when set, is a correspondence clock: the mover has this
	// long for each move (e.g. 3 days) and Initial is unused.
	PerMove time.Duration
	// PauseOnHold stops the clocks while a disconnected player's seat is
	// held, if the room's creator chose so.
	PauseOnHold bool
}

// Options are the creator's choices for a room.
type Options struct {
	Rated      bool // the result moves the players' ratings
	Clock      TimeControl
	AfterHold  SeatKind   // what a held seat becomes when its player stays away: SeatOpen or SeatAI
	Spectators Spectators // "" means SpectatorsAll
	// SpectatorChat lets spectators write in the room's chat.
	SpectatorChat bool
}

// Seat is one seat of a room.
type Seat struct {
	Kind      SeatKind
	Player    string    // key fingerprint of the seated player; "" for a guest, the AI or an open seat
	Name      string    // display name, already sanitized
	AILevel   string    // when Kind is SeatAI
	HeldUntil time.Time // when Kind is SeatHeld
	Remaining time.Duration
	// Node is the node holding the player's connection while Kind is
	// SeatPlayer ("" otherwise, or when not known): see Heartbeat.
	Node string
	// Rating is the seated player's rating when they sat down (0: none).
	Rating float64
}

// Room is the durable state of a room: everything needed to rebuild its
// game (variant, start position, moves) and its seats and clocks.
type Room struct {
	Code    string
	Variant string
	Start   string // position string the game started from
	Creator string // key fingerprint of the creator; "" for a guest
	Options Options
	Seats   []Seat
	Moves   []string // the canonical text of every action so far
	Status  Status
	// TurnStarted is the last-move timestamp: when the clock of the seat
	// to move started running. Zero while no clock runs (before the first
	// move, or paused during a hold).
	TurnStarted time.Time
	// Adjourned is when every player had gone from the game (it waits
	// for them); zero while someone plays.
	Adjourned  time.Time
	Version    int64 // increases with every write to the room
	Created    time.Time
	Updated    time.Time
	Result     string // when finished: the result in words
	GameID     string // when finished: the finished game's record (see Game)
	Quarantine string // when quarantined: why
	// Offer is the offer waiting for an answer, in the rooms package's
	// text; the store keeps it as it is (see TalkStore).
	Offer string
	// Chat is the room's latest chat lines (at most ChatKept), oldest
	// first; Room reads them, the lists do not.
	Chat []ChatLine
	// Changes is how a finished rated game moved its players' ratings;
	// Room reads them, the lists do not.
	Changes []RatingChange
}

// ChatKept is how many of a room's latest chat lines Room reads.
const ChatKept = 50

// ChatLine is one line of a room's chat.
type ChatLine struct {
	Seat int    // the writer's seat, -1 for a spectator
	Name string // the writer's name, already sanitized
	Text string // already sanitized
	At   time.Time
}

// Move is one accepted action, as AppendMove records it.
type Move struct {
	// Number is the move's index in the room's list (0 for the first). It
	// must equal the number of moves already stored: that compare-and-set
	// makes exactly one writer win each move.
	Number int
	Text   string // the canonical text of the action
	Seat   int    // the seat that moved
	// Remaining is the mover's clock after the move, increment included;
	// ignored by rooms without a clock.
	Remaining time.Duration
	At        time.Time // when it was accepted; the next turn's clock starts here
}

// RoomUpdate replaces a room's seats, status and turn clock in one write.
type RoomUpdate struct {
	Seats       []Seat    // every seat, in order; nil leaves the seats as they are
	Started     bool      // play has begun (no seat was open once): the status becomes playing
	TurnStarted time.Time // the clock of the seat to move runs from here; zero pauses it
	Adjourned   time.Time // see Room.Adjourned
}

// Finish is the end of a room's game.
type Finish struct {
	// Moves is the number of moves the result was computed on; FinishRoom
	// fails with a conflict if more have been stored meanwhile.
	Moves  int
	Goals  []int  // per seat, the game's goal values (0-100)
	Result string // in words, e.g. "game over: red wins"
	Reason string // "" for a normal end, or e.g. "time", "resigned", "abandoned"
	At     time.Time
	// Unrated keeps the game from the ratings even in a rated room (an
	// abandoned game: nobody won it).
	Unrated bool
}

// Player is one key holder the server has met.
type Player struct {
	Fingerprint string
	Name        string
	Created     time.Time
	LastSeen    time.Time
}

// Rating is a player's Glicko-2 rating in one variant.
type Rating struct {
	Player     string // fingerprint
	Name       string // the player's display name
	Variant    string
	Rating     float64
	Deviation  float64
	Volatility float64
	Games      int // rated games played
	Updated    time.Time
}

// RatingChange is how one player's rating moved in a finished game.
type RatingChange struct {
	Seat          int
	Player        string
	Before, After float64
}

// GamePlayer is one seat of a finished game.
type GamePlayer struct {
	Seat   int
	Kind   SeatKind
	Player string // fingerprint, "" for a guest or the AI
	Name   string // for the AI, its level
	Goal   int
	// RatingBefore and RatingAfter are zero unless the game was rated
	// for this player.
	RatingBefore, RatingAfter float64
}

// Game is the record of a finished room game, kept after the room is
// gone; with its moves it opens in review mode.
type Game struct {
	ID       string
	Room     string
	Variant  string
	Start    string
	Rated    bool
	Result   string
	Reason   string
	Players  []GamePlayer
	Moves    []string // nil in History's summaries
	Created  time.Time
	Finished time.Time
}

// Lease is a node's claim to play a room's AI seats until Expires.
type Lease struct {
	Room    string
	Node    string
	Expires time.Time
}

// Event tells that a room changed. Subscribers reload what they need;
// two events of one room may arrive out of commit order on SQLite, so a
// subscriber compares Version with what it has.
type Event struct {
	Room    string
	Moves   int   // the room's move count after the change
	Version int64 // the room's version after the change; 0 when it was deleted
	Node    string
	// Move is the move a move's event is about (the room's move number
	// Moves-1), so that a node following the room plays it on its copy
	// without reading the room again; nil for any other change.
	Move *Move
	// Lost is set (and the other fields empty) when events may have been
	// missed — a slow subscriber, or a dropped database connection: the
	// subscriber should reload every room it shows.
	Lost bool
}

// Store is the whole storage layer, as Open returns it: one aggregate
// per interface, and the node's identity and Close. Every method is safe
// for concurrent use, also by several Store values (nodes) on one
// database. Code that uses the store takes the aggregate it needs; a
// *Store has every aggregate's methods, so it may be passed for any of them.
type Store struct {
	RoomStore
	NodeStore
	PlayerStore
	SaveStore
	QueueStore
	TalkStore
	ProfileStore

	e *engine
}

// newStore gathers the aggregates, all of them e.
func newStore(e *engine) *Store {
	return &Store{RoomStore: e, NodeStore: e, PlayerStore: e, SaveStore: e, QueueStore: e, TalkStore: e, ProfileStore: e, e: e}
}

// Node is this Store value's node identity, used for AI leases and
// events; it is new for every Open.
func (s *Store) Node() string { return s.e.node }

// Close releases the database.
func (s *Store) Close() error { return s.e.Close() }

// RoomStore keeps the rooms: their seats, moves and ends, the lease on
// their AI seats, and the events of their changes.
type RoomStore interface {
	// CreateRoom adds a room (version 1, no moves). It fails with
	// ErrCodeTaken if the code is in use, by any node.
	CreateRoom(ctx context.Context, r Room) error
	// Room returns a room with its seats and moves, or ErrNoRoom.
	Room(ctx context.Context, code string) (Room, error)
	// Rooms lists rooms with the given statuses (all when none), oldest
	// first, without their moves.
	Rooms(ctx context.Context, statuses ...Status) ([]Room, error)
	// PlayerRooms lists the unfinished rooms where the key fingerprint
	// holds a seat ("your games"), oldest first, without their moves.
	PlayerRooms(ctx context.Context, fingerprint string) ([]Room, error)
	// AppendMove stores m as move number m.Number of the room, sets the
	// mover's clock and the turn's start, and returns the room's new
	// version. If another writer stored that move first it fails with a
	// *ConflictError (errors.Is ErrConflict); with ErrClosed when the room
	// is finished or quarantined.
	AppendMove(ctx context.Context, code string, m Move) (int64, error)
	// UpdateRoom writes u if the room is still at version; else it fails
	// with a *ConflictError (with ErrClosed once the room is finished or
	// quarantined). It returns the new version.
	UpdateRoom(ctx context.Context, code string, version int64, u RoomUpdate) (int64, error)
	// FinishRoom records the result, keeps the game in every player's
	// history and, in a rated room, updates the ratings — all in one
	// transaction. It returns the rating changes (none when unrated).
	FinishRoom(ctx context.Context, code string, f Finish) ([]RatingChange, error)
	// QuarantineRoom marks a room whose moves do not replay; it is no
	// longer listed as waiting or playing, and keeps its rows.
	QuarantineRoom(ctx context.Context, code, reason string) error
	// DeleteRoom removes a room that holds exactly moves moves (a
	// compare-and-set, like FinishRoom's): a node deletes a room its
	// players left before the first move, and its copy may have missed
	// moves made on another node, which must not go with it. Otherwise it
	// fails with a *ConflictError, or ErrNoRoom. Finished games stay in
	// the history.
	DeleteRoom(ctx context.Context, code string, moves int) error

	// ClaimAI gives this node the right to play the room's AI seats until
	// now+ttl, if no other node holds an unexpired lease; renewing one's
	// own lease is the same call. Otherwise it fails with a
	// *LeaseHeldError (errors.Is ErrLeaseHeld).
	ClaimAI(ctx context.Context, code string, now time.Time, ttl time.Duration) (Lease, error)
	// ReleaseAI gives up this node's lease on the room, if it holds one.
	ReleaseAI(ctx context.Context, code string) error

	// Subscribe delivers an Event after every committed write to a room:
	// on PostgreSQL by any node, on SQLite by any Store of this process
	// on the file. The channel closes when ctx ends or the store closes.
	Subscribe(ctx context.Context) <-chan Event
}

// NodeStore keeps the server nodes' heartbeats: which nodes live, and
// when a node last served the store (downtime counts on nothing).
type NodeStore interface {
	// Heartbeat records that the node is alive until now+ttl: a new node
	// or a renewal. Nodes whose heartbeat lapsed long ago (an hour beyond
	// the longest ttl anyone would use) are forgotten on the way.
	Heartbeat(ctx context.Context, node string, now time.Time, ttl time.Duration) error
	// Nodes returns every node with a heartbeat row and when it lapses
	// (lapsed ones too, until forgotten).
	Nodes(ctx context.Context) (map[string]time.Time, error)
	// DropNode removes a node's heartbeat: it stopped cleanly, having
	// begun to stop at at, which becomes the store's served mark.
	DropNode(ctx context.Context, node string, at time.Time) error
	// Resume is a starting node's first heartbeat, and reports in the
	// same transaction when a node last served the store (a heartbeat,
	// or a clean stop; zero for a store never served) and whether
	// another node's heartbeat has not lapsed by now. Without one, the
	// rooms were served by nobody from last to now.
	Resume(ctx context.Context, node string, now time.Time, ttl time.Duration) (last time.Time, others bool, err error)
}

// PlayerStore keeps the players, their ratings and their finished games.
type PlayerStore interface {
	// SeePlayer records that a key holder connected: it creates the
	// player or updates the name and last-seen time.
	SeePlayer(ctx context.Context, fingerprint, name string, at time.Time) (Player, error)
	// Player returns a player, or ErrNotFound.
	Player(ctx context.Context, fingerprint string) (Player, error)
	// Ratings returns a player's ratings, one per variant played rated.
	Ratings(ctx context.Context, fingerprint string) ([]Rating, error)
	// Leaderboard returns a variant's best ratings, highest first; limit
	// <= 0 means 100.
	Leaderboard(ctx context.Context, variant string, limit int) ([]Rating, error)
	// History returns the player's finished games, newest first, without
	// their moves; limit <= 0 means 100.
	History(ctx context.Context, fingerprint string, limit int) ([]Game, error)
	// Game returns a finished game with its moves, or ErrNotFound.
	Game(ctx context.Context, id string) (Game, error)
	// RecordGame keeps a finished game that was not played in a room (a
	// key holder's game against the AI over SSH): unrated, with Room "".
	// It returns the game's ID; g.ID and g.Rated are ignored.
	RecordGame(ctx context.Context, g Game) (string, error)
}

// SaveStore keeps each key holder's one saved game.
type SaveStore interface {
	// LoadSave returns a key holder's saved game, or ErrNotFound.
	LoadSave(ctx context.Context, fingerprint string) ([]byte, error)
	// PutSave stores a key holder's saved game, replacing any.
	PutSave(ctx context.Context, fingerprint string, data []byte, at time.Time) error
	// DeleteSave removes a key holder's saved game, if any.
	DeleteSave(ctx context.Context, fingerprint string) error
	// PruneSaves removes the least recently saved games beyond keep and
	// returns how many went, so fresh keys cannot fill the disk.
	PruneSaves(ctx context.Context, keep int) (int, error)
}

// The one implementation, on SQLite and PostgreSQL alike, of every
// aggregate.
var (
	_ RoomStore    = (*engine)(nil)
	_ NodeStore    = (*engine)(nil)
	_ PlayerStore  = (*engine)(nil)
	_ SaveStore    = (*engine)(nil)
	_ QueueStore   = (*engine)(nil)
	_ TalkStore    = (*engine)(nil)
	_ ProfileStore = (*engine)(nil)
)

// QueueStore keeps the quick-match queues, one per variant.
type QueueStore interface {
	// Enqueue puts a key holder in a variant's quick-match queue (at
	// their rating in it, 1500 if none), replacing any place they had.
	Enqueue(ctx context.Context, fingerprint, name, variant string, at time.Time) (Waiting, error)
	// Dequeue takes a key holder out of the queue, if they are in it.
	Dequeue(ctx context.Context, fingerprint string) error
	// Queue lists a variant's queue, longest waiting first.
	Queue(ctx context.Context, variant string) ([]Waiting, error)
	// MatchQueue pairs the variant's waiting players whose ratings are
	// close enough (window, nil for DefaultMatchWindow) and takes the
	// pairs out of the queue, atomically: of two nodes matching at once,
	// each player is paired by one. The caller makes a room per pair;
	// the other player's node finds it among their rooms (PlayerRooms).
	MatchQueue(ctx context.Context, variant string, now time.Time, window MatchWindow) ([][2]Waiting, error)
}

// Errors.
var (
	ErrCodeTaken = errors.New("store: room code in use")
	ErrNoRoom    = errors.New("store: no room with that code")
	ErrNotFound  = errors.New("store: not found")
	ErrClosed    = errors.New("store: the room's game is over")
	ErrConflict  = errors.New("store: room changed meanwhile")
	ErrLeaseHeld = errors.New("store: another node plays this room's AI")
)

// ConflictError says that a compare-and-set lost: another writer changed
// the room first. errors.Is(err, ErrConflict) holds.
type ConflictError struct {
	Room string
	What string // "move" or "version"
	Want int64  // the move number or version the writer expected
	Have int64  // what the store holds
}

// Error says what the writer expected and what the store holds.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("store: room %s: %s %d expected, %d stored (another writer won)", e.Room, e.What, e.Want, e.Have)
}

// Is makes errors.Is(err, ErrConflict) hold.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// LeaseHeldError says which node holds a room's AI lease, and until when.
// errors.Is(err, ErrLeaseHeld) holds.
type LeaseHeldError struct{ Lease Lease }

// Error names the node holding the lease and until when.
func (e *LeaseHeldError) Error() string {
	return fmt.Sprintf("store: room %s: node %s plays the AI until %s", e.Lease.Room, e.Lease.Node, e.Lease.Expires.UTC().Format(time.RFC3339))
}

// Is makes errors.Is(err, ErrLeaseHeld) hold.
func (e *LeaseHeldError) Is(target error) bool { return target == ErrLeaseHeld }

// Open opens the store named by dsn and applies any pending migrations.
// A postgres:// or postgresql:// URL opens PostgreSQL; anything else is
// the path of an SQLite file, optionally prefixed with "sqlite:".
func Open(ctx context.Context, dsn string) (*Store, error) {
	switch {
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		return openPostgres(ctx, dsn)
	case strings.HasPrefix(dsn, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(dsn, "sqlite:"))
	case dsn == "":
		return nil, errors.New("store: empty DSN")
	}
	return openSQLite(ctx, dsn)
}
