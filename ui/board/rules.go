package board

import (
	"strings"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/tabletop/tabletop/game"
)

// rulesScreen shows one game's rules in a scrollable viewport; ←/→
// switch the game; esc returns to the screen it came from.
type rulesScreen struct {
	c    *common.Common
	vs   []*game.Variant
	i    int
	back common.Screen
	vp   viewport.Model
}

// rulesKeys are the rules screen's keys; Other and Scroll are the help
// lines of Prev/Next and of the viewport's keys.
var rulesKeys = struct {
	Prev, Next, Other, Scroll, Back, ForceOut key.Binding
}{
	Prev:     common.Bind([]string{"left", "h", "a"}, "←", "previous game"),
	Next:     common.Bind([]string{"right", "l", "d"}, "→", "next game"),
	Other:    common.Bind([]string{"left", "right"}, "←/→", "other game"),
	Scroll:   common.Bind([]string{"up", "down", "pgup", "pgdown"}, "↑/↓ pgup/pgdn", "scroll"),
	Back:     common.Bind([]string{"esc", "q", "i"}, "esc", "back"),
	ForceOut: common.KeyForceOut,
}

// NewRules opens the rules at v's page; back is the screen Esc returns
// to (nil: the menu).
func NewRules(c *common.Common, v *game.Variant, back common.Screen) *rulesScreen {
	r := &rulesScreen{c: c, vs: game.Variants(), back: back}
	for i, k := range r.vs {
		if v != nil && k.Name == v.Name {
			r.i = i
		}
	}
	r.vp = viewport.New(viewport.WithWidth(10), viewport.WithHeight(5))
	r.vp.KeyMap = viewport.KeyMap{
		PageDown:     common.Bind([]string{"pgdown", "space", "f"}, "pgdn", "page down"),
		PageUp:       common.Bind([]string{"pgup", "b"}, "pgup", "page up"),
		HalfPageUp:   common.Bind([]string{"u", "ctrl+u"}, "u", "½ page up"),
		HalfPageDown: common.Bind([]string{"ctrl+d"}, "ctrl+d", "½ page down"),
		Up:           common.Bind([]string{"up", "k", "w"}, "↑", "up"),
		Down:         common.Bind([]string{"down", "j", "s"}, "↓", "down"),
	}
	r.resize()
	return r
}

// Init is part of common.Screen.
func (r *rulesScreen) Init() tea.Cmd { return nil }

// text is the rules of the game plus how to play it here.
func (r *rulesScreen) text() string {
	if len(r.vs) == 0 {
		return "No games are registered."
	}
	v := r.vs[r.i]
	var b strings.Builder
	b.WriteString(v.Title + "\n\n")
	b.WriteString(strings.TrimSpace(v.Rules) + "\n\n")
	b.WriteString("Playing it here\n\n")
	b.WriteString(controlsText(v) + "\n")
	b.WriteString("Every rule of every game, with small diagrams, is in RULES.md in\nthe tabletop repository.\n")
	return b.String()
}

// controlsText explains the controls of a game in this client.
func controlsText(v *game.Variant) string {
	shared := "Move the cursor with the arrows, hjkl or wasd. Type a move in\nnotation with ':' (↑ brings back earlier entries); typed while\nanother player or the AI is to move, it is played when your turn\ncomes if it is still legal. u undoes, U or ctrl+r redoes, H asks\nfor a hint, n starts a new game, R after the end is a rematch with\nsides changed, t changes the theme, M turns the mouse off (so the\nterminal can select text) and on again, q quits. The theme, the\nmouse, the AI's time per move and the last seats are remembered.\n\n" +
		"r resigns, after asking: only y confirms. In a game for two\nresigning ends the game at once: the other role wins. In\nTic-Tac-Chess for four the resigning role drops out with a score\nof 0, its turns are passed and the others play on; the last player\nleft wins. When several people play at one keyboard, r asks who\nresigns: a digit or an arrow chooses the role, then y resigns for it\n(y alone resigns for the role to move).\n"
	if vu := adapters.NewVariantUI(v); vu != nil {
		return vu.Controls() + shared
	}
	return shared
}

func (r *rulesScreen) resize() {
	r.vp.SetWidth(max(r.c.Width-2, 1))
	r.vp.SetHeight(max(r.c.Height-4, 1))
	r.vp.SetContent(lipgloss.NewStyle().Width(r.vp.Width()).Render(r.text()))
}

// Update is part of common.Screen.
func (r *rulesScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		r.resize()
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, rulesKeys.ForceOut):
			if b, ok := r.back.(common.Behind); ok {
				return r, tea.Sequence(b.Leave(), tea.Quit)
			}
			return r, tea.Quit
		case key.Matches(msg, rulesKeys.Back):
			if r.back != nil {
				return r.back, nil
			}
			return OpenMenu(r.c, ""), nil
		case key.Matches(msg, rulesKeys.Prev):
			if len(r.vs) > 0 {
				r.i = (r.i - 1 + len(r.vs)) % len(r.vs)
				r.resize()
				r.vp.GotoTop()
			}
			return r, nil
		case key.Matches(msg, rulesKeys.Next):
			if len(r.vs) > 0 {
				r.i = (r.i + 1) % len(r.vs)
				r.resize()
				r.vp.GotoTop()
			}
			return r, nil
		}
		var cmd tea.Cmd
		r.vp, cmd = r.vp.Update(msg)
		return r, cmd
	case tea.MouseWheelMsg:
		var cmd tea.Cmd
		r.vp, cmd = r.vp.Update(msg)
		return r, cmd
	default:
		// The game behind keeps what it must not miss for its return.
		if b, ok := r.back.(common.Behind); ok {
			return r, b.UpdateBehind(msg)
		}
	}
	return r, nil
}

// View is part of common.Screen.
func (r *rulesScreen) View() string {
	st := r.c.Styles
	title := "Rules"
	if len(r.vs) > 0 {
		title += ": " + r.vs[r.i].Title
	}
	return st.Title.Render(" "+title) + "\n\n" +
		st.Text.Render(r.vp.View()) + "\n" +
		st.Muted.Render(common.Footer(rulesKeys.Other, rulesKeys.Scroll, rulesKeys.Back))
}
