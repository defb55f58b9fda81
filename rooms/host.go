package rooms

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// HostConfig configures a Host.
type HostConfig struct {
	Store RecordStore // default NewMemoryStore()
	// Nodes keeps the hosts' heartbeats; default the one that goes with
	// Store (see NodesOf).
	Nodes    NodeStore
	MaxRooms int           // default 1000
	SeatHold time.Duration // how long a disconnected key's seat is held; default 2 min
	// AdjournedExpiry is how long a game with moves waits once every
	// player has gone (adjourned) before it is recorded as abandoned; a
	// running clock may end it first. Default 30 days.
	AdjournedExpiry time.Duration
	AIBudget        time.Duration // per AI move; 0 = the level's default
	AIConcurrency   int           // AI searches at once when AISlots is nil; default 2
	// AISlots bounds the AI searches at once; the server shares one with
	// its single-player sessions. Nil makes one of AIConcurrency slots.
	AISlots *ai.Slots
	Logger  *slog.Logger // default slog.Default()
	// Exclusive says no other host uses the store (SQLite, memory): at
	// Start nobody can still be connected to a room, so its players'
	// seats are held for them (guests' seats go as after a hold).
	Exclusive bool
	// LeaseTTL is how long a claim on a room's AI seats lasts unless
	// renewed; another host takes the AI over after it. Default 10 s.
	LeaseTTL time.Duration
	// StoreTimeout bounds each store call; default 10 s.
	StoreTimeout time.Duration
	// Node is this host's id in a shared store, which the seats of its
	// players carry; default a random one, new at every start.
	Node string
	// Ratings reads the players' ratings, shown beside their names in a
	// room; nil shows none.
	Ratings RatingReader
	// Talk keeps the rooms' offers, takebacks and chat; default Store,
	// if it keeps them (a MemoryStore does), else rooms take none.
	Talk TalkStore
	// NodeTTL is how long this host's heartbeat in a shared store lasts
	// unless renewed (it is renewed a third of it apart): once another
	// host's lapses, its players' seats are held as after a disconnect.
	// Default 10 s.
	NodeTTL time.Duration
}

// DefaultAdjournedExpiry is HostConfig.AdjournedExpiry's default: long
// enough for players who step away for days.
const DefaultAdjournedExpiry = 30 * 24 * time.Hour

// Host hosts the rooms of one server process and implements Lobby.
// Each room owns its one authoritative game; sessions reach it through
// member handles (Room). With a shared Store, several hosts (nodes) host
// the same rooms: each keeps a copy, the store decides every write, and
// its events bring each host the others' changes.
type Host struct {
	cfg    HostConfig
	slots  *ai.Slots
	ctx    context.Context // every room's searches end with it
	cancel context.CancelFunc
	// searches counts the rooms' AI goroutines, for Close to wait on.
	// Add happens with a room's lock held and the room open, so never
	// after Close has closed every room and begun to wait.
	searches sync.WaitGroup
	// loops counts Start's goroutines (events, leases).
	loops sync.WaitGroup

	mu      sync.Mutex
	rooms   map[string]*room
	closing bool // Close has begun: no new rooms
	// stopping is when the server began to stop (Unix ns; 0: not yet).
	stopping atomic.Int64

	// nodes is the store's list of nodes and when their heartbeats lapse,
	// as of the latest sweep (see presence.go).
	nodesMu sync.Mutex
	nodes   map[string]time.Time
	// storeDown is set while the sweep's store calls fail; recovered is
	// when they worked again after failing (see judging).
	storeDown bool
	recovered time.Time

	// watching are the sessions waiting for turn notices (notice.go).
	watching watchers
}

var _ Lobby = (*Host)(nil)

