package rooms

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// HostConfig configures a Host.
type HostConfig struct {
	Store         Store         // default NewMemoryStore()
	MaxRooms      int           // default 1000
	SeatHold      time.Duration // how long a disconnected key's seat is held; default 2 min
	AIBudget      time.Duration // per AI move; 0 = the level's default
	AIConcurrency int           // AI searches at once when AISlots is nil; default 2
	// AISlots bounds the AI searches at once; the server shares one with
	// its single-player sessions. Nil makes one of AIConcurrency slots.
	AISlots *ai.Slots
	Logger  *slog.Logger // default slog.Default()
}

// Host hosts the rooms of one server process and implements Lobby.
// Each room owns its one authoritative game; sessions reach it through
// member handles (Room).
type Host struct {
	cfg    HostConfig
	slots  *ai.Slots
	ctx    context.Context // every room's searches end with it
	cancel context.CancelFunc
	// searches counts the rooms' AI goroutines, for Close to wait on.
	// Add happens with a room's lock held and the room open, so never
	// after Close has closed every room and begun to wait.
	searches sync.WaitGroup

	mu      sync.Mutex
	rooms   map[string]*room
	closing bool // Close has begun: no new rooms
}

var _ Lobby = (*Host)(nil)

// NewHost returns a host without rooms.
func NewHost(cfg HostConfig) *Host {
	if cfg.Store == nil {
		cfg.Store = NewMemoryStore()
	}
	if cfg.MaxRooms <= 0 {
		cfg.MaxRooms = 1000
	}
	if cfg.SeatHold == 0 {
		cfg.SeatHold = 2 * time.Minute
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
	l := &Host{cfg: cfg, rooms: map[string]*room{}, slots: cfg.AISlots}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	return l
}

// Close stops every AI search, closes every room and returns once the
// rooms' AI goroutines have ended, so that nothing of the host runs on.
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
		r.close()
		r.mu.Unlock()
	}
	l.searches.Wait()
}

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
func (l *Host) List() []RoomInfo {
	recs, err := l.cfg.Store.List()
	if err != nil {
		l.cfg.Logger.Error("room list", "err", err)
		return nil
	}
	out := make([]RoomInfo, 0, len(recs))
	for _, rec := range recs {
		info := RoomInfo{Code: rec.Code, Variant: rec.Variant, Finished: rec.Finished}
		for i, s := range rec.Seats {
			info.Seats = append(info.Seats, seatView(rec.Variant, i, s, s.Kind == SeatPlayer || s.Kind == SeatAI))
		}
		l.mu.Lock()
		r := l.rooms[rec.Code]
		l.mu.Unlock()
		if r != nil {
			info.Spectators = r.spectators()
		}
		out = append(out, info)
	}
	rank := func(i RoomInfo) int {
		switch {
		case i.Finished:
			return 2
		case hasOpen(i.Seats):
			return 0
		}
		return 1
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	if len(out) > maxListed {
		out = out[:maxListed]
	}
	return out
}

func hasOpen(seats []SeatView) bool {
	for _, s := range seats {
		if s.Kind == SeatOpen {
			return true
		}
	}
	return false
}

func seatView(variant string, i int, s SeatRecord, connected bool) SeatView {
	role := fmt.Sprint(i)
	if v, err := game.Lookup(variant); err == nil {
		role = v.RoleName(game.Role(i))
	}
	name := s.Name
	if s.Kind == SeatAI {
		name = s.Level
	}
	return SeatView{Role: role, Kind: s.Kind, Name: name, Connected: connected}
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
	r := &room{
		host:    l,
		v:       v,
		state:   start,
		holders: make([]*member, len(v.Roles)),
		holds:   make([]*time.Timer, len(v.Roles)),
		members: map[*member]struct{}{},
		aiLevel: aiLevel,
	}
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
	r.maybeStart()
	r.changed(p.Name + " created the room")
	return m, nil
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
	rec := Record{
		Variant:   v.Name,
		Start:     start,
		AfterHold: after,
		Created:   time.Now(),
		Version:   1,
	}
	aiLevel := ""
	for i, s := range spec.Seats {
		seat := SeatRecord{Kind: s.Kind}
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
	return rec, aiLevel, nil
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
			err := l.cfg.Store.Insert(rec)
			if err == nil {
				break
			}
			if !errors.Is(err, ErrCodeTaken) {
				return err
			}
		}
		if tries == 100 {
			return errors.New("no free room code, try later")
		}
	}
	r.rec = rec
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
		return nil, fmt.Errorf("no room %s", c)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, fmt.Errorf("room %s has closed", c)
	}
	m := r.newMember(p)
	took := false
	if p.ID != "" {
		for i := range r.rec.Seats {
			s := &r.rec.Seats[i]
			if s.PlayerID != p.ID || (s.Kind != SeatHeld && s.Kind != SeatPlayer) {
				continue
			}
			// Rejoining, or a second connection of the same key: the newest
			// connection plays the seat.
			s.Kind, s.HeldUntil = SeatPlayer, time.Time{}
			s.Name = p.Name
			if t := r.holds[i]; t != nil {
				t.Stop()
				r.holds[i] = nil
			}
			r.holders[i] = m
			took = true
		}
	}
	note := p.Name + " is watching"
	if took {
		note = p.Name + " is back"
	} else {
		for i := range r.rec.Seats {
			s := &r.rec.Seats[i]
			if s.Kind == SeatOpen {
				s.Kind, s.PlayerID, s.Name = SeatPlayer, p.ID, p.Name
				r.holders[i] = m
				note = p.Name + " joined as " + r.v.RoleName(game.Role(i))
				break
			}
		}
	}
	r.maybeStart()
	r.changed(note)
	return m, nil
}

