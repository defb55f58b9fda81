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

// quickPolledMsg is the queue's answer to a poll: the code of the room
// matched ("" until then), who waits, or why the poll failed.
type quickPolledMsg struct {
	gen     int
	code    string
	waiting []string
	err     error
}

// quickQueuedMsg is the queue's answer to Enqueue.
type quickQueuedMsg struct {
	gen int
	err error
}

// quickScreen picks a game, then waits in its queue until matched,
// showing who else waits. The queue is the server's store, so Enqueue,
// Poll and Cancel run on the client's I/O queue, in the order they were
// asked (a cancel before the next enqueue), never in Update; the room
// matched is joined in a command too (common.Entering).
type quickScreen struct {
	c        *common.Common
	variants []*game.Variant // two-player games
	i        int
	Queued   bool
	Gen      int
	since    time.Time
	waiting  []string
	status   string
	// joining is the join of the room matched, nil when none is out.
	joining *common.Entering
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

// ask runs the queue's call on the I/O queue.
func (q *quickScreen) ask(f func() tea.Msg) tea.Cmd { return q.c.IO.Do(f) }

// cancel takes the player out of the queue, on the I/O queue.
func (q *quickScreen) cancel() tea.Cmd {
	qm := q.c.Opts.QuickMatch
	return q.ask(func() tea.Msg { qm.Cancel(); return nil })
}

// Update is part of common.Screen.
func (q *quickScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	qm := q.c.Opts.QuickMatch
	switch msg := msg.(type) {
	case QuickPollMsg:
		if !q.Queued || msg.Gen != q.Gen || q.joining != nil {
			return q, nil
		}
		gen, variant := q.Gen, q.variants[q.i].Name
		return q, q.ask(func() tea.Msg {
			code, waiting, err := qm.Poll(variant)
			return quickPolledMsg{gen: gen, code: code, waiting: waiting, err: err}
		})
	case quickPolledMsg:
		return q.polled(msg)
	case quickQueuedMsg:
		if msg.gen != q.Gen || !q.Queued {
			return q, nil
		}
		if msg.err != nil {
			q.Queued, q.status = false, msg.err.Error()
			return q, nil
		}
		return q, q.poll()
	case common.EnteredMsg:
		room, err, mine := q.joining.Take(msg)
		if !mine {
			return q, nil
		}
		q.joining = nil
		if err == nil {
			return NewRoomBoard(q.c, room)
		}
		q.status = "matched, but: " + err.Error()
		return q, q.poll()
	case tea.KeyPressMsg:
		return q.key(msg)
	}
	return q, nil
}

// polled takes the queue's answer to a poll: who waits, and once
// matched, the join of the room.
func (q *quickScreen) polled(msg quickPolledMsg) (common.Screen, tea.Cmd) {
	if !q.Queued || msg.gen != q.Gen {
		return q, nil
	}
	q.waiting, q.status = msg.waiting, ""
	if msg.err != nil {
		q.status = msg.err.Error()
	}
	if msg.code == "" {
		return q, q.poll()
	}
	var cmd tea.Cmd
	q.joining, cmd = common.JoinRoom(q.c, msg.code)
	return q, cmd
}

// key takes a key of the quick match screen.
func (q *quickScreen) key(msg tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	k := quickKeys
	switch {
	case key.Matches(msg, k.ForceOut):
		return q, tea.Sequence(q.cancel(), tea.Quit)
	case key.Matches(msg, k.Back):
		if q.Queued {
			// A join out for a match is given up: its answer, untaken,
			// is left by the root model.
			q.Queued, q.waiting, q.status, q.joining = false, nil, "left the queue", nil
			q.Gen++
			return q, q.cancel()
		}
		return NewMenu(q.c, ""), nil
	case q.Queued:
	case key.Matches(msg, k.Up):
		q.i = max(q.i-1, 0)
	case key.Matches(msg, k.Down):
		q.i = min(q.i+1, max(len(q.variants)-1, 0))
	case key.Matches(msg, k.Choose) && q.i < len(q.variants):
		q.Queued, q.since, q.status = true, time.Now(), ""
		q.Gen++
		qm, gen, variant := q.c.Opts.QuickMatch, q.Gen, q.variants[q.i].Name
		return q, q.ask(func() tea.Msg { return quickQueuedMsg{gen: gen, err: qm.Enqueue(variant)} })
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
		b.WriteString(q.joining.Line(q.c))
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
