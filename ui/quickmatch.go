package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

var quickKeys = struct{ Choose, Back, Up, Down, ForceOut key.Binding }{
	Choose: bind([]string{"enter"}, "enter", "queue"),
	Back:   bind([]string{"esc", "q"}, "esc", "back / cancel"),
	Up:     keyUp, Down: keyDown, ForceOut: keyForceOut,
}

// quickPollMsg asks the queue screen to poll; gen tells a stale tick.
type quickPollMsg struct{ gen int }

// quickScreen picks a game, then waits in its queue until matched,
// showing who else waits.
type quickScreen struct {
	c        *common
	variants []*game.Variant // two-player games
	i        int
	queued   bool
	gen      int
	since    time.Time
	waiting  []string
	status   string
}

func newQuickMatch(c *common) *quickScreen {
	q := &quickScreen{c: c}
	for _, v := range game.Variants() {
		if len(v.Roles) == 2 {
			q.variants = append(q.variants, v)
		}
	}
	return q
}

func (q *quickScreen) init() tea.Cmd { return nil }

func (q *quickScreen) poll() tea.Cmd {
	gen := q.gen
	return tea.Tick(500*time.Millisecond, func(time.Time) tea.Msg { return quickPollMsg{gen} })
}

func (q *quickScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	qm := q.c.opts.QuickMatch
	switch msg := msg.(type) {
	case quickPollMsg:
		if !q.queued || msg.gen != q.gen {
			return q, nil
		}
		code, waiting, err := qm.Poll(q.variants[q.i].Name)
		q.waiting, q.status = waiting, ""
		if err != nil {
			q.status = err.Error()
		}
		if code != "" {
			room, err := q.c.opts.Lobby.Join(q.c.opts.Player, code)
			if err == nil {
				return newRoomBoard(q.c, room), nil
			}
			q.status = "matched, but: " + err.Error()
		}
		return q, q.poll()
	case tea.KeyPressMsg:
		k := quickKeys
		switch {
		case key.Matches(msg, k.ForceOut):
			qm.Cancel()
			return q, tea.Quit
		case key.Matches(msg, k.Back):
			if q.queued {
				qm.Cancel()
				q.queued, q.waiting, q.status = false, nil, "left the queue"
				return q, nil
			}
			return newMenu(q.c, ""), nil
		case q.queued:
		case key.Matches(msg, k.Up):
			q.i = max(q.i-1, 0)
		case key.Matches(msg, k.Down):
			q.i = min(q.i+1, max(len(q.variants)-1, 0))
		case key.Matches(msg, k.Choose) && q.i < len(q.variants):
			if err := qm.Enqueue(q.variants[q.i].Name); err != nil {
				q.status = err.Error()
				return q, nil
			}
			q.queued, q.since, q.status = true, time.Now(), ""
			q.gen++
			return q, q.poll()
		}
	}
	return q, nil
}

func (q *quickScreen) view() string {
	st := q.c.st
	var b strings.Builder
	b.WriteString(st.Title.Render(" Play anyone") + "\n\n")
	if q.queued {
		v := q.variants[q.i]
		b.WriteString(st.Text.Render(fmt.Sprintf(" waiting for a %s opponent near your rating (%s so far)", v.Title, time.Since(q.since).Truncate(time.Second))) + "\n\n")
		b.WriteString(st.Muted.Render(fmt.Sprintf(" in the queue (%d):", len(q.waiting))) + "\n")
		for _, name := range q.waiting {
			b.WriteString(st.Text.Render("   "+name) + "\n")
		}
	} else {
		for i, v := range q.variants {
			line := v.Title
			if i == q.i {
				b.WriteString(st.Accent.Render(" > "+line) + "\n")
			} else {
				b.WriteString(st.Text.Render("   "+line) + "\n")
			}
		}
	}
	b.WriteString("\n")
	if q.status != "" {
		b.WriteString(st.Error.Render(" "+q.status) + "\n")
	}
	if q.queued {
		b.WriteString(st.Muted.Render(footer(quickKeys.Back)))
	} else {
		b.WriteString(st.Muted.Render(footer(quickKeys.Choose, quickKeys.Back)))
	}
	return b.String()
}
