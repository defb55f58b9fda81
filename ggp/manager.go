package ggp

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
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

// RunGame plays one game as a Game Manager, on a table (see table.Run):
// start to every remote player, then every turn a play with the last
// joint move (nil first) to all of them at once and a move from each
// local player whose turn it is, and stop at the end. A reply that is
// late (after the play clock and the grace), refused or illegal is
// replaced by the table's fallback, a random legal move, reported, and
// written in the record's errors as ggp-base writes them (see Fault).
// The rules go out in WireRules' form. If ctx ends first the remote
// players get abort and the record says aborted.
func RunGame(ctx context.Context, g Game) (*Record, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	if g.Grace <= 0 {
		g.Grace = DefaultGrace
	}
	var wire []byte
	if g.hasRemote() {
		var err error
		if wire, err = WireRules(g.Rules); err != nil {
			return nil, fmt.Errorf("%s cannot be sent to GGP players: %v", g.Variant.Name, err)
		}
	}
	seats := make([]table.Seat, len(g.Seats))
	for r, s := range g.Seats {
		seats[r] = s.tableSeat(wire, g.Report)
	}
	t, err := table.New(g.Variant.New(), seats, g.Seed)
	if err != nil {
		return nil, err
	}
	rec := newRecord(g.Variant, g.Rules, g.MatchID, seats, g.StartClock, g.PlayClock, time.Now())
	tg := table.Game{ID: g.MatchID, StartClock: g.StartClock, Clock: g.PlayClock, Grace: g.Grace}
	err = table.Run(ctx, t, tg, rec.hooks(t, g.Report))
	if err != nil {
		rec.IsAborted = true
		return rec, err
	}
	return rec, nil
}

// tableSeat is the seat as the table plays it.
func (s Seat) tableSeat(wire []byte, report func(string)) table.Seat {
	if s.Remote != nil {
		return &RemoteSeat{Remote: s.Remote, Who: s.Name, Rules: wire, Report: report}
	}
	return &table.PlayerSeat{Player: s.Local}
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
