package ui

import "github.com/tabletop/tabletop/ui/common"

// The client's options and the services a host plugs into it are
// declared in ui/common, where every screen reads them; these names are
// the client's API for its hosts (main, the server, the command line).
type (
	// Options configures one client (see common.Options).
	Options = common.Options
	// Start asks the client to skip the menu (see common.Start).
	Start = common.Start
	// NoticeMsg is a message the host sends into a running client (see
	// common.NoticeMsg).
	NoticeMsg = common.NoticeMsg
	// TurnNoticeMsg is the host's word that it became the player's move
	// in another room (see common.TurnNoticeMsg).
	TurnNoticeMsg = common.TurnNoticeMsg
	// Standings is a server's ratings and finished games (see
	// common.Standings).
	Standings = common.Standings
	// Standing is one line of a leaderboard.
	Standing = common.Standing
	// PlayerPage is a player's own page.
	PlayerPage = common.PlayerPage
	// VariantRating is a player's rating in one game.
	VariantRating = common.VariantRating
	// Tally is a record of wins, losses and draws (a player's page).
	Tally = common.Tally
	// PastGame is one finished game on a player's page.
	PastGame = common.PastGame
	// QuickMatch is a server's "play anyone" queue (see
	// common.QuickMatch).
	QuickMatch = common.QuickMatch
	// Analyst is the evaluation service of review and the analysis
	// board (see common.Analyst).
	Analyst = common.Analyst
)
