package match

import (
	"fmt"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/table"
)

// LocalMatch is a game played in this client: one table.Table, the one
// game loop, holds the position, the moves (with undo and redo), the
// choices of a joint turn and a resignation. Its seats are people at
// this keyboard (table.Person, whose moves Play gives the table), this
// client's AI (table.AISeat) and GGP players (ggp.RemoteSeat), which one
// table.Driver asks in commands (match_seats.go). The match turns the
// table's events into Bubble Tea commands, saves the game for Continue
// (match_save.go) and hands the keyboard over on joint turns
// (match_joint.go).
//
// Its parts (seatDriver, ggpControl, jointTurn, saveControl,
// clockControl) are small types that hold the match and own its
// methods by concern; the state they share stays here, and each is
// reached through the match (l.seats(), l.saves(), …).
type LocalMatch struct {
	c      *common.Common
	v      *game.Variant
	Status statusLine
	// SpinTick starts the board's spinner with the AI.
	SpinTick func() tea.Cmd

	startPos string // the start's string when not the variant's start, else ""
	// Table is the game: every move is played on it, and only there.
	Table *table.Table
	Seats []savefmt.SeatConfig
	// holder is the role that took the keyboard last on a joint turn
	// (see PassTo).
	holder game.Role

	// ver changes with every change the board must see: the table's
	// position, a choice kept on a joint turn, the keyboard handed over.
	ver uint64

	// Keeper keeps the game in the store (match_save.go); kept is its
	// latest report, and replace the answer to "replace the saved
	// game?" for a store of one game as this client knows it.
	Keeper  *gameKeeper
	Kept    keptView
	replace replaceAnswer

	seatRunner

	Hinted  game.Move
	hintVer uint64
	HasHint bool
	Paused  bool

	// clock is the game's clocks (local_clock.go); none unless chosen.
	clock localClock
}

// NewLocalMatch starts a game from start (startPos is its string when
// it is not the variant's start) with seats.
func NewLocalMatch(c *common.Common, v *game.Variant, start game.State, startPos string, seats []savefmt.SeatConfig) *LocalMatch {
	l := &LocalMatch{c: c, v: v, startPos: startPos, Seats: append([]savefmt.SeatConfig(nil), seats...), holder: game.NoRole}
	l.Keeper = newKeeper(c.Store, c.Opts.OnFinished, v)
	l.Table = l.seats().newTable(start)
	return l
}

// Resume plays a saved game's moves (savefmt.SavedGame.Moves) on the
// table, and its resignation, before the match starts.
func (l *LocalMatch) Resume(moves []string, resigned string) error {
	if err := l.Table.PlayTexts(moves); err != nil {
		return err
	}
	if resigned != "" {
		if err := l.Table.Resign(l.v.RoleIndex(resigned)); err != nil {
			return err
		}
	}
	l.changed()
	return nil
}

// Position is the live position; on a joint turn, as the person
// choosing sees it (see chooser).
func (l *LocalMatch) Position() game.State {
	if r := l.joint().chooser(); r != game.NoRole {
		return game.SeatTurn{State: l.Table.Position(), Role: r}
	}
	return l.Table.Position()
}

// Moves is every move played, flat (see table.Table.Moves).
func (l *LocalMatch) Moves() []game.Move { return l.Table.Moves() }

// Version is part of Match.
func (l *LocalMatch) Version() uint64 { return l.ver }

// Resigned is part of resigner: the role that resigned (NoRole after a
// loss on time, which the seat's clock shows).
func (l *LocalMatch) Resigned() game.Role {
	if l.clock.onTime {
		return game.NoRole
	}
	return l.Table.Resigned()
}

// Warning is part of keeper.
func (l *LocalMatch) Warning() string { return l.Kept.saveErr }

// AsMatch is the match the board plays: l, with undo and redo unless a
// GGP player sits at the table (it cannot take a move back).
func (l *LocalMatch) AsMatch() Match {
	if l.ggpSeats().hasGGPSeat() {
		return l
	}
	return undoableMatch{l}
}

