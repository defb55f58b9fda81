package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/savefmt"
)

// fakeStandings serves one leaderboard and one page, and records what was
// asked.
type fakeStandings struct{ asked []string }

func (f *fakeStandings) Leaderboard(variant string) ([]common.Standing, error) {
	f.asked = append(f.asked, variant)
	return []common.Standing{{Name: "bob", Rating: 1662, Deviation: 290, Games: 1}, {Name: "ana", Rating: 1338, Deviation: 290, Games: 1}}, nil
}

func (f *fakeStandings) Page(id string) (common.PlayerPage, error) {
	f.asked = append(f.asked, "page "+id)
	return common.PlayerPage{Name: "ana", Ratings: []common.VariantRating{{Variant: "pentago", Rating: 1338, Deviation: 290, Games: 1}},
		Recent: []common.PastGame{{ID: "g1", Variant: "pentago", Players: "ana v bob", Result: "game over: black wins", Rated: true, Change: -162, Finished: time.Date(2026, 11, 24, 4, 0, 0, 0, time.UTC)}}}, nil
}

func (f *fakeStandings) Game(id string) (savefmt.SavedGame, error) {
	f.asked = append(f.asked, "game "+id)
	v, _ := game.Lookup("pentago")
	s := v.New()
	var moves []string
	for i := 0; i < 4; i++ {
		m := s.Legal(nil)[0]
		moves = append(moves, s.FormatMove(m))
		s.Apply(m)
	}
	return savefmt.SavedGame{Variant: "pentago", Seats: []savefmt.SeatConfig{{Name: "ana"}, {Name: "bob"}}, Moves: moves, Result: "game over: red lost on time", Resigned: "red", Ended: time.Now()}, nil
}

func TestRatingsScreens(t *testing.T) {
	fs := &fakeStandings{}
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Remote: true, Standings: fs, Player: rooms.Player{ID: "SHA256:ana", Name: "ana"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if !strings.Contains(viewText(m), "Ratings") {
		t.Fatalf("menu lacks Ratings:\n%s", viewText(m))
	}
	m.cur = pages.NewStandings(m.c)
	runCmd(m, m.cur.Init()) // the store's answer
	first := fs.asked[0]
	if v := viewText(m); !strings.Contains(v, "bob") || !strings.Contains(v, "1662") {
		t.Fatalf("leaderboard:\n%s", v)
	}
	runCmd(m, press(m, "right")) // the store's answer
	if len(fs.asked) != 2 || fs.asked[1] == first {
		t.Fatalf("→ did not ask for the next game's leaderboard: %v", fs.asked)
	}
	runCmd(m, press(m, "p")) // the store's answer
	if v := viewText(m); !strings.Contains(v, "Recent games") || !strings.Contains(v, "ana v bob") || !strings.Contains(v, "(-162)") {
		t.Fatalf("page:\n%s", v)
	}
	runCmd(m, press(m, "enter")) // the store's answer
	b, ok := m.cur.(*board.BoardScreen)
	if !ok || !b.Reviewing() {
		t.Fatalf("enter on a game opened %T, not the board in review", m.cur)
	}

	// Without a store that keeps ratings there is no such item.
	m = New(common.Options{ColorProfile: colorprofile.ASCII, Remote: true}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if strings.Contains(viewText(m), "Ratings") {
		t.Fatal("Ratings offered without standings")
	}
}

// pagesStandings is a leaderboard of two players whose pages have a
// rating history, and the client's record against the other.
type pagesStandings struct{ fakeStandings }

func (f *pagesStandings) Leaderboard(string) ([]common.Standing, error) {
	return []common.Standing{{ID: "SHA256:bob", Name: "bob", Rating: 1662, Games: 4}, {ID: "SHA256:ana", Name: "ana", Rating: 1338, Games: 4}}, nil
}

func (f *pagesStandings) Page(id string) (common.PlayerPage, error) {
	f.asked = append(f.asked, "page "+id)
	p := common.PlayerPage{Name: strings.TrimPrefix(id, "SHA256:"),
		Ratings: []common.VariantRating{{Variant: "pentago", Rating: 1662, Games: 4, History: []float64{1500, 1560, 1610, 1662}}}}
	if id != "SHA256:ana" {
		p.Versus = &common.Tally{Wins: 1, Losses: 3}
	}
	return p, nil
}

// Enter on the leaderboard opens that player's page: their rating's
// history as a sparkline and the client's record against them; the
// client's own page has no record against itself.
func TestPlayerPageFromTheLeaderboard(t *testing.T) {
	fs := &pagesStandings{}
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Remote: true, Standings: fs, Player: rooms.Player{ID: "SHA256:ana", Name: "ana"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.cur = pages.NewStandings(m.c)
	runCmd(m, m.cur.Init())      // the store's answer
	runCmd(m, press(m, "enter")) // the store's answer
	v := viewText(m)
	if !strings.Contains(v, " bob") || !strings.Contains(v, "▁▃▅█") || !strings.Contains(v, "you against bob: 1 won, 3 lost, 0 drawn") {
		t.Fatalf("bob's page:\n%s", v)
	}
	runCmd(m, press(m, "esc"))   // the store's answer
	runCmd(m, press(m, "down"))  // the store's answer
	runCmd(m, press(m, "enter")) // the store's answer
	if got := fs.asked[len(fs.asked)-1]; got != "page SHA256:ana" {
		t.Fatalf("the second line opened %q", got)
	}
	if v := viewText(m); strings.Contains(v, "you against") {
		t.Fatalf("the client's own page has a record against itself:\n%s", v)
	}
}
