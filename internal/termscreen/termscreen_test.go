package termscreen

import (
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// lockedScreen is a Screen written by a program's renderer and read by
// the test. Like an SSH session's emulated terminal (and a terminal's
// ONLCR), it takes a line feed for a carriage return and a line feed,
// as the renderer expects of output that is not a terminal of its own.
type lockedScreen struct {
	mu  sync.Mutex
	s   *Screen
	raw []byte
}

func (l *lockedScreen) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.raw = append(l.raw, p...)
	for i, c := range p {
		if c == '\n' && (i == 0 || p[i-1] != '\r') {
			l.s.WriteString("\r")
		}
		l.s.Write(p[i : i+1])
	}
	return len(p), nil
}

func (l *lockedScreen) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.s.String()
}

// frameModel shows the frames the test sends it, on the alternate screen.
type frameModel struct{ frame string }

type frameMsg string

func (m frameModel) Init() tea.Cmd { return nil }
func (m frameModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if f, ok := msg.(frameMsg); ok {
		m.frame = string(f)
	}
	return m, nil
}
func (m frameModel) View() tea.View {
	v := tea.NewView(m.frame)
	v.AltScreen = true
	return v
}

// pieces are the bits of text frames are made of: plain and styled
// text, wide and ambiguous characters, runs of blanks and of one letter.
var pieces = []string{"a", "Moves (1)", " ", "   ", "·", "文字", "→", "xxxxxx", "╭──╮", "[·]",
	lipgloss.NewStyle().Bold(true).Render("B"), lipgloss.NewStyle().Foreground(lipgloss.Color("#FF8700")).Render("X"),
	lipgloss.NewStyle().Background(lipgloss.Color("#303030")).Render("  ·  ")}

// randomFrame is a frame of h lines of at most w cells; like a screen
// that changes a little, it is mostly last with some lines rewritten,
// inserted or deleted.
func randomFrame(rng *rand.Rand, last []string, w, h int) []string {
	lines := append([]string(nil), last...)
	for len(lines) < h {
		lines = append(lines, "")
	}
	for range 1 + rng.IntN(4) {
		y := rng.IntN(h)
		switch rng.IntN(4) {
		case 0: // a new line
			var b strings.Builder
			for range rng.IntN(8) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			lines[y] = ansi.Truncate(b.String(), w, "")
		case 1: // lines move down (an insertion)
			lines = append(lines[:y], append([]string{""}, lines[y:h-1]...)...)
		case 2: // lines move up (a deletion)
			lines = append(append(lines[:y:y], lines[y+1:]...), "")
		case 3: // a blank line
			lines[y] = ""
		}
	}
	return lines[:h]
}

// Whatever Bubble Tea v2's cell renderer writes to draw a frame over the
// last (cursor moves, erases, scrolls, inserted and deleted lines and
// characters), the Screen reads back the frame's text.
func TestScreenReadsWhatBubbleTeaDraws(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{40, 12}, {100, 30}} {
		w, h := size[0], size[1]
		scr := &lockedScreen{s: New(w, h)}
		in, keys := io.Pipe()
		defer keys.Close()
		p := tea.NewProgram(frameModel{}, tea.WithInput(in), tea.WithOutput(scr), tea.WithWindowSize(w, h),
			tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithColorProfile(colorprofile.ANSI256), tea.WithoutSignalHandler())
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, _ = p.Run()
		}()
		rng := rand.New(rand.NewPCG(uint64(w), 7))
		var lines []string
		for i := range 120 {
			lines = randomFrame(rng, lines, w, h)
			scr.mu.Lock()
			mark := len(scr.raw)
			scr.mu.Unlock()
			p.Send(frameMsg(strings.Join(lines, "\n")))
			want := make([]string, h)
			for y, l := range lines {
				want[y] = strings.TrimRight(ansi.Strip(l), " ")
			}
			wantText := strings.Join(want, "\n")
			deadline := time.Now().Add(10 * time.Second)
			for scr.String() != wantText {
				if time.Now().After(deadline) {
					got := scr.String()
					scr.mu.Lock()
					raw := string(scr.raw[mark:])
					scr.mu.Unlock()
					p.Kill()
					t.Fatalf("%dx%d frame %d: the screen reads\n%s\nwant\n%s\nlast bytes %q", w, h, i, got, wantText, raw)
				}
				time.Sleep(2 * time.Millisecond)
			}
		}
		p.Quit()
		<-done
	}
}

