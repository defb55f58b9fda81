package ui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// localMatch is a game played in this client: its seats are people at
// this keyboard or this client's AI. It keeps the moves (with undo and
// redo), saves the game for Continue, and runs the AI (match_ai.go).
type localMatch struct {
	c      *common
	v      *game.Variant
	status statusLine
	// spinTick starts the board's spinner with the AI.
	spinTick func() tea.Cmd

	begin    game.State // the position the game started from
	startPos string     // its string when not the variant's start, else ""
	st       game.State // the current position
	// moves is every move played; a joint turn takes one entry per
	// role (see joint.go).
	moves []game.Move
	// redoList is the turns undone, the latest last.
	redoList [][]game.Move
	// joint is the joint turn being collected (match_joint.go).
	joint jointChoice
	seats []savefmt.SeatConfig
	loser game.Role // NoRole unless someone resigned

	// ver changes with every change of position; AI results carry the
	// version they were computed for, so stale ones are dropped.
	ver uint64

	// keeper keeps the game in the store (match_save.go); kept is its
	// latest report, and replace the answer to "replace the saved
	// game?" for a store of one game as this client knows it.
	keeper  *gameKeeper
	kept    keptView
	replace replaceAnswer

	// gm is the Game Manager of the GGP seats (match_ggp.go), nil
	// until the match starts or when no GGP player sits.
	gm *ggpManager
	// suspended is set while another screen is shown; heldGGP are the
	// GGP replies that came meanwhile (see suspend).
	suspended bool
	heldGGP   []ggpEventMsg

	job      *aiJob
	progress ai.Progress
	hinted   game.Move
	hintVer  uint64
	hasHint  bool
	paused   bool
}

// newLocalMatch starts a game from start (startPos is its string when
// it is not the variant's start) with seats.
func newLocalMatch(c *common, v *game.Variant, start game.State, startPos string, seats []savefmt.SeatConfig) *localMatch {
	l := &localMatch{c: c, v: v, begin: start, startPos: startPos, st: start.Clone(),
		seats: append([]savefmt.SeatConfig(nil), seats...), loser: game.NoRole}
	l.keeper = newKeeper(c.store, c.opts.OnFinished, v)
	l.joint.reset(len(v.Roles))
	return l
}

// position is the live position; on a joint turn, as the person
// choosing sees it (see seatTurn).
func (l *localMatch) position() game.State {
	if r := l.chooser(); r != game.NoRole {
		return game.SeatTurn{State: l.st, Role: r}
	}
	return l.st
}

func (l *localMatch) version() uint64     { return l.ver }
func (l *localMatch) resigned() game.Role { return l.loser }
func (l *localMatch) warning() string     { return l.kept.saveErr }

// asMatch is the match the board plays: l, with undo and redo unless a
// GGP player sits at the table (it cannot take a move back).
func (l *localMatch) asMatch() match {
	if l.hasGGPSeat() {
		return l
	}
	return undoableMatch{l}
}

// undoableMatch is a local match whose moves can be taken back.
type undoableMatch struct{ *localMatch }

func (m undoableMatch) undo() tea.Cmd { return m.undoTurn() }
func (m undoableMatch) redo() tea.Cmd { return m.redoTurn() }

func (l *localMatch) setup() (string, []savefmt.SeatConfig) { return l.startPos, l.seats }

// rebuild replays the moves from the start.
func (l *localMatch) rebuild() {
	l.st = l.begin.Clone()
	for i := 0; i < len(l.moves); {
		i += game.ApplyTurn(l.st, l.moves[i:])
	}
	l.joint.reset(len(l.v.Roles))
	l.ver++
	l.hasHint = false
}

func (l *localMatch) replay() (game.State, []game.Move) { return l.begin, l.moves }

func (l *localMatch) ended() bool { return l.st.Terminal() || l.loser != game.NoRole }

func (l *localMatch) isAI(r game.Role) bool {
	if r < 0 || int(r) >= len(l.seats) {
		return false
	}
	return l.seats[r].AI
}

// mine reports whether a person at this keyboard plays role r (not the
// AI nor a GGP player).
func (l *localMatch) mine(r game.Role) bool { return r != game.NoRole && !l.isAI(r) && !l.isGGP(r) }

