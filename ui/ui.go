// Package ui is the Bubble Tea client of tabletop: the menu, match setup,
// the board screens of every game, rules, saving, and shared rooms.
//
// ui never decides a rule: legality, targets and results come from the
// game package, moves from the ai package. No style is global: each
// client draws in its own theme, in full colour, and its Bubble Tea
// program downsamples the colours for its terminal, so one process can
// serve many terminals.
package ui

import (
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
)

// Model is the root model: a common.Shell on the first screen the
// options ask for.
type Model = common.Shell

// New returns the client for one terminal.
func New(opts common.Options) tea.Model {
	c := common.NewCommon(opts)
	return common.NewShell(c, pages.First(c))
}
