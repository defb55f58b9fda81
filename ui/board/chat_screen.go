package board

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/match"
)

// chatScreen shows a room's chat so far (C on the board), the latest
// lines last, as many as the window holds, without the muted players'
// lines; esc (or C) returns to the board, which follows the room behind
// it meanwhile.
type chatScreen struct {
	c    *common.Common
	d    match.Dealer
	back *BoardScreen
}

// chatKeys are the chat screen's keys.
var chatKeys = struct{ Back, ForceOut key.Binding }{
	Back:     common.Bind([]string{"esc", "q", "C"}, "esc", "back to the board"),
	ForceOut: common.KeyForceOut,
}

// Init is part of common.Screen.
func (s *chatScreen) Init() tea.Cmd { return nil }

// Update is part of common.Screen.
func (s *chatScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	km, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
		// The room's updates keep coming: its match takes them, and
		// this screen shows its new lines.
		cmd, _ := s.back.Match.Update(msg)
		return s, cmd
	case key.Matches(km, chatKeys.ForceOut):
		return s, tea.Sequence(s.back.Leave(), tea.Quit)
	case key.Matches(km, chatKeys.Back):
		return s.back, nil
	}
	return s, nil
}

// View is part of common.Screen.
func (s *chatScreen) View() string {
	st := s.c.Styles
	var b strings.Builder
	b.WriteString(st.Title.Render(" Chat: room "+s.d.Code()) + "\n\n")
	lines := s.d.Lines()
	if room := max(s.c.Height-5, 1); len(lines) > room {
		lines = lines[len(lines)-room:]
	}
	if len(lines) == 0 {
		b.WriteString(st.Muted.Render(" nothing said yet: ' on the board writes a line") + "\n")
	}
	for _, l := range lines {
		who := l.Name
		if l.Seat < 0 {
			who += " (watching)"
		}
		text := fmt.Sprintf(" %s %s: %s", l.At.Local().Format("15:04"), who, l.Text)
		b.WriteString(st.Text.Render(common.Ellipsis(text, max(s.c.Width-1, 1))) + "\n")
	}
	b.WriteString("\n" + st.Muted.Render(common.Footer(chatKeys.Back)))
	return b.String()
}