// undoableMatch is a local match whose moves can be taken back.
type undoableMatch struct{ *LocalMatch }

// LocalOf is the local match m plays (AsMatch's), nil for a room's.
func LocalOf(m Match) *LocalMatch {
	switch m := m.(type) {
	case *LocalMatch:
		return m
	case undoableMatch:
		return m.LocalMatch
	}
	return nil
}

// Undo is part of undoer.
func (m undoableMatch) Undo() tea.Cmd { return m.undoTurn() }

// Redo is part of undoer.
func (m undoableMatch) Redo() tea.Cmd { return m.redoTurn() }

// Setup is part of rematcher.
func (l *LocalMatch) Setup() (string, []savefmt.SeatConfig) { return l.startPos, l.Seats }

// Replay is part of Match.
func (l *LocalMatch) Replay() (game.State, []game.Move) { return l.Table.Start(), l.Table.Moves() }

// Ended is part of Match.
func (l *LocalMatch) Ended() bool { return l.Table.Over() }

// changed says the position changed: the board redraws, the hint and
// the keyboard's holder go.
func (l *LocalMatch) changed() {
	l.ver++
	l.HasHint = false
	l.holder = game.NoRole
}

func (l *LocalMatch) isAI(r game.Role) bool {
	if r < 0 || int(r) >= len(l.Seats) {
		return false
	}
	return l.Seats[r].AI && l.Seats[r].GGP == ""
}

// mine reports whether a person at this keyboard plays role r (not the
// AI nor a GGP player).
func (l *LocalMatch) mine(r game.Role) bool {
	return r != game.NoRole && l.Table.ByHand(r) && !l.ggpSeats().isGGP(r)
}

// allAI reports whether no seat is a person's.
func (l *LocalMatch) allAI() bool {
	for i := range l.Seats {
		if l.mine(game.Role(i)) {
			return false
		}
	}
	return true
}

func (l *LocalMatch) hasAISeat() bool {
	for i := range l.Seats {
		if l.isAI(game.Role(i)) {
			return true
		}
	}
	return false
}

// Seat is who plays role r: a person here, this client's AI or a GGP
// player.
func (l *LocalMatch) Seat(r game.Role) seatView {
	name := l.seatName(r)
	if clock := l.clocks().clockText(r); clock != "" {
		name += " " + clock // as a room shows its clocks
	}
	return seatView{Name: name, Mine: l.mine(r), AI: l.isAI(r), Status: l.ggpSeats().seatStatus(r)}
}

func (l *LocalMatch) seatName(r game.Role) string {
	if int(r) < len(l.Seats) && r >= 0 {
		return l.Seats[r].DisplayName()
	}
	return "?"
}

// Start is part of Match.
func (l *LocalMatch) Start() tea.Cmd {
	cmds := l.seats().resumeSeats()
	return tea.Batch(append(cmds, l.next(false))...)
}

// Leave stops the AI and the GGP players and saves the game; the
// command reports when it is saved.
func (l *LocalMatch) Leave() tea.Cmd {
	l.clocks().stopClock()
	l.CancelJob()
	l.seats().abortSeats()
	return l.saves().save()
}

// QuitPrompt asks to confirm quitting a game in progress and says truly
// what becomes of it.
func (l *LocalMatch) QuitPrompt() string {
	const choice = "; y to quit, any other key to stay"
	switch {
	case l.Ended() || l.Table.Turn() == 0:
		return ""
	case l.ggpSeats().hasGGPSeat():
		return "quit? a game with a GGP player is not saved" + choice
	case l.replace == replaceNo:
		return "quit? this game is not saved (you kept the other saved game)" + choice
	case l.c.Store == nil:
		return "quit? this game is not saved" + choice
	case l.Kept.saveErr != "":
		return "quit? the game is not saved (" + l.Kept.saveErr + ")" + choice
	case savefmt.SessionOnly(l.c.Store):
		return "quit? without an SSH key the game ends with this session" + choice
	default:
		return "quit? the game is saved for Continue" + choice
	}
}

