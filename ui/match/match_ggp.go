package match

import (
	"context"
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

// GGP players at a local table: the match is their Game Manager through
// the one game loop (table.Driver) and ggp's own seat (ggp.RemoteSeat),
// which the command-line manager uses too. Each player gets start with
// the game's GDL, then a play with the last joint move for every turn,
// in order and one message at a time, and stop at the end (abort when
// the game is left unfinished or resigned). A reply after the play clock
// and the grace, refused or illegal is replaced by the table's one
// fallback (a seeded random legal move) and reported, as Game Managers
// do. The driver's jobs run in commands, never on the UI goroutine, and
// leaving the game cancels them. The match mirrors onto the table the
// turns its own seats play (people and tabletop's AI), so that the
// table's position is the game's.

// Default GGP clocks at the table.
const (
	defaultGGPStartClock = 10 * time.Second
	defaultGGPPlayClock  = 5 * time.Second
)

// ggpSeat is what the panel says of one remote player, and its move for
// a joint turn.
type ggpSeat struct {
	// move is the player's move for turn moveFor (-1: none).
	move    game.Move
	moveFor int
	status  string
}

// ggpManager runs the GGP seats of one local match.
type ggpManager struct {
	t     *table.Table
	d     *table.Driver
	seats []*ggpSeat // by role; nil where no GGP player sits
	over  bool       // stop or abort went out
	// errors are the starts that failed and the moves replaced, for the
	// game's record (as a GGP match record keeps them).
	errors []savefmt.MoveError
}

// GGPEventMsg is what one of the driver's jobs came to.
type GGPEventMsg struct {
	mgr *ggpManager
	ev  table.Event
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

func (l *LocalMatch) isGGP(r game.Role) bool {
	return r >= 0 && int(r) < len(l.Seats) && l.Seats[r].GGP != ""
}

func (l *LocalMatch) hasGGPSeat() bool {
	for r := range l.Seats {
		if l.isGGP(game.Role(r)) {
			return true
		}
	}
	return false
}

// seatStatus is what the panel says of role r's seat beyond its name:
// a GGP player's state.
func (l *LocalMatch) seatStatus(r game.Role) string {
	if l.gm == nil || int(r) >= len(l.gm.seats) || l.gm.seats[r] == nil {
		return ""
	}
	return l.gm.seats[r].status
}

// startGGP sets up the table of the GGP seats and sends them start, once
// per match.
func (l *LocalMatch) startGGP() tea.Cmd {
	if l.gm != nil || !l.hasGGPSeat() {
		return nil
	}
	src, ok := RulesOf(l.v)
	if !ok {
		l.Status.SetStatus(l.v.Name+" has no GDL description to send to GGP players", true)
		return nil
	}
	rules, err := ggp.WireRules(src)
	if err != nil {
		l.Status.SetStatus(l.v.Name+" cannot be sent to GGP players: "+err.Error(), true)
		return nil
	}
	g := table.Game{ID: fmt.Sprintf("tabletop.%s.%d", l.v.Name, time.Now().UnixNano()),
		StartClock: l.c.Opts.GGPStartClock, Clock: l.c.Opts.GGPPlayClock, Grace: ggp.DefaultGrace}
	if g.StartClock <= 0 {
		g.StartClock = defaultGGPStartClock
	}
	if g.Clock <= 0 {
		g.Clock = defaultGGPPlayClock
	}
	gm := &ggpManager{seats: make([]*ggpSeat, len(l.Seats))}
	seats := make([]table.Seat, len(l.Seats))
	for r, sc := range l.Seats {
		if sc.GGP != "" {
			seats[r] = ggp.NewRemoteSeat(sc.GGP, rules)
			gm.seats[r] = &ggpSeat{moveFor: -1}
		}
	}
	if gm.t, err = table.New(l.Begin, seats, l.c.Opts.Seed); err != nil {
		l.Status.SetStatus("GGP players: "+err.Error(), true)
		return nil
	}
	gm.d = table.NewDriver(context.Background(), gm.t, g)
	l.gm = gm
	return l.pumpGGP()
}

// pumpGGP mirrors the turns played here onto the GGP seats' table and
// hands out the driver's jobs due: start, the plays of the new turns,
// stop at the end, abort when a person resigned.
func (l *LocalMatch) pumpGGP() tea.Cmd {
	gm := l.gm
	if gm == nil || gm.over {
		return nil
	}
	if err := gm.mirror(l.Begin, l.Moves); err != nil {
		l.Status.SetStatus("GGP players: "+err.Error(), true)
		return nil
	}
	if l.Loser != game.NoRole {
		gm.over = true
		return gm.run(gm.d.Abort())
	}
	jobs := gm.d.Work()
	gm.over = gm.d.Done()
	for _, j := range jobs {
		seat := gm.seats[j.Role]
		switch {
		case j.Kind == table.JobStart:
			seat.status = "connecting"
		case j.Kind == table.JobAsk && j.Question.Chooses():
			seat.status = "thinking"
		}
	}
	return gm.run(jobs)
}

// run runs each job in a command that reports its event.
func (gm *ggpManager) run(jobs []*table.Job) tea.Cmd {
	cmds := make([]tea.Cmd, len(jobs))
	for i, j := range jobs {
		cmds[i] = func() tea.Msg { return GGPEventMsg{mgr: gm, ev: j.Run()} }
	}
	return tea.Batch(cmds...)
}

// mirror plays on the table the turns of moves (from begin) it has not
// had yet: those this client's seats played. A GGP player's choice of a
// joint turn is the table's already.
func (gm *ggpManager) mirror(begin game.State, moves []game.Move) error {
	steps := game.SplitTurns(begin, moves)
	for i := gm.t.Turn(); i < len(steps); i++ {
		pos := gm.t.Position()
		if !game.JointTurn(pos) {
			if _, err := gm.t.Play(pos.ToMove(), steps[i][0]); err != nil {
				return err
			}
			continue
		}
		for r, m := range steps[i] {
			if gm.t.Chosen(game.Role(r)) {
				continue
			}
			// The last choice plays the turn: the next role's
			// "not chosen" is then the next turn's.
			if step, err := gm.t.Play(game.Role(r), m); err != nil || step != nil {
				if err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

// abortGGP calls the match off when the game is left unfinished: what is
// out is cancelled and abort goes out off the UI goroutine.
func (l *LocalMatch) abortGGP() {
	gm := l.gm
	if gm == nil || gm.over {
		return
	}
	gm.over = true
	for _, j := range gm.d.Abort() {
		go j.Run()
	}
}

// onGGPEvent takes what a job came to: a start answered, a GGP player's
// move (or the fallback's in its place) to play, a reply on a turn it
// only followed, the end told; then whatever comes next.
func (l *LocalMatch) onGGPEvent(msg GGPEventMsg) tea.Cmd {
	gm := l.gm
	if msg.mgr != gm || gm == nil {
		return nil
	}
	out := gm.d.Handle(msg.ev)
	seat := gm.seats[out.Role]
	switch out.Kind {
	case table.JobStart:
		seat.status = "ready"
		if out.Err != nil {
			seat.status = "start failed"
			l.Status.SetStatus(fmt.Sprintf("%s's GGP player: %v", l.v.RoleName(out.Role), out.Err), true)
			if ggp.StartFault(out.Err) != "" {
				gm.errors = append(gm.errors, savefmt.MoveError{Step: 0, Role: l.v.RoleName(out.Role), Text: out.Err.Error()})
			}
		}
		return l.next(false)
	case table.JobFinish:
		seat.status = "done"
		return nil
	}
	q := out.Question
	if !q.Chooses() || out.Stale {
		// A play on a turn it only followed (its only move is played
		// for it): a wrong reply is an error all the same, as ggp-base's
		// records count every answer that went wrong.
		if out.Fault != nil && !q.Chooses() {
			gm.errors = append(gm.errors, l.ggpFault(q, out.Fault))
		}
		return l.next(false)
	}
	m := out.Move
	if f := out.Fault; f != nil {
		m = f.Played
		seat.status = "replaced: " + shortFault(*f)
		e := l.ggpFault(q, f)
		gm.errors = append(gm.errors, e)
		l.Status.SetStatus(fmt.Sprintf("%s's GGP player: %s", e.Role, e.Text), true)
	} else {
		seat.status = fmt.Sprintf("answered in %.1f s", out.Took.Seconds())
	}
	if game.JointTurn(l.Current) {
		seat.move, seat.moveFor = m, q.Turn
		return l.next(false)
	}
	return l.playMachineMove(m)
}

// ggpFault is a fault of q's answer as the game's record keeps it.
func (l *LocalMatch) ggpFault(q table.Question, f *table.Fault) savefmt.MoveError {
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

// ggpWaiting reports whether a GGP player's move for the current joint
// turn is still to come.
func (l *LocalMatch) ggpWaiting() bool {
	if l.gm == nil {
		return false
	}
	steps := len(game.SplitTurns(l.Begin, l.Moves))
	for _, seat := range l.gm.seats {
		if seat != nil && seat.moveFor != steps {
			return true
		}
	}
	return false
}

// ggpMove is the GGP player's move for the current joint turn.
func (l *LocalMatch) ggpMove(r game.Role) game.Move { return l.gm.seats[r].move }
