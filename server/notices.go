package server

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/ui"
)

// Correspondence play: a key holder hears, when a session starts, in how
// many of their games it is their move, and during the session when it
// becomes their move in a room they are not looking at.

// followTurns sends the session's player their turn notices until the
// session ends. Called once the session's program exists.
func (s *Server) followTurns(gs *gameSession) {
	if gs.player.ID == "" {
		return // a guest has no games across sessions
	}
	n := 0
	for _, g := range s.lobby.YourGames(gs.player) {
		if g.YourTurn {
			n++
		}
	}
	if n > 0 {
		gs.notice(fmt.Sprintf("your move in %d game%s: the room list shows your games first", n, plural(n)))
	}
	stop := s.lobby.WatchTurns(gs.player, func(tn rooms.TurnNotice) {
		// Called under the room's lock: nothing here blocks.
		if gs.lobby.in(tn.Code) {
			return // the board shows it already
		}
		gs.send(ui.TurnNoticeMsg(fmt.Sprintf("your move in room %s (%s): %s moved", tn.Code, tn.Variant, tn.Opponent)))
	})
	gs.lobby.atEnd(stop)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// in reports whether the session is in the room with the code.
func (s *sessionLobby) in(code string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for r := range s.rooms {
		if strings.EqualFold(r.Code(), code) {
			return true
		}
	}
	return false
}
