package board

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
)

// slowStore is a save store whose writes wait until the test lets them
// through.
type slowStore struct {
	uitest.MemStore
	release chan struct{}
}

func (s *slowStore) Save(d []byte) error {
	<-s.release
	return s.MemStore.Save(d)
}

// A move's save is written off the UI goroutine: Update returns while
// the store is still busy, and the save lands once the store is free.
// (When Update wrote the save itself, this test hung in the first
// Update.)
func TestUpdateDoesNotWaitForTheStore(t *testing.T) {
	t.Parallel()
	store := &slowStore{release: make(chan struct{})}
	v := uitest.MustVariant(t, "quad7")
	m := newClient(t, common.Options{Store: store, Start: common.Start{Variant: "quad7", Seats: uitest.HotSeat(v)}, AIDelay: -1})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b := m.Cur.(*BoardScreen)
	m.Update(uitest.Key("enter")) // x marks the centre; the store is busy
	if len(lm(b).Moves()) != 1 {
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
