package uitest

import (
	"sync"
	"testing"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
)

// Drain runs cmd and everything it leads to synchronously, delivering
// each message to the client. Spinner ticks are dropped so it ends.
func Drain(t testing.TB, m tea.Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0; n++ {
		if n > 10000 {
			t.Fatal("drain: no end")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil, spinner.TickMsg:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// RunCmd runs cmd and feeds what it returns back to the client, as
// Bubble Tea would (batches included), and so on with what comes back.
func RunCmd(m tea.Model, cmd tea.Cmd) { runCmds(m, cmd, true) }

// RunOnce runs cmd (batches included) and hands what it returns to the
// client, without running the commands that come back.
func RunOnce(m tea.Model, cmd tea.Cmd) { runCmds(m, cmd, false) }

// runCmds runs cmd (batches included) and hands what it returns to the
// client, then, when again, the commands that come back, and so on.
func runCmds(m tea.Model, cmd tea.Cmd, again bool) {
	depth := 1
	if again {
		depth = -1 // no end
	}
	RunDepth(m, cmd, depth)
}

// RunDepth runs cmd (batches included) and hands what it returns to the
// client, then the commands that come back, depth levels deep.
func RunDepth(m tea.Model, cmd tea.Cmd, depth int) {
	if cmd == nil || depth == 0 {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			RunDepth(m, c, depth)
		}
	case nil:
	default:
		_, next := m.Update(msg)
		RunDepth(m, next, depth-1)
	}
}

// SendAll sends msgs and runs every command they give to the end (see
// RunCmd).
func SendAll(m tea.Model, msgs ...tea.Msg) {
	for _, msg := range msgs {
		_, cmd := m.Update(msg)
		RunCmd(m, cmd)
	}
}

// RunUntil runs cmd and the commands its messages bring, as a program
// would, until done or n messages have been handled.
func RunUntil(m tea.Model, cmd tea.Cmd, n int, done func() bool) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 && n > 0 && !done() {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if batch, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, batch...)
			continue
		}
		n--
		_, next := m.Update(msg)
		queue = append(queue, next)
	}
}

// Msgs runs cmd (batches included, in order, one after the other) and
// returns the messages its commands bring, without handing them to any
// client.
func Msgs(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, Msgs(c)...)
		}
		return out
	default:
		return []tea.Msg{msg}
	}
}

// Async runs cmd's commands (batches included) each in a goroutine of
// its own, as Bubble Tea does, and brings the messages they return as
// they come; the channel is closed once every command has returned.
func Async(cmd tea.Cmd) <-chan tea.Msg {
	out := make(chan tea.Msg, 16)
	var wg sync.WaitGroup
	var run func(tea.Cmd)
	run = func(c tea.Cmd) {
		defer wg.Done()
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				if c != nil {
					wg.Add(1)
					go run(c)
				}
			}
		default:
			out <- msg
		}
	}
	if cmd != nil {
		wg.Add(1)
		go run(cmd)
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}