// NewHost returns a host without rooms; Start loads the store's.
func NewHost(cfg HostConfig) *Host {
	if cfg.Store == nil {
		cfg.Store = NewMemoryStore()
	}
	if cfg.Talk == nil {
		cfg.Talk, _ = cfg.Store.(TalkStore)
	}
	if cfg.Nodes == nil {
		cfg.Nodes = NodesOf(cfg.Store)
	}
	if cfg.MaxRooms <= 0 {
		cfg.MaxRooms = 1000
	}
	if cfg.SeatHold == 0 {
		cfg.SeatHold = 2 * time.Minute
	}
	if cfg.AdjournedExpiry <= 0 {
		cfg.AdjournedExpiry = DefaultAdjournedExpiry
	}
	if cfg.AIConcurrency <= 0 {
		cfg.AIConcurrency = 2
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.AISlots == nil {
		cfg.AISlots = ai.NewSlots(cfg.AIConcurrency)
	}
	if cfg.LeaseTTL <= 0 {
		cfg.LeaseTTL = 10 * time.Second
	}
	if cfg.StoreTimeout <= 0 {
		cfg.StoreTimeout = 10 * time.Second
	}
	if cfg.Node == "" {
		cfg.Node = newNodeID()
	}
	if cfg.NodeTTL <= 0 {
		cfg.NodeTTL = 10 * time.Second
	}
	l := &Host{cfg: cfg, rooms: map[string]*room{}, slots: cfg.AISlots}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	return l
}

// storeCtx bounds one store call. It does not end with the host, so
// that a write under way when Close begins completes or fails cleanly.
func (l *Host) storeCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), l.cfg.StoreTimeout)
}

// Close stops every AI search, unloads every room (the store keeps them)
// and returns once the host's goroutines have ended, so that nothing of
// the host runs on. With a shared store, the seats still played from
// here are released first, as a disconnect does; an exclusive store's
// seats are held at the next Start instead. The host's heartbeat is
// dropped.
func (l *Host) Close() {
	l.cancel()
	l.mu.Lock()
	l.closing = true
	rooms := make([]*room, 0, len(l.rooms))
	for _, r := range l.rooms {
		rooms = append(rooms, r)
	}
	l.mu.Unlock()
	for _, r := range rooms {
		r.mu.Lock()
		if !l.cfg.Exclusive {
			r.releaseOwnSeats()
		}
		r.close(false)
		r.mu.Unlock()
	}
	l.searches.Wait()
	l.loops.Wait()
	// Also the store's served mark: the downtime from the moment the
	// server began to stop is not counted by the next start.
	at := time.Now()
	if ns := l.stopping.Load(); ns != 0 {
		at = time.Unix(0, ns)
	}
	ctx, cancel := l.storeCtx()
	defer cancel()
	if err := l.cfg.Nodes.DropNode(ctx, l.cfg.Node, at); err != nil {
		l.cfg.Logger.Error("room store", "op", "drop node", "err", err)
	}
}

// Stopping records that the server begins to stop now: it tells its
// players and ends their sessions before Close. The rooms' clocks count
// no time from here: the next start takes it for the downtime's start.
func (l *Host) Stopping() { l.stopping.CompareAndSwap(0, time.Now().UnixNano()) }

// Len is the number of rooms.
func (l *Host) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.rooms)
}

// maxListed bounds the room list a client receives.
const maxListed = 200

// List returns the rooms: those with an open seat first, then games in
// progress, then finished ones.
func (l *Host) List() []RoomInfo { return l.ListFor(Player{}) }

// ListFor is List as player p sees it: the rooms where p's key holds a
// seat ("your games") come first and are marked Yours.
func (l *Host) ListFor(p Player) []RoomInfo {
	out := l.described(p, func(*room) bool { return true })
	rank := func(i RoomInfo) int {
		switch {
		case i.Yours && !i.Finished:
			return -1
		case i.Finished:
			return 2
		case hasOpen(i.Seats):
			return 0
		}
		return 1
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out[:min(len(out), maxListed)]
}

// YourGames lists the unfinished rooms where p's key holds a seat, as
// ListFor orders them. Only those rooms are described: every session
// with a key asks when it starts, and describing every room for each of
// them (ListFor) was a quarter of a 1000-room node's allocations.
func (l *Host) YourGames(p Player) []RoomInfo {
	if p.ID == "" {
		return nil
	}
	out := l.described(p, func(r *room) bool { return !r.rec.Finished && r.heldBy(p) })
	return out[:min(len(out), maxListed)]
}

// described is the open rooms that keep picks (called with the room's
// mu held), as p sees them, oldest first.
func (l *Host) described(p Player, keep func(r *room) bool) []RoomInfo {
	type entry struct {
		info    RoomInfo
		created time.Time
	}
	var entries []entry
	for _, r := range l.hosted() {
		r.mu.Lock()
		if !r.closed && keep(r) {
			entries = append(entries, entry{r.info(p), r.rec.Created})
		}
		r.mu.Unlock()
	}
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if !a.created.Equal(b.created) {
			return a.created.Before(b.created)
		}
		return a.info.Code < b.info.Code
	})
	out := make([]RoomInfo, len(entries))
	for i, e := range entries {
		out[i] = e.info
	}
	return out
}

