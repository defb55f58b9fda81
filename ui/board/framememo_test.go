package board

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui/common"
)

// newMemoBoard is a hot-seat Pentago board in a 100×40 window.
func newMemoBoard(t *testing.T) *BoardScreen {
	t.Helper()
	v, err := game.Lookup("pentago")
	if err != nil {
		t.Fatal(err)
	}
	c := &common.Common{Profile: colorprofile.ANSI256, Width: 100, Height: 40, IO: common.NewIOQueue()}
	c.SetTheme(themes.Default)
	b, err := NewBoard(c, v, "", make([]savefmt.SeatConfig, len(v.Roles)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// drawFrame draws a frame as the client's root does.
func drawFrame(b *BoardScreen) string {
	b.Common.Drawing()
	defer b.Common.Drawn()
	return b.View()
}

// freshSizes are the screen's size and layout worked out anew.
func freshSizes(b *BoardScreen) (w, h int, l BoardLayout) {
	b.frame = frameMemo{}
	w, h = b.MinSize()
	return w, h, b.Layout()
}

// After a frame, the size check and the layout asked before the next
// message are the frame's, and the same as worked out anew; once the
// model is updated they are worked out again from it.
func TestFrameMemoLastsUntilTheNextUpdate(t *testing.T) {
	b := newMemoBoard(t)
	drawFrame(b)
	w, h := b.MinSize()
	l := b.Layout()
	b.frame.minW++ // marked: asked again, the size is the memo's
	if mw, _ := b.MinSize(); mw != w+1 {
		t.Fatalf("the size asked after the frame was worked out again (%d), not the frame's", mw)
	}
	b.frame.minW--
	fw, fh, fl := freshSizes(b)
	if w != fw || h != fh || !reflect.DeepEqual(l, fl) {
		t.Errorf("after the frame: size %d×%d, layout %+v; worked out anew %d×%d, %+v", w, h, l, fw, fh, fl)
	}

	// The full help makes the key bar taller: a model updated after
	// the frame is not sized from the frame's memo.
	drawFrame(b)
	before := b.Layout()
	b.Help.ShowAll = true
	b.Common.Updated()
	after := b.Layout()
	_, _, fresh := freshSizes(b)
	if after.helpH != fresh.helpH || after.helpH == before.helpH {
		t.Errorf("help lines after an update: %d, worked out anew %d, before %d", after.helpH, fresh.helpH, before.helpH)
	}
}

// The status drawn once in a frame is given again only for as many
// lines as it holds the same: a long status cut to fewer lines is
// drawn anew, and equals the status drawn afresh for every count.
func TestFrameMemoStatusIsTheStatusForItsLines(t *testing.T) {
	b := newMemoBoard(t)
	for _, status := range []string{"", "your move", strings.Repeat("a long reason the move was refused ", 12)} {
		for first := 1; first <= statusMaxLines; first++ {
			b.Status = status
			b.Common.Updated()
			b.Common.Drawing()
			b.statusView(first) // kept for the frame
			for n := 1; n <= statusMaxLines; n++ {
				if got, want := b.statusView(n), b.drawStatus(n); got != want {
					t.Errorf("status %q drawn for %d lines, then for %d:\n got %q\nwant %q", status, first, n, got, want)
				}
			}
			b.Common.Drawn()
		}
	}
}
