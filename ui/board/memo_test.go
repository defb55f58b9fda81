package board

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/tabletop/tabletop/internal/textwidth"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/themes"
)

// The key bar and the side panel drawn from their memos are what they
// would be drawn fresh, through a game's changes: the cursor, the
// prompt, every key shown, a new theme, another size, moves, undo, the
// end of the game and review.
func TestMemoizedPartsMatchFresh(t *testing.T) {
	m, b := newProfileClient(t, "pentago", colorprofile.ANSI256, 100, 40)
	check := func(step string) {
		t.Helper()
		b, ok := m.Cur.(*BoardScreen)
		if !ok {
			t.Fatalf("after %s: the screen is %T", step, m.Cur)
		}
		_ = uitest.ViewText(m)
		if got, want := b.bar().helpView(), common.MergeStyles(b.bar().drawHelp(b.Keys(), b.help.ShowAll && b.bar().fullHelpFits(common.MergeStyles(b.bar().drawHelp(b.Keys(), true))))); got != want {
			t.Fatalf("after %s: the key bar is\n%q\nfresh it is\n%q", step, got, want)
		}
		l := b.Layout()
		content, _ := b.panel().panelContent(l)
		if got, want := b.panel().panelView(l), common.MergeStyles(b.Common.Styles.Panel.Render(content)); got != want {
			t.Fatalf("after %s: the panel is\n%q\nfresh it is\n%q", step, got, want)
		}
		if got, want := b.Recent(), b.recent(); !reflect.DeepEqual(got, want) {
			t.Fatalf("after %s: the recent moves are %+v, fresh they are %+v", step, got, want)
		}
		var over [2]string
		if l.overlay {
			regions := b.Regions(b.recent())
			over = [2]string{b.grid().overlayLine(l, regions, true), b.grid().overlayLine(l, regions, false)}
		}
		fresh := b.grid().drawBoard(l, b.adapter.Cells(b.Game()), marks(b), over)
		if got, want := common.JoinLines(b.grid().boardLines(l)), common.JoinLines(fresh); got != want {
			t.Fatalf("after %s: the board is\n%q\nfresh it is\n%q", step, got, want)
		}
		if got, want := b.bar().headerView(), b.bar().drawHeader(b.bar().label()); got != want {
			t.Fatalf("after %s: the header is %q, fresh it is %q", step, got, want)
		}
		w := max(l.panelW-4, 1)
		vp := b.movesVP
		vp.SetWidth(w)
		vp.SetHeight(l.listH)
		if got, want := strings.Join(b.panel().moveListLines(), "\n"), freshMoveList(b); got != want {
			t.Fatalf("after %s: the move list text is\n%q\nfresh it is\n%q", step, got, want)
		}
		vp.SetContent(freshMoveList(b))
		vp.SetYOffset(vp.TotalLineCount() - l.listH - b.moveScroll)
		if got, want := padLines(b.panel().moveListView(w, l.listH), w, l.listH), vp.View(); got != want {
			t.Fatalf("after %s: the move list is\n%q\nfresh it is\n%q", step, got, want)
		}
	}
	check("start")
	keys := []string{"right", "down", "enter", "1", "z", "esc", "left", "H", "esc", ":", "a", "b", "esc", "?", "?",
		common.BoardKeys.Theme.Keys()[0], "?", common.BoardKeys.Theme.Keys()[0], "?"}
	for _, k := range keys {
		uitest.Press(m, k)
		check("key " + k)
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {100, 40}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		check("resize")
	}
	for i := 0; !b.Ended(); i++ {
		st := b.Game()
		legal := st.Legal(nil)
		uitest.Send(m, uitest.Typed(":"+st.ShortMove(legal[(i*5)%len(legal)]))...)
		check("typing a move")
		uitest.Press(m, "enter")
		check("a move")
		if i == 3 {
			uitest.Press(m, "u")
			check("undo")
			uitest.Press(m, "U")
			check("redo")
		}
		if i == 5 || i == 9 {
			uitest.Press(m, flipKey.Keys()[0])
			check("flipping the board")
		}
	}
	for _, k := range []string{"pgup", "pgup", "pgdown"} {
		uitest.Press(m, k)
		check("scrolling the moves with " + k)
	}
	uitest.Press(m, reviewKeys.Open.Keys()[0])
	check("review")
	uitest.Press(m, "left")
	check("review, a move back")
}

// The panel's border cut from a probe is what the panel style draws, in
// every theme and colour profile, for lines of several widths.
func TestBoxPanelMatchesLipgloss(t *testing.T) {
	profiles := []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ANSI, colorprofile.TrueColor, colorprofile.ASCII}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, p := range profiles {
		_, b := newProfileClient(t, "pentago", p, 100, 40)
		for _, th := range themes.All {
			for _, ascii := range []bool{false, true} {
				b.Common.ASCII = ascii
				b.Common.SetTheme(th)
				for _, inner := range []int{1, 7, 30} {
					lines := make([]string, 1+rng.IntN(12))
					for i := range lines {
						var sb strings.Builder
						for range rng.IntN(8) {
							sb.WriteString(uitest.WidthPieces[rng.IntN(20)])
						}
						lines[i] = common.PadRight(common.CutANSI(b.Common.Styles.Accent.Render(sb.String()), inner), inner)
					}
					content := common.JoinLines(lines)
					want := b.Common.Styles.Panel.Render(content)
					if got := b.panel().boxPanel(content, inner, false); got != want {
						t.Fatalf("%s, profile %d, ascii %t, width %d: boxPanel\n%q\nlipgloss\n%q", th.Name, p, ascii, inner, got, want)
					}
					// Lines known to be inner wide (clean, and padded to it)
					// are not measured: the same box.
					if even := evenLines(lines, inner); even {
						if got := b.panel().boxPanel(content, inner, true); got != want {
							t.Fatalf("%s, profile %d, ascii %t, width %d: boxPanel of even lines\n%q\nlipgloss\n%q", th.Name, p, ascii, inner, got, want)
						}
					}
				}
			}
		}
	}
}

