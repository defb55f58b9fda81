package rooms

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/table"
)

// Offers between a room's players (roomapi.Dealer): a draw, a takeback,
// a rematch, and the abort of a game in its first moves. The waiting
// offer lives in the record (Record.Offer, in the text form below), so
// that it survives a restart and reaches the players on other nodes.

// Offer and its kinds are the room contract's (see package roomapi).
type (
	Offer     = roomapi.Offer
	OfferKind = roomapi.OfferKind
)

// Offer kinds (see package roomapi).
const (
	OfferDraw     = roomapi.OfferDraw
	OfferTakeback = roomapi.OfferTakeback
	OfferRematch  = roomapi.OfferRematch
)

var _ roomapi.Dealer = (*member)(nil)

// errNoTalk refuses offers and chat on a host whose store keeps none.
var errNoTalk = errors.New("this server keeps no offers or chat")

// offerText is the record's form of an offer: "kind from agreed [code]",
// agreed one 0/1 per seat, code the rematch's room once made.
func offerText(o Offer, rematch string) string {
	if o.Kind == "" {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d ", o.Kind, o.From)
	for _, a := range o.Agreed {
		b.WriteByte("01"[boolIndex(a)])
	}
	if rematch != "" {
		b.WriteString(" " + rematch)
	}
	return b.String()
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseOffer reads offerText's form for a room of seats seats; anything
// else reads as no offer.
func parseOffer(text string, seats int) (Offer, string) {
	f := strings.Fields(text)
	if len(f) < 3 || len(f[2]) != seats {
		return Offer{}, ""
	}
	from, err := strconv.Atoi(f[1])
	if err != nil || from < 0 || from >= seats {
		return Offer{}, ""
	}
	o := Offer{Kind: OfferKind(f[0]), From: game.Role(from), Agreed: make([]bool, seats)}
	for i, c := range f[2] {
		o.Agreed[i] = c == '1'
	}
	if len(f) > 3 {
		return o, f[3]
	}
	return o, ""
}

// lockToWrite takes the room's write lane, then its lock, for a write
// made under both (an offer, a chat line), and returns what releases them.
func (r *room) lockToWrite() (unlock func()) {
	r.writing.Lock()
	r.mu.Lock()
	return func() {
		r.mu.Unlock()
		r.writing.Unlock()
	}
}

// offer is the waiting offer and the rematch's code. Called with mu held.
func (r *room) offer() (Offer, string) { return parseOffer(r.rec.Offer, len(r.rec.Seats)) }

// person reports whether seat s is a person's (not the AI's, not open):
// whose agreement an offer needs.
func person(s SeatRecord) bool { return s.Kind == SeatPlayer || s.Kind == SeatHeld }

// Propose implements roomapi.Dealer: it makes an offer, or agrees to the
// same one another player made; once every person's seat agreed, the
// room does what was offered.
func (m *member) Propose(kind OfferKind) error {
	if m.room.host.cfg.Talk == nil {
		return errNoTalk
	}
	r := m.room
	defer r.lockToWrite()()
	defer r.recoverPanic("offer")
	mine := r.rolesOf(m)
	if err := r.mayOffer(kind, mine); err != nil {
		return err
	}
	o, _ := r.offer()
	if o.Kind != kind {
		o = Offer{Kind: kind, From: mine[0], Agreed: make([]bool, len(r.rec.Seats))}
	}
	for _, role := range mine {
		o.Agreed[role] = true
	}
	if !r.allAgree(o) {
		if err := r.writeOffer(offerText(o, "")); err != nil {
			return err
		}
		r.changed(m.player.Name + " " + offerWords[kind])
		return nil
	}
	return r.settleOffer(o, m.player.Name)
}

// offerWords say an offer in the status line, after the offerer's name.
var offerWords = map[OfferKind]string{
	OfferDraw:     "offers a draw",
	OfferTakeback: "asks to take back their last move",
	OfferRematch:  "offers a rematch",
}

// mayOffer says why a player with seats mine may not offer kind now, or
// nil. Called with mu held.
func (r *room) mayOffer(kind OfferKind, mine []game.Role) error {
	_, rematch := r.offer()
	switch {
	case r.closed:
		return errors.New("the room has closed")
	case len(mine) == 0:
		return errors.New("you are watching this game")
	case kind == OfferRematch && rematch != "":
		return fmt.Errorf("the rematch is in room %s", rematch)
	case kind == OfferRematch && !r.rec.Finished:
		return errors.New("a rematch is offered once the game is over")
	case kind == OfferRematch:
		return nil
	case r.rec.Finished || r.pos().Terminal():
		return game.ErrGameOver
	case !r.rec.Started:
		return errors.New("waiting for players")
	case kind == OfferDraw:
		if r.othersAllAI(mine) {
			return errors.New("the AI plays on: it takes no draws")
		}
		return nil
	case kind == OfferTakeback:
		if r.rec.Rated {
			return errors.New("takebacks are for unrated games")
		}
		if _, err := r.takebackCut(mine); err != nil {
			return err
		}
		return nil
	}
	return fmt.Errorf("no such offer %q", kind)
}

// othersAllAI reports whether no seat but mine is a person's.
func (r *room) othersAllAI(mine []game.Role) bool {
	for i, s := range r.rec.Seats {
		if person(s) && !containsRole(mine, game.Role(i)) {
			return false
		}
	}
	return true
}

func containsRole(rs []game.Role, x game.Role) bool {
	for _, r := range rs {
		if r == x {
			return true
		}
	}
	return false
}

// allAgree reports whether every person's seat agreed to o; the AI
// agrees to a takeback and a rematch, never to a draw.
func (r *room) allAgree(o Offer) bool {
	for i, s := range r.rec.Seats {
		switch {
		case person(s) && !o.Agreed[i]:
			return false
		case s.Kind == SeatAI && o.Kind == OfferDraw:
			return false
		}
	}
	return true
}

// writeOffer stores the room's offer text. Called with writing and mu held.
func (r *room) writeOffer(text string) error {
	l := r.host
	for attempt := 0; ; attempt++ {
		ctx, cancel := l.storeCtx()
		ver, err := l.cfg.Talk.SetOffer(ctx, r.code, r.rec.Version, text)
		cancel()
		switch {
		case err == nil:
			r.rec.Offer, r.rec.Version = text, ver
			r.version.Store(ver)
			return nil
		case errors.Is(err, ErrStale) && attempt < conflictRetries:
			r.reload()
			if r.closed {
				return errors.New("the room has closed")
			}
		case errors.Is(err, ErrStale), errors.Is(err, ErrEnded):
			r.reload()
			return errors.New("the room changed meanwhile; look again")
		default:
			l.cfg.Logger.Error("room store", "op", "offer", "room", r.code, "err", err)
			return errNotStored
		}
	}
}

// settleOffer does what every person agreed to. Called with writing and
// mu held.
func (r *room) settleOffer(o Offer, by string) error {
	switch o.Kind {
	case OfferDraw:
		goals := make([]int, len(r.rec.Seats))
		for i := range goals {
			goals[i] = 50
		}
		note, _ := r.finish(goals, "game drawn by agreement", ReasonAgreed)
		r.changed(note)
		return nil
	case OfferTakeback:
		return r.takeBack(o.From, by)
	case OfferRematch:
		code, err := r.host.rematch(r.rec, r.v)
		if err != nil {
			return err
		}
		if err := r.writeOffer(offerText(o, code)); err != nil {
			return err
		}
		r.changed("rematch in room " + code)
		return nil
	}
	return fmt.Errorf("no such offer %q", o.Kind)
}

// Decline implements roomapi.Dealer: it turns down the waiting offer (its
// maker withdraws it).
func (m *member) Decline() error {
	if m.room.host.cfg.Talk == nil {
		return errNoTalk
	}
	r := m.room
	defer r.lockToWrite()()
	o, rematch := r.offer()
	switch {
	case r.closed:
		return errors.New("the room has closed")
	case len(r.rolesOf(m)) == 0:
		return errors.New("you are watching this game")
	case o.Kind == "" || rematch != "":
		return errors.New("there is no offer to answer")
	}
	if err := r.writeOffer(""); err != nil {
		return err
	}
	r.changed(m.player.Name + " declines the " + string(o.Kind))
	return nil
}

// Abort implements roomapi.Dealer: a game in its first moves — until
// every seat has made its first move — ends with no winner and no rating
// change.
func (m *member) Abort() error {
	r := m.room
	defer r.lockToWrite()()
	defer r.recoverPanic("abort")
	switch {
	case r.closed:
		return errors.New("the room has closed")
	case len(r.rolesOf(m)) == 0:
		return errors.New("you are watching this game")
	case r.rec.Finished || r.pos().Terminal():
		return game.ErrGameOver
	}
	if turns := len(r.turnStarts()); turns >= len(r.rec.Seats) {
		return fmt.Errorf("too late to abort: every player has moved (abort is for the first %d moves)", len(r.rec.Seats))
	}
	note, _ := r.finish(make([]int, len(r.rec.Seats)), "game aborted by "+m.player.Name, ReasonAborted)
	r.changed(note)
	return nil
}

// turnStarts returns the index in the moves of the first action of each
// turn played, a turn being a seat's actions until another seat moves
// (Pentago's placement and rotation are one turn). Called with mu held.
func (r *room) turnStarts() []int {
	var out []int
	movers := r.movers()
	for i, s := range movers {
		if i == 0 || movers[i-1] != s {
			out = append(out, i)
		}
	}
	return out
}

// movers returns the seat that played each of the room's moves (the
// table's steps, one per stored move). Called with mu held.
func (r *room) movers() []game.Role {
	steps := r.t.Steps()
	out := make([]game.Role, len(steps))
	for i, s := range steps {
		out[i] = s.Mover
	}
	return out
}

// takebackCut is the number of moves kept when the player of seats mine
// takes back their last turn (and every move since). Called with mu held.
func (r *room) takebackCut(mine []game.Role) (int, error) {
	movers := r.movers()
	starts := r.turnStarts()
	for i := len(starts) - 1; i >= 0; i-- {
		if containsRole(mine, movers[starts[i]]) {
			return starts[i], nil
		}
	}
	return 0, errors.New("you have no move to take back")
}

// takeBack takes back seat from's last turn and every move since: the
// store keeps the moves before it, and the table is replayed to them.
// Called with writing and mu held.
func (r *room) takeBack(from game.Role, by string) error {
	l := r.host
	keep, err := r.takebackCut([]game.Role{from})
	if err != nil {
		return err
	}
	t, err := table.ReplayVariant(r.v.Name, r.rec.Start, r.rec.Moves[:keep])
	if err != nil {
		return err
	}
	at := time.Time{}
	if r.rec.Clock.On() {
		at = time.Now()
	}
	ctx, cancel := l.storeCtx()
	ver, err := l.cfg.Talk.TakeBack(ctx, r.code, r.rec.Version, keep, at)
	cancel()
	if err != nil {
		if errors.Is(err, ErrStale) || errors.Is(err, ErrEnded) {
			r.reload()
			return errors.New("the room changed meanwhile; look again")
		}
		l.cfg.Logger.Error("room store", "op", "takeback", "room", r.code, "err", err)
		return errNotStored
	}
	r.t = t // an AI answer on its way was asked on the old table: dropped
	r.rewrites++
	r.rec.Moves = r.rec.Moves[:keep:keep]
	r.rec.Offer, r.rec.TurnStarted, r.rec.Version = "", at, ver
	r.version.Store(ver)
	r.changed(fmt.Sprintf("%s's last move is taken back (%s agreed)", r.v.RoleName(from), by))
	return nil
}

// rematch makes the room for a rematch of the game in rec: the same game,
// options and start, every player one seat on (two players change
// colours); a key holder's seat is held for them, a guest's is open, the
// AI keeps its level. The players enter it with Join.
func (l *Host) rematch(rec Record, v *game.Variant) (string, error) {
	n := len(rec.Seats)
	now := time.Now()
	next := Record{Variant: rec.Variant, Start: rec.Start, Creator: rec.Creator, AfterHold: rec.AfterHold, Rated: rec.Rated,
		Clock: rec.Clock, Spectators: rec.Spectators, SpectatorChat: rec.SpectatorChat, Created: now}
	next.Seats = make([]SeatRecord, n)
	for i, s := range rec.Seats {
		seat := SeatRecord{Kind: s.Kind, Level: s.Level, Remaining: rec.Clock.Initial}
		if rec.Clock.PerMove > 0 {
			seat.Remaining = rec.Clock.PerMove
		}
		switch {
		case s.Kind == SeatAI:
		case s.PlayerID != "":
			seat.Kind, seat.PlayerID, seat.Name, seat.HeldUntil = SeatHeld, s.PlayerID, s.Name, now.Add(l.cfg.SeatHold)
			seat.Rating = ratingAfter(rec, i, s.Rating)
		default:
			seat.Kind = SeatOpen
		}
		next.Seats[(i+1)%n] = seat
	}
	next.Started = !hasOpenSeat(next.Seats)
	if next.Started && next.Clock.On() {
		next.TurnStarted = now
	}
	start, err := game.NewState(v.Name, rec.Start)
	if err != nil {
		return "", err
	}
	return l.openHeld(v, start, next, "rematch")
}

// ratingAfter is seat i's rating after the game in rec, where the store
// rated it, else had.
func ratingAfter(rec Record, i int, had float64) float64 {
	for _, c := range rec.Changes {
		if c.Seat == i {
			return float64(c.After)
		}
	}
	return had
}
