package ggp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// DefaultGrace is what the Game Manager allows on top of a clock for the
// trip of a message and its reply.
const DefaultGrace = 500 * time.Millisecond

// Seat is who plays one role of a game the Game Manager runs.
type Seat struct {
	// Name names the player in the record and in reports.
	Name string
	// Remote, when set, is a GGP player the manager talks to.
	Remote *Remote
	// Local, when Remote is nil, is one of tabletop's players: it is asked
	// when its role is in control; on a simultaneous turn it plays a
	// random legal move (tabletop's searches take turns).
	Local ai.Player
}

// Game describes one game for RunGame.
type Game struct {
	MatchID string
	// Variant is the game as tabletop plays it; every move is checked on
	// it. Rules is its GDL description, sent to remote players.
	Variant *game.Variant
	Rules   []byte
	// Seats has one seat per role, in role order.
	Seats                 []Seat
	StartClock, PlayClock time.Duration
	// Grace is allowed on top of a clock; DefaultGrace when 0.
	Grace time.Duration
	Seed  uint64
	// Report, when set, is told in one line each message a player
	// refused or answered late or wrongly, and the move played instead.
	Report func(string)
}

// RunGame plays one game as a Game Manager: start to every remote
// player, then every turn a play with the last joint move (nil first) to
// all of them at once and a move from each local player whose turn it
// is, and stop at the end. A reply that is late (after the play clock
// and the grace), refused or illegal is replaced by a random legal move,
// reported, and written in the record's errors as ggp-base writes them
// (see Fault). The rules go out in WireRules' form. If ctx ends first
// the remote players get abort and the record says aborted.
func RunGame(ctx context.Context, g Game) (*Record, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	if g.Grace <= 0 {
		g.Grace = DefaultGrace
	}
	m := &manager{g: &g, rng: game.NewRand(g.Seed), s: g.Variant.New()}
	if g.hasRemote() {
		wire, err := WireRules(g.Rules)
		if err != nil {
			return nil, fmt.Errorf("%s cannot be sent to GGP players: %v", g.Variant.Name, err)
		}
		m.wire = wire
	}
	m.rec = newRecord(&g, time.Now())
	m.rec.Errors = append(m.rec.Errors, m.startAll(ctx))
	m.rec.addState(m.s, time.Now())
	var last []string
	for !m.s.Terminal() {
		if ctx.Err() != nil {
			m.abortAll()
			m.rec.IsAborted = true
			return m.rec, ctx.Err()
		}
		joint, errs := m.turn(ctx, last)
		if err := applyJoint(m.s, joint); err != nil {
			return m.rec, fmt.Errorf("step %d: %v", len(m.rec.Moves)+1, err) // a bug: every move was checked
		}
		m.rec.Moves = append(m.rec.Moves, joint)
		m.rec.Errors = append(m.rec.Errors, errs)
		m.rec.addState(m.s, time.Now())
		last = joint
	}
	for r := range g.Variant.Roles {
		m.rec.GoalValues = append(m.rec.GoalValues, m.s.Goal(game.Role(r)))
	}
	m.rec.IsCompleted = true
	m.sendAll(ctx, Message{Kind: Stop, MatchID: g.MatchID, Moves: last}, g.PlayClock+g.Grace, ReplyDone)
	return m.rec, nil
}

func (g *Game) check() error {
	switch {
	case g.Variant == nil:
		return fmt.Errorf("no game")
	case len(g.Seats) != len(g.Variant.Roles):
		return fmt.Errorf("%s has %d roles, got %d seats", g.Variant.Name, len(g.Variant.Roles), len(g.Seats))
	case g.StartClock <= 0 || g.PlayClock <= 0:
		return fmt.Errorf("the clocks must be positive")
	case g.MatchID == "":
		return fmt.Errorf("no match id")
	}
	for r, s := range g.Seats {
		if (s.Remote == nil) == (s.Local == nil) {
			return fmt.Errorf("seat %s: want a remote or a local player", g.Variant.Roles[r])
		}
		if s.Remote != nil && len(g.Rules) == 0 {
			return fmt.Errorf("a remote player needs the game's rules")
		}
	}
	return nil
}

// hasRemote reports whether a seat is a remote player.
func (g *Game) hasRemote() bool {
	for _, s := range g.Seats {
		if s.Remote != nil {
			return true
		}
	}
	return false
}

type manager struct {
	g    *Game
	wire []byte // the rules as sent
	rec  *Record
	rng  *game.Rand
	s    game.State
}

func (m *manager) report(format string, a ...any) {
	if m.g.Report != nil {
		m.g.Report(fmt.Sprintf("%s: ", m.g.MatchID) + fmt.Sprintf(format, a...))
	}
}

