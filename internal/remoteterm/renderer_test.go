package remoteterm

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/internal/termscreen"
)

// terminal records what a renderer writes and shows it on an emulated
// screen.
type terminal struct {
	mu   sync.Mutex
	scr  *termscreen.Screen
	out  bytes.Buffer // everything written
	mark int          // where the output since the last take starts
	fail error
}

func newTerminal(w, h int) *terminal { return &terminal{scr: termscreen.New(w, h)} }

func (t *terminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.fail != nil {
		return 0, t.fail
	}
	t.out.Write(p)
	t.scr.Write(p)
	return len(p), nil
}

// take returns what was written since the last take.
func (t *terminal) take() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.out.String()[t.mark:]
	t.mark = t.out.Len()
	return s
}

func (t *terminal) screen() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.scr.String()
}

// settle waits until the renderer has written everything it was given.
func settle(t *testing.T, r *Renderer) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		r.mu.Lock()
		busy := r.writing || r.hasNext
		r.mu.Unlock()
		if !busy {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the renderer did not finish writing")
}

func altView(content string) tea.View {
	v := tea.NewView(content)
	v.AltScreen = true
	return v
}

// plain is what a screen of w×h shows of content: its lines without
// their styles, cut to the screen.
func plain(content string, w, h int) string {
	rows := strings.Split(ansi.Strip(content), "\n")
	rows = rows[:min(len(rows), h)]
	for i, r := range rows {
		rows[i] = strings.TrimRight(ansi.Truncate(r, w, ""), " ")
	}
	for len(rows) < h {
		rows = append(rows, "")
	}
	return strings.Join(rows, "\n")
}

// Every frame of a random run of views shows on the terminal exactly as
// the view has it: lines changed, added, removed, styled, too wide,
// empty views and resizes between them.
func TestRendererShowsEveryFrame(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	w, h := 40, 12
	term := newTerminal(w, h)
	r := NewRenderer(term, colorprofile.TrueColor, w, h)
	words := []string{"alpha", "\x1b[1;38;2;200;10;10mred\x1b[m", "·×", "board", "\x1b[7mrev\x1b[0m", "一二", strings.Repeat("wide ", 12)}
	lines := make([]string, h)
	for step := range 300 {
		lines = nextFrame(rng, lines, words, func(nw, nh int) int {
			w, h = nw, nh
			term.mu.Lock()
			term.scr.Resize(w, h)
			term.mu.Unlock()
			r.Resize(w, h)
			return h
		})
		content := strings.Join(lines, "\n")
		r.Render(altView(content))
		settle(t, r)
		if got, want := term.screen(), plain(content, w, h); got != want {
			t.Fatalf("step %d (%d×%d): the screen shows\n%s\nwant\n%s", step, w, h, got, want)
		}
	}
}

// nextFrame is a random change of a frame's lines: a resize (resize
// takes the new size and returns how many lines the next frame has), a
// frame of fewer lines, or one to three lines changed to words.
func nextFrame(rng *rand.Rand, lines, words []string, resize func(w, h int) int) []string {
	switch rng.IntN(12) {
	case 0:
		return make([]string, resize(20+rng.IntN(40), 5+rng.IntN(15)))
	case 1:
		return lines[:rng.IntN(len(lines)+1)]
	}
	for range 1 + rng.IntN(3) {
		if len(lines) == 0 {
			lines = append(lines, "")
		}
		lines[rng.IntN(len(lines))] = words[rng.IntN(len(words))] + " " + fmt.Sprint(rng.IntN(100))
	}
	return lines
}

// After the first frame only the lines that changed are written.
func TestRendererWritesOnlyChangedLines(t *testing.T) {
	t.Parallel()
	term := newTerminal(30, 5)
	r := NewRenderer(term, colorprofile.TrueColor, 30, 5)
	r.Render(altView("one\ntwo\nthree\nfour\nfive"))
	settle(t, r)
	term.take()
	r.Render(altView("one\ntwo\nTHREE\nfour\nfive"))
	settle(t, r)
	out := term.take()
	if !strings.Contains(out, "THREE") || strings.ContainsAny(out, "onewfuriv") {
		t.Fatalf("a one-line change wrote %q", out)
	}
	r.Render(altView("one\ntwo\nTHREE\nfour\nfive"))
	settle(t, r)
	if out := term.take(); out != "" {
		t.Fatalf("the same view again wrote %q", out)
	}
	if n := r.Frames(); n != 2 {
		t.Fatalf("%d frames wrote something, want 2", n)
	}
}

