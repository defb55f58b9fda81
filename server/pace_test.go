package server

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// countModel counts the messages it got and the frames it drew.
type countModel struct {
	msgs  *int
	views *int
}

func (c countModel) Init() tea.Cmd { return nil }
func (c countModel) Update(tea.Msg) (tea.Model, tea.Cmd) {
	*c.msgs++
	return c, nil
}
func (c countModel) View() tea.View {
	*c.views++
	return tea.NewView(fmt.Sprintf("frame after %d messages", *c.msgs))
}

// runCmd runs cmd and the commands a batch holds, returning their
// messages.
func runCmd(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, runCmd(c)...)
		}
		return out
	case nil:
		return nil
	default:
		return []tea.Msg{msg}
	}
}

// A burst of messages within one frame costs one frame, and the frame
// drawn after the burst's tick shows every message of it.
func TestPacedModelDrawsABurstOnce(t *testing.T) {
	var msgs, views int
	clock := time.Unix(1000, 0)
	p := newPacedModel(countModel{msgs: &msgs, views: &views})
	p.pace.now = func() time.Time { return clock }
	key := tea.KeyPressMsg{Code: 'x', Text: "x"}

	var m tea.Model = p
	m, _ = m.Update(key)
	if got := m.View().Content; got != "frame after 1 messages" || views != 1 {
		t.Fatalf("first frame %q after %d views", got, views)
	}
	var ticks []tea.Msg
	for range 5 {
		clock = clock.Add(time.Millisecond)
		var cmd tea.Cmd
		m, cmd = m.Update(key)
		ticks = append(ticks, runCmd(cmd)...)
		if got := m.View().Content; got != "frame after 1 messages" {
			t.Fatalf("within the frame gap the last frame should stay, got %q", got)
		}
	}
	if views != 1 || len(ticks) != 1 {
		t.Fatalf("a burst of 5 drew %d frames and asked for %d ticks, want 1 and 1", views, len(ticks))
	}
	clock = clock.Add(frameGap)
	m, _ = m.Update(ticks[0])
	if got := m.View().Content; got != "frame after 6 messages" || views != 2 {
		t.Fatalf("after the tick: %q, %d views", got, views)
	}
	if msgs != 6 {
		t.Fatalf("the model got %d messages, want 6 (ticks are the pacer's)", msgs)
	}
	// A message after the gap is drawn at once.
	clock = clock.Add(2 * frameGap)
	m, cmd := m.Update(key)
	if runCmd(cmd) != nil {
		t.Fatal("a message after a quiet gap should not wait for a tick")
	}
	if got := m.View().Content; got != "frame after 7 messages" {
		t.Fatalf("after a quiet gap: %q", got)
	}
	// A resize is drawn at once, even within the gap.
	m, _ = m.Update(key)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if got := m.View().Content; got != "frame after 9 messages" {
		t.Fatalf("after a resize within the gap: %q", got)
	}
}
