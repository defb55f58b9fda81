package server

import (
	"context"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/server/store"
	"github.com/tabletop/tabletop/ui"
)

// standingsOf serves one session's ratings screens from the storage
// layer: me is the session's key ("" for a guest), whose record against
// another player their page shows.
type standingsOf struct {
	db interface {
		store.PlayerStore
		store.ProfileStore
	}
	me string
}

var _ ui.Standings = standingsOf{}

// standings is the ratings source for the client of the session of key
// me, or nil when the rooms' store is not the storage layer (an
// in-memory server).
func (s *Server) standings(me string) ui.Standings {
	rs, ok := s.cfg.Store.(*RoomStore)
	if !ok {
		return nil
	}
	return standingsOf{db: rs.DB(), me: me}
}

func standingsCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

// Leaderboard implements ui.Standings.
func (s standingsOf) Leaderboard(variant string) ([]ui.Standing, error) {
	ctx, cancel := standingsCtx()
	defer cancel()
	rs, err := s.db.Leaderboard(ctx, variant, 50)
	out := make([]ui.Standing, len(rs))
	for i, r := range rs {
		out[i] = ui.Standing{ID: r.Player, Name: SanitizeName(r.Name), Rating: r.Rating, Deviation: r.Deviation, Games: r.Games}
	}
	return out, err
}

// recentGames is how many finished games a player's page lists, and
// historyPoints how many of the latest ratings its sparklines draw.
const (
	recentGames   = 20
	historyPoints = 24
)

// Page implements ui.Standings.
func (s standingsOf) Page(id string) (ui.PlayerPage, error) {
	ctx, cancel := standingsCtx()
	defer cancel()
	var page ui.PlayerPage
	if p, err := s.db.Player(ctx, id); err == nil {
		page.Name = SanitizeName(p.Name)
	}
	rs, err := s.db.Ratings(ctx, id)
	if err != nil {
		return page, err
	}
	for _, r := range rs {
		vr := ui.VariantRating{Variant: r.Variant, Rating: r.Rating, Deviation: r.Deviation, Games: r.Games}
		points, err := s.db.RatingHistory(ctx, id, r.Variant, historyPoints)
		if err != nil {
			return page, err
		}
		for _, p := range points {
			vr.History = append(vr.History, p.Rating)
		}
		page.Ratings = append(page.Ratings, vr)
	}
	if s.me != "" && s.me != id {
		t, err := s.db.Versus(ctx, s.me, id)
		if err != nil {
			return page, err
		}
		page.Versus = &ui.Tally{Wins: t.Wins, Losses: t.Losses, Draws: t.Draws}
	}
	games, err := s.db.History(ctx, id, recentGames)
	for _, g := range games {
		pg := ui.PastGame{ID: g.ID, Variant: g.Variant, Result: g.Result, Rated: g.Rated, Finished: g.Finished}
		var names []string
		for _, p := range g.Players {
			names = append(names, SanitizeName(p.Name))
			if p.Player == id && p.RatingAfter != 0 {
				pg.Change = p.RatingAfter - p.RatingBefore
			}
		}
		pg.Players = strings.Join(names, " v ")
		page.Recent = append(page.Recent, pg)
	}
	return page, err
}

// Game implements ui.Standings: a finished game as a game record, which
// the board opens in review. A game lost on time is a resignation there.
func (s standingsOf) Game(id string) (savefmt.SavedGame, error) {
	ctx, cancel := standingsCtx()
	defer cancel()
	g, err := s.db.Game(ctx, id)
	if err != nil {
		return savefmt.SavedGame{}, err
	}
	sv := savefmt.SavedGame{Variant: g.Variant, Start: g.Start, Moves: g.Moves, Result: g.Result, Ended: g.Finished}
	v, verr := game.Lookup(g.Variant)
	for _, p := range g.Players {
		seat := savefmt.SeatConfig{Name: SanitizeName(p.Name)}
		if p.Kind == store.SeatAI {
			seat = savefmt.SeatConfig{AI: true, Name: "AI " + SanitizeName(p.Name)}
		}
		sv.Seats = append(sv.Seats, seat)
		if g.Reason != "" && p.Goal == 0 && verr == nil && len(g.Players) == 2 {
			sv.Resigned = v.RoleName(game.Role(p.Seat)) // lost on time, or resigned
		}
	}
	return sv, nil
}
