package pages

import (
	"strings"
	"unicode"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// The analysis board: a game and a position, set up or pasted as the
// games' position strings (those of `tabletop rules` and `analyze
// --position`), open on a board where one person plays every side and
// the engine's analysis of the position is shown live.

// positionLimit bounds the position field: the longest position strings
// (a rule sheet's state) are a few thousand characters.
const positionLimit = 8192

// analysisSetup is the screen where the analysis board's game and
// position are chosen.
type analysisSetup struct {
	c        *common.Common
	variants []*game.Variant
	chosen   int // the game chosen
	input    common.Field
	status   string
}

// analysisSetupKeys are the keys of the analysis board's setup.
var analysisSetupKeys = struct {
	Game, Prev, Open, Back, ForceOut key.Binding
}{
	Game:     common.Bind([]string{"up", "down"}, "↑/↓", "game"),
	Prev:     common.Bind([]string{"up"}, "↑", "previous game"),
	Open:     common.Bind([]string{"enter"}, "enter", "analyse"),
	Back:     common.Bind([]string{"esc"}, "esc", "back"),
	ForceOut: common.KeyForceOut,
}

// newAnalysisSetup opens the setup on variant v (nil: the first game)
// with position in the field.
func newAnalysisSetup(c *common.Common, v *game.Variant, position string) *analysisSetup {
	a := &analysisSetup{c: c, variants: game.Variants()}
	for i, w := range a.variants {
		if w == v {
			a.chosen = i
		}
	}
	a.input = common.NewInput(c, "position: ", positionLimit)
	a.input.Placeholder = "the start, or paste a position string"
	a.input.SetValue(position)
	a.input.CursorEnd()
	a.input.Focus()
	a.fit()
	return a
}

// fit makes the position field as wide as the window allows: a long
// position scrolls in it.
func (a *analysisSetup) fit() {
	a.input.SetWidth(max(a.c.Width-len(a.input.Prompt)-3, 10))
}

// Init is part of common.Screen.
func (a *analysisSetup) Init() tea.Cmd { return nil }

// Typing reports whether a text field has the keys (see common.Screen).
func (a *analysisSetup) Typing() bool { return true }

// Update is part of common.Screen.
func (a *analysisSetup) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	if paste, ok := msg.(tea.PasteMsg); ok {
		// A position pasted from analyze, rules or a friend's message:
		// its line breaks are the spaces of one line.
		paste.Content = oneLine(paste.Content)
		a.input.Update(paste)
		a.status = ""
		return a, nil
	}
	if _, ok := msg.(tea.WindowSizeMsg); ok {
		a.fit()
		return a, nil
	}
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return a, nil
	}
	k := analysisSetupKeys
	switch {
	case key.Matches(km, k.ForceOut):
		return a, tea.Quit
	case key.Matches(km, k.Back):
		return newMenu(a.c, ""), nil
	case key.Matches(km, k.Game):
		step := 1
		if key.Matches(km, k.Prev) {
			step = -1
		}
		a.chosen = (a.chosen + step + len(a.variants)) % len(a.variants)
		a.status = ""
		return a, nil
	case key.Matches(km, k.Open):
		return a.open()
	}
	a.input.Update(km)
	return a, nil
}

// open reads the position with the game's own parser and opens the
// analysis board on it; a position the game refuses stays in the field
// with the game's reason.
func (a *analysisSetup) open() (common.Screen, tea.Cmd) {
	v := a.variants[a.chosen]
	pos := strings.TrimSpace(a.input.Value())
	b, err := newAnalysisBoard(a.c, v, pos)
	if err != nil {
		a.status = err.Error()
		return a, nil
	}
	return b, nil
}

// newAnalysisBoard is a board of v from position (the start when "")
// where the person at the keyboard plays every side, with the analysis
// on.
func newAnalysisBoard(c *common.Common, v *game.Variant, position string) (*board.BoardScreen, error) {
	seats := make([]savefmt.SeatConfig, len(v.Roles))
	for i := range seats {
		seats[i] = savefmt.SeatConfig{Name: c.Opts.Player.Name}
	}
	b, err := board.NewBoard(c, v, position, seats)
	if err != nil {
		return nil, err
	}
	b.Analysis.Enabled = true
	b.SetStatus("analysis board: play either side, u undoes, e turns the analysis off", false)
	return b, nil
}

// View is part of common.Screen.
func (a *analysisSetup) View() string {
	st, k := a.c.Styles, analysisSetupKeys
	v := a.variants[a.chosen]
	var sb strings.Builder
	sb.WriteString(st.Title.Render(" Analysis board") + "\n\n")
	sb.WriteString(st.Muted.Render(" game:     ") + st.Accent.Render("‹ "+v.Title+" ›") + "\n\n")
	sb.WriteString(" " + a.input.View() + "\n\n")
	if a.status != "" {
		for _, l := range common.WrapLines(a.status, max(a.c.Width-2, 10), 4) {
			sb.WriteString(st.Error.Render(" "+l) + "\n")
		}
		sb.WriteString("\n")
	}
	for _, l := range common.WrapLines("Type or paste a position as `tabletop rules "+v.Name+"` describes it and `tabletop analyze "+
		v.Name+" --position` reads it; empty is the start. One person plays every side; the engine analyses each position as you go.",
		max(a.c.Width-2, 10), 4) {
		sb.WriteString(st.Muted.Render(" "+l) + "\n")
	}
	sb.WriteString("\n" + st.Muted.Render(common.Footer(k.Game, k.Open, k.Back)))
	return sb.String()
}

// oneLine is pasted text on one line: each run of white space (line
// breaks too) one space, at its ends as well, so that a paste continues
// what is in the field.
func oneLine(text string) string {
	out := strings.Join(strings.Fields(text), " ")
	if out == "" {
		return ""
	}
	if strings.TrimLeftFunc(text, unicode.IsSpace) != text {
		out = " " + out
	}
	if strings.TrimRightFunc(text, unicode.IsSpace) != text {
		out += " "
	}
	return out
}