// startAll sends start to every remote player at once and returns the
// record's errors of the start: "TO" or "CE" for a player that did not
// answer (one that answers something other than ready is reported, but
// ggp-base's records count only a missing answer).
func (m *manager) startAll(ctx context.Context) []string {
	errs := make([]string, len(m.g.Seats))
	var wg sync.WaitGroup
	for r, seat := range m.g.Seats {
		if seat.Remote == nil {
			continue
		}
		msg := Message{Kind: Start, MatchID: m.g.MatchID, Role: m.g.Variant.Roles[r],
			Rules: m.wire, StartClock: m.g.StartClock, PlayClock: m.g.PlayClock}
		wg.Add(1)
		go func() {
			defer wg.Done()
			reply, err := seat.Remote.Send(ctx, msg, m.g.StartClock+m.g.Grace)
			if err != nil {
				errs[r] = faultOf(err).Code
			} else if !strings.EqualFold(reply, ReplyReady) {
				err = fmt.Errorf("start: replied %q, not ready", reply)
			}
			if err != nil {
				m.report("%s (%s): %v", seat.Name, msg.Role, err)
			}
		}()
	}
	wg.Wait()
	return errs
}

// sendAll sends msg to every remote player at once and reports replies
// other than want.
func (m *manager) sendAll(ctx context.Context, msg Message, timeout time.Duration, want string) {
	var wg sync.WaitGroup
	for r, seat := range m.g.Seats {
		if seat.Remote == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			reply, err := seat.Remote.Send(ctx, msg, timeout)
			if err == nil && !strings.EqualFold(reply, want) {
				err = fmt.Errorf("%s: replied %q, not %s", msg.Kind, reply, want)
			}
			if err != nil {
				m.report("%s (%s): %v", seat.Name, m.g.Variant.Roles[r], err)
			}
		}()
	}
	wg.Wait()
}

// abortAll tells every remote player the match is off.
func (m *manager) abortAll() {
	ctx, cancel := context.WithTimeout(context.Background(), m.g.Grace)
	defer cancel()
	m.sendAll(ctx, Message{Kind: Abort, MatchID: m.g.MatchID}, m.g.Grace, ReplyAborted)
}

// turn collects every role's move for one step; errs[r] is the record's
// error of role r ("" when the move was its own, see Fault).
func (m *manager) turn(ctx context.Context, last []string) (joint, errs []string) {
	n := len(m.g.Seats)
	joint = make([]string, n)
	faults := make([]Fault, n)
	legal := make([][]string, n)
	for r := range legal {
		legal[r] = legalTexts(m.s, game.Role(r), nil)
	}
	play := Message{Kind: Play, MatchID: m.g.MatchID, Moves: last}
	var wg sync.WaitGroup
	for r, seat := range m.g.Seats {
		if seat.Remote == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			reply, err := seat.Remote.Send(ctx, play, m.g.PlayClock+m.g.Grace)
			joint[r], faults[r] = checkMove(reply, err, legal[r])
		}()
	}
	for r, seat := range m.g.Seats {
		if seat.Local != nil {
			joint[r], faults[r] = m.localMove(ctx, game.Role(r), seat.Local, legal[r])
		}
	}
	wg.Wait()
	errs = make([]string, n)
	for r, f := range faults {
		if f.Code != "" {
			errs[r] = f.Code
			joint[r] = legal[r][m.rng.Intn(len(legal[r]))]
			m.report("%s (%s), step %d: %s; played %s instead", m.g.Seats[r].Name, m.g.Variant.Roles[r], len(m.rec.Moves)+1, f.Text, joint[r])
		}
	}
	return joint, errs
}

// Fault is why a role's move was replaced by a random legal one.
type Fault struct {
	// Code is the fault as ggp-base's match records write it: "TO" (no
	// reply in time), "CE" (no reply: the connection failed or the
	// player refused the message), or "IL" and the reply (not a legal
	// move; "IL" alone when the reply could not be read).
	Code string
	// Text says it in words, for a report.
	Text string
}

// The codes of Fault.Code.
const (
	CodeTimeout    = "TO"
	CodeConnection = "CE"
	CodeIllegal    = "IL"
)

// faultOf is the fault of a failed message.
func faultOf(err error) Fault {
	switch {
	case errors.Is(err, ErrNoReply):
		return Fault{Code: CodeTimeout, Text: err.Error()}
	case errors.Is(err, ErrConnection):
		return Fault{Code: CodeConnection, Text: err.Error()}
	}
	return Fault{Code: CodeIllegal, Text: err.Error()}
}

// checkMove accepts a reply that is one of the legal moves (compared
// without case) and returns it as the game spells it; otherwise the
// fault says why not.
func checkMove(reply string, err error, legal []string) (string, Fault) {
	if err != nil {
		return "", faultOf(err)
	}
	if mv, ok := legalText(reply, legal); ok {
		return mv, Fault{}
	}
	return "", Fault{Code: CodeIllegal + " " + reply, Text: "illegal move " + reply}
}

// localMove asks a local player for its move when its role is in
// control, within the play clock.
func (m *manager) localMove(ctx context.Context, r game.Role, p ai.Player, legal []string) (string, Fault) {
	if len(legal) == 1 {
		return legal[0], Fault{}
	}
	if m.s.ToMove() != r {
		return legal[m.rng.Intn(len(legal))], Fault{} // a simultaneous turn
	}
	ctx, cancel := context.WithTimeout(ctx, m.g.PlayClock)
	defer cancel()
	mv := p.Choose(ctx, m.s)
	return checkMove(m.s.FormatMove(mv), nil, legal)
}
