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
// clocks) is written once.
type match interface {
	// position is the current position; the board must not change it.
	position() game.State
	// version changes with every change of position.
	version() uint64
	// history is every move played, oldest first.
	history() []playedMove
	// replay is the start and every move played, from which review
	// rebuilds any position with the game.
	replay() (start game.State, moves []game.Move)
	// record is the game as a save file holds it, with its result once
	// it is over (for "save FILE").
	record() savefmt.SavedGame
	// ended reports whether the game is over, finished or resigned.
	ended() bool
	// result describes the end of the game and why (see
	// game.ResultWithReason), "" while it goes on.
	result() string
	// resigned is the role that resigned, NoRole when none did.
	resigned() game.Role
	// mine reports whether the person at this client may act for role r.
	mine(r game.Role) bool
	// isAI reports whether this client's AI plays role r.
	isAI(r game.Role) bool
	// seatName names who plays role r.
	seatName(r game.Role) string
	// label is shown after the game's title, e.g. "room K7QX".
	label() string

	// start begins what the match needs once it is shown: the AI, or
	// the room's updates.
	start() tea.Cmd
	// update handles the match's own messages (the AI's, the room's);
	// ok is false for any other message.
	update(msg tea.Msg) (cmd tea.Cmd, ok bool)
	// play submits a move of the person at this client; the error says
	// why it was refused.
	play(m game.Move) (tea.Cmd, error)
	// suspend stops the AI while the board is not shown; start resumes.
	suspend()
	// leave ends this client's part before the board is left: the game
	// is saved, or the room left.
	leave()
	// quitPrompt asks to confirm quitting and says truly what becomes of
	// the game; "" when quitting needs no confirmation.
	quitPrompt() string
	// warning is a lasting problem to show when no status is (a save
	// that failed), or "".
	warning() string

	// offers reports whether the match has an action at all (rooms have
	// no undo, hints or rematch); the actions below do nothing where it
	// does not.
	offers(a matchAction) bool
	// undo goes back to the last position where a person was to move.
	undo() tea.Cmd
	// redo replays undone moves up to the next such position.
	redo() tea.Cmd
	// resign ends the game: role r loses, every other role shares the win.
	resign(r game.Role)
	// hint asks the AI for a move for the person to move.
	hint() tea.Cmd
	// hintMove is the hint for the current position, if one was found.
	hintMove() (game.Move, bool)
	// togglePause pauses or resumes the AI seats.
	togglePause() tea.Cmd
	// moveNow tells the AI that is thinking to play its best move so far.
	moveNow()
	// ai is the state of the AI, for drawing.
	ai() aiView
	// setup is how the game was set up, for a rematch or a new game.
	setup() (startPos string, seats []savefmt.SeatConfig)

	// passTo is the role the keyboard must be handed to before it
	// chooses its hidden move on a turn where several roles choose at
	// once, or NoRole (see match_joint.go).
	passTo() game.Role
	// takeKeyboard says the role passTo named has the keyboard now.
	takeKeyboard()
	// seatStatus is what the panel says of role r's seat beyond its
	// name (a GGP player's state), or "".
	seatStatus(r game.Role) string
}

// matchAction is an action only some matches have.
type matchAction int

const (
	actUndo matchAction = iota
	actRedo
	actHint
	actResign
	actPause
	actNewGame
	actRematch
)

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
	currentStatus() (s string, isErr bool)
}
