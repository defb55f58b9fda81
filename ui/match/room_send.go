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
	// seen is the room's version when it was sent.
	seen uint64
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
// position shown, shown played (pending until the room answers), and
// sent to the room in a command.
func (r *RoomMatch) Play(m game.Move) (tea.Cmd, error) {
	if err := r.checkMove(m); err != nil {
		return nil, err
	}
	after := r.current.Clone()
	if err := game.Play(after, m); err != nil {
		return nil, err
	}
	r.pending = &sending{move: m, base: len(r.played), after: after,
		played: append(r.played[:len(r.played):len(r.played)], m), seen: r.view.Version}
	r.ver++ // the board draws the move, pending
	// The status line says whose turn it is now, as it will once the room
	// has the move: a store answers within a frame or two, and a
	// "sending" line the answer replaced a moment later was a second
	// frame a move for nothing. (Shown only when the answer was slow, it
	// cost a frame a move exactly when the server was too busy to answer
	// in time.) A move the room refuses is taken back with its reason.
	r.status.SetStatus("", false)
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
// is shown. A refused move is gone from the board with the view. A move
// the room took as it was drawn changes nothing on the screen (see
// took): the update is quiet.
func (r *RoomMatch) sent(msg roomSentMsg) {
	shown := r.shown()
	p := r.pending
	if msg.move {
		r.pending = nil
	}
	rv := r.room.View()
	if msg.move && msg.err == nil && p != nil && r.took(p, rv) {
		// The position drawn is the room's: it is followed as it is,
		// and the room's word on the move ("ana played …") is what
		// this player just did, not news, unless more happened.
		r.current, r.played = p.after, p.played
		if rv.Version == p.seen+1 {
			r.view.Note = rv.Note
		}
		r.apply(rv)
		r.quiet = r.shown() == shown
		return
	}
	if msg.move && p != nil {
		r.ver++
	}
	r.apply(rv)
	switch {
	case msg.err != nil:
		r.status.SetStatus(msg.err.Error(), true)
	case msg.move:
		// The status gives way to the room's note ("ana played r3c3"),
		// which an update may have shown already.
		r.status.SetStatus(r.view.Note, false)
	}
}

// took reports whether the room's view rv is the one this client
// followed with its move p played, and nothing more: the same start, no
// rewrite, p's moves and its position.
func (r *RoomMatch) took(p *sending, rv roomapi.RoomView) bool {
	return r.first != nil && rv.Start == r.startText && rv.Rewrites == r.rewrites &&
		len(r.played) == p.base && len(rv.Moves) == len(p.played) && rv.Position == p.after.String()
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
