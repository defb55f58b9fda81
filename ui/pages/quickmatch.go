package pages

import (
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

var quickKeys = struct{ Choose, Back, Up, Down, ForceOut key.Binding }{
	Choose: common.Bind([]string{"enter"}, "enter", "queue"),
	Back:   common.Bind([]string{"esc", "q"}, "esc", "back / cancel"),
	Up:     common.KeyUp, Down: common.KeyDown, ForceOut: common.KeyForceOut,
}

// QuickPollMsg asks the queue screen to poll; gen tells a stale tick.
type QuickPollMsg struct{ Gen int }

// quickScreen picks a game, then waits in its queue until matched,
// showing who else waits.
type quickScreen struct {
	c        *common.Common
	variants []*game.Variant // two-player games
	i        int
	Queued   bool
	Gen      int
	since    time.Time
	waiting  []string
	status   string
}

// NewQuickMatch opens "Play anyone": a game to pick, then its queue.
func NewQuickMatch(c *common.Common) *quickScreen {
	q := &quickScreen{c: c}
	for _, v := range game.Variants() {
		if len(v.Roles) == 2 {
			q.variants = append(q.variants, v)
		}
	}
	return q
}

// Init is part of common.Screen.
func (q *quickScreen) Init() tea.Cmd { return nil }

func (q *quickScreen) poll() tea.Cmd {
	gen := q.Gen
	return tea.Tick(500*time.Millisecond, func(time.Time) tea.Msg { return QuickPollMsg{gen} })
}

// Update is part of common.Screen.
func (q *quickScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	qm := q.c.Opts.QuickMatch
	switch msg := msg.(type) {
	case QuickPollMsg:
		if !q.Queued || msg.Gen != q.Gen {
			return q, nil
		}
		code, waiting, err := qm.Poll(q.variants[q.i].Name)
		q.waiting, q.status = waiting, ""
		if err != nil {
			q.status = err.Error()
		}
		if code != "" {
			room, err := q.c.Opts.Lobby.Join(q.c.Opts.Player, code)
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
			if q.Queued {
				qm.Cancel()
				q.Queued, q.waiting, q.status = false, nil, "left the queue"
				return q, nil
			}
			return newMenu(q.c, ""), nil
		case q.Queued:
		case key.Matches(msg, k.Up):
			q.i = max(q.i-1, 0)
		case key.Matches(msg, k.Down):
			q.i = min(q.i+1, max(len(q.variants)-1, 0))
		case key.Matches(msg, k.Choose) && q.i < len(q.variants):
			if err := qm.Enqueue(q.variants[q.i].Name); err != nil {
				q.status = err.Error()
				return q, nil
			}
			q.Queued, q.since, q.status = true, time.Now(), ""
			q.Gen++
			return q, q.poll()
		}
	}
	return q, nil
}

// View is part of common.Screen.
func (q *quickScreen) View() string {
	st := q.c.Styles
	var b strings.Builder
	b.WriteString(st.Title.Render(" Play anyone") + "\n\n")
	if q.Queued {
		v := q.variants[q.i]
		b.WriteString(st.Text.Render(fmt.Sprintf(" waiting for a %s opponent near your rating (%s so far)", v.Title, time.Since(q.since).Truncate(time.Second))) + "\n\n")
		b.WriteString(st.Muted.Render(fmt.Sprintf(" in the queue (%d):", len(q.waiting))) + "\n")
		for _, name := range q.waiting {
			b.WriteString(st.Text.Render("   "+name) + "\n")
		}
	} else {
		for i, v := range q.variants {
			line := v.Title
			b.WriteString(listLine(st, line, i == q.i))
		}
	}
	b.WriteString("\n")
	if q.status != "" {
		b.WriteString(st.Error.Render(" "+q.status) + "\n")
	}
	if q.Queued {
		b.WriteString(st.Muted.Render(common.Footer(quickKeys.Back)))
	} else {
		b.WriteString(st.Muted.Render(common.Footer(quickKeys.Choose, quickKeys.Back)))
	}
	return b.String()
}
