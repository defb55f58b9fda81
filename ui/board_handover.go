package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/tabletop/tabletop/game"
)

// The hand-over screen: on a turn where several roles choose at once
// and several people share the keyboard, each chooses unseen. Before
// each one chooses, the board is hidden behind this screen until that
// person says they have the keyboard; nothing chosen is ever shown.

// takeKey says the person named has the keyboard.
var takeKey = bind([]string{"enter"}, "enter", "I have the keyboard")

// handingOver is the role the keyboard goes to, or NoRole when the
// board is shown.
func (b *boardScreen) handingOver() game.Role {
	if b.reviewing() || b.caps.handOver == nil {
		return game.NoRole
	}
	return b.caps.handOver.passTo()
}

// handOverKey handles a key on the hand-over screen: enter shows the
// board to the person named; quit, menu, rules, theme and help work as
// on the board; every other key does nothing, so that nothing can be
// played or seen by the wrong person.
func (b *boardScreen) handOverKey(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	k := boardKeys
	switch {
	case key.Matches(msg, takeKey):
		b.caps.handOver.takeKeyboard()
		b.clearChoices()
		b.setStatus("", false)
		return b, nil
	case key.Matches(msg, k.Quit), key.Matches(msg, k.Menu), key.Matches(msg, k.Rules),
		key.Matches(msg, k.Theme), key.Matches(msg, k.HelpAll):
		s, cmd, _ := b.screenKey(msg)
		return s, cmd
	}
	return b, nil
}

// handOverHelp is the key help of the hand-over screen.
func (b *boardScreen) handOverHelp() keyHelp {
	k := boardKeys
	short := []key.Binding{takeKey, k.Menu, k.HelpAll, k.Quit}
	return keyHelp{short: short, full: [][]key.Binding{{takeKey}, {k.Menu, k.Rules, k.Theme, k.Quit, keyHelpFewer}}}
}

// handOverView hides the board and asks to pass the keyboard to r.
func (b *boardScreen) handOverView(r game.Role) string {
	st := b.c.st
	name := b.v.RoleName(r)
	body := []string{
		st.Title.Render("Pass the keyboard to " + name + " (" + b.m.seat(r).name + ")"),
		"",
		st.Text.Render("Everyone chooses at once: each move stays hidden until all have chosen."),
	}
	if h := b.history(); len(h) > 0 && h[len(h)-1].mover == jointMover {
		body = append(body, st.Muted.Render("Last turn: "+h[len(h)-1].text))
	}
	body = append(body, "", st.Accent.Render("Press enter when only "+name+" can see the screen."))
	helpLines := splitLines(b.helpView())
	height := max(b.c.height-3-len(helpLines), 1)
	block := lipgloss.Place(b.c.width, height, lipgloss.Center, lipgloss.Center, cutLines(joinLines(body), b.c.width))
	lines := []string{b.headerView(), ""}
	lines = append(lines, splitLines(block)...)
	status := "" // the board's own prompt is not for this screen
	if b.confirm != "" || b.status != "" {
		status = b.statusView(1)
	}
	lines = append(lines, status)
	for _, h := range helpLines {
		lines = append(lines, " "+h)
	}
	return joinLines(lines)
}

// cutLines cuts every line of s to width cells.
func cutLines(s string, width int) string {
	lines := splitLines(s)
	for i, l := range lines {
		lines[i] = cutANSI(l, max(width, 1))
	}
	return joinLines(lines)
}
