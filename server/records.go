package server

import (
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/server/store"
	"github.com/tabletop/tabletop/table"
)

// recordsFor is the client's ui.Options.OnFinished for player: a key
// holder's finished local game (against the AI, or with a friend at one
// keyboard) goes to the store's history, where the player's page lists it
// beside the room games. Guests keep nothing, and neither does a server
// whose rooms are not in the storage layer: nil.
func (s *Server) recordsFor(p rooms.Player) func(savefmt.FinishedGame) (string, error) {
	rs, ok := s.cfg.Store.(*RoomStore)
	if !ok || p.ID == "" {
		return nil
	}
	db := rs.DB()
	return func(fg savefmt.FinishedGame) (string, error) {
		ctx, cancel := standingsCtx()
		defer cancel()
		if _, err := db.RecordGame(ctx, gameRecord(fg, p)); err != nil {
			return "", err
		}
		return "a game in your history", nil
	}
}

// gameRecord is a finished local game as the store keeps it: the
// session's player in every seat a person played, the AI by its level.
func gameRecord(fg savefmt.FinishedGame, p rooms.Player) store.Game {
	sv := fg.Game
	ended := fg.Ended
	if ended.IsZero() {
		ended = time.Now()
	}
	g := store.Game{Variant: sv.Variant, Start: sv.Start, Result: fg.Result, Moves: sv.Moves, Created: ended, Finished: ended}
	if g.Moves == nil {
		g.Moves = []string{}
	}
	if fg.Resigned != "" {
		g.Reason = "resigned"
	}
	goals := finalGoals(sv.Variant, sv.Start, sv.Moves, fg.Resigned, len(sv.Seats))
	for i, seat := range sv.Seats {
		gp := store.GamePlayer{Seat: i, Kind: store.SeatPlayer, Player: p.ID, Name: p.Name, Goal: goals[i]}
		switch {
		case seat.AI:
			gp = store.GamePlayer{Seat: i, Kind: store.SeatAI, Name: string(seat.Level), Goal: goals[i]}
		case seat.GGP != "":
			gp = store.GamePlayer{Seat: i, Kind: store.SeatAI, Name: "GGP player", Goal: goals[i]}
		}
		g.Players = append(g.Players, gp)
	}
	return g
}

// finalGoals replays a game (package table) to read each seat's goal: 0
// for the role that resigned and 100 for the others; all 0 when the
// moves do not replay or the game is not over.
func finalGoals(variant, start string, moves []string, resigned string, seats int) []int {
	st, err := game.NewState(variant, start)
	if err != nil {
		return make([]int, seats)
	}
	return finalGoalsFrom(st, moves, resigned, seats)
}

// finalGoalsFrom is finalGoals from the game's start position st.
func finalGoalsFrom(st game.State, moves []string, resigned string, seats int) []int {
	goals := make([]int, seats)
	v := st.Variant()
	if resigned != "" {
		for i := range goals {
			if v.RoleName(game.Role(i)) != resigned {
				goals[i] = game.MaxGoal
			}
		}
		return goals
	}
	t, err := table.Replay(st, moves)
	if err == nil {
		copy(goals, t.Goals()) // nil while the game goes on
	}
	return goals
}
