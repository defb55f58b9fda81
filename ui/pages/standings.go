package pages

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

var standingsKeys = struct{ Prev, Next, Page, Open, Player, Refresh, Back, Up, Down, ForceOut key.Binding }{
	Prev:    common.Bind([]string{"left", "h"}, "←/→", "game"),
	Next:    common.Bind([]string{"right", "l"}, "→", "next game"),
	Page:    common.Bind([]string{"p"}, "p", "your page"),
	Open:    common.Bind([]string{"enter"}, "enter", "review"),
	Player:  common.Bind([]string{"enter"}, "enter", "player's page"),
	Refresh: common.Bind([]string{"r"}, "r", "refresh"),
	Back:    common.Bind([]string{"esc", "q"}, "esc", "back"),
	Up:      common.KeyUp, Down: common.KeyDown, ForceOut: common.KeyForceOut,
}

// StandingsScreen shows a leaderboard per rated game, or a player's page
// (their own, or one chosen on the leaderboard) with their rating
// history, their recent games, which open in review, and the client's
// player's record against them. The ratings are the server's store, so
// each is read in a command (load, review), never in Update; gen tells
// the answer to the latest read from an older one.
type StandingsScreen struct {
	c        *common.Common
	variants []*game.Variant // games with two or more roles
	vi       int
	page     bool   // a player's page instead of the leaderboard
	whose    string // the key of the player whose page it is
	board    []common.Standing
	bi       int // the selected line of the leaderboard
	mine     common.PlayerPage
	i        int // the selected game on the page
	status   string
	gen      int
	loading  bool // the read of gen is out
}

// standingsMsg is the store's answer to a load: a leaderboard or a page.
type standingsMsg struct {
	gen   int
	board []common.Standing
	mine  common.PlayerPage
	err   error
}

// standingsGameMsg is the store's answer to review: a finished game.
type standingsGameMsg struct {
	gen int
	sv  savefmt.SavedGame
	err error
}

// NewStandings opens the ratings: the leaderboards and the player's
// page, read in its Init's command.
func NewStandings(c *common.Common) *StandingsScreen {
	s := &StandingsScreen{c: c}
	for _, v := range game.Variants() {
		if len(v.Roles) >= 2 {
			s.variants = append(s.variants, v)
		}
	}
	return s
}

// load reads what the screen shows, in a command.
func (s *StandingsScreen) load() tea.Cmd {
	st := s.c.Opts.Standings
	s.status, s.loading = "", true
	s.gen++
	gen, page, whose := s.gen, s.page, s.whose
	variant := ""
	if len(s.variants) > 0 {
		variant = s.variants[s.vi].Name
	}
	return func() tea.Msg {
		msg := standingsMsg{gen: gen}
		switch {
		case page:
			msg.mine, msg.err = st.Page(whose)
		case variant != "":
			msg.board, msg.err = st.Leaderboard(variant)
		}
		return msg
	}
}

// loaded takes the store's answer to the latest load.
func (s *StandingsScreen) loaded(msg standingsMsg) {
	if msg.gen != s.gen {
		return
	}
	s.loading = false
	if s.page {
		s.mine = msg.mine
		s.i = min(s.i, max(len(s.mine.Recent)-1, 0))
	} else {
		s.board = msg.board
		s.bi = min(s.bi, max(len(s.board)-1, 0))
	}
	if msg.err != nil {
		s.status = "ratings: " + msg.err.Error()
	}
}

// Init is part of common.Screen: it reads the leaderboard.
func (s *StandingsScreen) Init() tea.Cmd { return s.load() }

// Update is part of common.Screen.
func (s *StandingsScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case standingsMsg:
		s.loaded(msg)
		return s, nil
	case standingsGameMsg:
		return s.reviewed(msg)
	case tea.KeyPressMsg:
		return s.key(msg)
	}
	return s, nil
}

// key takes a key of the ratings.
func (s *StandingsScreen) key(km tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	k := standingsKeys
	switch {
	case key.Matches(km, k.ForceOut):
		return s, tea.Quit
	case key.Matches(km, k.Back):
		if s.page {
			s.page = false
			return s, s.load()
		}
		return NewMenu(s.c, ""), nil
	case key.Matches(km, k.Page):
		if s.c.Opts.Player.ID == "" {
			s.status = "connect with an SSH key to have ratings and a page"
			return s, nil
		}
		s.page, s.whose, s.i = !s.page, s.c.Opts.Player.ID, 0
		return s, s.load()
	case key.Matches(km, k.Prev, k.Next) && !s.page && len(s.variants) > 0:
		d := 1
		if key.Matches(km, k.Prev) {
			d = len(s.variants) - 1
		}
		s.vi, s.bi = (s.vi+d)%len(s.variants), 0
		return s, s.load()
	case key.Matches(km, k.Refresh):
		return s, s.load()
	case key.Matches(km, k.Up) && !s.page:
		s.bi = max(s.bi-1, 0)
	case key.Matches(km, k.Down) && !s.page:
		s.bi = min(s.bi+1, max(len(s.board)-1, 0))
	case key.Matches(km, k.Up):
		s.i = max(s.i-1, 0)
	case key.Matches(km, k.Down):
		s.i = min(s.i+1, max(len(s.mine.Recent)-1, 0))
	case key.Matches(km, k.Open) && s.page && s.i < len(s.mine.Recent):
		return s.review(s.mine.Recent[s.i].ID)
	case key.Matches(km, k.Player) && !s.page && s.bi < len(s.board) && s.board[s.bi].ID != "":
		s.page, s.whose, s.i = true, s.board[s.bi].ID, 0
		return s, s.load()
	}
	return s, nil
}

