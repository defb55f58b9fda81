package remoteterm

import (
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Model wraps m for a program that runs with tea.WithoutRenderer: after
// Init and after every Update, m's view goes to r (Bubble Tea, too, draws
// a view after each of them) — except after a key of a burst (a Decoder's
// key with more input after it), whose frame the next message's shows —
// and the messages about the terminal reach
// r first: the window's size, the colour profile, the answer to the
// synchronized-output query, and mouse events for the last view's
// OnMouse. The program itself sees an empty view.
func (r *Renderer) Model(m tea.Model) tea.Model { return model{inner: m, r: r} }

type model struct {
	inner tea.Model
	r     *Renderer
}

// Init and Update run the client's on a shared worker's stack (see
// OffStack), not on the session's.
func (m model) Init() (cmd tea.Cmd) {
	OffStack(func() {
		cmd = m.inner.Init()
		m.r.viewed = true
		m.r.Render(m.inner.View())
	})
	return cmd
}

func (m model) Update(msg tea.Msg) (next tea.Model, cmd tea.Cmd) {
	OffStack(func() { next, cmd = m.update(msg) })
	return next, cmd
}

func (m model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(burstKey); ok {
		// More of the same input follows at once: its frame is drawn
		// after the last of it.
		next, cmd := m.inner.Update(k.msg())
		m.inner = next
		return m, cmd
	}
	first := m.r.observe(msg)
	next, cmd := m.inner.Update(msg)
	m.inner = next
	if u, ok := next.(Unchanging); ok && u.Unchanged() && m.r.viewed && !terminalMsg(msg) {
		// The view would be the last one again: not drawn, not even
		// asked for.
		return m, tea.Batch(first, cmd)
	}
	m.r.viewed = true
	if l, ok := next.(Lined); ok {
		m.r.RenderLines(l.ViewLines())
	} else {
		m.r.Render(next.View())
	}
	return m, tea.Batch(first, cmd)
}

// Lined is a model that can give its view with the content as lines
// (see RenderLines): a frame made of kept parts (a board, its panel, its
// status line) is then not joined into one text to be cut into rows
// again by the renderer.
type Lined interface {
	// ViewLines is View with the content as the frame's lines, which
	// the caller keeps (nil lines: the content is the view's). The
	// view's Content is not read when lines is not nil.
	ViewLines() (tea.View, []string)
}

// Unchanging is a model that can tell when a message changed nothing its
// view shows: the renderer then asks it for no view after that message.
// (Every view a message brings is otherwise drawn; one equal to the last
// writes nothing to the terminal, but building it is most of what a
// session's message costs.)
type Unchanging interface {
	// Unchanged reports whether the last message Update handled left
	// the view as it was.
	Unchanged() bool
}

// terminalMsg reports whether msg is about the terminal itself (its
// size, its colours): the frame after it is always drawn.
func terminalMsg(msg tea.Msg) bool {
	switch msg.(type) {
	case tea.WindowSizeMsg, tea.ColorProfileMsg:
		return true
	}
	return false
}

// View is empty: the program has no renderer to give it to.
func (m model) View() tea.View { return tea.View{} }

// observe takes what the renderer needs from msg before the model sees
// it; a command to run beside the model's, from the last view's OnMouse.
func (r *Renderer) observe(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		r.Resize(msg.Width, msg.Height)
	case tea.ColorProfileMsg:
		r.SetColorProfile(msg.Profile)
	case tea.ModeReportMsg:
		// Bubble Tea draws in synchronized output when the terminal says
		// the mode is there and off.
		if msg.Mode == ansi.ModeSynchronizedOutput {
			r.setSynchronized(msg.Value == ansi.ModeReset)
		}
	case tea.MouseClickMsg, tea.MouseReleaseMsg, tea.MouseWheelMsg, tea.MouseMotionMsg:
		if on := r.mouseHandler(); on != nil {
			return on(msg.(tea.MouseMsg))
		}
	}
	return nil
}
