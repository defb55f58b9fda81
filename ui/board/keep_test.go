package board

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/internal/uitest"
	"github.com/tabletop/tabletop/ui/match"
)

// cellsCounter is a board adapter that counts the calls of Cells: a
// frame that computes the board's inputs asks for its cells.
type cellsCounter struct {
	adapters.VariantUI
	n int
}

func (c *cellsCounter) Cells(s game.State) [][]adapters.CellInfo {
	c.n++
	return c.VariantUI.Cells(s)
}

// The frames after keys that change only the move prompt (":" opening
// it, text typed, ↑ and ↓, in a burst or one at a time) take the board
// block, the panel and the layout as the last frame drew them: the
// board's cells are not asked for again. Each of those frames is the
// frame drawn whole; any other key draws the board again.
func TestPromptKeysKeepTheBoard(t *testing.T) {
	t.Parallel()
	m, b := newProfileClient(t, "pentago", colorprofile.ANSI256, 100, 40)
	typeMoves(m, b, 3, 5)
	counter := &cellsCounter{VariantUI: b.adapter}
	b.adapter = counter
	_ = uitest.Frame(m)
	whole := func() string {
		// A frame after no message draws every part (see keptParts).
		return uitest.Frame(m)
	}
	steps := [][]string{{":"}, {"a"}, {"1", "b"}, {"backspace"}, {"up"}, {"down"}, {"c", "2"}}
	for _, keys := range steps {
		counter.n = 0
		for _, k := range keys {
			m.Update(uitest.Key(k))
		}
		got := uitest.Frame(m)
		if counter.n != 0 {
			t.Errorf("after %q the frame asked for the board's cells %d times", keys, counter.n)
		}
		if want := whole(); got != want {
			t.Fatalf("after %q the frame from the kept parts is\n%s\nwant\n%s", keys, got, want)
		}
	}
	counter.n = 0
	m.Update(uitest.Key("esc")) // the prompt closed: not the prompt's text alone
	_ = uitest.Frame(m)
	if counter.n == 0 {
		t.Error("the frame after esc took the board as kept")
	}
	counter.n = 0
	m.Update(uitest.Key("right")) // the cursor moves on the board
	got := uitest.Frame(m)
	if counter.n == 0 {
		t.Error("the frame after a cursor key took the board as kept")
	}
	if want := whole(); got != want {
		t.Fatalf("after the cursor moved the frame is\n%s\nwant\n%s", got, want)
	}
}

// The frame as lines (what the server's renderer is given) is the
// frame's text cut at its newlines, with the same cursor, through a
// game's moves typed at the prompt, the cursor's keys, the key list, a
// theme change and a window too small, for every game.
func TestViewLinesAreTheView(t *testing.T) {
	t.Parallel()
	keys := []string{":", "a", "backspace", "esc", "right", "down", "enter", "?", "?", "t", "left", "enter"}
	for _, variant := range game.Names() {
		m, b := newProfileClient(t, variant, colorprofile.ANSI256, 100, 40)
		check := func(step string) {
			t.Helper()
			v, lines := m.ViewLines()
			want := m.View()
			if lines == nil {
				t.Fatalf("%s after %s: no lines", variant, step)
			}
			if got := strings.Join(lines, "\n"); got != want.Content {
				t.Fatalf("%s after %s: the lines are\n%s\nthe view\n%s", variant, step, got, want.Content)
			}
			if fmt.Sprint(v.Cursor) != fmt.Sprint(want.Cursor) || v.MouseMode != want.MouseMode || !v.AltScreen {
				t.Fatalf("%s after %s: the lines' view %+v, the view's %+v", variant, step, v, want)
			}
		}
		for i, k := range keys {
			m.Update(uitest.Key(k))
			check(fmt.Sprintf("key %d (%s)", i, k))
		}
		st := b.Game()
		if legal := st.Legal(nil); len(legal) > 0 {
			uitest.Send(m, uitest.Typed(":"+st.ShortMove(legal[0]))...)
			check("a move typed")
			m.Update(uitest.Key("enter"))
			check("a move played")
		}
		m.Update(tea.WindowSizeMsg{Width: 30, Height: 10})
		if _, lines := m.ViewLines(); lines != nil {
			t.Fatalf("%s: a window too small drew lines %q", variant, lines)
		}
	}
}

// The kept move list goes on from the last one as the game does, and is
// what replaying the whole game names at each step: moves played, taken
// back, a move on its way dropped, another game from another start; the
// lists handed out before stay as they were.
func TestHistoryLogFollowsTheGame(t *testing.T) {
	t.Parallel()
	v := uitest.MustVariant(t, "pentago")
	play := func(from game.State, n, k int) []game.Move {
		var moves []game.Move
		s := from.Clone()
		for range n {
			legal := s.Legal(nil)
			m := legal[(len(moves)*7+k)%len(legal)]
			moves = append(moves, m)
			s.Apply(m)
		}
		return moves
	}
	start := v.New()
	other := start.Clone()
	other.Apply(other.Legal(nil)[3])
	games := []struct {
		from  game.State
		moves []game.Move
	}{{start, play(start, 12, 0)}, {start, play(start, 12, 1)}, {other, play(other, 12, 0)}}
	var h historyLog
	type handed struct {
		list []match.PlayedMove
		want string
	}
	var out []handed
	// {game, moves}: on, back, on again, the same length of another line
	// of play, another start with more moves.
	steps := [][2]int{{0, 0}, {0, 1}, {0, 2}, {0, 5}, {0, 4}, {0, 6}, {0, 12}, {1, 12}, {1, 3}, {2, 5}, {0, 9}, {0, 0}, {2, 3}}
	for _, st := range steps {
		g := games[st[0]]
		got := h.of(g.from, g.moves[:st[1]])
		want := match.HistoryOf(g.from, g.moves[:st[1]])
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("game %d after %d moves: %v, want %v", st[0], st[1], got, want)
		}
		out = append(out, handed{got, fmt.Sprint(want)})
	}
	for i, o := range out {
		if fmt.Sprint(o.list) != o.want {
			t.Fatalf("list %d changed to %v, was %s", i, o.list, o.want)
		}
	}
}

// A status line is drawn once for every session that shows it: two
// boards telling their players the same thing hand out one string.
func TestStatusLineSharedBySessions(t *testing.T) {
	t.Parallel()
	_, a := newProfileClient(t, "quad7", colorprofile.ANSI256, 100, 40)
	_, b := newProfileClient(t, "quad7", colorprofile.ANSI256, 100, 40)
	sa, sb := a.bar().drawStatus(statusMaxLines), b.bar().drawStatus(statusMaxLines)
	if sa != sb || unsafe.StringData(sa) != unsafe.StringData(sb) {
		t.Fatalf("the same status drawn twice: %q and %q", sa, sb)
	}
	b.SetStatus("something else", true)
	if sc := b.bar().drawStatus(statusMaxLines); sc == sa || !strings.Contains(sc, "something else") {
		t.Fatalf("another status drew %q", sc)
	}
}
