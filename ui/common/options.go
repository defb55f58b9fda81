package common

import (
	"context"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
)

// Start asks the client to skip the menu.
type Start struct {
	// Variant opens the board of this variant directly ("" = menu).
	Variant string
	// Seats by role name; roles not given get the defaults (the first
	// role human, the others AI hard).
	Seats map[string]savefmt.SeatConfig
	// Position is a position string to start from ("" = the start).
	Position string
	// Load opens a saved game file (ignored when Options.Remote).
	Load string
	// Sheet opens the game of this rule sheet file, with Seats and
	// Position as for Variant; it loads with a progress line (ignored
	// when Options.Remote).
	Sheet string
	// Game opens this game in review at its last move, finished or not:
	// a game read from another format, such as a GGP match record
	// (ignored when Options.Remote).
	Game *savefmt.SavedGame
	// Join enters the room with this code (needs Options.Lobby).
	Join string
}

// Options configures one client.
type Options struct {
	// ColorProfile is the terminal's colour profile when it is known
	// before the program starts (over SSH, from the session's
	// environment); the program's tea.ColorProfileMsg sets it otherwise.
	// It picks the monochrome theme for a terminal without colour.
	ColorProfile colorprofile.Profile
	// Store keeps the saved game; nil uses a file in
	// os.UserConfigDir()/tabletop (see savefmt.NewFileStore).
	Store savefmt.SaveStore
	// Lobby, when set, adds Create room / Join room / Room list.
	Lobby roomapi.Lobby
	// Standings, when set, adds Ratings: leaderboards and the player's page.
	Standings Standings
	// QuickMatch, when set with a Lobby and the player has a key, adds
	// Play anyone: a queue per game.
	QuickMatch QuickMatch
	// Player is the person at this client.
	Player roomapi.Player
	// Mouse enables mouse input (cell motion); off leaves the terminal's
	// own text selection working.
	Mouse bool
	// ASCII draws 7-bit glyphs only and no colour.
	ASCII bool
	// Theme is the initial theme name (see themes.Names); "" = default.
	Theme string
	// Remote disables everything local-only: --load paths and the local
	// file store default. Over SSH set it.
	Remote bool
	// Start skips the menu.
	Start Start
	// AIDelay is the pause before an AI move that follows another AI
	// move, so AI-vs-AI games can be watched; 0 means 600ms, negative none.
	AIDelay time.Duration
	// Seed seeds the AI's deliberate imperfection (0 = from the clock).
	Seed uint64
	// AISlots, when set, bounds the AI searches running at once across
	// every client sharing it: a search waits for a free slot (the board
	// says so and stays responsive). A server sets one for all sessions.
	AISlots *ai.Slots
	// AIThreads caps the worker goroutines of each search (0 = the
	// level's choice). A server hosting many players sets 1.
	AIThreads int
	// Context ends with the client (a server's session): the AI searches
	// the client started, running or waiting for a slot, end with it.
	// nil never ends.
	Context context.Context
	// OnFinished, when set, keeps a local game that has ended (a game
	// record) and says where, e.g. a file name; only once it did is the
	// game's save removed. nil keeps nothing.
	OnFinished func(savefmt.FinishedGame) (where string, err error)
	// Settings keeps the theme, mouse, AI time and last seats between
	// runs; nil uses a file in os.UserConfigDir()/tabletop unless Remote.
	Settings savefmt.SettingsStore
	// AIBudget is the AI's time per move (0: the remembered setting, else
	// each level's own), e.g. from play --budget.
	AIBudget time.Duration
	// GGPStartClock and GGPPlayClock are the clocks of GGP players at
	// the table (0: 10 s and 5 s).
	GGPStartClock, GGPPlayClock time.Duration
	// SheetDir is the folder of the user's own rule sheets: they load in
	// the background, and the menu lists each, a broken one with its
	// error (ignored when Remote).
	SheetDir string
	// NoAIOnlyGames refuses local games without a person at the keyboard
	// (every seat the AI or a GGP player): they would spend the host's
	// CPU with nobody playing. A server sets it for guests.
	NoAIOnlyGames bool
	// Analyst is the evaluation of review's per-move values and of the
	// analysis board (nil: an ai.Analyzer of the client's own, the
	// service `tabletop analyze` uses).
	Analyst Analyst
}

