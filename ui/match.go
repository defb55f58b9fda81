package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// match is one game as the board screen plays it: a local game, whose
// seats and AI live in this client (localMatch), or a shared room, whose
// host checks the moves and runs the AI (roomMatch). The board screen
// draws the game, takes keys and clicks, and knows whose turn it is only
// through this interface, so what is added for both (review, records,
// clocks) is written once. What only some matches can do (undo, hints,
// pausing the AI, resigning, rematches, saving, handing the keyboard
// over) are the small interfaces below, asked once when the board is
// given its match (see capsOf).
type match interface {
	// position is the current position; the board must not change it.
	position() game.State
	// version changes with every change of position or of the moves.
	version() uint64
	// replay is the start and every move played, from which the board
	// rebuilds the move list and review any position with the game.
	replay() (start game.State, moves []game.Move)
	// ended reports whether the game is over, finished or resigned.
	ended() bool
	// result describes the end of the game and why (see
	// game.ResultWithReason), "" while it goes on.
	result() string
	// seat is who plays role r, as this client sees it.
	seat(r game.Role) seatView
	// ai is the state of the AI, for drawing.
	ai() aiView

	// start begins what the match needs once it is shown: the AI, or
	// the room's updates.
	start() tea.Cmd
	// update handles the match's own messages (the AI's, the room's);
	// ok is false for any other message.
	update(msg tea.Msg) (cmd tea.Cmd, ok bool)
	// play submits a move of the person at this client; the error says
	// why it was refused.
	play(m game.Move) (tea.Cmd, error)
	// leave ends this client's part before the board is left: the AI
	// stops and the game is saved, or the room left. The command reports
	// when what leaving writes is written.
	leave() tea.Cmd
	// quitPrompt asks to confirm quitting and says truly what becomes of
	// the game; "" when quitting needs no confirmation.
	quitPrompt() string
}

// seatView is who plays one role, as this client sees it.
type seatView struct {
	name string // who plays it
	mine bool   // a person at this client acts for it
	ai   bool   // this client's AI plays it
	// status is what the panel says of the seat beyond its name (a GGP
	// player's state), or "".
	status string
}

// undoer is a match whose moves can be taken back (a local game without
// GGP players: they cannot take a move back).
type undoer interface {
	// undo goes back to the last position where a person was to move.
	undo() tea.Cmd
	// redo replays undone moves up to the next such position.
	redo() tea.Cmd
}

// hinter is a match whose AI suggests moves to the person to move.
type hinter interface {
	// hint asks the AI for a move for the person to move.
	hint() tea.Cmd
	// hintMove is the hint for the current position, if one was found.
	hintMove() (game.Move, bool)
}

// aiControl is a match whose AI seats this client runs: they can be
// paused, and told to move now.
type aiControl interface {
	// togglePause pauses or resumes the AI seats.
	togglePause() tea.Cmd
	// moveNow tells the AI that is thinking to play its best move so far.
	moveNow()
}

// resigner is a match where a person may resign.
type resigner interface {
	// resign ends the game: role r loses, every other role shares the win.
	resign(r game.Role) tea.Cmd
	// resigned is the role that resigned, NoRole when none did.
	resigned() game.Role
}

// rematcher is a match that can be set up again, for a rematch or a new
// game like it.
type rematcher interface {
	setup() (startPos string, seats []savefmt.SeatConfig)
}

// saver is a match that can be written as a save file (save FILE).
type saver interface {
	// record is the game as a save file holds it, with its result once
	// it is over.
	record() savefmt.SavedGame
}

// keeper is a match kept in the client's store for Continue.
type keeper interface {
	// warning is a lasting problem to show when no status is (a save
	// that failed), or "".
	warning() string
	// replaceQuestion is the question to ask before the game's save
	// replaces another game's (a store of one game), or "".
	replaceQuestion() string
	// answerReplace takes the answer to it.
	answerReplace(yes bool) tea.Cmd
}

// handOver is a match where several people share the keyboard and choose
// at once, each unseen by the others (see match_joint.go).
type handOver interface {
	// passTo is the role the keyboard must be handed to before it
	// chooses its hidden move, or NoRole.
	passTo() game.Role
	// takeKeyboard says the role passTo named has the keyboard now.
	takeKeyboard()
}

// suspender is a match with work of its own to stop while the board is
// not shown (its AI); start resumes it.
type suspender interface {
	suspend()
	// updateSuspended takes a message that came while suspended: what
	// the match must not miss is kept for start (a GGP player's reply).
	updateSuspended(msg tea.Msg) tea.Cmd
}

// labeller is a match with a word after the game's title ("room K7QX").
type labeller interface{ label() string }

// unassisted is a match whose players must go without the client's
// engine while the game goes on (a room's game: the others play
// unaided); the analysis is there once it is over.
type unassisted interface {
	// noAnalysis says why there is no analysis now, or "".
	noAnalysis() string
}

// matchCaps are the optional interfaces of a match, asked once when the
// board is given the match; nil where the match has none.
type matchCaps struct {
	undo     undoer
	hint     hinter
	aiCtl    aiControl
	resign   resigner
	rematch  rematcher
	save     saver
	keep     keeper
	handOver handOver
	suspend  suspender
	label    labeller
	unaided  unassisted
}

// capsOf asks m once for every optional interface.
func capsOf(m match) matchCaps {
	var c matchCaps
	c.undo, _ = m.(undoer)
	c.hint, _ = m.(hinter)
	c.aiCtl, _ = m.(aiControl)
	c.resign, _ = m.(resigner)
	c.rematch, _ = m.(rematcher)
	c.save, _ = m.(saver)
	c.keep, _ = m.(keeper)
	c.handOver, _ = m.(handOver)
	c.suspend, _ = m.(suspender)
	c.label, _ = m.(labeller)
	c.unaided, _ = m.(unassisted)
	return c
}

// playedMove is one move of the game as the move list shows it.
type playedMove struct {
	text  string // short notation
	mover string // role name
}

// aiView is what the board shows of the AI.
type aiView struct {
	searching bool // this client's AI is searching (a move or a hint)
	forHint   bool // the search is for a hint
	waiting   bool // the search waits for a free AI slot
	depth     int  // depth reached, 0 before the first report
	best      game.Move
	remote    bool // a room's AI is thinking
	paused    bool
	hasSeat   bool // this client's AI plays a seat
}

// statusLine is where a match tells the player what happened.
type statusLine interface {
	setStatus(s string, isErr bool)
	// setTurnStatus shows a refusal about whose turn it is, cleared by
	// the next move.
	setTurnStatus(s string)
	currentStatus() (s string, isErr bool)
}
