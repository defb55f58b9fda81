package match

import (
	"errors"
	"fmt"
	"time"

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
	// n numbers it among the moves this client sent; text is its name;
	// seen is the room's version when it was sent; noticed is set once
	// the status says it is on its way (see slow).
	n       uint64
	text    string
	seen    uint64
	noticed bool
}

// slowAnswer is how long a move may be on its way before the status
// says so. The board shows the move played as soon as it is sent, and a
// store answers well within this, so a player is not shown a "sending"
// line that the answer replaces a moment later (a second frame for
// nothing, for each of the many moves a server's rooms play); a slow or
// failing store is still seen to be slow.
const slowAnswer = time.Second

// roomSlowMsg comes slowAnswer after move n was sent.
type roomSlowMsg struct{ n uint64 }

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
	r.sends++
	r.pending = &sending{move: m, base: len(r.played), after: after,
		played: append(r.played[:len(r.played):len(r.played)], m), n: r.sends, text: text, seen: r.view.Version}
	r.ver++ // the board draws the move, pending
	// The status line says whose turn it is now, as it will once the
	// room has the move (see slowAnswer).
	r.status.SetStatus("", false)
	room, n, answered := r.room, r.sends, make(chan struct{})
	return tea.Batch(send(func() error { defer close(answered); return room.Play(m) }, true),
		slowNotice(n, answered)), nil
}

// slowNotice is a command that brings roomSlowMsg for move n if the room
// has not answered it (answered is closed) within slowAnswer, and
// nothing otherwise: a move answered in time costs no message.
func slowNotice(n uint64, answered <-chan struct{}) tea.Cmd {
	return func() tea.Msg {
		t := time.NewTimer(slowAnswer)
		defer t.Stop()
		select {
		case <-answered:
			return nil
		case <-t.C:
			return roomSlowMsg{n}
		}
	}
}

// slow says that the move sent is still on its way, unless the room
// answered it.
func (r *RoomMatch) slow(msg roomSlowMsg) {
	p := r.pending
	if p == nil || p.n != msg.n {
		r.quiet = true
		return
	}
	p.noticed = true
	r.status.SetStatus("sending "+p.text+" to the room…", false)
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
		if rv.Version == p.seen+1 && !p.noticed {
			r.view.Note = rv.Note
		}
		r.apply(rv)
		if p.noticed {
			r.status.SetStatus(r.view.Note, false) // "sending" gives way
		}
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