// review reads a finished game, in a command; reviewed opens it.
func (s *StandingsScreen) review(id string) (common.Screen, tea.Cmd) {
	if s.loading {
		return s, nil // the line chosen is of the page being read again
	}
	st := s.c.Opts.Standings
	s.gen++
	gen := s.gen
	return s, func() tea.Msg {
		sv, err := st.Game(id)
		return standingsGameMsg{gen: gen, sv: sv, err: err}
	}
}

// reviewed opens the game read on the board, in review.
func (s *StandingsScreen) reviewed(msg standingsGameMsg) (common.Screen, tea.Cmd) {
	if msg.gen != s.gen {
		return s, nil
	}
	err := msg.err
	if err == nil {
		var b *board.BoardScreen
		if b, err = board.BoardFromSave(s.c, msg.sv); err == nil {
			return b, nil
		}
	}
	s.status = "cannot open the game: " + err.Error()
	return s, nil
}

// View is part of common.Screen.
func (s *StandingsScreen) View() string {
	st := s.c.Styles
	var b strings.Builder
	switch {
	case s.loading:
		b.WriteString(st.Title.Render(" Ratings") + "\n\n" + st.Muted.Render(" reading the ratings…") + "\n")
	case s.page:
		s.pageView(&b)
	default:
		s.boardView(&b)
	}
	b.WriteString("\n")
	if s.status != "" {
		b.WriteString(st.Error.Render(" "+s.status) + "\n")
	}
	k := standingsKeys
	if s.page {
		b.WriteString(st.Muted.Render(common.Footer(k.Open, k.Refresh, k.Back)))
	} else {
		b.WriteString(st.Muted.Render(common.Footer(k.Player, k.Prev, k.Page, k.Refresh, k.Back)))
	}
	return b.String()
}

func (s *StandingsScreen) boardView(b *strings.Builder) {
	st := s.c.Styles
	title := " Ratings"
	if len(s.variants) > 0 {
		title += ": " + s.variants[s.vi].Title
	}
	b.WriteString(st.Title.Render(title) + "\n\n")
	if len(s.board) == 0 {
		b.WriteString(st.Muted.Render(" no rated games yet") + "\n")
	}
	for i, r := range s.board {
		line := fmt.Sprintf("%3d. %-20s %5.0f ± %-4.0f %s", i+1, common.Ellipsis(r.Name, 20), r.Rating, r.Deviation, common.Count(r.Games, "game"))
		if i == s.bi {
			b.WriteString(st.Accent.Render(" >"+line) + "\n")
		} else {
			b.WriteString(st.Text.Render("  "+line) + "\n")
		}
	}
}

// sparkWidth is how many of a rating's latest games its sparkline draws.
const sparkWidth = 24

func (s *StandingsScreen) pageView(b *strings.Builder) {
	st := s.c.Styles
	p := s.mine
	b.WriteString(st.Title.Render(" "+p.Name) + "\n\n")
	if len(p.Ratings) == 0 {
		b.WriteString(st.Muted.Render(" no rated games yet") + "\n")
	}
	for _, r := range p.Ratings {
		b.WriteString(st.Text.Render(fmt.Sprintf(" %-14s %5.0f ± %-4.0f %-9s %s", r.Variant, r.Rating, r.Deviation, common.Count(r.Games, "game"),
			common.Sparkline(r.History, sparkWidth))) + "\n")
	}
	if v := p.Versus; v != nil {
		b.WriteString("\n" + st.Text.Render(fmt.Sprintf(" you against %s: %d won, %d lost, %d drawn", p.Name, v.Wins, v.Losses, v.Draws)) + "\n")
	}
	b.WriteString("\n" + st.Title.Render(" Recent games") + "\n")
	if len(p.Recent) == 0 {
		b.WriteString(st.Muted.Render(" none yet") + "\n")
	}
	for i, g := range p.Recent {
		change := ""
		if g.Rated {
			change = fmt.Sprintf(" (%+.0f)", g.Change)
		}
		line := fmt.Sprintf("%s %-12s %s — %s%s", g.Finished.UTC().Format("2006-01-02"), g.Variant, g.Players, g.Result, change)
		b.WriteString(listLine(st, line, i == s.i))
	}
}