// heldBy reports whether p's key holds a person's seat here (info's
// Yours). Called with mu held.
func (r *room) heldBy(p Player) bool {
	for _, s := range r.rec.Seats {
		if p.ID != "" && s.PlayerID == p.ID && person(s) {
			return true
		}
	}
	return false
}

// LiveGames lists the games in progress — begun, not over, with a
// person in a seat — highest rated first (by the best rating seated, then
// the most moves), as the list of games to watch.
func (l *Host) LiveGames() []RoomInfo {
	var out []RoomInfo
	for _, r := range l.hosted() {
		r.mu.Lock()
		if !r.closed && r.rec.Started && !r.rec.Finished && seatsPersons(r.rec.Seats) {
			out = append(out, r.info(Player{}))
		}
		r.mu.Unlock()
	}
	top := func(i RoomInfo) int {
		best := 0
		for _, s := range i.Seats {
			best = max(best, s.Rating)
		}
		return best
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ta, tb := top(a), top(b); ta != tb {
			return ta > tb
		}
		if a.Moves != b.Moves {
			return a.Moves > b.Moves
		}
		return a.Code < b.Code
	})
	if len(out) > maxListed {
		out = out[:maxListed]
	}
	return out
}

func seatsPersons(seats []SeatRecord) bool {
	for _, s := range seats {
		if person(s) {
			return true
		}
	}
	return false
}

// rating is p's rating in variant, as the host's Ratings read it (0 for
// a guest, without ratings, or when the read fails: a rating beside a
// name is not worth refusing a seat for).
func (l *Host) rating(p Player, variant string) float64 {
	if p.ID == "" || l.cfg.Ratings == nil {
		return 0
	}
	ctx, cancel := l.storeCtx()
	defer cancel()
	x, err := l.cfg.Ratings.Rating(ctx, p.ID, variant)
	if err != nil {
		l.cfg.Logger.Warn("room store", "op", "rating", "err", err)
		return 0
	}
	return x
}

func hasOpen(seats []SeatView) bool {
	for _, s := range seats {
		if s.Kind == SeatOpen {
			return true
		}
	}
	return false
}

func seatView(v *game.Variant, i int, s SeatRecord, connected bool) SeatView {
	// The number only without a variant: fmt's printer, called for
	// every seat of every view, went deep enough to grow the stack of
	// the goroutine that runs a move's command.
	var role string
	if v != nil {
		role = v.RoleName(game.Role(i))
	} else {
		role = strconv.Itoa(i)
	}
	name := s.Name
	if s.Kind == SeatAI {
		name = s.Level
	}
	rating := 0
	if person(s) {
		rating = int(math.Round(s.Rating))
	}
	return SeatView{Role: role, Kind: s.Kind, Name: name, Connected: connected, Rating: rating}
}

