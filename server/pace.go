package server

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// frameGap is how often Bubble Tea's renderer draws (its default 60
// frames a second). A frame computed sooner after the last one than
// this is replaced before it is drawn, unless it is the last of a burst.
const frameGap = time.Second / 60

// pacedModel wraps a session's model so that a burst of messages (keys
// pasted or typed faster than the screen is drawn, a flurry of room
// updates) costs one frame, not one per message: Bubble Tea computes
// View after every message, while its renderer draws at most one frame
// per frameGap, and drawing a frame is most of what a session costs the
// server. After a message that comes within frameGap of the last frame
// computed, View returns that frame again and a tick brings a fresh one
// once the gap has passed, so the screen is never behind by more than
// frameGap plus one frame of the renderer.
type pacedModel struct {
	tea.Model
	pace *framePace
}

// framePace is the pacing state, shared by the copies of a pacedModel
// that Update returns. Only the program's event loop touches it.
type framePace struct {
	frame   tea.View  // the last frame returned
	at      time.Time // when it was computed
	pending bool      // a paceTick is on its way; frame is behind until then
	now     func() time.Time
}

// paceTick asks for the frame a burst's messages were waiting for.
type paceTick struct{}

func newPacedModel(m tea.Model) pacedModel {
	return pacedModel{Model: m, pace: &framePace{now: time.Now}}
}

func (p pacedModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(paceTick); ok {
		p.pace.pending = false
		return p, nil
	}
	m, cmd := p.Model.Update(msg)
	p.Model = m
	if _, resize := msg.(tea.WindowSizeMsg); resize {
		// The renderer repaints the whole screen on a resize: it must
		// get the frame of the new size.
		p.pace.pending = false
		return p, cmd
	}
	if p.pace.pending || p.pace.frame.Content == "" {
		return p, cmd
	}
	if wait := frameGap - p.pace.now().Sub(p.pace.at); wait > 0 {
		p.pace.pending = true
		cmd = tea.Batch(cmd, tea.Tick(wait, func(time.Time) tea.Msg { return paceTick{} }))
	}
	return p, cmd
}

func (p pacedModel) View() tea.View {
	f := p.pace
	if f.pending {
		return f.frame
	}
	f.frame = p.Model.View()
	f.at = f.now()
	return f.frame
}
