package rooms

import (
	"errors"
	"fmt"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
)

var _ roomapi.Resigner = (*member)(nil)

// isResignation reports whether mv is a resignation (see Resign).
func isResignation(mv game.Move) bool {
	_, ok := game.Resigner(mv)
	return ok
}

// Resign gives up the game for role, one of this member's seats. Where
// the others play on (table.Retiring: Tic-Tac-Chess for four) the
// resignation is stored and replayed as a move, so that restarts and
// other nodes keep it, and the game ends only when one player is left;
// otherwise it ends the game now, the others sharing the win.
func (m *member) Resign(role game.Role) error {
	r := m.room
	r.writing.Lock()
	defer r.writing.Unlock()
	retire, err := m.checkResign(role)
	if err != nil {
		return err
	}
	if retire {
		_, err = r.playMove(game.ResignMove(role), int(role), m)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.recoverPanic("resign")
	if err != nil {
		r.changed("") // a reload may have changed the room
		return err
	}
	note := ""
	switch {
	case retire:
		if note = r.finishIfOver(); note == "" {
			note = m.player.Name + " resigned (" + r.v.RoleName(role) + "): the others play on"
		}
	case r.rec.Finished:
		return game.ErrGameOver // ended meanwhile
	default:
		note = r.resignEnds(role)
	}
	r.changed(note)
	return nil
}

// checkResign says whether role's resignation lets the game go on
// without it, or why this member cannot resign it.
func (m *member) checkResign(role game.Role) (retire bool, err error) {
	r := m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.closed:
		return false, errors.New("the room has closed")
	case m.left:
		return false, errors.New("you left the room")
	case r.rec.Finished || r.t.Over():
		return false, game.ErrGameOver
	case !r.rec.Started:
		return false, errors.New("waiting for players")
	case int(role) < 0 || int(role) >= len(r.holders) || !r.plays(m, int(role)):
		return false, fmt.Errorf("you do not play %s here", r.v.RoleName(role))
	}
	return r.t.Retiring(), nil
}

// resignEnds ends the game at role's resignation: role loses, the
// others share the win. Called with mu held.
func (r *room) resignEnds(role game.Role) string {
	goals := make([]int, len(r.rec.Seats))
	var winners []string
	for i := range goals {
		if i != int(role) {
			goals[i] = game.MaxGoal
			winners = append(winners, r.v.RoleName(game.Role(i)))
		}
	}
	verb := " wins"
	if len(winners) > 1 {
		verb = " share the win"
	}
	note, _ := r.finish(goals, r.v.RoleName(role)+" resigned: "+game.JoinAnd(winners)+verb, "resigned")
	return note
}

// allRetired reports whether every one of roles has resigned and dropped
// out of the game. Called with mu held.
func (r *room) allRetired(roles []game.Role) bool {
	rt, ok := r.pos().(game.Retirer)
	for _, role := range roles {
		ok = ok && rt.Retired(role)
	}
	return ok
}
