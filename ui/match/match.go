package match

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// Match is one game as the board screen plays it: a local game, whose
// seats and AI live in this client (LocalMatch), or a shared room, whose
// host checks the moves and runs the AI (RoomMatch). The board screen
// draws the game, takes keys and clicks, and knows whose turn it is only
// through this interface, so what is added for both (review, records,
// clocks) is written once. What only some matches can do (undo, hints,
// pausing the AI, resigning, rematches, saving, handing the keyboard
// over) are the small interfaces below, asked once when the board is
// given its match (see CapsOf).
type Match interface {
	// Position is the current position; the board must not change it.
	Position() game.State
	// Version changes with every change of position or of the moves.
	Version() uint64
	// Replay is the start and every move played, from which the board
	// rebuilds the move list and review any position with the game.
	Replay() (start game.State, moves []game.Move)
	// Ended reports whether the game is over, finished or resigned.
	Ended() bool
	// Result describes the end of the game and why (see
	// game.ResultWithReason), "" while it goes on.
	Result() string
	// Seat is who plays role r, as this client sees it.
	Seat(r game.Role) seatView
	// AI is the state of the AI, for drawing.
	AI() aiView

	// Start begins what the match needs once it is shown: the AI, or
	// the room's updates.
	Start() tea.Cmd
	// Update handles the match's own messages (the AI's, the room's);
	// ok is false for any other message.
	Update(msg tea.Msg) (cmd tea.Cmd, ok bool)
	// Play submits a move of the person at this client; the error says
	// why it was refused.
	Play(m game.Move) (tea.Cmd, error)
	// Leave ends this client's part before the board is left: the AI
	// stops and the game is saved, or the room left. The command reports
	// when what leaving writes is written.
	Leave() tea.Cmd
	// QuitPrompt asks to confirm quitting and says truly what becomes of
	// the game; "" when quitting needs no confirmation.
	QuitPrompt() string
}

// seatView is who plays one role, as this client sees it.
type seatView struct {
	Name string // who plays it
	Mine bool   // a person at this client acts for it
	AI   bool   // this client's AI plays it
	// Status is what the panel says of the seat beyond its name (a GGP
	// player's state), or "".
	Status string
}

// undoer is a match whose moves can be taken back (a local game without
// GGP players: they cannot take a move back).
type undoer interface {
	// Undo goes back to the last position where a person was to move.
	Undo() tea.Cmd
	// Redo replays undone moves up to the next such position.
	Redo() tea.Cmd
}

// hinter is a match whose AI suggests moves to the person to move.
type hinter interface {
	// Hint asks the AI for a move for the person to move.
	Hint() tea.Cmd
	// HintMove is the hint for the current position, if one was found.
	HintMove() (game.Move, bool)
}

// aiControl is a match whose AI seats this client runs: they can be
// paused, and told to move now.
type aiControl interface {
	// TogglePause pauses or resumes the AI seats.
	TogglePause() tea.Cmd
	// MoveNow tells the AI that is thinking to play its best move so far.
	MoveNow()
}

// resigner is a match where a person may resign.
type resigner interface {
	// Resign ends the game: role r loses, every other role shares the win.
	Resign(r game.Role) tea.Cmd
	// Resigned is the role that resigned, NoRole when none did.
	Resigned() game.Role
}

// rematcher is a match that can be set up again, for a rematch or a new
// game like it.
type rematcher interface {
	Setup() (startPos string, seats []savefmt.SeatConfig)
}

// saver is a match that can be written as a save file (save FILE).
type saver interface {
	// Record is the game as a save file holds it, with its result once
	// it is over.
	Record() savefmt.SavedGame
}

// keeper is a match kept in the client's store for Continue.
type keeper interface {
	// Warning is a lasting problem to show when no status is (a save
	// that failed), or "".
	Warning() string
	// ReplaceQuestion is the question to ask before the game's save
	// replaces another game's (a store of one game), or "".
	ReplaceQuestion() string
	// AnswerReplace takes the answer to it.
	AnswerReplace(yes bool) tea.Cmd
}

// HandOver is a match where several people share the keyboard and choose
// at once, each unseen by the others (see match_joint.go).
type handOver interface {
	// PassTo is the role the keyboard must be handed to before it
	// chooses its hidden move, or NoRole.
	PassTo() game.Role
	// TakeKeyboard says the role PassTo named has the keyboard now.
	TakeKeyboard()
}

// suspender is a match with work of its own to stop while the board is
// not shown (its AI); start resumes it.
type suspender interface {
	Suspend()
	// UpdateSuspended takes a message that came while suspended: what
	// the match must not miss is kept for start (a GGP player's reply).
	UpdateSuspended(msg tea.Msg) tea.Cmd
}

// labeller is a match with a word after the game's title ("room K7QX").
type labeller interface{ Label() string }

// unassisted is a match whose players must go without the client's
// engine while the game goes on (a room's game: the others play
// unaided); the analysis is there once it is over.
type unassisted interface {
	// NoAnalysis says why there is no analysis now, or "".
	NoAnalysis() string
}

// quietUpdater is a match that can tell an update that changed nothing
// the board shows (a room's answer confirming the move already drawn, a
// clock tick whose text stays): the board then tells its host that the
// frame after it would be the last one again (common.Common.Quiet).
type quietUpdater interface {
	// Quiet reports whether the last message Update handled changed
	// nothing the board shows.
	Quiet() bool
}

// MatchCaps are the optional interfaces of a match, asked once when the
// board is given the match; nil where the match has none.
type MatchCaps struct {
	Undo     undoer
	Hint     hinter
	AICtl    aiControl
	Resign   resigner
	Rematch  rematcher
	Save     saver
	Keep     keeper
	HandOver handOver
	Suspend  suspender
	Label    labeller
	Unaided  unassisted
	Dealer   Dealer
	Quiet    quietUpdater
}

// CapsOf asks m once for every optional interface.
func CapsOf(m Match) MatchCaps {
	var c MatchCaps
	c.Undo, _ = m.(undoer)
	c.Hint, _ = m.(hinter)
	c.AICtl, _ = m.(aiControl)
	c.Resign, _ = m.(resigner)
	c.Rematch, _ = m.(rematcher)
	c.Save, _ = m.(saver)
	c.Keep, _ = m.(keeper)
	c.HandOver, _ = m.(handOver)
	c.Suspend, _ = m.(suspender)
	c.Label, _ = m.(labeller)
	c.Unaided, _ = m.(unassisted)
	c.Dealer, _ = m.(Dealer)
	c.Quiet, _ = m.(quietUpdater)
	return c
}

// PlayedMove is one move of the game as the move list shows it.
type PlayedMove struct {
	Text  string // short notation
	Mover string // role name
	// Resign is set on a resignation that lets the others play on
	// (game.Retirer): it is not a turn of the game.
	Resign bool
}

// aiView is what the board shows of the AI.
type aiView struct {
	Searching bool // this client's AI is searching (a move or a hint)
	ForHint   bool // the search is for a hint
	Waiting   bool // the search waits for a free AI slot
	Depth     int  // depth reached, 0 before the first report
	Best      game.Move
	Remote    bool // a room's AI is thinking
	Paused    bool
	HasSeat   bool // this client's AI plays a seat
	Clocks    bool // the game has clocks, which p stops too
}

// statusLine is where a match tells the player what happened.
type statusLine interface {
	SetStatus(s string, isErr bool)
	// SetTurnStatus shows a refusal about whose turn it is, cleared by
	// the next move.
	SetTurnStatus(s string)
	CurrentStatus() (s string, isErr bool)
}