// Create makes a room for spec; the creator takes every SeatPlayer seat.
func (l *Host) Create(p Player, spec RoomSpec) (Room, error) {
	v, err := game.Lookup(spec.Variant)
	if err != nil {
		return nil, err
	}
	start := v.New()
	rec, aiLevel, err := newRecord(v, start.String(), p, spec)
	if err != nil {
		return nil, err
	}
	for i := range rec.Seats {
		if rec.Seats[i].Kind == SeatPlayer {
			rec.Seats[i].Node = l.cfg.Node
		}
	}
	rating := l.rating(p, v.Name)
	for i := range rec.Seats {
		if rec.Seats[i].Kind == SeatPlayer {
			rec.Seats[i].Rating = rating
		}
	}
	r := l.newRoom(v, newTable(start), aiLevel)
	if err := l.register(r, rec); err != nil {
		return nil, err
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed { // the host closed meanwhile
		return nil, errClosing
	}
	m := r.newMember(p)
	for i, s := range r.rec.Seats {
		if s.Kind == SeatPlayer {
			r.holders[i] = m
		}
	}
	r.changed(p.Name + " created the room")
	return m, nil
}

// newTable is a new game's table: every seat a Person until the room
// says which are the AI's (see syncSeats).
func newTable(start game.State) *table.Table {
	t, _ := table.New(start, make([]table.Seat, len(start.Variant().Roles)), uint64(time.Now().UnixNano()))
	return t
}

func (l *Host) newRoom(v *game.Variant, t *table.Table, aiLevel string) *room {
	return &room{
		host:      l,
		v:         v,
		t:         t,
		holders:   make([]*member, len(v.Roles)),
		holds:     make([]*time.Timer, len(v.Roles)),
		members:   map[*member]struct{}{},
		aiLevel:   aiLevel,
		clockTurn: -1,
	}
}

// newRecord checks spec against v and returns the record of a new room
// starting at the position string start, with its creator p in every
// SeatPlayer seat, and the AI level for seats handed to the AI after a
// hold (the first AI seat's, else medium).
func newRecord(v *game.Variant, start string, p Player, spec RoomSpec) (Record, string, error) {
	if len(spec.Seats) != len(v.Roles) {
		return Record{}, "", fmt.Errorf("%s has %d seats, not %d", v.Name, len(v.Roles), len(spec.Seats))
	}
	after := spec.AfterHold
	switch after {
	case "":
		after = SeatOpen
	case SeatOpen, SeatAI:
	default:
		return Record{}, "", fmt.Errorf("after the hold a seat becomes open or AI, not %q", after)
	}
	switch spec.Spectators {
	case "", SpectatorsAll, SpectatorsKeys, SpectatorsNone:
	default:
		return Record{}, "", fmt.Errorf("spectators: all, keys or none, not %q", spec.Spectators)
	}
	c := spec.Clock
	if c.Initial < 0 || c.Increment < 0 || c.PerMove < 0 || (!c.On() && c.Increment > 0) {
		return Record{}, "", errors.New("a clock needs a positive time")
	}
	rec := Record{
		Variant:    v.Name,
		Start:      start,
		Creator:    p.ID,
		AfterHold:  after,
		Rated:      spec.Rated,
		Clock:      c,
		Spectators: spec.Spectators,
		Created:    time.Now(),

		SpectatorChat: spec.SpectatorChat,
	}
	if rec.Spectators == "" {
		rec.Spectators = SpectatorsAll
	}
	aiLevel := ""
	clocks := c.StartClocks(len(spec.Seats))
	for i, s := range spec.Seats {
		seat := SeatRecord{Kind: s.Kind}
		if clocks != nil {
			seat.Remaining = clocks[i]
		}
		switch s.Kind {
		case SeatOpen:
		case SeatAI:
			lv, err := ai.ParseLevel(s.Level)
			if s.Level == "" {
				lv, err = ai.Medium, nil
			}
			if err != nil {
				return Record{}, "", err
			}
			seat.Level = string(lv)
			if aiLevel == "" {
				aiLevel = seat.Level
			}
		case SeatPlayer:
			seat.PlayerID, seat.Name = p.ID, p.Name
		default:
			return Record{}, "", fmt.Errorf("seat %d: unknown kind %q", i+1, s.Kind)
		}
		rec.Seats = append(rec.Seats, seat)
	}
	if aiLevel == "" {
		aiLevel = string(ai.Medium)
	}
	if !hasOpenSeat(rec.Seats) {
		rec.Started = true
		if rec.Clock.On() {
			rec.TurnStarted = rec.Created
		}
	}
	return rec, aiLevel, nil
}

func hasOpenSeat(seats []SeatRecord) bool {
	for _, s := range seats {
		if s.Kind == SeatOpen {
			return true
		}
	}
	return false
}

// register claims a free code for rec in the store and adds r to the
// host under it.
func (l *Host) register(r *room, rec Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closing {
		return errClosing
	}
	if len(l.rooms) >= l.cfg.MaxRooms {
		return errors.New("too many rooms on this server, try later")
	}
	for tries := 0; ; tries++ {
		rec.Code = newCode()
		if _, local := l.rooms[rec.Code]; !local {
			ctx, cancel := l.storeCtx()
			err := l.cfg.Store.Create(ctx, rec)
			cancel()
			if err == nil {
				break
			}
			if !errors.Is(err, ErrCodeTaken) {
				l.cfg.Logger.Error("room store", "op", "create", "err", err)
				return errors.New("the room could not be stored, try later")
			}
		}
		if tries == 100 {
			return errors.New("no free room code, try later")
		}
	}
	rec.Version = 1
	r.rec, r.code = rec, rec.Code
	r.version.Store(rec.Version)
	r.ctx, r.cancel = context.WithCancel(l.ctx)
	l.rooms[rec.Code] = r
	return nil
}

// Join enters the room with the code: the seats held for (or played by
// another connection of) p's key, else an open seat, else as a spectator.
func (l *Host) Join(p Player, code string) (Room, error) {
	c, err := NormalizeCode(code)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	r := l.rooms[c]
	l.mu.Unlock()
	if r == nil {
		// Created by another node a moment ago, or not loaded yet.
		if r, err = l.load(c); err != nil {
			return nil, fmt.Errorf("no room %s", c)
		}
	}
	rating := l.rating(p, r.v.Name) // read before the lock: no store read under it
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, fmt.Errorf("room %s has closed", c)
	}
	return r.join(p, rating)
}