// errClosing refuses rooms while the host closes.
var errClosing = errors.New("the server is closing")

// room is one shared game. Every field below mu is guarded by it; nothing
// slow (AI search, writing to a session) happens while it is held.
type room struct {
	host    *Host
	v       *game.Variant
	aiLevel string // level of a seat handed to the AI after a hold
	// ctx ends the room's AI search; close cancels it, so a room that
	// closes mid-search frees its AI slot at once.
	ctx    context.Context
	cancel context.CancelFunc

	mu       sync.Mutex
	rec      Record
	state    game.State
	holders  []*member     // per seat: the connected member playing it
	holds    []*time.Timer // per seat: the running hold
	members  map[*member]struct{}
	thinking bool
	note     string
	closed   bool
}

func (r *room) newMember(p Player) *member {
	m := &member{room: r, player: p, updates: make(chan struct{}, 1)}
	r.members[m] = struct{}{}
	return m
}

func (r *room) spectators() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for m := range r.members {
		if len(r.rolesOf(m)) == 0 {
			n++
		}
	}
	return n
}

func (r *room) rolesOf(m *member) []game.Role {
	var out []game.Role
	for i, h := range r.holders {
		if h == m {
			out = append(out, game.Role(i))
		}
	}
	return out
}

// maybeStart begins play once no seat is open.
func (r *room) maybeStart() {
	if r.rec.Started {
		return
	}
	for _, s := range r.rec.Seats {
		if s.Kind == SeatOpen {
			return
		}
	}
	r.rec.Started = true
}

// changed records a change: starts an AI move if one is due, stores the
// record and signals every member. Called with mu held.
func (r *room) changed(note string) {
	if r.closed {
		return
	}
	r.note = note
	r.scheduleAI()
	r.rec.Version++
	if err := r.host.cfg.Store.Put(r.rec); err != nil {
		r.host.cfg.Logger.Error("room store", "room", r.rec.Code, "err", err)
	}
	for m := range r.members {
		// Latest-only mailbox: a member that has not read the previous
		// signal will read the newest view anyway.
		if !m.closed {
			select {
			case m.updates <- struct{}{}:
			default:
			}
		}
	}
}

// close removes the room. Called with mu held.
func (r *room) close() {
	if r.closed {
		return
	}
	r.closed = true
	r.cancel()
	for i, t := range r.holds {
		if t != nil {
			t.Stop()
			r.holds[i] = nil
		}
	}
	l := r.host
	l.mu.Lock()
	if l.rooms[r.rec.Code] == r {
		delete(l.rooms, r.rec.Code)
	}
	l.mu.Unlock()
	_ = l.cfg.Store.Delete(r.rec.Code)
	for m := range r.members {
		m.closeUpdates()
	}
}

