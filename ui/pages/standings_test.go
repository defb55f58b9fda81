package pages

import (
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui/common"
)

// storeStandings are ratings in a store: read inside Update (updating),
// they fail the test, since a slow store would freeze the screen.
type storeStandings struct {
	t        *testing.T
	updating atomic.Bool
}

func (f *storeStandings) read(what string) {
	if f.updating.Load() {
		f.t.Errorf("%s: the ratings were read inside Update", what)
	}
}

func (f *storeStandings) Leaderboard(v string) ([]common.Standing, error) {
	f.read("leaderboard " + v)
	return []common.Standing{{ID: "SHA256:bob", Name: "bob", Rating: 1662, Games: 1}}, nil
}

func (f *storeStandings) Page(id string) (common.PlayerPage, error) {
	f.read("page " + id)
	return common.PlayerPage{Name: "bob", Recent: []common.PastGame{{ID: "g1", Variant: "quad5", Players: "ana v bob"}}}, nil
}

func (f *storeStandings) Game(id string) (savefmt.SavedGame, error) {
	f.read("game " + id)
	return savefmt.SavedGame{Variant: "quad5", Seats: []savefmt.SeatConfig{{Name: "ana"}, {Name: "bob"}}}, nil
}

// The ratings (leaderboards, a player's page, a past game) are read in
// commands, never in Update; the screen says it is reading meanwhile.
// (With them read in Update, each read failed "read inside Update".)
func TestRatingsAreReadInCommands(t *testing.T) {
	t.Parallel()
	c, _ := doorCommon(t)
	fs := &storeStandings{t: t}
	c.Opts.Standings = fs
	var s common.Screen = NewStandings(c)
	// step hands msg to the screen and the answer of its command back;
	// reads says the screen shows it is reading meanwhile.
	step := func(msg tea.Msg, cmd tea.Cmd, reads bool) {
		if msg != nil {
			fs.updating.Store(true)
			s, cmd = s.Update(msg)
			fs.updating.Store(false)
		}
		if cmd == nil {
			t.Fatalf("no command after %v", msg)
		}
		if reads && !strings.Contains(s.View(), "reading the ratings…") {
			t.Fatalf("the screen does not say it reads:\n%s", s.View())
		}
		answer := cmd()
		fs.updating.Store(true)
		s, _ = s.Update(answer)
		fs.updating.Store(false)
	}
	step(nil, s.Init(), true)
	if !strings.Contains(s.View(), "bob") {
		t.Fatalf("leaderboard:\n%s", s.View())
	}
	step(press("l"), nil, true)     // the next game's leaderboard
	step(press("enter"), nil, true) // bob's page
	if !strings.Contains(s.View(), "ana v bob") {
		t.Fatalf("bob's page:\n%s", s.View())
	}
	step(press("enter"), nil, false) // the game, in review
	if _, ok := s.(interface{ Reviewing() bool }); !ok {
		t.Fatalf("the game did not open: %T\n%s", s, s.View())
	}
}