// errClosing refuses rooms while the host closes.
var errClosing = errors.New("the server is closing")

// CreateMatched makes a rated room for two players paired by quick match
// (or any pairing done elsewhere): each seat is held for its player's key,
// so each enters with Join from whichever node they are on; a player who
// does not come loses the seat as after any hold.
func (l *Host) CreateMatched(variant string, players []Player) (string, error) {
	v, err := game.Lookup(variant)
	if err != nil {
		return "", err
	}
	if len(players) != len(v.Roles) {
		return "", fmt.Errorf("%s has %d seats, not %d", v.Name, len(v.Roles), len(players))
	}
	start := v.New()
	now := time.Now()
	rec := Record{Variant: v.Name, Start: start.String(), AfterHold: SeatOpen, Rated: true, Spectators: SpectatorsAll, Started: true, Created: now}
	for _, p := range players {
		if p.ID == "" {
			return "", errors.New("quick match is for players with a key")
		}
		rec.Seats = append(rec.Seats, SeatRecord{Kind: SeatHeld, PlayerID: p.ID, Name: p.Name, HeldUntil: now.Add(l.cfg.SeatHold), Rating: l.rating(p, v.Name)})
	}
	return l.openHeld(v, start, rec, "matched: "+players[0].Name+" v "+players[1%len(players)].Name)
}

// openHeld registers a room made for players elsewhere (rec, its seats
// held for their keys; its game v from start) and runs its holds, with
// note for whoever enters; it returns the room's code.
func (l *Host) openHeld(v *game.Variant, start game.State, rec Record, note string) (string, error) {
	r := l.newRoom(v, newTable(start), levelOf(rec.Seats))
	if err := l.register(r, rec); err != nil {
		return "", err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.armHolds()
	r.changed(note)
	return r.rec.Code, nil
}

// NodesOf is the store of heartbeats that goes with the records' store
// s: s itself when it keeps them too (MemoryStore), the one its
// NodeStore method names (the server's database adapter), else a store
// in this process's memory (a single host's).
func NodesOf(s RecordStore) NodeStore {
	switch x := s.(type) {
	case NodeStore:
		return x
	case interface{ NodeStore() NodeStore }:
		return x.NodeStore()
	}
	return NewMemoryStore()
}