// The terminal's cursor is where the view has it, shown, and hidden
// when the view has none.
func TestRendererCursor(t *testing.T) {
	t.Parallel()
	term := newTerminal(20, 4)
	r := NewRenderer(term, colorprofile.TrueColor, 20, 4)
	v := altView("a\n> move: c3")
	v.Cursor = tea.NewCursor(11, 1)
	r.Render(v)
	settle(t, r)
	out := term.take()
	if x, y := term.scr.Cursor(); x != 11 || y != 1 {
		t.Fatalf("cursor at %d,%d, want 11,1", x, y)
	}
	if strings.LastIndex(out, ansi.SetModeTextCursorEnable) < strings.LastIndex(out, ansi.ResetModeTextCursorEnable) {
		t.Fatalf("the cursor is left hidden: %q", out)
	}
	if !strings.Contains(out, ansi.SetCursorStyle(1)) {
		t.Fatalf("no blinking block cursor style in %q", out)
	}
	r.Render(altView("a\nb"))
	settle(t, r)
	if out := term.take(); !strings.Contains(out, ansi.ResetModeTextCursorEnable) {
		t.Fatalf("a view without cursor did not hide it: %q", out)
	}
}

// Each mode a view sets is written once, changed when the view changes
// it, and reset when the renderer closes; the keyboard enhancements are
// pushed once and popped at the end.
func TestRendererModes(t *testing.T) {
	t.Parallel()
	term := newTerminal(20, 4)
	r := NewRenderer(term, colorprofile.TrueColor, 20, 4)
	v := altView("x")
	v.MouseMode = tea.MouseModeCellMotion
	v.ReportFocus = true
	v.WindowTitle = "tabletop"
	r.Render(v)
	settle(t, r)
	first := term.take()
	for _, seq := range []string{ansi.RequestModeSynchronizedOutput, ansi.SetModeAltScreenSaveCursor, ansi.SetModeBracketedPaste,
		ansi.SetModeFocusEvent, ansi.SetModeMouseButtonEvent + ansi.SetModeMouseExtSgr, ansi.SetWindowTitle("tabletop"),
		ansi.SetModifyOtherKeys2, ansi.PushKittyKeyboard(1), ansi.RequestKittyKeyboard} {
		if strings.Count(first, seq) != 1 {
			t.Errorf("first frame: %q %d times, want once", seq, strings.Count(first, seq))
		}
	}
	v.MouseMode = tea.MouseModeAllMotion
	v.KeyboardEnhancements.ReportEventTypes = true
	r.Render(v)
	settle(t, r)
	second := term.take()
	for _, seq := range []string{ansi.ResetModeMouseButtonEvent, ansi.SetModeMouseAnyEvent, ansi.KittyKeyboard(3, 1)} {
		if !strings.Contains(second, seq) {
			t.Errorf("changed modes: no %q in %q", seq, second)
		}
	}
	if strings.Contains(second, ansi.PushKittyKeyboard(3)) || strings.Contains(second, ansi.SetWindowTitle("tabletop")) {
		t.Errorf("changed modes wrote what did not change: %q", second)
	}
	<-r.Close([]byte("bye"))
	end := term.take()
	for _, seq := range []string{ansi.PopKittyKeyboard(1), ansi.ResetModeAltScreenSaveCursor, ansi.SetModeTextCursorEnable,
		ansi.ResetModeBracketedPaste, ansi.ResetModeFocusEvent, ansi.ResetModeMouseAnyEvent, ansi.SetWindowTitle("")} {
		if !strings.Contains(end, seq) {
			t.Errorf("close: no %q in %q", seq, end)
		}
	}
	if !strings.HasSuffix(end, "bye") {
		t.Errorf("close did not end with the final bytes: %q", end)
	}
}