// abandoned reports whether nobody is in the room and no seat is held.
func (r *room) abandoned() bool {
	if len(r.members) > 0 {
		return false
	}
	for _, s := range r.rec.Seats {
		if s.Kind == SeatHeld {
			return false
		}
	}
	return true
}

// finish marks the game over when it is and returns the result for the
// status line ("" while play goes on). Called with mu held.
func (r *room) finish() string {
	if !r.state.Terminal() {
		return ""
	}
	r.rec.Finished = true
	return game.ResultText(r.state)
}

// afterHold gives a seat whose player stayed away to the AI or opens it.
func (r *room) afterHold(i int) {
	s := &r.rec.Seats[i]
	r.holders[i] = nil
	if r.rec.AfterHold == SeatAI {
		*s = SeatRecord{Kind: SeatAI, Level: r.aiLevel}
	} else {
		*s = SeatRecord{Kind: SeatOpen}
	}
}

func (r *room) startHold(i int) {
	s := &r.rec.Seats[i]
	s.Kind = SeatHeld
	s.HeldUntil = time.Now().Add(r.host.cfg.SeatHold)
	r.holds[i] = time.AfterFunc(r.host.cfg.SeatHold, func() { r.expireHold(i) })
}

func (r *room) expireHold(i int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.recoverPanic("seat hold")
	r.holds[i] = nil
	s := &r.rec.Seats[i]
	if r.closed || s.Kind != SeatHeld || time.Now().Before(s.HeldUntil) {
		return
	}
	name := s.Name
	r.afterHold(i)
	if r.abandoned() {
		r.close()
		return
	}
	what := "open"
	if s.Kind == SeatAI {
		what = "played by the AI"
	}
	r.changed(fmt.Sprintf("%s did not come back; %s is now %s", name, r.v.RoleName(game.Role(i)), what))
}

// scheduleAI starts a search when an AI seat is to move. The search runs
// on a copy of the position, off the room's lock. Called with mu held.
func (r *room) scheduleAI() {
	if r.closed || r.thinking || !r.rec.Started || r.rec.Finished || r.state.Terminal() {
		return
	}
	seat := int(r.state.ToMove())
	if seat < 0 || seat >= len(r.rec.Seats) || r.rec.Seats[seat].Kind != SeatAI {
		return
	}
	r.thinking = true
	r.host.searches.Add(1)
	go r.runAI(r.state.Clone(), len(r.rec.Moves), seat, r.rec.Seats[seat].Level)
}