// NoAIOnlyGame is the word when Options.NoAIOnlyGames refuses a game.
const NoAIOnlyGame = "games of the AI against itself are not offered here: make one seat Human"

// AIOnly reports whether no seat is a person at this keyboard.
func AIOnly(seats []savefmt.SeatConfig) bool {
	for _, sc := range seats {
		if !sc.AI && sc.GGP == "" {
			return false
		}
	}
	return true
}

// DefaultSeats is you against the AI at hard: the first role human.
func DefaultSeats(c *Common, v *game.Variant) []savefmt.SeatConfig {
	seats := make([]savefmt.SeatConfig, len(v.Roles))
	for i := range seats {
		if i == 0 {
			seats[i] = savefmt.SeatConfig{Name: c.Opts.Player.Name}
		} else {
			seats[i] = savefmt.SeatConfig{AI: true, Level: ai.Hard}
		}
	}
	return seats
}

// Standings is what a server keeps of its players' ratings and games.
// Set in Options.Standings, it adds "Ratings" to the menu: a leaderboard
// per game and, for a player with a key, their own page.
type Standings interface {
	// Leaderboard returns a variant's best rated players, highest first.
	Leaderboard(variant string) ([]Standing, error)
	// Page returns a player's page: their ratings with their history,
	// their most recent finished games and, when it is another's page,
	// the client's player's record against them.
	Page(playerID string) (PlayerPage, error)
	// Game returns a finished game as a record, to open in review.
	Game(id string) (savefmt.SavedGame, error)
}

// Standing is one line of a leaderboard.
type Standing struct {
	ID                string // the player's key, whose page Page returns
	Name              string
	Rating, Deviation float64
	Games             int
}

// PlayerPage is a player's page.
type PlayerPage struct {
	Name    string
	Ratings []VariantRating
	Recent  []PastGame
	// Versus is the client's player's record against this one: wins,
	// losses and draws as the client's player counts them; nil on their
	// own page, or for a guest.
	Versus *Tally
}

// Tally is a record of wins, losses and draws.
type Tally struct{ Wins, Losses, Draws int }

// VariantRating is a player's rating in one game.
type VariantRating struct {
	Variant           string
	Rating, Deviation float64
	Games             int
	// History is the rating after each of the latest rated games, oldest
	// first, drawn as a sparkline.
	History []float64
}

// PastGame is one finished game on a player's page.
type PastGame struct {
	ID       string
	Variant  string
	Players  string // who played, e.g. "ana v bob"
	Result   string
	Change   float64 // the player's rating change; 0 when unrated
	Rated    bool
	Finished time.Time
}

// QuickMatch is a server's "play anyone": a queue per game that pairs
// waiting players with a key by rating. Set in Options.QuickMatch (with
// a Lobby), it adds "Play anyone" to the menu.
type QuickMatch interface {
	// Enqueue puts the player in the game's queue.
	Enqueue(variant string) error
	// Poll pairs what can be paired and returns the code of the player's
	// new room once they are matched ("" until then) and the names of the
	// players waiting in the queue.
	Poll(variant string) (code string, waiting []string, err error)
	// Cancel takes the player out of the queue.
	Cancel()
}

// Analyst is the evaluation service of review and the analysis board:
// ai.Analyzer's Analyze (see there). One Analyst serves one client at a
// time: it remembers the positions it proved, so that review and the
// analysis board agree on each.
type Analyst interface {
	Analyze(ctx context.Context, s game.State, opt ai.AnalysisOptions, report func(ai.Analysis)) ai.Analysis
}

// Analyst is the client's evaluation service, made on first use.
func (c *Common) Analyst() Analyst {
	if c.Opts.Analyst == nil {
		c.Opts.Analyst = ai.NewAnalyzer()
	}
	return c.Opts.Analyst
}
