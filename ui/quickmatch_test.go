package ui

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/pages"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/rooms"
)

// fakeQuick matches on the second poll.
type fakeQuick struct {
	queued    string
	polls     int
	cancelled bool
}

func (f *fakeQuick) Enqueue(v string) error { f.queued = v; return nil }
func (f *fakeQuick) Cancel()                { f.cancelled = true }
func (f *fakeQuick) Poll(v string) (string, []string, error) {
	f.polls++
	if f.polls < 2 {
		return "", []string{"ana", "zed"}, nil
	}
	return "K7QX", nil, nil
}

// answer hands msg to the client and then, depth times, what the
// commands it returns report (the queue's and the lobby's answers), but
// not what those return: the next poll's tick, the room's waiter.
func answer(m *Model, msg tea.Msg, depth int) {
	_, cmd := m.Update(msg)
	runDepth(m, cmd, depth)
}

func TestQuickMatchScreen(t *testing.T) {
	fq := &fakeQuick{}
	lobby := &fakeLobby{newFakeRoom("pentago", 0)}
	m := New(common.Options{ColorProfile: colorprofile.ASCII, Remote: true, Lobby: lobby, QuickMatch: fq, Player: rooms.Player{ID: "SHA256:ana", Name: "ana"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if !strings.Contains(viewText(m), "Play anyone") {
		t.Fatalf("menu lacks Play anyone:\n%s", viewText(m))
	}
	q := pages.NewQuickMatch(m.c)
	m.cur = q
	answer(m, keyMsg("enter"), 1) // the queue's answer to Enqueue
	if fq.queued == "" || !q.Queued {
		t.Fatal("enter did not queue")
	}
	answer(m, pages.QuickPollMsg{Gen: q.Gen}, 1) // the poll's answer
	if v := viewText(m); !strings.Contains(v, "in the queue (2)") || !strings.Contains(v, "zed") {
		t.Fatalf("queue not shown:\n%s", v)
	}
	answer(m, keyMsg("esc"), 1)
	if !fq.cancelled || q.Queued {
		t.Fatal("esc did not leave the queue")
	}
	answer(m, keyMsg("enter"), 1)
	answer(m, pages.QuickPollMsg{Gen: q.Gen}, 2) // the poll's answer, then the join's
	if _, ok := m.cur.(*board.BoardScreen); !ok {
		t.Fatalf("matched, but no room board: %T", m.cur)
	}

	// A guest has no such item.
	m = New(common.Options{ColorProfile: colorprofile.ASCII, Remote: true, Lobby: lobby, QuickMatch: fq, Player: rooms.Player{Name: "guest"}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if strings.Contains(viewText(m), "Play anyone") {
		t.Fatal("Play anyone offered to a guest")
	}
}
