package common

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
)

// Screen is one child of the root model. update may return another
// screen, which replaces it.
type Screen interface {
	Init() tea.Cmd
	Update(msg tea.Msg) (Screen, tea.Cmd)
	View() string
}

// typist is implemented by screens with a text field: while it has the
// keys, single letters are text, not shortcuts.
type typist interface{ Typing() bool }

// isTyping reports whether s has a text field that has the keys now.
func isTyping(s Screen) bool {
	t, ok := s.(typist)
	return ok && t.Typing()
}

// Behind is implemented by a screen that another may be shown in front
// of (the rules over a game): the screen in front passes it the messages
// it does not take, of which it keeps what it must not miss, and has it
// left when the client quits from there.
type Behind interface {
	UpdateBehind(msg tea.Msg) tea.Cmd
	Leave() tea.Cmd
}

// LinesScreen is a screen that can give its frame as lines (see
// Shell.ViewLines): View's text cut at its newlines, each line a string
// the screen keeps while it is unchanged (a board's rows, its panel's),
// so that no frame text is joined to be cut into rows again by the
// server's renderer.
type LinesScreen interface {
	// ViewLines appends the lines of View's text to dst.
	ViewLines(dst []string) []string
}

// sizer is implemented by screens that need more than the default room.
type sizer interface{ MinSize() (int, int) }

// minSize is the smallest window s can be shown in.
func minSize(s Screen) (int, int) {
	if z, ok := s.(sizer); ok {
		return z.MinSize()
	}
	return 40, 12
}

// TooSmall is the text shown instead of a screen in a window of w×h that
// needs mw×mh.
func TooSmall(w, h, mw, mh int) string {
	return fmt.Sprintf("Terminal too small:\n%d×%d, need %d×%d.\nEnlarge the window to go on.", w, h, mw, mh)
}

// cursorScreen is implemented by screens with a text field: where the
// terminal's cursor goes while it takes text, nil when it does not.
type cursorScreen interface{ Cursor() *tea.Cursor }

// textCursor is the current screen's cursor, if it shows one.
func textCursor(s Screen) *tea.Cursor {
	if cs, ok := s.(cursorScreen); ok {
		return cs.Cursor()
	}
	return nil
}
