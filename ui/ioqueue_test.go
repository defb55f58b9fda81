package ui

import (
	"strings"
	"sync"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"
)

// The queue runs its operations one at a time, in the order asked, and
// each command reports its own operation's message.
func TestIOQueueKeepsOrder(t *testing.T) {
	t.Parallel()
	q := common.NewIOQueue()
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

// slowStore is a save store whose writes wait until the test lets them
// through.
type slowStore struct {
	memStore
	release chan struct{}
}

func (s *slowStore) Save(d []byte) error {
	<-s.release
	return s.memStore.Save(d)
}

// A move's save is written off the UI goroutine: Update returns while
// the store is still busy, and the save lands once the store is free.
// (When Update wrote the save itself, this test hung in the first
// Update.)
func TestUpdateDoesNotWaitForTheStore(t *testing.T) {
	t.Parallel()
	store := &slowStore{release: make(chan struct{})}
	v := mustVariant(t, "quad7")
	m := New(common.Options{Store: store, Start: common.Start{Variant: "quad7", Seats: hotSeat(v)}, AIDelay: -1}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.cur.(*board.BoardScreen)
	m.Update(keyMsg("enter")) // x marks the centre; the store is busy
	if len(lm(b).Moves) != 1 {
		t.Fatalf("the move was not played: %q", b.Status)
	}
	if data, _ := store.Load(); data != nil {
		t.Fatalf("saved before the store was free:\n%s", data)
	}
	close(store.release)
	waitWrites(m)
	if data, _ := store.Load(); !strings.Contains(string(data), "move (mark r4 c4)") {
		t.Fatalf("the save did not land:\n%s", data)
	}
}