// Play gives the table a move of a person at this client (on a joint
// turn, the choice of the person choosing) and starts whatever comes
// next.
func (l *LocalMatch) Play(m game.Move) (tea.Cmd, error) {
	pos := l.Table.Position()
	r := pos.ToMove()
	if game.JointTurn(pos) {
		if r = l.joint().chooser(); r == game.NoRole {
			return nil, fmt.Errorf("no move is wanted from this keyboard now")
		}
		if l.PassTo() != game.NoRole {
			return nil, fmt.Errorf("pass the keyboard to %s first", l.v.RoleName(r))
		}
	}
	before := jointBefore(pos)
	step, err := l.Table.Play(r, m)
	if err != nil {
		return nil, err
	}
	if step == nil {
		// A joint choice, hidden until every role has chosen.
		l.ver++
		l.HasHint = false
		l.Status.SetStatus(l.v.RoleName(r)+" has chosen", false)
		return l.next(false), nil
	}
	l.changed()
	l.Status.SetStatus(playedStatus(before, step), false)
	return tea.Batch(l.next(false), l.saves().save()), nil
}

// jointBefore is a copy of pos when it is a joint turn (its moves are
// named from it once played), else nil.
func jointBefore(pos game.State) game.State {
	if !game.JointTurn(pos) {
		return nil
	}
	return pos.Clone()
}

// playedStatus is what the status says of a step just played: a joint
// turn's moves, which were hidden until now.
func playedStatus(before game.State, step *table.Step) string {
	if before == nil || !step.Joint() {
		return ""
	}
	return "played at once: " + jointShort(before, step.Moves)
}

// next starts what the new position needs: the clocks, the end message,
// a forced pass, or the questions to the AI and the GGP players (after a
// short delay when a machine just moved, so that AI-vs-AI games can be
// followed).
func (l *LocalMatch) next(afterMachine bool) tea.Cmd {
	tick, flagged := l.clocks().runClock(time.Now())
	if flagged {
		return tick // the end, which came here again
	}
	return tea.Batch(l.nextSeats(afterMachine), tick)
}

// nextSeats is next for the seats.
func (l *LocalMatch) nextSeats(afterMachine bool) tea.Cmd {
	if l.Ended() {
		l.CancelJob()
		if s, isErr := l.Status.CurrentStatus(); s == "" || !isErr {
			l.Status.SetStatus(l.saves().endStatus(), false)
		}
		return tea.Batch(l.seats().pump(false), common.PrepareResult(l.Table.Position().Clone(), l.ver))
	}
	pos := l.Table.Position()
	if mover := pos.ToMove(); !game.JointTurn(pos) && l.mine(mover) && l.forcedPass() {
		name := l.v.RoleName(mover)
		cmd, _ := l.Play(game.Noop)
		l.Status.SetStatus(name+" has no legal move and passes", false)
		return cmd
	}
	return l.seats().pump(afterMachine)
}

func (l *LocalMatch) forcedPass() bool {
	legal := l.Table.Position().Legal(nil)
	return len(legal) == 1 && legal[0] == game.Noop
}

// machineTurn reports whether the turn now is played by no person
// here: the AI's, or a forced pass.
func (l *LocalMatch) machineTurn() bool {
	pos := l.Table.Position()
	return !game.JointTurn(pos) && !pos.Terminal() && (l.isAI(pos.ToMove()) || l.forcedPass())
}