// The sequences the renderer may use on other terminals, one by one.
func TestScreenSequences(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"text and CR LF", "ab\r\ncd", "ab\ncd\n"},
		{"cursor position", "\x1b[2;3Hx\x1b[Hy", "y\n  x\n"},
		{"relative moves", "abc\x1b[2D\x1b[1BX\x1b[1AY\x1b[3CZ", "abY   Z\n X\n"},
		{"CHA VPA HPA", "\x1b[5Gx\x1b[2dy\x1b[1`z", "    x\nz    y\n"},
		{"erase line right, left, all", "abcdef\x1b[3G\x1b[K\r\nabcdef\x1b[3G\x1b[1K", "ab\n   def\n"},
		{"erase characters", "abcdef\x1b[2G\x1b[3X", "a   ef\n\n"},
		{"erase below", "aaa\r\nbbb\r\nccc\x1b[2;2H\x1b[J", "aaa\nb\n"},
		{"insert and delete characters", "abcdef\x1b[2G\x1b[2@XY\x1b[4G\x1b[1P", "aXYcdef\n\n"},
		{"insert mode", "abc\x1b[1G\x1b[4hX\x1b[4lY", "XYbc\n\n"},
		{"insert and delete lines", "1\r\n2\r\n3\x1b[2H\x1b[L\x1b[3H\x1b[M", "1\n\n"},
		{"scroll margins and SU", "1\r\n2\r\n3\r\n4\x1b[2;3r\x1b[S\x1b[r", "2\n4\n"},
		{"SD and reverse index", "1\r\n2\r\n3\x1b[T\x1b[H\x1bM", "\n\n1"},
		{"autowrap", "abcdefghi", "abcdefgh\ni\n"},
		{"no autowrap", "\x1b[?7labcdefghi", "abcdefgi\n\n"},
		{"last column waits for the next character", "abcdefgh\r\n", "abcdefgh\n\n"},
		{"REP", "x\x1b[3b", "xxxx\n\n"},
		{"wide characters", "文字a\x1b[1;3Hb", "文b a\n\n"},
		{"OSC, DCS and charsets are not text", "\x1b]11;?\x07\x1bP+q\x1b\\\x1b(Bok", "ok\n\n"},
		{"alternate screen starts blank", "old\x1b[?1049hnew", "   new\n\n"},
		{"save and restore cursor", "a\x1b7\x1b[3;3Hb\x1b8c", "ac\n\n  b"},
		{"sub-parameters, empty and malformed parameters", "\x1b[2:7;3Hx\x1b[;2Hy\x1b[3;<Hz", " y\n  x\nz"},
		{"modes and reports draw nothing", "\x1b[?25l\x1b[>4;2m\x1b[>1u\x1b[<u\x1b[?2026h\x1b[1;31mred\x1b[m\x1b[2 q", "red\n\n"},
	}
	for _, tc := range tests {
		s := New(8, 3)
		s.WriteString(tc.in)
		if got := s.String(); got != tc.want {
			t.Errorf("%s: %q reads %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
	// Tab stops every 8 columns; CBT goes back to the one before.
	s := New(20, 1)
	s.WriteString("a\tb\x1b[Zc")
	if got, want := s.String(), "a       c"; got != want {
		t.Errorf("tabs: %q, want %q", got, want)
	}
}

// A sequence split across writes reads as one.
func TestScreenSplitWrites(t *testing.T) {
	in := "\x1b[2;3H文字\x1b[1;1Hok"
	whole := New(10, 3)
	whole.WriteString(in)
	for cut := range len(in) {
		s := New(10, 3)
		s.WriteString(in[:cut])
		s.WriteString(in[cut:])
		if s.String() != whole.String() {
			t.Fatalf("split at %d: %q, want %q", cut, s.String(), whole.String())
		}
	}
}

// Contains finds text as Line shows it: blanks are spaces, a wide
// character is one character, and text never runs on from one line to
// the next.
func TestScreenContains(t *testing.T) {
	s := New(10, 3)
	s.WriteString("ab\x1b[5Gc\r\n文字x\r\nend")
	for _, tc := range []struct {
		text string
		want bool
	}{{"ab  c", true}, {"文字x", true}, {"c", true}, {"ab c", false}, {"cx", false}, {"c\n文", false}, {"end", true}, {"", true}, {"  c", true}, {"\t", false}, {"\xff", false}} {
		if got := s.Contains(tc.text); got != tc.want {
			t.Errorf("Contains(%q) = %t, want %t (screen %q)", tc.text, got, tc.want, s.String())
		}
	}
}

// Contains reads what the screen shows after every kind of change:
// printing (wrapping, over wide characters, in insert mode), erasing,
// scrolling within margins, inserting and deleting characters and lines,
// the alternate screen and a reset, each written whole or split at a
// random byte. Each answer is checked against the lines as Line reads
// them, which Contains's kept text must follow.
func TestContainsFollowsEveryChange(t *testing.T) {
	t.Parallel()
	pieces := []string{
		"ab", "文字", "xyzw", "\r\n", "\x1b[K", "\x1b[1K", "\x1b[2J", "\x1b[J", "\x1b[1J",
		"\x1b[2;5r", "\x1b[r", "\x1bM", "\x1bD", "\x1b[S", "\x1b[T", "\x1b[2L", "\x1b[M",
		"\x1b[2@", "\x1b[P", "\x1b[4h", "\x1b[4l", "\x1b[?7l", "\x1b[?7h", "\x1b[?1049h",
		"\x1b[?1049l", "\x1bc", "\x1b[3;2H", "\x1b[H", "\x1b[6G", "\x1b[X", "\x1b[31mred\x1b[m",
		"\x1b[b", "\t", "\b", "é",
	}
	texts := []string{"ab", "b文", "字x", "xyzw", "red", "a", "w  ", "é"}
	rng := rand.New(rand.NewPCG(7, 11))
	for run := range 300 {
		s := New(7, 5)
		var in strings.Builder
		for range 40 {
			in.WriteString(pieces[rng.IntN(len(pieces))])
		}
		b := []byte(in.String())
		for len(b) > 0 {
			n := 1 + rng.IntN(min(len(b), 9))
			s.Write(b[:n])
			b = b[n:]
			shown := s.String()
			for _, text := range texts {
				want := false
				for _, line := range strings.Split(shown, "\n") {
					want = want || strings.Contains(line, text)
				}
				if got := s.Contains(text); got != want {
					t.Fatalf("run %d: Contains(%q) = %t, the screen shows %q", run, text, got, shown)
				}
			}
		}
	}
}
