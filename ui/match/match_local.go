package match

import (
	"fmt"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// LocalMatch is a game played in this client: its seats are people at
// this keyboard or this client's AI. It keeps the moves (with undo and
// redo), saves the game for Continue, and runs the AI (match_ai.go).
type LocalMatch struct {
	c      *common.Common
	v      *game.Variant
	Status statusLine
	// SpinTick starts the board's spinner with the AI.
	SpinTick func() tea.Cmd

	Begin    game.State // the position the game started from
	startPos string     // its string when not the variant's start, else ""
	Current  game.State // the current position
	// Moves is every move played; a joint turn takes one entry per
	// role (see joint.go).
	Moves []game.Move
	// redoList is the turns undone, the latest last.
	redoList [][]game.Move
	// Joint is the joint turn being collected (match_joint.go).
	Joint jointChoice
	Seats []savefmt.SeatConfig
	Loser game.Role // NoRole unless someone resigned

	// ver changes with every change of position; AI results carry the
	// version they were computed for, so stale ones are dropped.
	ver uint64

	// Keeper keeps the game in the store (match_save.go); kept is its
	// latest report, and replace the answer to "replace the saved
	// game?" for a store of one game as this client knows it.
	Keeper  *gameKeeper
	Kept    keptView
	replace replaceAnswer

	// gm is the Game Manager of the GGP seats (match_ggp.go), nil
	// until the match starts or when no GGP player sits.
	gm *ggpManager
	// suspended is set while another screen is shown; heldGGP are the
	// GGP replies that came meanwhile (see suspend).
	suspended bool
	heldGGP   []GGPEventMsg

	Job      *aiJob
	progress ai.Progress
	Hinted   game.Move
	hintVer  uint64
	HasHint  bool
	Paused   bool

	// clock is the game's clocks (local_clock.go); none unless chosen.
	clock localClock
}

// NewLocalMatch starts a game from start (startPos is its string when
// it is not the variant's start) with seats.
func NewLocalMatch(c *common.Common, v *game.Variant, start game.State, startPos string, seats []savefmt.SeatConfig) *LocalMatch {
	l := &LocalMatch{c: c, v: v, Begin: start, startPos: startPos, Current: start.Clone(),
		Seats: append([]savefmt.SeatConfig(nil), seats...), Loser: game.NoRole}
	l.Keeper = newKeeper(c.Store, c.Opts.OnFinished, v)
	l.Joint.reset(len(v.Roles))
	return l
}

// Position is the live position; on a joint turn, as the person
// choosing sees it (see seatTurn).
func (l *LocalMatch) Position() game.State {
	if r := l.chooser(); r != game.NoRole {
		return game.SeatTurn{State: l.Current, Role: r}
	}
	return l.Current
}

// Version is part of Match.
func (l *LocalMatch) Version() uint64 { return l.ver }

// Resigned is part of resigner: the role that resigned (NoRole after a
// loss on time, which the seat's clock shows).
func (l *LocalMatch) Resigned() game.Role {
	if l.clock.onTime {
		return game.NoRole
	}
	return l.Loser
}

// Warning is part of keeper.
func (l *LocalMatch) Warning() string { return l.Kept.saveErr }

// AsMatch is the match the board plays: l, with undo and redo unless a
// GGP player sits at the table (it cannot take a move back).
func (l *LocalMatch) AsMatch() Match {
	if l.hasGGPSeat() {
		return l
	}
	return UndoableMatch{l}
}

// UndoableMatch is a local match whose moves can be taken back.
type UndoableMatch struct{ *LocalMatch }

// Undo is part of undoer.
func (m UndoableMatch) Undo() tea.Cmd { return m.undoTurn() }

// Redo is part of undoer.
func (m UndoableMatch) Redo() tea.Cmd { return m.redoTurn() }

// Setup is part of rematcher.
func (l *LocalMatch) Setup() (string, []savefmt.SeatConfig) { return l.startPos, l.Seats }

// Rebuild replays the moves from the start.
func (l *LocalMatch) Rebuild() {
	l.Current = l.Begin.Clone()
	for i := 0; i < len(l.Moves); {
		i += game.ApplyTurn(l.Current, l.Moves[i:])
	}
	l.Joint.reset(len(l.v.Roles))
	l.ver++
	l.HasHint = false
}

// Replay is part of Match.
func (l *LocalMatch) Replay() (game.State, []game.Move) { return l.Begin, l.Moves }

// Ended is part of Match.
func (l *LocalMatch) Ended() bool { return l.Current.Terminal() || l.Loser != game.NoRole }

func (l *LocalMatch) isAI(r game.Role) bool {
	if r < 0 || int(r) >= len(l.Seats) {
		return false
	}
	return l.Seats[r].AI
}

// mine reports whether a person at this keyboard plays role r (not the
// AI nor a GGP player).
func (l *LocalMatch) mine(r game.Role) bool { return r != game.NoRole && !l.isAI(r) && !l.isGGP(r) }

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
	if clock := l.clockText(r); clock != "" {
		name += " " + clock // as a room shows its clocks
	}
	return seatView{Name: name, Mine: l.mine(r), AI: l.isAI(r), Status: l.seatStatus(r)}
}

