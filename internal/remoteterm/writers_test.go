package remoteterm

import (
	"fmt"
	"runtime/metrics"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// goroutinesCreated is the process's count of goroutines created so far.
func goroutinesCreated() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// frameSignal is a terminal that says when a frame was written to it.
type frameSignal struct{ wrote chan struct{} }

func (f frameSignal) Write(p []byte) (int, error) {
	f.wrote <- struct{}{}
	return len(p), nil
}

// Bursts of frames, each written before the next comes (a session's
// frames of a room's move), are written by a writer kept idle between
// them, not by a goroutine started for each burst; several renderers
// share the writers.
func TestBurstsReuseIdleWriters(t *testing.T) {
	const bursts = 60
	for _, sessions := range []int{1, 3} {
		t.Run(fmt.Sprintf("%d sessions", sessions), func(t *testing.T) {
			term := frameSignal{wrote: make(chan struct{})}
			rs := make([]*Renderer, sessions)
			for i := range rs {
				rs[i] = NewRenderer(term, colorprofile.ANSI256, 40, 10)
			}
			before := goroutinesCreated()
			for i := range bursts {
				r := rs[i%sessions]
				r.Render(tea.NewView(fmt.Sprintf("frame %d", i)))
				<-term.wrote
			}
			created := goroutinesCreated() - before
			for _, r := range rs {
				close := r.Close(nil)
				<-term.wrote // the terminal given back
				<-close
			}
			if created > bursts/4 {
				t.Errorf("%d bursts of frames started %d goroutines, want a few writers reused", bursts, created)
			}
		})
	}
}
