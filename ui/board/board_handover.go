package board

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/match"

	"github.com/tabletop/tabletop/game"
)

// handOverScreen is the keyboard's hand-over on joint turns among people
// at this client: the screen that hides the board, and its keys.
type handOverScreen struct{ b *BoardScreen }

// handOver is the board's handOverScreen.
func (b *BoardScreen) handOver() handOverScreen { return handOverScreen{b} }

// The hand-over screen: on a turn where several roles choose at once
// and several people share the keyboard, each chooses unseen. Before
// each one chooses, the board is hidden behind this screen until that
// person says they have the keyboard; nothing chosen is ever shown.

// takeKey says the person named has the keyboard.
var takeKey = common.Bind([]string{"enter"}, "enter", "I have the keyboard")

// handingOver is the role the keyboard goes to, or NoRole when the
// board is shown.
func (ho handOverScreen) handingOver() game.Role {
	b := ho.b
	if b.Reviewing() || b.caps.HandOver == nil {
		return game.NoRole
	}
	return b.caps.HandOver.PassTo()
}

// handOverKey handles a key on the hand-over screen: enter shows the
// board to the person named; quit, menu, rules, theme and help work as
// on the board; every other key does nothing, so that nothing can be
// played or seen by the wrong person.
func (ho handOverScreen) handOverKey(msg tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	b := ho.b
	k := &common.BoardKeys
	switch {
	case key.Matches(msg, takeKey):
		b.caps.HandOver.TakeKeyboard()
		b.clearChoices()
		b.SetStatus("", false)
		return b, nil
	case key.Matches(msg, k.Quit), key.Matches(msg, k.Menu), key.Matches(msg, k.Rules),
		key.Matches(msg, k.Theme), key.Matches(msg, k.HelpAll):
		s, cmd, _ := b.keyIn().screenKey(msg)
		return s, cmd
	}
	return b, nil
}

// handOverHelp is the key help of the hand-over screen.
func (ho handOverScreen) handOverHelp() common.KeyHelp {
	k := &common.BoardKeys
	short := []key.Binding{takeKey, k.Menu, k.HelpAll, k.Quit}
	return common.KeyHelp{Short: short, Full: [][]key.Binding{{takeKey}, {k.Menu, k.Rules, k.Theme, k.Quit, common.KeyHelpFewer}}}
}

// handOverView hides the board and asks to pass the keyboard to r.
func (ho handOverScreen) handOverView(r game.Role) string {
	b := ho.b
	st := b.Common.Styles
	name := b.variant.RoleName(r)
	body := []string{
		st.Title.Render("Pass the keyboard to " + name + " (" + b.Match.Seat(r).Name + ")"),
		"",
		st.Text.Render("Everyone chooses at once: each move stays hidden until all have chosen."),
	}
	if h := b.History(); len(h) > 0 && h[len(h)-1].Mover == match.JointMover {
		body = append(body, st.Muted.Render("Last turn: "+h[len(h)-1].Text))
	}
	body = append(body, "", st.Accent.Render("Press enter when only "+name+" can see the screen."))
	helpLines := common.SplitLines(b.bar().helpView())
	height := max(b.Common.Height-3-len(helpLines), 1)
	block := lipgloss.Place(b.Common.Width, height, lipgloss.Center, lipgloss.Center, cutLines(common.JoinLines(body), b.Common.Width))
	lines := []string{b.bar().headerView(), ""}
	lines = append(lines, common.SplitLines(block)...)
	status := "" // the board's own prompt is not for this screen
	if b.Confirm != "" || b.Status != "" {
		status = b.bar().statusView(1)
	}
	lines = append(lines, status)
	for _, h := range helpLines {
		lines = append(lines, " "+h)
	}
	return common.JoinLines(lines)
}

// cutLines cuts every line of s to width cells.
func cutLines(s string, width int) string {
	lines := common.SplitLines(s)
	for i, l := range lines {
		lines[i] = common.CutANSI(l, max(width, 1))
	}
	return common.JoinLines(lines)
}
