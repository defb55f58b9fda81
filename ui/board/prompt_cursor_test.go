package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// The move prompt puts the terminal's own cursor after the text typed
// (tea.View's cursor), and only while it is open.
func TestPromptShowsTerminalCursor(t *testing.T) {
	m, _ := newTestClient(t, "quad7", 80, 24)
	if c := m.View().Cursor; c != nil {
		t.Fatalf("a cursor at %v with no prompt open", c.Position)
	}
	uitest.Press(m, ":")
	uitest.Press(m, "r3c")
	v := m.View()
	c := v.Cursor
	if c == nil {
		t.Fatal("no cursor at the open prompt")
	}
	lines := strings.Split(ansi.Strip(v.Content), "\n")
	if c.Y < 0 || c.Y >= len(lines) || !strings.HasPrefix(lines[c.Y], " : r3c") || c.X != len(" : r3c") {
		t.Fatalf("cursor at %v, not after the text typed; that line: %q", c.Position, lines[min(max(c.Y, 0), len(lines)-1)])
	}
	uitest.Press(m, "left")
	if c2 := m.View().Cursor; c2 == nil || c2.X != c.X-1 || c2.Y != c.Y {
		t.Fatalf("left moved the cursor from %v to %v", c.Position, c2)
	}
	if raw := strings.Split(m.View().Content, "\n")[c.Y]; strings.Contains(raw, "7m") {
		t.Fatalf("the prompt still draws a cursor of its own: %q", raw)
	}
	uitest.Press(m, "esc")
	if c := m.View().Cursor; c != nil {
		t.Fatalf("a cursor at %v after the prompt closed", c.Position)
	}
}

// ctrl+z suspends the local client (Bubble Tea stops it and gives the
// terminal back; fg resumes it), in any screen and even at a prompt;
// over SSH it does nothing.
func TestCtrlZSuspendsLocally(t *testing.T) {
	m, _ := newTestClient(t, "quad7", 80, 24)
	uitest.Press(m, ":")
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl})
	if cmd == nil {
		t.Fatal("ctrl+z gave no command")
	}
	if _, ok := cmd().(tea.SuspendMsg); !ok {
		t.Fatalf("ctrl+z: %T, want tea.SuspendMsg", cmd())
	}
	remote := newClient(t, common.Options{Remote: true, ColorProfile: colorprofile.ASCII, Start: common.Start{Variant: "quad7"}})
	remote.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if _, cmd := remote.Update(tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl}); cmd != nil {
		if _, ok := cmd().(tea.SuspendMsg); ok {
			t.Fatal("ctrl+z suspends over SSH")
		}
	}
}

// ↑ at the prompt brings back earlier entries, newest first; ↓ goes
// forward again, to an empty prompt past the newest.
func TestPromptRecallsEarlierEntries(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	for _, text := range []string{"r2c2", "r3c3"} {
		m.Update(uitest.Key(":"))
		uitest.Press(m, text)
		m.Update(uitest.Key("enter"))
	}
	m.Update(uitest.Key(":"))
	steps := []struct{ key, want string }{{"up", "r3c3"}, {"up", "r2c2"}, {"up", "r2c2"}, {"down", "r3c3"}, {"down", ""}}
	for _, s := range steps {
		uitest.Press(m, s.key)
		if got := b.Input.Value(); got != s.want {
			t.Fatalf("after %s the prompt holds %q, want %q", s.key, got, s.want)
		}
	}
}

// The open move prompt shows its whole placeholder (a text field of
// width 0 shows only its first letter, ": m"), at any size, after a
// resize and after the theme changes.
func TestPromptShowsItsPlaceholder(t *testing.T) {
	const hint = ": move, e.g. r3c4 or (mark r3 c4)"
	for _, tc := range []struct {
		name   string
		before []string
		resize int
	}{
		{name: "80 wide"},
		{name: "120 wide", resize: 120},
		{name: "after a theme change", before: []string{"t"}},
		{name: "resized while open", resize: 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m, _ := newTestClient(t, "quad7", 80, 24)
			for _, k := range tc.before {
				uitest.Press(m, k)
			}
			uitest.Press(m, ":")
			if tc.resize > 0 {
				m.Update(tea.WindowSizeMsg{Width: tc.resize, Height: 40})
			}
			if got := ansi.Strip(m.View().Content); !strings.Contains(got, hint) {
				t.Fatalf("no %q in the frame:\n%s", hint, got)
			}
		})
	}
}
