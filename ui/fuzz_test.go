package ui

import (
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// fuzzKeys are the keys the fuzzer presses: every binding of the board
// and some that mean nothing.
var fuzzKeys = []string{
	"up", "down", "left", "right", "h", "j", "k", "l", "w", "a", "s", "d",
	"enter", " ", "esc", "b", "1", "2", "3", "4", "z", "x", "[", "]",
	"u", "U", "ctrl+r", "n", "r", "y", "t", "?", ":", "p", "i", "m",
	"pgup", "pgdown", "tab", "R", "q", "Z", "7", "(mark r3 c4)", "r3c4",
}

// FuzzBoard drives the board with random keys, mouse events and window
// sizes (0×0 and 1×1 included). It must never panic and the game must
// always be a legal position. Every variant, every seat human.
func FuzzBoard(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 12, 12, 40, 40})
	f.Add([]byte{5, 0, 0, 0, 0, 200, 1, 1, 12, 13, 14})
	f.Add([]byte{3, 12, 19, 20, 21, 12, 22, 23, 24, 25, 100, 101, 102})
	f.Add([]byte{1, 255, 254, 253, 252, 30, 31, 32, 33, 34, 35, 36})
	f.Add([]byte{4, 12, 2, 12, 3, 12, 0, 12, 26, 27, 28, 26, 26})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		vs := game.Variants()
		v := vs[int(data[0])%len(vs)]
		m, b := newTestClient(t, v.Name, 80, 24)
		for i := 1; i < len(data); i++ {
			c := data[i]
			switch {
			case c < 200:
				uitest.Press(m, fuzzKeys[int(c)%len(fuzzKeys)])
			case c < 230 && i+2 < len(data):
				ms := tea.Mouse{X: int(data[i+1]) % 120, Y: int(data[i+2]) % 50, Button: tea.MouseButton(c % 8)}
				m.Update([]tea.Msg{tea.MouseClickMsg(ms), tea.MouseReleaseMsg(ms), tea.MouseWheelMsg(ms), tea.MouseMotionMsg(ms)}[c%4])
				i += 2
			case i+2 < len(data):
				sizes := []int{0, 1, 2, 10, 24, 40, 80, 100, 200}
				m.Update(tea.WindowSizeMsg{Width: sizes[int(data[i+1])%len(sizes)] + int(c%3),
					Height: sizes[int(data[i+2])%len(sizes)]})
				i += 2
			}
			_ = uitest.ViewText(m)
			if cur, ok := m.Cur.(*board.BoardScreen); ok {
				b = cur
				uitest.CheckReplay(t, b.Game(), b.Match)
			}
		}
		_ = b
	})
}