// allAI reports whether no seat is a person's.
func (l *localMatch) allAI() bool {
	for i := range l.seats {
		if l.mine(game.Role(i)) {
			return false
		}
	}
	return true
}

func (l *localMatch) hasAISeat() bool {
	for i := range l.seats {
		if l.isAI(game.Role(i)) {
			return true
		}
	}
	return false
}

// seat is who plays role r: a person here, this client's AI or a GGP
// player.
func (l *localMatch) seat(r game.Role) seatView {
	return seatView{name: l.seatName(r), mine: l.mine(r), ai: l.isAI(r), status: l.seatStatus(r)}
}

func (l *localMatch) seatName(r game.Role) string {
	if int(r) < len(l.seats) && r >= 0 {
		return l.seats[r].DisplayName()
	}
	return "?"
}

func (l *localMatch) start() tea.Cmd {
	l.suspended = false
	cmds := []tea.Cmd{l.startGGP()}
	for _, msg := range l.heldGGP {
		cmds = append(cmds, l.onGGPEvent(msg))
	}
	l.heldGGP = nil
	return tea.Batch(append(cmds, l.next(false))...)
}

// leave stops the AI and the GGP players and saves the game; the
// command reports when it is saved.
func (l *localMatch) leave() tea.Cmd {
	l.cancelJob()
	l.abortGGP()
	return l.save()
}

// quitPrompt asks to confirm quitting a game in progress and says truly
// what becomes of it.
func (l *localMatch) quitPrompt() string {
	const choice = "; y to quit, any other key to stay"
	switch {
	case l.ended() || len(l.moves) == 0:
		return ""
	case l.hasGGPSeat():
		return "quit? a game with a GGP player is not saved" + choice
	case l.replace == replaceNo:
		return "quit? this game is not saved (you kept the other saved game)" + choice
	case l.c.store == nil:
		return "quit? this game is not saved" + choice
	case l.kept.saveErr != "":
		return "quit? the game is not saved (" + l.kept.saveErr + ")" + choice
	case savefmt.SessionOnly(l.c.store):
		return "quit? without an SSH key the game ends with this session" + choice
	default:
		return "quit? the game is saved for Continue" + choice
	}
}

// play applies a move of a person at this client and starts whatever
// comes next.
func (l *localMatch) play(m game.Move) (tea.Cmd, error) {
	if game.JointTurn(l.st) {
		return l.chooseJoint(m)
	}
	if err := game.Play(l.st, m); err != nil {
		return nil, err
	}
	l.moves = append(l.moves, m)
	l.redoList = nil
	l.ver++
	l.hasHint = false
	l.status.setStatus("", false)
	// The AI's search (if it is to move) first, then the save.
	return tea.Batch(l.next(l.isAI(l.moverOf(len(l.moves)-1))), l.save()), nil
}

// moverOf returns the role that played move i.
func (l *localMatch) moverOf(i int) game.Role {
	s := l.begin.Clone()
	for _, m := range l.moves[:i] {
		s.Apply(m)
	}
	return s.ToMove()
}

// next starts what the new position needs: the end message, a forced
// pass, or the AI (after a short delay when an AI just moved, so that
// AI-vs-AI games can be followed).
func (l *localMatch) next(afterAI bool) tea.Cmd {
	return tea.Batch(l.pumpGGP(), l.nextLocal(afterAI))
}

// nextLocal is next for the seats of this client.
func (l *localMatch) nextLocal(afterAI bool) tea.Cmd {
	if l.ended() {
		l.cancelJob()
		if s, isErr := l.status.currentStatus(); s == "" || !isErr {
			l.status.setStatus(l.endStatus(), false)
		}
		return prepareResult(l.st.Clone(), l.ver)
	}
	if game.JointTurn(l.st) {
		return l.nextJoint(afterAI)
	}
	mover := l.st.ToMove()
	if l.isGGP(mover) {
		return nil // its reply plays (onGGPEvent)
	}
	if !l.isAI(mover) {
		if l.forcedPass() {
			name := l.v.RoleName(mover)
			cmd, _ := l.play(game.Noop)
			l.status.setStatus(name+" has no legal move and passes", false)
			return cmd
		}
		return nil
	}
	if l.paused || l.job != nil {
		return nil
	}
	delay := l.c.opts.AIDelay
	if delay == 0 {
		delay = 600 * time.Millisecond
	}
	if afterAI && delay > 0 {
		v := l.ver
		return tea.Tick(delay, func(time.Time) tea.Msg { return aiStartMsg{v} })
	}
	return l.startAI(false)
}