// Once the terminal says it has synchronized output, each frame is
// wrapped in it; before that none is.
func TestRendererSynchronizedOutput(t *testing.T) {
	t.Parallel()
	term := newTerminal(20, 4)
	r := NewRenderer(term, colorprofile.TrueColor, 20, 4)
	m := r.Model(&staticModel{content: "a"})
	m.Init()
	settle(t, r)
	if out := term.take(); strings.Contains(out, ansi.SetModeSynchronizedOutput) {
		t.Fatalf("synchronized output before the terminal said it has it: %q", out)
	}
	m, _ = m.Update(tea.ModeReportMsg{Mode: ansi.ModeSynchronizedOutput, Value: ansi.ModeReset})
	m.(model).inner.(*staticModel).content = "b"
	m.Update(tea.KeyPressMsg{Code: 'x'})
	settle(t, r)
	out := term.take()
	if !strings.HasPrefix(out, ansi.SetModeSynchronizedOutput) || !strings.HasSuffix(out, ansi.ResetModeSynchronizedOutput) {
		t.Fatalf("a frame after the report is not in synchronized output: %q", out)
	}
}

// staticModel shows its content on the alternate screen.
type staticModel struct {
	content string
	mouse   func(tea.MouseMsg) tea.Cmd
}

func (m *staticModel) Init() tea.Cmd                       { return nil }
func (m *staticModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m *staticModel) View() tea.View {
	v := altView(m.content)
	v.OnMouse = m.mouse
	return v
}

// A window change reaches the renderer through the model, and the next
// frame is drawn whole at the new size; a mouse event runs the last
// view's OnMouse.
func TestModelPassesTerminalMessages(t *testing.T) {
	t.Parallel()
	term := newTerminal(20, 4)
	r := NewRenderer(term, colorprofile.TrueColor, 20, 4)
	clicked := make(chan tea.MouseMsg, 1)
	inner := &staticModel{content: "top\nbottom line that is long", mouse: func(m tea.MouseMsg) tea.Cmd {
		clicked <- m
		return nil
	}}
	m := r.Model(inner)
	m.Init()
	settle(t, r)
	term.mu.Lock()
	term.scr.Resize(10, 4)
	term.mu.Unlock()
	m.Update(tea.WindowSizeMsg{Width: 10, Height: 4})
	settle(t, r)
	if got := term.screen(); got != "top\nbottom lin\n\n" {
		t.Fatalf("after a resize the screen shows %q", got)
	}
	m.Update(tea.MouseClickMsg{X: 1, Y: 0, Button: tea.MouseLeft})
	select {
	case got := <-clicked:
		if got.Mouse().X != 1 {
			t.Fatalf("OnMouse got %v", got)
		}
	default:
		t.Fatal("the view's OnMouse was not run")
	}
}

// Colours are downsampled to the session's profile as colorprofile does
// it for the whole line: 256 colours, basic ones, none (ASCII keeps the
// attributes), and no sequences at all for NoTTY.
func TestRendererDownsamplesColours(t *testing.T) {
	t.Parallel()
	line := "a\x1b[1;38;2;250;128;10;48;2;0;0;90mb\x1b[m c \x1b[4;58;2;1;2;3mu\x1b[0m"
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.ASCII, colorprofile.NoTTY} {
		var want bytes.Buffer
		cw := colorprofile.Writer{Forward: &want, Profile: p}
		cw.Write([]byte(line))
		for range 2 { // converted, then from the cache
			var got bytes.Buffer
			writeStyled(&got, line, p)
			if got.String() != want.String() {
				t.Errorf("%v: got %q, want %q", p, got.String(), want.String())
			}
		}
	}
}

