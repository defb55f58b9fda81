package board

import (
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/internal/uitest"
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
	for i := range 3 {
		st := b.Game()
		legal := st.Legal(nil)
		uitest.Send(m, uitest.Typed(":"+st.ShortMove(legal[(i*5)%len(legal)]))...)
		m.Update(uitest.Key("enter"))
	}
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
