package match

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/ui/common"
)

// A room's move, resignation and leave, as this client sends them: the
// room's calls write to the server's store (a database over the network,
// on another node perhaps), so they run in commands, off the UI
// goroutine, and come back as roomSentMsg. The move is checked at once
// against the position shown, with the game, so an illegal one is
// refused with its reason before anything is sent; while it is out the
// board shows it as pending (sending), and no other move is sent.

// ErrSending refuses to send a move while this client's last move is on
// its way: the room must take them in order. The board keeps such a move
// as a premove, played once the room has answered (Pentago's rotation,
// typed right after the placement, must not be lost).
var ErrSending = errors.New("your move is on its way to the room: wait for it")

// sending is a move of this client's the room has not answered yet.
type sending struct {
	move game.Move
	// base is how many of the room's moves the client had followed when
	// it was sent; after is the position with it played, played the
	// moves so far with it.
	base   int
	after  game.State
	played []game.Move
}

// roomSentMsg is the room's answer to a move, a resignation or a leave
// this client sent: nil, or why the room refused it.
type roomSentMsg struct {
	err error
	// move is set for a move: the answer ends its pending state.
	move bool
}

// send runs the room's call f in a command that reports its answer.
func send(f func() error, move bool) tea.Cmd {
	return func() tea.Msg { return roomSentMsg{err: f(), move: move} }
}

// Play is part of Match: the move is checked with the game against the
// position shown, shown as sending, and sent to the room in a command.
func (r *RoomMatch) Play(m game.Move) (tea.Cmd, error) {
	if err := r.checkMove(m); err != nil {
		return nil, err
	}
	after := r.current.Clone()
	text := common.MoveName(r.current, m)
	if err := game.Play(after, m); err != nil {
		return nil, err
	}
	r.pending = &sending{move: m, base: len(r.played), after: after,
		played: append(r.played[:len(r.played):len(r.played)], m)}
	r.ver++ // the board draws the move, pending
	r.status.SetStatus("sending "+text+" to the room…", false)
	room := r.room
	return send(func() error { return room.Play(m) }, true), nil
}

// checkMove says why this client may not play now, without asking the
// room: a move already on its way, a game over, another's turn.
func (r *RoomMatch) checkMove(m game.Move) error {
	switch turn := r.current.ToMove(); {
	case r.pending != nil:
		return ErrSending
	case r.Ended():
		return game.ErrGameOver
	case len(r.view.You) == 0:
		return errors.New("you are watching this game")
	case !r.mine(turn):
		return fmt.Errorf("it is %s's turn", r.variant.RoleName(turn))
	}
	return nil
}

// sent takes the room's answer to what this client sent: the room's view
// is read again (a read of the room's memory, no store), and a refusal
// is shown. A refused move is gone from the board with the view.
func (r *RoomMatch) sent(msg roomSentMsg) {
	if msg.move {
		if r.pending != nil {
			r.ver++
		}
		r.pending = nil
	}
	r.Refresh()
	switch {
	case msg.err != nil:
		r.status.SetStatus(msg.err.Error(), true)
	case msg.move:
		// "sending" gives way to the room's note ("ana played r3c3"),
		// which an update may have shown already.
		r.status.SetStatus(r.view.Note, false)
	}
}

// Resign gives up role's game in the room, where the room takes
// resignations (roomapi.Resigner): in Tic-Tac-Chess for four the role
// drops out and the others play on. It is sent in a command.
func (r *RoomMatch) Resign(role game.Role) tea.Cmd {
	rs, ok := r.room.(roomapi.Resigner)
	if !ok {
		r.status.SetStatus("this room does not take resignations", true)
		return nil
	}
	return send(func() error { return rs.Resign(role) }, false)
}

// Leave is part of Match: the room writes the seats given up, in the
// command.
func (r *RoomMatch) Leave() tea.Cmd {
	r.left.Store(true)
	return common.LeaveRoom(r.room)
}