// A line of 256 and 16 colours reaches a 256-colour terminal as it is,
// unconverted; one with a true colour anywhere is converted whole.
func TestRendererPassesLinesWithoutTrueColour(t *testing.T) {
	t.Parallel()
	plain := "a\x1b[1;38;5;208;48;5;236mb\x1b[0m c \x1b[4;31mu\x1b[m \x1b[38;5;28;2mdim"
	var got bytes.Buffer
	writeStyled(&got, plain, colorprofile.ANSI256)
	if got.String() != plain {
		t.Errorf("256-colour line %q written as %q", plain, got.String())
	}
	for _, tc := range []string{"x\x1b[38;2;250;128;10my", "x\x1b[48:2::1:2:3my", "\x1b[31mx\x1b[m \x1b[58;2;1;2;3my"} {
		var want bytes.Buffer
		cw := colorprofile.Writer{Forward: &want, Profile: colorprofile.ANSI256}
		cw.Write([]byte(tc))
		got.Reset()
		writeStyled(&got, tc, colorprofile.ANSI256)
		if got.String() != want.String() || strings.Contains(got.String(), ";2;") {
			t.Errorf("true-colour line %q written as %q, want %q", tc, got.String(), want.String())
		}
	}
}

// Inline views (not on the alternate screen) are drawn from where the
// cursor was, growing and shrinking.
func TestRendererInline(t *testing.T) {
	t.Parallel()
	term := newTerminal(20, 6)
	term.scr.WriteString("$ tabletop\r\n")
	r := NewRenderer(term, colorprofile.TrueColor, 20, 6)
	for _, content := range []string{"one", "one\ntwo\nthree", "ONE\ntwo", "x"} {
		r.Render(tea.NewView(content))
		settle(t, r)
		want := plain("$ tabletop\n"+content, 20, 6)
		if got := term.screen(); got != want {
			t.Fatalf("inline %q: the screen shows\n%q\nwant\n%q", content, got, want)
		}
	}
	<-r.Close(nil)
	if _, y := term.scr.Cursor(); y != 2 {
		t.Fatalf("after close the cursor is on row %d, want 2 (below the frame)", y)
	}
}

// The program's own output goes out between frames, and after the
// terminal failed nothing more is written and Close is over at once.
func TestRendererRawAndFailure(t *testing.T) {
	t.Parallel()
	term := newTerminal(20, 4)
	r := NewRenderer(term, colorprofile.TrueColor, 20, 4)
	r.Render(altView("a"))
	fmt.Fprint(r.Raw(), "\x1b]52;c;eA==\x07")
	settle(t, r)
	if out := term.take(); !strings.Contains(out, "\x1b]52;c;eA==\x07") {
		t.Fatalf("raw output not written: %q", out)
	}
	term.mu.Lock()
	term.fail = errors.New("gone")
	term.mu.Unlock()
	r.Render(altView("b"))
	settle(t, r)
	r.Render(altView("c"))
	select {
	case <-r.Close([]byte("end")):
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not finish after the terminal failed")
	}
	if r.Frames() != 1 {
		t.Fatalf("%d frames counted, want 1", r.Frames())
	}
}

// countingModel counts its updates and views.
type countingModel struct {
	updates, views *int
	text           *string
}

func (m countingModel) Init() tea.Cmd { return nil }
func (m countingModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		*m.updates++
		*m.text += k.Text
	}
	return m, nil
}
func (m countingModel) View() tea.View { *m.views++; return altView(*m.text) }

// Every key of a burst (keys decoded from one write) reaches the model,
// as a tea.KeyPressMsg, but only the last draws a frame.
func TestModelDrawsABurstOnce(t *testing.T) {
	t.Parallel()
	term := newTerminal(20, 4)
	r := NewRenderer(term, colorprofile.TrueColor, 20, 4)
	var updates, views int
	text := ""
	m := r.Model(countingModel{&updates, &views, &text})
	d := NewDecoder(func(msg tea.Msg) {
		if ev, ok := msg.(uv.KeyPressEvent); ok {
			msg = tea.KeyPressMsg(ev) // as the program translates it
		}
		m, _ = m.Update(msg)
	})
	d.Write([]byte("3cw"))
	settle(t, r)
	if updates != 3 || views != 1 || text != "3cw" {
		t.Fatalf("a burst of 3 keys: %d updates, %d views, text %q; want 3, 1, \"3cw\"", updates, views, text)
	}
	if got := term.screen(); !strings.HasPrefix(got, "3cw") {
		t.Fatalf("the screen shows %q", got)
	}
	d.Write([]byte("x"))
	if updates != 4 || views != 2 {
		t.Fatalf("a lone key: %d updates, %d views; want 4, 2", updates, views)
	}
}

