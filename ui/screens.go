package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
)

// screen is one child of the root model. update may return another
// screen, which replaces it.
type screen interface {
	init() tea.Cmd
	update(msg tea.Msg) (screen, tea.Cmd)
	view() string
}

// typist is implemented by screens with a text field: while it has the
// keys, single letters are text, not shortcuts.
type typist interface{ typing() bool }

func isTyping(s screen) bool {
	t, ok := s.(typist)
	return ok && t.typing()
}

// behind is implemented by a screen that another may be shown in front
// of (the rules over a game): the screen in front passes it the messages
// it does not take, of which it keeps what it must not miss, and has it
// left when the client quits from there.
type behind interface {
	updateBehind(msg tea.Msg) tea.Cmd
	leave() tea.Cmd
}

// sizer is implemented by screens that need more than the default room.
type sizer interface{ minSize() (int, int) }

func minSize(s screen) (int, int) {
	if z, ok := s.(sizer); ok {
		return z.minSize()
	}
	return 40, 12
}

func tooSmall(w, h, mw, mh int) string {
	return fmt.Sprintf("Terminal too small:\n%d×%d, need %d×%d.\nEnlarge the window to go on.", w, h, mw, mh)
}

// cursorScreen is implemented by screens with a text field: where the
// terminal's cursor goes while it takes text, nil when it does not.
type cursorScreen interface{ cursor() *tea.Cursor }

// textCursor is the current screen's cursor, if it shows one.
func textCursor(s screen) *tea.Cursor {
	if cs, ok := s.(cursorScreen); ok {
		return cs.cursor()
	}
	return nil
}
