package server

import (
	"context"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"

	"github.com/tabletop/tabletop/internal/remoteterm"
)

// runPrograms is the middleware that runs each session's client program.
// It does what wish's bubbletea middleware does, without that
// middleware's goroutine per session (a parked goroutine's stack is a
// large share of an idle session's memory): the program quits through a
// context.AfterFunc when the connection ends, and window changes reach it
// from the connection's pacer, which already runs only when one comes.
func (s *Server) runPrograms(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		// The client is built (its first screen laid out) off the
		// session's goroutine, as its updates are (remoteterm.OffStack).
		var program *tea.Program
		remoteterm.OffStack(func() { program = s.programHandler(sess) })
		if program == nil {
			next(sess)
			return
		}
		if gs, ok := sess.(*gameSession); ok {
			gs.st.pacer.attach(func(w ssh.Window) {
				// Send waits for the program's loop; the pacer must not.
				go program.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
			})
			// The client's keys reach the program through the pump and the
			// decoder, which sends each message when the program takes it.
			dec := remoteterm.NewDecoder(program.Send)
			gs.in.dst, gs.in.ended = dec, dec.Close
			s.spawn(gs.st, gs.in.run)
		}
		stop := context.AfterFunc(sess.Context(), program.Quit)
		if _, err := program.Run(); err != nil {
			s.log.Debug("program ended with an error", "remote", sess.RemoteAddr().String(), "err", err)
		}
		// Kill restores the terminal if the program did not end cleanly.
		program.Kill()
		stop()
		next(sess)
	}
}