func (l *LocalMatch) seatName(r game.Role) string {
	if int(r) < len(l.Seats) && r >= 0 {
		return l.Seats[r].DisplayName()
	}
	return "?"
}

// Start is part of Match.
func (l *LocalMatch) Start() tea.Cmd {
	l.suspended = false
	cmds := []tea.Cmd{l.startGGP()}
	for _, msg := range l.heldGGP {
		cmds = append(cmds, l.onGGPEvent(msg))
	}
	l.heldGGP = nil
	return tea.Batch(append(cmds, l.next(false))...)
}

// Leave stops the AI and the GGP players and saves the game; the
// command reports when it is saved.
func (l *LocalMatch) Leave() tea.Cmd {
	l.stopClock()
	l.CancelJob()
	l.abortGGP()
	return l.save()
}

// QuitPrompt asks to confirm quitting a game in progress and says truly
// what becomes of it.
func (l *LocalMatch) QuitPrompt() string {
	const choice = "; y to quit, any other key to stay"
	switch {
	case l.Ended() || len(l.Moves) == 0:
		return ""
	case l.hasGGPSeat():
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

// Play applies a move of a person at this client and starts whatever
// comes next.
func (l *LocalMatch) Play(m game.Move) (tea.Cmd, error) {
	if game.JointTurn(l.Current) {
		return l.chooseJoint(m)
	}
	if err := game.Play(l.Current, m); err != nil {
		return nil, err
	}
	l.Moves = append(l.Moves, m)
	l.redoList = nil
	l.ver++
	l.HasHint = false
	l.Status.SetStatus("", false)
	// The AI's search (if it is to move) first, then the save.
	return tea.Batch(l.next(l.isAI(l.moverOf(len(l.Moves)-1))), l.save()), nil
}

// moverOf returns the role that played move i.
func (l *LocalMatch) moverOf(i int) game.Role {
	s := l.Begin.Clone()
	for _, m := range l.Moves[:i] {
		s.Apply(m)
	}
	return s.ToMove()
}

// next starts what the new position needs: the end message, a forced
// pass, or the AI (after a short delay when an AI just moved, so that
// AI-vs-AI games can be followed).
func (l *LocalMatch) next(afterAI bool) tea.Cmd {
	tick, flagged := l.runClock(time.Now())
	if flagged {
		return tick // the end, which came here again
	}
	return tea.Batch(l.pumpGGP(), l.nextLocal(afterAI), tick)
}

// nextLocal is next for the seats of this client.
func (l *LocalMatch) nextLocal(afterAI bool) tea.Cmd {
	if l.Ended() {
		l.CancelJob()
		if s, isErr := l.Status.CurrentStatus(); s == "" || !isErr {
			l.Status.SetStatus(l.endStatus(), false)
		}
		return common.PrepareResult(l.Current.Clone(), l.ver)
	}
	if game.JointTurn(l.Current) {
		return l.nextJoint(afterAI)
	}
	mover := l.Current.ToMove()
	if l.isGGP(mover) {
		return nil // its reply plays (onGGPEvent)
	}
	if !l.isAI(mover) {
		if l.forcedPass() {
			name := l.v.RoleName(mover)
			cmd, _ := l.Play(game.Noop)
			l.Status.SetStatus(name+" has no legal move and passes", false)
			return cmd
		}
		return nil
	}
	if l.Paused || l.Job != nil {
		return nil
	}
	delay := l.c.Opts.AIDelay
	if delay == 0 {
		delay = 600 * time.Millisecond
	}
	if afterAI && delay > 0 {
		v := l.ver
		return tea.Tick(delay, func(time.Time) tea.Msg { return aiStartMsg{v} })
	}
	return l.startAI(false)
}

func (l *LocalMatch) forcedPass() bool {
	legal := l.Current.Legal(nil)
	return len(legal) == 1 && legal[0] == game.Noop
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
	if l.Loser != game.NoRole {
		// The resignation is the last thing done: take it back alone.
		l.Loser = game.NoRole
		save := l.keepCmd(reopen)
		l.Status.SetStatus("resignation taken back", false)
		return tea.Batch(save, l.next(false))
	}
	if len(l.Moves) == 0 {
		l.Status.SetStatus("nothing to undo", true)
		return l.next(false)
	}
	l.CancelJob()
	pop := func() {
		steps := game.SplitTurns(l.Begin, l.Moves)
		last := steps[len(steps)-1]
		l.redoList = append(l.redoList, append([]game.Move(nil), last...))
		l.Moves = l.Moves[:len(l.Moves)-len(last)]
	}
	pop()
	l.Rebuild()
	if !l.allAI() {
		for len(l.Moves) > 0 && !game.JointTurn(l.Current) && (l.isAI(l.Current.ToMove()) || l.forcedPass()) {
			pop()
			l.Rebuild()
		}
	} else {
		l.Paused = true
	}
	save := l.keepCmd(reopen)
	l.Status.SetStatus(fmt.Sprintf("undone: back to move %d", len(game.SplitTurns(l.Begin, l.Moves))), false)
	return tea.Batch(save, l.next(false))
}

// redoTurn replays undone actions up to the next position where a person
// is to move.
func (l *LocalMatch) redoTurn() tea.Cmd {
	if len(l.redoList) == 0 {
		l.Status.SetStatus("nothing to redo", true)
		return nil
	}
	l.CancelJob()
	step := func() bool {
		turn := l.redoList[len(l.redoList)-1]
		if len(turn) != game.TurnSize(l.Current) || !game.LegalTurn(l.Current, turn) {
			l.redoList = nil
			return false
		}
		l.redoList = l.redoList[:len(l.redoList)-1]
		game.ApplyTurn(l.Current, turn)
		l.Moves = append(l.Moves, turn...)
		return true
	}
	l.Joint.reset(len(l.v.Roles))
	if step() {
		for len(l.redoList) > 0 && !game.JointTurn(l.Current) && !l.Current.Terminal() && (l.isAI(l.Current.ToMove()) || l.forcedPass()) && !l.allAI() {
			if !step() {
				break
			}
		}
	}
	l.ver++
	l.HasHint = false
	save := l.save()
	l.Status.SetStatus(fmt.Sprintf("redone: move %d", len(game.SplitTurns(l.Begin, l.Moves))), false)
	if len(l.redoList) == 0 {
		return tea.Batch(save, l.next(false))
	}
	return save
}

// Resign takes role r out of the game: in a game where the others play
// on (game.Retirer, without GGP players, who could not be told) it is a
// move of the game (see retire); otherwise the game ends, r losing and
// every other role sharing the win.
func (l *LocalMatch) Resign(r game.Role) tea.Cmd {
	if r == game.NoRole {
		return nil
	}
	if game.CanRetire(l.Current, r) && !l.hasGGPSeat() {
		return l.retire(r)
	}
	l.Loser = r
	l.CancelJob()
	l.Status.SetStatus(l.endStatus(), false)
	return l.save()
}

// retire plays role r's resignation as a move of the game, so that
// undo, saves and review have it with the others: r's turns are passed
// from now on, its goal is 0, and the game ends when one player is left.
func (l *LocalMatch) retire(r game.Role) tea.Cmd {
	l.CancelJob()
	if err := game.PlayResign(l.Current, r); err != nil {
		l.Status.SetStatus(err.Error(), true)
		return nil
	}
	l.Moves = append(l.Moves, game.ResignMove(r))
	l.redoList = nil
	l.Joint.reset(len(l.v.Roles))
	l.ver++
	l.HasHint = false
	if !l.Ended() {
		l.Status.SetStatus(l.v.RoleName(r)+" resigned and drops out: its turns are passed, the others play on", false)
	}
	return tea.Batch(l.next(false), l.save())
}

// TogglePause pauses the AI seats or resumes them.
func (l *LocalMatch) TogglePause() tea.Cmd {
	what := "AI"
	switch {
	case l.clock.Clocks != nil && !l.hasAISeat():
		what = "clocks" // a game at one keyboard with clocks pauses them
	case !l.hasAISeat():
		return nil
	}
	l.Paused = !l.Paused
	if l.Paused {
		l.stopClock()
		l.CancelJob()
		l.Status.SetStatus(what+" paused: p resumes", false)
		return nil
	}
	l.Status.SetStatus(what+" resumed", false)
	return l.next(false)
}

// Result describes the end of the game.
func (l *LocalMatch) Result() string {
	if l.Loser == game.NoRole {
		return common.ResultWithReason(l.Current)
	}
	how := " resigned: "
	if l.clock.onTime {
		how = " lost on time: "
	}
	var w []string
	for i, r := range l.v.Roles {
		if game.Role(i) != l.Loser {
			w = append(w, r)
		}
	}
	if len(w) == 1 {
		return l.v.RoleName(l.Loser) + how + w[0] + " wins"
	}
	return l.v.RoleName(l.Loser) + how + game.JoinAnd(w) + " share the win"
}