// evenLines reports whether every line is clean and w cells wide, as
// panelContent says of its lines.
func evenLines(lines []string, w int) bool {
	for _, l := range lines {
		if n, clean := textwidth.LineClean(l); !clean || n != w {
			return false
		}
	}
	return true
}

// freshMoveList is the move list's text, every line grouped and drawn
// afresh.
func freshMoveList(b *BoardScreen) string {
	var lines []string
	for _, ml := range moveLines(b.variant, b.History()) {
		if b.Reviewing() {
			lines = append(lines, b.nav().reviewMoveLine(ml))
		} else {
			lines = append(lines, b.panel().moveLine(ml))
		}
	}
	if len(lines) == 0 {
		return b.Common.Styles.Muted.Render("no moves yet")
	}
	return strings.Join(lines, "\n")
}

// padLines is lines padded with spaces to w cells and with blank lines
// to h, joined: as the panel shows them.
func padLines(lines []string, w, h int) string {
	out := make([]string, h)
	for i := range out {
		if i < len(lines) {
			out[i] = lines[i]
		}
		out[i] += strings.Repeat(" ", max(w-common.LineWidth(out[i]), 0))
	}
	return strings.Join(out, "\n")
}

// scrollView shows what the viewport shows, for lists longer and shorter
// than the view, scrolled, with styled, wide and too-wide lines.
func TestScrollViewMatchesViewport(t *testing.T) {
	if uitest.Race {
		t.Skip("exhaustive comparison of pure drawing code: made by the plain run")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	pieces := []string{"a", "12. ", "\x1b[38;5;203mred   \x1b[0m", "中", "·", " ", "e\u0301", "\t"}
	for range 3000 {
		lines := make([]string, rng.IntN(30))
		for i := range lines {
			for range rng.IntN(6) {
				lines[i] += pieces[rng.IntN(len(pieces))]
			}
		}
		text := strings.Join(lines, "\n")
		w, h, up := 1+rng.IntN(30), 1+rng.IntN(25), rng.IntN(8)
		vp := viewport.New(viewport.WithWidth(20), viewport.WithHeight(5))
		want := vp
		want.SetWidth(w)
		want.SetHeight(h)
		want.SetContent(text)
		want.SetYOffset(want.TotalLineCount() - h - up)
		if got := scrollView(vp, text, w, h, up); got != want.View() {
			t.Fatalf("%q in %d×%d up %d:\n%q\nviewport:\n%q", text, w, h, up, got, want.View())
		}
	}
}

// Sessions showing one position in one theme share its board block: the
// second draws none of its own. Sessions in other themes, glyphs or
// colour profiles each see their own board, as drawn fresh.
func TestBoardsSharedBetweenSessions(t *testing.T) {
	type setup struct {
		p     colorprofile.Profile
		theme themes.Theme
		ascii bool
	}
	setups := []setup{{colorprofile.ANSI256, themes.Default, false}, {colorprofile.ANSI256, themes.Default, false},
		{colorprofile.TrueColor, themes.Default, false}, {colorprofile.ANSI, themes.Default, false},
		{colorprofile.ANSI256, themes.Light, false}, {colorprofile.ANSI256, themes.Default, true}, {colorprofile.ASCII, themes.Mono, false}}
	var first []string
	for i, s := range setups {
		m, b := newProfileClient(t, "pentago", s.p, 100, 40)
		b.Common.ASCII = s.ascii
		b.Common.SetTheme(s.theme)
		for j := range 3 {
			st := b.Game()
			uitest.Send(m, uitest.Typed(":"+st.ShortMove(st.Legal(nil)[j*5]))...)
			uitest.Press(m, "enter")
		}
		_ = uitest.ViewText(m)
		l := b.Layout()
		var over [2]string
		if l.overlay {
			regions := b.Regions(b.Recent())
			over = [2]string{b.grid().overlayLine(l, regions, true), b.grid().overlayLine(l, regions, false)}
		}
		got := b.grid().boardLines(l)
		if fresh := b.grid().drawBoard(l, b.adapter.Cells(b.Game()), marks(b), over); common.JoinLines(got) != common.JoinLines(fresh) {
			t.Fatalf("session %d (%+v): the board is\n%q\nfresh it is\n%q", i, s, common.JoinLines(got), common.JoinLines(fresh))
		}
		switch i {
		case 0:
			first = got
		case 1:
			if unsafe.StringData(got[0]) != unsafe.StringData(first[0]) {
				t.Errorf("the second session in the same theme drew the board again instead of sharing the first's")
			}
		}
	}
}

// A block line kept for every session (fitBlockLine) is kept per width:
// the same labels in a narrower window are cut, in a wider one padded,
// whichever was drawn first.
func TestBlockLinesKeptPerWidth(t *testing.T) {
	line := "\x1b[38;5;244m  a  b  c\x1b[m\x1b[38;5;244m  d\x1b[m"
	for _, w := range []int{12, 6, 12, 20} {
		want := common.FitWidth(common.MergeStyles(line), w)
		if got := fitBlockLine(line, w); got != want || textwidth.Line(got) != w {
			t.Errorf("width %d: %q, want %q", w, got, want)
		}
	}
}