func (r *room) runAI(pos game.State, ply, seat int, level string) {
	l := r.host
	defer l.searches.Done()
	var res ai.Result
	func() {
		defer func() {
			if p := recover(); p != nil {
				l.cfg.Logger.Error("AI panic", "room", r.rec.Code, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			}
		}()
		if l.slots.Acquire(r.ctx) != nil {
			return
		}
		defer l.slots.Release()
		res = ai.Search(r.ctx, pos, ai.Options{Level: ai.Level(level), Budget: l.cfg.AIBudget, Threads: 1})
	}()

	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.recoverPanic("AI move")
	r.thinking = false
	if r.closed || r.ctx.Err() != nil {
		return
	}
	if len(r.rec.Moves) != ply || r.rec.Seats[seat].Kind != SeatAI || r.rec.Finished {
		r.scheduleAI() // the room changed meanwhile; think again if still due
		return
	}
	turn := res.Turn
	if len(turn) == 0 {
		turn = []game.Move{res.Move}
	}
	var played []string
	for _, mv := range turn {
		if r.state.Terminal() || int(r.state.ToMove()) != seat || !r.state.IsLegal(mv) {
			break
		}
		played = append(played, r.state.ShortMove(mv))
		r.apply(mv)
	}
	if len(played) == 0 && !r.state.Terminal() && int(r.state.ToMove()) == seat {
		// A search that came back with nothing usable must not stall the
		// room: play a legal move.
		if moves := r.state.Legal(nil); len(moves) > 0 {
			played = append(played, r.state.ShortMove(moves[0]))
			r.apply(moves[0])
		}
	}
	note := r.finish()
	if note == "" {
		note = "AI (" + r.v.RoleName(game.Role(seat)) + ") played " + strings.Join(played, " ")
	}
	r.changed(note)
}

// recoverPanic keeps a bug in a room's own goroutines (timers, AI) from
// taking the server down: it is logged and the room is closed, which its
// members see. Deferred with mu held.
func (r *room) recoverPanic(what string) {
	if p := recover(); p != nil {
		r.host.cfg.Logger.Error("panic in room", "room", r.rec.Code, "during", what, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		r.close()
	}
}

// apply plays a legal move and records it. Called with mu held.
func (r *room) apply(mv game.Move) {
	text := r.state.FormatMove(mv)
	r.state.Apply(mv)
	r.rec.Moves = append(r.rec.Moves, text)
}

// member is one client's place in a room; it implements Room.
type member struct {
	room    *room
	player  Player
	updates chan struct{}
	left    bool // guarded by room.mu
	closed  bool // updates is closed; guarded by room.mu
}

// closeUpdates closes the mailbox, which ends a client's wait on it (the
// client reads a closed mailbox as "the room was closed"). Called with
// room.mu held.
func (m *member) closeUpdates() {
	if !m.closed {
		m.closed = true
		close(m.updates)
	}
}

var _ Room = (*member)(nil)

func (m *member) Code() string             { return m.room.rec.Code }
func (m *member) Updates() <-chan struct{} { return m.updates }

// View returns the room as this member sees it.
func (m *member) View() RoomView {
	r := m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	v := RoomView{
		Code:     r.rec.Code,
		Variant:  r.rec.Variant,
		Start:    r.rec.Start,
		Moves:    append([]string(nil), r.rec.Moves...),
		Position: r.state.String(),
		You:      r.rolesOf(m),
		Thinking: r.thinking,
		Finished: r.rec.Finished,
		Note:     r.note,
		Version:  r.rec.Version,
	}
	if r.closed {
		v.Note = "the room has closed"
	} else if !r.rec.Started {
		v.Note = strings.TrimSpace(r.note + " — waiting for players")
	}
	for i, s := range r.rec.Seats {
		connected := s.Kind == SeatAI || (s.Kind == SeatPlayer && r.holders[i] != nil)
		v.Seats = append(v.Seats, seatView(r.rec.Variant, i, s, connected))
	}
	return v
}

// Play submits an action for one of this member's roles; the room checks
// it with the game.
func (m *member) Play(mv game.Move) (err error) {
	r := m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	defer func() {
		// A rule bug must cost this move, not the room or the server.
		if p := recover(); p != nil {
			r.host.cfg.Logger.Error("panic playing a move", "room", r.rec.Code, "panic", fmt.Sprint(p))
			err = errors.New("that move could not be played")
		}
	}()
	switch {
	case r.closed:
		return errors.New("the room has closed")
	case m.left:
		return errors.New("you left the room")
	case r.rec.Finished || r.state.Terminal():
		return game.ErrGameOver
	case !r.rec.Started:
		return errors.New("waiting for players")
	}
	seat := int(r.state.ToMove())
	if seat < 0 || seat >= len(r.holders) || r.holders[seat] != m {
		if len(r.rolesOf(m)) == 0 {
			return errors.New("you are watching this game")
		}
		return fmt.Errorf("it is %s's turn", r.v.RoleName(game.Role(seat)))
	}
	text, short := r.state.FormatMove(mv), r.state.ShortMove(mv)
	if err := game.Play(r.state, mv); err != nil {
		return err
	}
	r.rec.Moves = append(r.rec.Moves, text)
	note := r.finish()
	if note == "" {
		note = m.player.Name + " played " + short
	}
	r.changed(note)
	return nil
}

// Leave gives up this member's place. A player with a key has their seats
// held for the hold time; a guest's seats go at once to the AI or open, as
// the room's creator chose.
func (m *member) Leave() {
	r := m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	if m.left {
		return
	}
	m.left = true
	delete(r.members, m)
	m.closeUpdates()
	for i, h := range r.holders {
		if h != m {
			continue
		}
		r.holders[i] = nil
		switch {
		case r.rec.Finished:
			// The game is over; the seat keeps its player's name.
		case r.rec.Seats[i].PlayerID != "":
			r.startHold(i)
		default:
			r.afterHold(i)
		}
	}
	if r.abandoned() {
		r.close()
		return
	}
	r.changed(m.player.Name + " left")
}