// undoTurn goes back one action; against the AI it goes back to the last
// position where a person was to move.
func (l *LocalMatch) undoTurn() tea.Cmd {
	// An ending undone is no longer the game's end: the next is kept.
	reopen := keepReq{reopened: l.Ended()}
	l.Kept.KeptAs = ""
	if l.clock.onTime {
		l.Status.SetStatus("the game was lost on time: a clock is not taken back", true)
		return nil
	}
	if l.Table.Resigned() != game.NoRole {
		// The resignation is the last thing done: take it back alone.
		l.Table.Undo()
		save := l.saves().keepCmd(reopen)
		l.Status.SetStatus("resignation taken back", false)
		return tea.Batch(save, l.next(false))
	}
	if l.Table.Turn() == 0 {
		l.Status.SetStatus("nothing to undo", true)
		return l.next(false)
	}
	l.CancelJob()
	l.Table.Undo()
	if !l.allAI() {
		for l.Table.Turn() > 0 && l.machineTurn() {
			l.Table.Undo()
		}
	} else {
		l.Paused = true
	}
	l.changed()
	save := l.saves().keepCmd(reopen)
	l.Status.SetStatus(fmt.Sprintf("undone: back to move %d", l.Table.Turn()), false)
	return tea.Batch(save, l.next(false))
}

// redoTurn replays undone actions up to the next position where a person
// is to move.
func (l *LocalMatch) redoTurn() tea.Cmd {
	if !l.Table.CanRedo() {
		l.Status.SetStatus("nothing to redo", true)
		return nil
	}
	l.CancelJob()
	if l.Table.Redo() && !l.allAI() {
		for l.Table.CanRedo() && l.machineTurn() && l.Table.Redo() {
		}
	}
	l.changed()
	save := l.saves().save()
	l.Status.SetStatus(fmt.Sprintf("redone: move %d", l.Table.Turn()), false)
	if !l.Table.CanRedo() {
		return tea.Batch(save, l.next(false))
	}
	return save
}

// Resign takes role r out of the game: in a game where the others play
// on (game.Retirer, without GGP players, who could not be told) the
// table plays it as a step of the game (see table.Table.Retiring), so
// that undo, saves and review have it with the moves; otherwise the game
// ends, r losing and every other role sharing the win.
func (l *LocalMatch) Resign(r game.Role) tea.Cmd {
	if r == game.NoRole {
		return nil
	}
	l.CancelJob()
	step := l.Table.Turn()
	if err := l.Table.Resign(r); err != nil {
		l.Status.SetStatus(err.Error(), true)
		return nil
	}
	if l.Table.Turn() > step {
		l.changed()
		if !l.Ended() {
			l.Status.SetStatus(l.v.RoleName(r)+" resigned and drops out: its turns are passed, the others play on", false)
		}
		return tea.Batch(l.next(false), l.saves().save())
	}
	l.ver++
	l.Status.SetStatus(l.saves().endStatus(), false)
	return tea.Batch(l.saves().save(), l.seats().pump(false))
}

// TogglePause pauses the AI seats or resumes them; in a game at one
// keyboard with clocks, the clocks.
func (l *LocalMatch) TogglePause() tea.Cmd {
	what := "AI"
	switch {
	case l.clock.Clocks != nil && !l.hasAISeat():
		what = "clocks"
	case !l.hasAISeat():
		return nil
	}
	l.Paused = !l.Paused
	if l.Paused {
		l.clocks().stopClock()
		l.CancelJob()
		l.Status.SetStatus(what+" paused: p resumes", false)
		return nil
	}
	l.Status.SetStatus(what+" resumed", false)
	return l.next(false)
}

// Result describes the end of the game.
func (l *LocalMatch) Result() string {
	loser := l.Table.Resigned()
	if loser == game.NoRole {
		return common.ResultWithReason(l.Table.Position())
	}
	how := " resigned: "
	if l.clock.onTime {
		how = " lost on time: "
	}
	var w []string
	for i, r := range l.v.Roles {
		if game.Role(i) != loser {
			w = append(w, r)
		}
	}
	if len(w) == 1 {
		return l.v.RoleName(loser) + how + w[0] + " wins"
	}
	return l.v.RoleName(loser) + how + game.JoinAnd(w) + " share the win"
}

// aiOptions are the search options of role r's AI seat now (the AI time
// per move may change during the game).
func (l *LocalMatch) aiOptions(r game.Role) ai.Options {
	return ai.Options{Level: l.Seats[r].AILevel(), Budget: l.c.AITime, Seed: l.c.Opts.Seed + uint64(r), Threads: l.c.Opts.AIThreads}
}
