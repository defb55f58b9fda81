package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The move prompt puts the terminal's own cursor after the text typed
// (tea.View's cursor), and only while it is open.
func TestPromptShowsTerminalCursor(t *testing.T) {
	m, _ := newTestClient(t, "quad7", 80, 24)
	if c := m.View().Cursor; c != nil {
		t.Fatalf("a cursor at %v with no prompt open", c.Position)
	}
	sendKey(m, ":")
	sendKey(m, "r3c")
	v := m.View()
	c := v.Cursor
	if c == nil {
		t.Fatal("no cursor at the open prompt")
	}
	lines := strings.Split(ansi.Strip(v.Content), "\n")
	if c.Y < 0 || c.Y >= len(lines) || !strings.HasPrefix(lines[c.Y], " : r3c") || c.X != len(" : r3c") {
		t.Fatalf("cursor at %v, not after the text typed; that line: %q", c.Position, lines[min(max(c.Y, 0), len(lines)-1)])
	}
	sendKey(m, "left")
	if c2 := m.View().Cursor; c2 == nil || c2.X != c.X-1 || c2.Y != c.Y {
		t.Fatalf("left moved the cursor from %v to %v", c.Position, c2)
	}
	if raw := strings.Split(m.View().Content, "\n")[c.Y]; strings.Contains(raw, "7m") {
		t.Fatalf("the prompt still draws a cursor of its own: %q", raw)
	}
	sendKey(m, "esc")
	if c := m.View().Cursor; c != nil {
		t.Fatalf("a cursor at %v after the prompt closed", c.Position)
	}
}
