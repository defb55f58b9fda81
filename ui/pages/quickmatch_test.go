package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/board"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

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
func answer(m *common.Shell, msg tea.Msg, depth int) {
	_, cmd := m.Update(msg)
	uitest.RunDepth(m, cmd, depth)
}

func TestQuickMatchScreen(t *testing.T) {
	fq := &fakeQuick{}
	lobby := &fakeLobby{newFakeRoom("pentago", 0)}
	m := newClient(common.Options{ColorProfile: colorprofile.ASCII, Remote: true, Lobby: lobby, QuickMatch: fq, Player: rooms.Player{ID: "SHA256:ana", Name: "ana"}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if !strings.Contains(uitest.ViewText(m), "Play anyone") {
		t.Fatalf("menu lacks Play anyone:\n%s", uitest.ViewText(m))
	}
	q := newQuickMatch(m.C)
	m.Cur = q
	answer(m, uitest.Key("enter"), 1) // the queue's answer to Enqueue
	if fq.queued == "" || !q.queued {
		t.Fatal("enter did not queue")
	}
	answer(m, quickPollMsg{gen: q.gen}, 1) // the poll's answer
	if v := uitest.ViewText(m); !strings.Contains(v, "in the queue (2)") || !strings.Contains(v, "zed") {
		t.Fatalf("queue not shown:\n%s", v)
	}
	answer(m, uitest.Key("esc"), 1)
	if !fq.cancelled || q.queued {
		t.Fatal("esc did not leave the queue")
	}
	answer(m, uitest.Key("enter"), 1)
	answer(m, quickPollMsg{gen: q.gen}, 2) // the poll's answer, then the join's
	if _, ok := m.Cur.(*board.BoardScreen); !ok {
		t.Fatalf("matched, but no room board: %T", m.Cur)
	}

	// A guest has no such item.
	m = newClient(common.Options{ColorProfile: colorprofile.ASCII, Remote: true, Lobby: lobby, QuickMatch: fq, Player: rooms.Player{Name: "guest"}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if strings.Contains(uitest.ViewText(m), "Play anyone") {
		t.Fatal("Play anyone offered to a guest")
	}
}