func (l *localMatch) forcedPass() bool {
	legal := l.st.Legal(nil)
	return len(legal) == 1 && legal[0] == game.Noop
}

// undoTurn goes back one action; against the AI it goes back to the last
// position where a person was to move.
func (l *localMatch) undoTurn() tea.Cmd {
	// An ending undone is no longer the game's end: the next is kept.
	reopen := keepReq{reopened: l.ended()}
	l.kept.keptAs = ""
	if l.loser != game.NoRole {
		// The resignation is the last thing done: take it back alone.
		l.loser = game.NoRole
		save := l.keepCmd(reopen)
		l.status.setStatus("resignation taken back", false)
		return tea.Batch(save, l.next(false))
	}
	if len(l.moves) == 0 {
		l.status.setStatus("nothing to undo", true)
		return l.next(false)
	}
	l.cancelJob()
	pop := func() {
		steps := game.SplitTurns(l.begin, l.moves)
		last := steps[len(steps)-1]
		l.redoList = append(l.redoList, append([]game.Move(nil), last...))
		l.moves = l.moves[:len(l.moves)-len(last)]
	}
	pop()
	l.rebuild()
	if !l.allAI() {
		for len(l.moves) > 0 && !game.JointTurn(l.st) && (l.isAI(l.st.ToMove()) || l.forcedPass()) {
			pop()
			l.rebuild()
		}
	} else {
		l.paused = true
	}
	save := l.keepCmd(reopen)
	l.status.setStatus(fmt.Sprintf("undone: back to move %d", len(game.SplitTurns(l.begin, l.moves))), false)
	return tea.Batch(save, l.next(false))
}

// redoTurn replays undone actions up to the next position where a person
// is to move.
func (l *localMatch) redoTurn() tea.Cmd {
	if len(l.redoList) == 0 {
		l.status.setStatus("nothing to redo", true)
		return nil
	}
	l.cancelJob()
	step := func() bool {
		turn := l.redoList[len(l.redoList)-1]
		if len(turn) != game.TurnSize(l.st) || !game.LegalTurn(l.st, turn) {
			l.redoList = nil
			return false
		}
		l.redoList = l.redoList[:len(l.redoList)-1]
		game.ApplyTurn(l.st, turn)
		l.moves = append(l.moves, turn...)
		return true
	}
	l.joint.reset(len(l.v.Roles))
	if step() {
		for len(l.redoList) > 0 && !game.JointTurn(l.st) && !l.st.Terminal() && (l.isAI(l.st.ToMove()) || l.forcedPass()) && !l.allAI() {
			if !step() {
				break
			}
		}
	}
	l.ver++
	l.hasHint = false
	save := l.save()
	l.status.setStatus(fmt.Sprintf("redone: move %d", len(game.SplitTurns(l.begin, l.moves))), false)
	if len(l.redoList) == 0 {
		return tea.Batch(save, l.next(false))
	}
	return save
}

// resign ends the game: role r loses and every other role shares the win.
func (l *localMatch) resign(r game.Role) tea.Cmd {
	if r == game.NoRole {
		return nil
	}
	l.loser = r
	l.cancelJob()
	l.status.setStatus(l.endStatus(), false)
	return l.save()
}

// togglePause pauses the AI seats or resumes them.
func (l *localMatch) togglePause() tea.Cmd {
	if !l.hasAISeat() {
		return nil
	}
	l.paused = !l.paused
	if l.paused {
		l.cancelJob()
		l.status.setStatus("AI paused: p resumes", false)
		return nil
	}
	l.status.setStatus("AI resumed", false)
	return l.next(false)
}

// result describes the end of the game.
func (l *localMatch) result() string {
	if l.loser == game.NoRole {
		return resultWithReason(l.st)
	}
	var w []string
	for i, r := range l.v.Roles {
		if game.Role(i) != l.loser {
			w = append(w, r)
		}
	}
	if len(w) == 1 {
		return l.v.RoleName(l.loser) + " resigned: " + w[0] + " wins"
	}
	return l.v.RoleName(l.loser) + " resigned: " + joinNames(w) + " share the win"
}

// joinNames writes "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
