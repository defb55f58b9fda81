package board

import (
	tea "charm.land/bubbletea/v2"
	"github.com/tabletop/tabletop/ui/board/analysis"
	"github.com/tabletop/tabletop/ui/common"

	"github.com/tabletop/tabletop/game"
)

// analysisControls are the board's live analysis: turning it on and off,
// following the position shown, its panel, and the analysis board it
// opens.
type analysisControls struct{ b *BoardScreen }

// analysis is the board's analysisControls.
func (b *BoardScreen) analysis() analysisControls { return analysisControls{b} }

// The board's analysis panel: e shows the engine's live analysis of the
// shown position (in review, the reviewed one) in place of the move
// list, and follows the position as it changes; leaving the board or
// turning the panel off stops it.

// analysisKey turns the analysis panel on and off; analysisBoardKey
// opens the analysis board's setup on the shown position.
var (
	analysisKey      = common.Bind([]string{"e"}, "e", "analysis")
	analysisBoardKey = common.Bind([]string{"A"}, "A", "analysis board")
	// analysisHelp is both in one entry of the board's full help.
	analysisHelp = common.Bind([]string{"e", "A"}, "e/A", "analysis")
)

// analysisOff says why the analysis may not be shown now, "" when it
// may: a shared room's game is not analysed while it goes on, where the
// engine would play for a person.
func (ac analysisControls) analysisOff() string {
	b := ac.b
	if b.caps.Unaided == nil {
		return ""
	}
	return b.caps.Unaided.NoAnalysis()
}

// toggleAnalysis turns the panel on or off.
func (ac analysisControls) toggleAnalysis() tea.Cmd {
	b := ac.b
	if why := ac.analysisOff(); why != "" && !b.Analysis.Enabled {
		b.SetStatus(why, true)
		return nil
	}
	cmd := b.Analysis.Toggle(b.Common, b.Game())
	if b.Analysis.Enabled {
		b.SetStatus("analysis on: e turns it off", false)
	} else {
		b.SetStatus("", false)
	}
	return cmd
}

// openAnalysisBoard leaves the board for the analysis board's setup,
// with the shown position in its field.
// The command is leave's: the save written before the board goes.
func (ac analysisControls) openAnalysisBoard() (common.Screen, tea.Cmd) {
	b := ac.b
	if why := ac.analysisOff(); why != "" {
		b.SetStatus(why, true)
		return b, nil
	}
	pos := b.Game().String()
	return OpenAnalysisSetup(b.Common, b.variant, pos), b.Leave()
}

// followAnalysis analyses the shown position when the panel is on and
// it changed (a move, a step of review), stopping the analysis of the
// one before.
func (ac analysisControls) followAnalysis() tea.Cmd {
	b := ac.b
	if !b.Analysis.Enabled {
		return nil
	}
	if why := ac.analysisOff(); why != "" {
		b.Analysis.Enabled = false
		b.Analysis.Stop()
		return nil
	}
	return b.Analysis.Follow(b.Common, b.Game())
}

// gotAnalysis keeps a report of the live analysis. A proven value of the
// reviewed position is review's value of it too, so that the move list
// and the panel never disagree.
func (ac analysisControls) gotAnalysis(msg analysis.Msg) tea.Cmd {
	b := ac.b
	cmd := b.Analysis.Handle(msg)
	s := b.Game()
	if b.Reviewing() && b.Analysis.Done() && b.Analysis.Report().Proven && b.Analysis.Of(s) &&
		b.Review.Turn < len(b.Review.Evals) && analysis.FirstRoleKnown(s) {
		b.Review.Evals[b.Review.Turn] = analysis.FirstRoleValue(s, b.Analysis.Report())
	}
	return cmd
}

// analysisPanel is the panel's lines in place of the move list: a
// heading and the analysis, in h lines of width w.
func (ac analysisControls) analysisPanel(w, h int) []string {
	b := ac.b
	st := b.Common.Styles
	head := st.Title.Render("Analysis")
	if s := b.Game(); s.ToMove() != game.NoRole && !s.Terminal() {
		head += st.Muted.Render(" (" + b.variant.RoleName(s.ToMove()) + " to move)")
	}
	return append([]string{head}, analysis.Lines(st, &b.Analysis, w, h)...)
}
