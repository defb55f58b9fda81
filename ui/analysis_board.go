package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// The board's analysis panel: e shows the engine's live analysis of the
// shown position (in review, the reviewed one) in place of the move
// list, and follows the position as it changes; leaving the board or
// turning the panel off stops it.

// analysisKey turns the analysis panel on and off; analysisBoardKey
// opens the analysis board's setup on the shown position.
var (
	analysisKey      = bind([]string{"e"}, "e", "analysis")
	analysisBoardKey = bind([]string{"A"}, "A", "analysis board")
	// analysisHelp is both in one entry of the board's full help.
	analysisHelp = bind([]string{"e", "A"}, "e/A", "analysis")
)

// analysisOff says why the analysis may not be shown now, "" when it
// may: a shared room's game is not analysed while it goes on, where the
// engine would play for a person.
func (b *boardScreen) analysisOff() string {
	if b.caps.unaided == nil {
		return ""
	}
	return b.caps.unaided.noAnalysis()
}

// toggleAnalysis turns the panel on or off.
func (b *boardScreen) toggleAnalysis() tea.Cmd {
	if why := b.analysisOff(); why != "" && !b.an.on {
		b.setStatus(why, true)
		return nil
	}
	cmd := b.an.toggle(b.c, b.game())
	if b.an.on {
		b.setStatus("analysis on: e turns it off", false)
	} else {
		b.setStatus("", false)
	}
	return cmd
}

// openAnalysisBoard leaves the board for the analysis board's setup,
// with the shown position in its field.
// The command is leave's: the save written before the board goes.
func (b *boardScreen) openAnalysisBoard() (screen, tea.Cmd) {
	if why := b.analysisOff(); why != "" {
		b.setStatus(why, true)
		return b, nil
	}
	pos := b.game().String()
	return openAnalysisSetup(b.c, b.v, pos), b.leave()
}

// followAnalysis analyses the shown position when the panel is on and
// it changed (a move, a step of review), stopping the analysis of the
// one before.
func (b *boardScreen) followAnalysis() tea.Cmd {
	if !b.an.on {
		return nil
	}
	if why := b.analysisOff(); why != "" {
		b.an.on = false
		b.an.stop()
		return nil
	}
	return b.an.follow(b.c, b.game())
}

// gotAnalysis keeps a report of the live analysis. A proven value of the
// reviewed position is review's value of it too, so that the move list
// and the panel never disagree.
func (b *boardScreen) gotAnalysis(msg analysisMsg) tea.Cmd {
	cmd := b.an.handle(msg)
	s := b.game()
	if b.reviewing() && b.an.done() && b.an.an.Proven && b.an.key == positionKey(s) &&
		b.rv.at < len(b.rv.evals) && firstRoleKnown(s) {
		b.rv.evals[b.rv.at] = firstRoleValue(s, b.an.an)
	}
	return cmd
}

// analysisPanel is the panel's lines in place of the move list: a
// heading and the analysis, in h lines of width w.
func (b *boardScreen) analysisPanel(w, h int) []string {
	st := b.c.st
	head := st.Title.Render("Analysis")
	if s := b.game(); s.ToMove() != game.NoRole && !s.Terminal() {
		head += st.Muted.Render(" (" + b.v.RoleName(s.ToMove()) + " to move)")
	}
	return append([]string{head}, analysisLines(st, &b.an, w, h)...)
}
