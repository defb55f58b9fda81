package common

import (
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// The queue runs its operations one at a time, in the order asked, and
// each command reports its own operation's message.
func TestIOQueueKeepsOrder(t *testing.T) {
	t.Parallel()
	q := NewIOQueue()
	var mu sync.Mutex
	var ran []int
	var cmds []tea.Cmd
	for i := range 50 {
		cmds = append(cmds, q.Do(func() tea.Msg {
			mu.Lock()
			ran = append(ran, i)
			mu.Unlock()
			return i
		}))
	}
	for i, c := range cmds {
		if got := c(); got != i {
			t.Fatalf("command %d reported %v", i, got)
		}
	}
	q.Wait()
	for i, r := range ran {
		if r != i {
			t.Fatalf("operations ran in the order %v", ran)
		}
	}
}