// Renderers drawing at once share the frame buffers' pool: each counts
// every frame it wrote, and (under the race detector) none reads a
// buffer another has taken from the pool.
func TestRenderersDrawingAtOnceCountTheirFrames(t *testing.T) {
	t.Parallel()
	const sessions, views = 8, 100
	var wg sync.WaitGroup
	rs := make([]*Renderer, sessions)
	for i := range rs {
		rs[i] = NewRenderer(newTerminal(20, 4), colorprofile.TrueColor, 20, 4)
		wg.Go(func() {
			for v := range views {
				rs[i].Render(altView(fmt.Sprint("frame ", v)))
				settle(t, rs[i])
			}
		})
	}
	wg.Wait()
	for i, r := range rs {
		if got := r.Frames(); got != views {
			t.Errorf("renderer %d counted %d frames, want %d", i, got, views)
		}
	}
}

// stillModel is a countingModel whose keys "-" change nothing it shows:
// it says so (Unchanging).
type stillModel struct {
	countingModel
	still *bool
}

func (m stillModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		*m.still = k.Text == "-"
	}
	if *m.still {
		return m, nil
	}
	_, cmd := m.countingModel.Update(msg)
	return m, cmd
}

func (m stillModel) Unchanged() bool { return *m.still }

// A message that changed nothing the model shows, as it says, draws no
// view (nor asks for one); the terminal's size or colours always do.
func TestModelAsksNoViewOfAnUnchangedModel(t *testing.T) {
	t.Parallel()
	term := newTerminal(20, 4)
	r := NewRenderer(term, colorprofile.TrueColor, 20, 4)
	var updates, views int
	text, still := "", false
	m := r.Model(stillModel{countingModel{&updates, &views, &text}, &still})
	m.Init()
	m, _ = m.Update(tea.KeyPressMsg{Code: 'a', Text: "a"})
	if views != 2 {
		t.Fatalf("init and a key: %d views, want 2", views)
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: '-', Text: "-"})
	if views != 2 {
		t.Fatalf("a key that changed nothing drew a view (%d views, want 2)", views)
	}
	still = true // as if the model said so of the next message too
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 5})
	if views != 3 {
		t.Fatalf("a new window size drew %d views, want 1", views-2)
	}
	settle(t, r)
	if got := term.screen(); !strings.HasPrefix(got, "a") {
		t.Fatalf("the screen shows %q", got)
	}
}

// A view given as lines (RenderLines) writes the very bytes the same
// view given as its content writes, frame after frame: lines changed,
// added, removed, too wide, resizes, on the alternate screen and inline,
// and mixed with views given as content.
func TestRendererLinesDrawAsContent(t *testing.T) {
	t.Parallel()
	for _, alt := range []bool{true, false} {
		rng := rand.New(rand.NewPCG(3, 4))
		w, h := 40, 12
		byText, byLines := newTerminal(w, h), newTerminal(w, h)
		rt := NewRenderer(byText, colorprofile.ANSI256, w, h)
		rl := NewRenderer(byLines, colorprofile.ANSI256, w, h)
		words := []string{"alpha", "\x1b[1;38;2;200;10;10mred\x1b[m", "·×", "board", "一二", strings.Repeat("wide ", 12)}
		lines := make([]string, h)
		for step := range 300 {
			lines = nextFrame(rng, lines, words, func(w, h int) int {
				rt.Resize(w, h)
				rl.Resize(w, h)
				return h + rng.IntN(3) // a frame taller than the screen too
			})
			content := strings.Join(lines, "\n")
			v := tea.NewView(content)
			v.AltScreen = alt
			rt.Render(v)
			if rng.IntN(5) == 0 {
				rl.Render(v)
			} else {
				v.Content = "" // not read
				rl.RenderLines(v, append([]string{}, lines...))
			}
			settle(t, rt)
			settle(t, rl)
			if got, want := byLines.take(), byText.take(); got != want {
				t.Fatalf("alt=%v step %d: the lines wrote\n%q\nthe content\n%q", alt, step, got, want)
			}
		}
	}
}
