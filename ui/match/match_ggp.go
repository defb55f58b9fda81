package match

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/table"
)

// ggpControl is what a local match does for its GGP seats: their state,
// their news and answers, their faults.
type ggpControl struct{ l *LocalMatch }

// ggpSeats is the match's ggpControl.
func (l *LocalMatch) ggpSeats() ggpControl { return ggpControl{l} }

// GGP players at a local table: the match is their Game Manager through
// the one game loop (the match's table.Driver, match_seats.go) and ggp's
// own seat (ggp.RemoteSeat), which the command-line manager uses too.
// Each player gets start with the game's GDL, then a play with the last
// joint move for every turn, in order and one message at a time, and
// stop at the end (abort when the game is left unfinished or resigned).
// A reply after the play clock and the grace, refused or illegal is
// replaced by the table's one fallback (a seeded random legal move) and
// reported, as Game Managers do.

// Default GGP clocks at the table.
const (
	defaultGGPStartClock = 10 * time.Second
	defaultGGPPlayClock  = 5 * time.Second
)

// ggpPlayers is what the match knows of its GGP players.
type ggpPlayers struct {
	game table.Game
	// status is what the panel says of each player, by role ("" where
	// none sits).
	status []string
	// errors are the starts that failed and the moves replaced, for the
	// game's record (as a GGP match record keeps them).
	errors []savefmt.MoveError
	// rulesErr says why the game cannot be sent to the players, or "".
	rulesErr string
}

// RulesOf is the GDL sent to GGP players: the sheet a game was read
// from, or the bundled description of a native game.
func RulesOf(v *game.Variant) ([]byte, bool) {
	if src, ok := sheets.Source(v.Name); ok {
		return src, true
	}
	if f, ok := games.Lookup(v.Name); ok {
		return f.Source, true
	}
	return nil, false
}

func (gp ggpControl) isGGP(r game.Role) bool {
	l := gp.l
	return r >= 0 && int(r) < len(l.Seats) && l.Seats[r].GGP != ""
}

func (gp ggpControl) hasGGPSeat() bool {
	l := gp.l
	for r := range l.Seats {
		if gp.isGGP(game.Role(r)) {
			return true
		}
	}
	return false
}

// seatStatus is what the panel says of role r's seat beyond its name:
// a GGP player's state.
func (gp ggpControl) seatStatus(r game.Role) string {
	l := gp.l
	if l.ggp == nil || r < 0 || int(r) >= len(l.ggp.status) {
		return ""
	}
	return l.ggp.status[r]
}

// ggpSeat is the seat of the GGP player at url for role r; a person's
// seat that never moves when the game cannot be sent (the status says
// why once the match starts).
func (gp ggpControl) ggpSeat(r game.Role, url string) table.Seat {
	l := gp.l
	if l.ggp == nil {
		l.ggp = gp.newGGPPlayers()
	}
	if l.ggp.rulesErr != "" {
		return &table.Person{}
	}
	src, _ := RulesOf(l.v)
	rules, _ := ggp.WireRules(src)
	return ggp.NewRemoteSeat(url, rules)
}

// newGGPPlayers sets up the GGP game: its id, clocks and whether its
// rules can be sent.
func (gp ggpControl) newGGPPlayers() *ggpPlayers {
	l := gp.l
	g := table.Game{ID: fmt.Sprintf("tabletop.%s.%d", l.v.Name, time.Now().UnixNano()),
		StartClock: l.c.Opts.GGPStartClock, Clock: l.c.Opts.GGPPlayClock, Grace: ggp.DefaultGrace}
	if g.StartClock <= 0 {
		g.StartClock = defaultGGPStartClock
	}
	if g.Clock <= 0 {
		g.Clock = defaultGGPPlayClock
	}
	p := &ggpPlayers{game: g, status: make([]string, len(l.v.Roles))}
	src, ok := RulesOf(l.v)
	if !ok {
		p.rulesErr = l.v.Name + " has no GDL description to send to GGP players"
	} else if _, err := ggp.WireRules(src); err != nil {
		p.rulesErr = l.v.Name + " cannot be sent to GGP players: " + err.Error()
	}
	return p
}

// ggpJobOut says on the panel what a GGP player was sent.
func (gp ggpControl) ggpJobOut(j *table.Job) {
	l := gp.l
	if l.ggp == nil || !gp.isGGP(j.Role) {
		return
	}
	switch {
	case j.Kind == table.JobStart:
		l.ggp.status[j.Role] = "connecting"
	case j.Kind == table.JobAsk && j.Question.Chooses():
		l.ggp.status[j.Role] = "thinking"
	}
}

// onGGPNews takes a GGP player's answer to start or to the end.
func (gp ggpControl) onGGPNews(out table.Outcome) tea.Cmd {
	l := gp.l
	if l.ggp == nil {
		return nil
	}
	switch out.Kind {
	case table.JobStart:
		l.ggp.status[out.Role] = "ready"
		if out.Err != nil {
			l.ggp.status[out.Role] = "start failed"
			l.Status.SetStatus(fmt.Sprintf("%s's GGP player: %v", l.v.RoleName(out.Role), out.Err), true)
			if ggp.StartFault(out.Err) != "" {
				l.ggp.errors = append(l.ggp.errors, savefmt.MoveError{Step: 0, Role: l.v.RoleName(out.Role), Text: out.Err.Error()})
			}
		}
		return l.next(false)
	case table.JobFinish:
		l.ggp.status[out.Role] = "done"
	}
	return nil
}

// noteGGPAnswer keeps what a GGP player's reply came to: a wrong reply
// is an error for the record also on a turn the player only followed
// (its only move is played for it), as ggp-base's records count every
// answer that went wrong.
func (gp ggpControl) noteGGPAnswer(out table.Outcome) {
	l := gp.l
	q, f := out.Question, out.Fault
	if !q.Chooses() || out.Stale {
		if f != nil && !q.Chooses() {
			l.ggp.errors = append(l.ggp.errors, gp.ggpFault(q, f))
		}
		return
	}
	if f == nil {
		l.ggp.status[q.Role] = fmt.Sprintf("answered in %.1f s", out.Took.Seconds())
		return
	}
	l.ggp.status[q.Role] = "replaced: " + shortFault(*f)
	e := gp.ggpFault(q, f)
	l.ggp.errors = append(l.ggp.errors, e)
	l.Status.SetStatus(fmt.Sprintf("%s's GGP player: %s", e.Role, e.Text), true)
}

// ggpFault is a fault of q's answer as the game's record keeps it.
func (gp ggpControl) ggpFault(q table.Question, f *table.Fault) savefmt.MoveError {
	l := gp.l
	why := fmt.Sprintf("%v; played %s instead", f.Err, f.Text)
	return savefmt.MoveError{Step: q.Turn + 1, Role: l.v.RoleName(q.Role), Text: why}
}

// shortFault names a replaced reply's fault for the panel.
func shortFault(f table.Fault) string {
	switch ggp.FaultCode(f) {
	case ggp.CodeTimeout:
		return "late"
	case ggp.CodeConnection:
		return "no answer"
	}
	return "illegal"
}
