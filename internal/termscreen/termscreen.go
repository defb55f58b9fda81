// Package termscreen keeps the text a terminal shows from the bytes a
// program writes to it. Bubble Tea v2 draws by cells: after the first
// frame it writes only the cells that change, with cursor moves, erases,
// scrolls and inserted or deleted lines between them, so a line of the
// screen is rarely whole in its output. The server's tests and the load
// test's clients read the screen through a Screen instead.
//
// A Screen handles what the cell renderer writes for an xterm-like
// terminal (the sequences of ECMA-48 and DEC that it uses: cursor
// movement and positioning, tabs, erasing, inserting and deleting
// characters and lines, scroll margins and scrolling, autowrap, insert
// mode, the alternate screen); it keeps characters only, no colours or
// attributes. It is small on purpose: a load test keeps one per client.
package termscreen

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// wideTail marks the cell a wide character's second column covers.
const wideTail = rune(-1)

// parser states.
const (
	ground = iota
	escape
	escInter // ESC followed by an intermediate byte: one more byte ends it
	csi
	str // OSC, DCS, SOS, PM or APC: up to BEL or ST
	strEsc
)

// Screen is a terminal's screen: a grid of characters and a cursor.
type Screen struct {
	w, h     int
	cells    [][]rune // 0 is blank
	x, y     int
	top, bot int // scroll margins, inclusive
	wrapNext bool
	autowrap bool
	insert   bool
	savedX   int
	savedY   int
	last     rune // the last character printed, for REP

	state  int
	params []byte // a CSI's parameter and intermediate bytes
	utf    []byte // an incomplete UTF-8 sequence

	// argBuf holds a CSI's numeric parameters: a load test keeps a
	// Screen per client and reads every frame, so they are not allocated
	// per sequence.
	argBuf [16]int
	// text is each line's text as Contains last read it, and dirty says
	// which lines changed since: a load-test client asks after every
	// frame, and a frame changes a few lines.
	text  [][]byte
	dirty []bool
}

// New returns a blank screen of w columns and h lines.
func New(w, h int) *Screen {
	s := &Screen{}
	s.Resize(w, h)
	return s
}

// Resize changes the screen's size, keeping what fits.
func (s *Screen) Resize(w, h int) {
	w, h = max(w, 1), max(h, 1)
	cells := make([][]rune, h)
	for y := range cells {
		cells[y] = make([]rune, w)
		if y < len(s.cells) {
			copy(cells[y], s.cells[y])
		}
	}
	s.w, s.h, s.cells = w, h, cells
	s.text = make([][]byte, h)
	s.dirty = make([]bool, h)
	s.touch(0, h)
	s.top, s.bot = 0, h-1
	s.autowrap = true
	s.x, s.y = min(s.x, w-1), min(s.y, h-1)
	s.wrapNext = false
}

// Size is the screen's width and height.
func (s *Screen) Size() (w, h int) { return s.w, s.h }

// Cursor is the cursor's column and line.
func (s *Screen) Cursor() (x, y int) { return s.x, s.y }

// Line is line y's text with trailing blanks cut.
func (s *Screen) Line(y int) string {
	if y < 0 || y >= s.h {
		return ""
	}
	return string(s.appendLine(nil, y))
}

// appendLine appends line y's text, trailing blanks cut, to b.
func (s *Screen) appendLine(b []byte, y int) []byte {
	blanks := 0
	for _, r := range s.cells[y] {
		switch r {
		case wideTail:
		case 0, ' ':
			blanks++
		default:
			for ; blanks > 0; blanks-- {
				b = append(b, ' ')
			}
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// String is every line's text, joined by newlines.
func (s *Screen) String() string {
	lines := make([]string, s.h)
	for y := range lines {
		lines[y] = s.Line(y)
	}
	return strings.Join(lines, "\n")
}

// Contains reports whether some line shows text. Only the lines that
// changed since it last read them are read again.
func (s *Screen) Contains(text string) bool {
	for y := range s.h {
		if s.dirty[y] {
			s.text[y] = s.appendLine(s.text[y][:0], y)
			s.dirty[y] = false
		}
		if bytes.Contains(s.text[y], []byte(text)) {
			return true
		}
	}
	return false
}

// touch marks lines from..to-1 changed.
func (s *Screen) touch(from, to int) {
	for y := max(from, 0); y < min(to, s.h); y++ {
		s.dirty[y] = true
	}
}

// Write takes the terminal's input; it never fails.
func (s *Screen) Write(p []byte) (int, error) {
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch s.state {
		case ground:
			i = s.ground(p, i)
		case escape:
			s.esc(c)
		case escInter:
			s.state = ground
		case csi:
			// A sequence's parameters, taken as a run.
			j := i
			for j+1 < len(p) && p[j] >= 0x20 && p[j] <= 0x3f {
				j++
			}
			if room := 64 - len(s.params); room > 0 {
				s.params = append(s.params, p[i:i+min(j-i, room)]...)
			}
			i = j
			s.csiByte(p[i])
		case str:
			switch c {
			case 0x07:
				s.state = ground
			case 0x1b:
				s.state = strEsc
			}
		case strEsc:
			s.state = str
			if c == '\\' {
				s.state = ground
			}
		}
	}
	return len(p), nil
}

// WriteString is Write for a string.
func (s *Screen) WriteString(str string) (int, error) { return s.Write([]byte(str)) }

// ground handles byte i of p in the ground state and returns the index
// of the last byte it used.
func (s *Screen) ground(p []byte, i int) int {
	c := p[i]
	switch {
	case len(s.utf) == 0 && c >= 0x80 && utf8.FullRune(p[i:]):
		// A whole character in p: decoded in place.
		r, size := utf8.DecodeRune(p[i:])
		s.print(r)
		return i + size - 1
	case len(s.utf) > 0 || c >= 0x80:
		s.utf = append(s.utf, c)
		if utf8.FullRune(s.utf) {
			r, _ := utf8.DecodeRune(s.utf)
			s.utf = s.utf[:0]
			s.print(r)
		}
	case c == 0x1b:
		s.state = escape
	case c < 0x20 || c == 0x7f:
		s.control(c)
	default:
		// A run of printable ASCII, most of a frame's text.
		j := i + 1
		for j < len(p) && p[j] >= 0x20 && p[j] < 0x7f {
			j++
		}
		s.printASCII(p[i:j])
		return j - 1
	}
	return i
}

// printASCII prints a run of printable ASCII: what fits on the cursor's
// line is copied into it at once, the rest (a wrap, insert mode) goes
// through print.
func (s *Screen) printASCII(run []byte) {
	for len(run) > 0 {
		if s.wrapNext || s.insert {
			s.print(rune(run[0]))
			run = run[1:]
			continue
		}
		line := s.cells[s.y]
		s.dirty[s.y] = true
		n := min(len(run), s.w-s.x)
		// Writing over half of a wide character blanks its other half:
		// only the run's ends can do that.
		if line[s.x] == wideTail && s.x > 0 {
			line[s.x-1] = 0
		}
		if end := s.x + n; end < s.w && line[end] == wideTail {
			line[end] = 0
		}
		for k, c := range run[:n] {
			line[s.x+k] = rune(c)
		}
		s.last = rune(run[n-1])
		s.x += n
		if s.x >= s.w {
			s.x = s.w - 1
			s.wrapNext = true
		}
		run = run[n:]
	}
}

// control carries out a C0 control.
func (s *Screen) control(c byte) {
	switch c {
	case '\b':
		s.wrapNext = false
		s.x = max(s.x-1, 0)
	case '\t':
		s.tab(1)
	case '\n', '\v', '\f':
		s.index()
	case '\r':
		s.wrapNext = false
		s.x = 0
	}
}

// esc handles the byte after ESC.
func (s *Screen) esc(c byte) {
	s.state = ground
	switch c {
	case '[':
		s.state, s.params = csi, s.params[:0]
	case ']', 'P', 'X', '^', '_':
		s.state = str
	case '7':
		s.savedX, s.savedY = s.x, s.y
	case '8':
		s.x, s.y, s.wrapNext = s.savedX, s.savedY, false
	case 'D':
		s.index()
	case 'E':
		s.x = 0
		s.index()
	case 'M':
		s.reverseIndex()
	case 'c':
		s.Resize(s.w, s.h)
		s.eraseRect(0, 0, s.w, s.h)
		s.x, s.y = 0, 0
	default:
		if c >= 0x20 && c <= 0x2f {
			s.state = escInter // e.g. ESC ( B: one more byte
		}
	}
}

// csiByte collects a control sequence and carries it out at its final
// byte.
func (s *Screen) csiByte(c byte) {
	if c >= 0x20 && c <= 0x3f {
		if len(s.params) < 64 {
			s.params = append(s.params, c)
		}
		return
	}
	s.state = ground
	if c < 0x40 || c > 0x7e {
		return // a malformed sequence is dropped
	}
	s.control2(c)
}

// args reads the CSI's numeric parameters; private reports a leading
// marker (?, <, =, >), and inter an intermediate byte (space to /).
func (s *Screen) args() (args []int, private, inter bool) {
	p := s.params
	if len(p) > 0 && p[0] >= '<' && p[0] <= '?' {
		private, p = true, p[1:]
	}
	for len(p) > 0 && p[len(p)-1] >= 0x20 && p[len(p)-1] <= 0x2f {
		inter, p = true, p[:len(p)-1]
	}
	// Each parameter up to ';' is its number up to any ':' (a
	// sub-parameter); what is not a number counts 0, as strconv.Atoi
	// would have it. Past the buffer's 16 parameters the rest are
	// dropped: no sequence drawing on the screen has more.
	args = s.argBuf[:0]
	n, digits, ok, sub := 0, 0, true, false
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == ';' {
			if !ok || digits > 9 {
				n = 0
			}
			if len(args) < len(s.argBuf) {
				args = append(args, n)
			}
			n, digits, ok, sub = 0, 0, true, false
			continue
		}
		switch c := p[i]; {
		case sub:
		case c == ':':
			sub = true
		case c >= '0' && c <= '9':
			n, digits = n*10+int(c-'0'), digits+1
		default:
			ok = false
		}
	}
	return args, private, inter
}

// arg is the i'th parameter, or def when absent or 0.
func arg(args []int, i, def int) int {
	if i < len(args) && args[i] > 0 {
		return args[i]
	}
	return def
}

// control2 carries out the control sequence ending in final.
func (s *Screen) control2(final byte) {
	if final == 'm' && (len(s.params) == 0 || s.params[0] < '<') {
		return // SGR, most of a frame's sequences: attributes only
	}
	args, private, inter := s.args()
	if inter {
		return // DECSCUSR and the like: nothing on the screen
	}
	if private {
		if final == 'h' || final == 'l' {
			s.privateMode(args, final == 'h')
		}
		return
	}
	if s.move(final, args) || s.edit(final, args) {
		return
	}
	switch final {
	case 'h', 'l':
		for _, a := range args {
			if a == 4 {
				s.insert = final == 'h'
			}
		}
	case 'r':
		top, bot := arg(args, 0, 1)-1, arg(args, 1, s.h)-1
		if top < bot && bot < s.h {
			s.top, s.bot = top, bot
			s.x, s.y, s.wrapNext = 0, 0, false
		}
	case 's':
		s.savedX, s.savedY = s.x, s.y
	case 'u':
		s.x, s.y, s.wrapNext = s.savedX, s.savedY, false
	}
}

// move carries out the cursor movements; false when final is not one.
func (s *Screen) move(final byte, args []int) bool {
	n := arg(args, 0, 1)
	switch final {
	case 'A':
		s.setCursor(s.x, s.clampUp(s.y-n))
	case 'B', 'e':
		s.setCursor(s.x, s.clampDown(s.y+n))
	case 'C', 'a':
		s.setCursor(s.x+n, s.y)
	case 'D':
		s.setCursor(s.x-n, s.y)
	case 'E':
		s.setCursor(0, s.clampDown(s.y+n))
	case 'F':
		s.setCursor(0, s.clampUp(s.y-n))
	case 'G', '`':
		s.setCursor(n-1, s.y)
	case 'd':
		s.setCursor(s.x, n-1)
	case 'H', 'f':
		s.setCursor(arg(args, 1, 1)-1, n-1)
	case 'I':
		s.tab(n)
	case 'Z':
		s.wrapNext = false
		for ; n > 0 && s.x > 0; n-- {
			s.x = (s.x - 1) / 8 * 8
		}
	default:
		return false
	}
	return true
}

// edit carries out erasing, inserting, deleting, scrolling and
// repeating; false when final is not one of them.
func (s *Screen) edit(final byte, args []int) bool {
	n := arg(args, 0, 1)
	switch final {
	case 'J':
		s.eraseDisplay(arg(args, 0, 0))
	case 'K':
		s.eraseLine(arg(args, 0, 0))
	case 'X':
		s.eraseRect(s.x, s.y, min(s.x+n, s.w), s.y+1)
	case '@':
		s.insertChars(n)
	case 'P':
		s.deleteChars(n)
	case 'L':
		if s.y >= s.top && s.y <= s.bot {
			s.scrollDown(s.y, n)
			s.x = 0
		}
	case 'M':
		if s.y >= s.top && s.y <= s.bot {
			s.scrollUp(s.y, n)
			s.x = 0
		}
	case 'S':
		s.scrollUp(s.top, n)
	case 'T':
		s.scrollDown(s.top, n)
	case 'b':
		for ; n > 0 && s.last != 0; n-- {
			s.print(s.last)
		}
	case 'm', 'n', 'c', 't', 'q', 'p':
		// Attributes, reports and settings: nothing on the screen.
	default:
		return false
	}
	return true
}

// privateMode sets or resets DEC private modes: autowrap and the
// alternate screen (which starts blank); the others draw nothing.
func (s *Screen) privateMode(args []int, set bool) {
	for _, a := range args {
		switch a {
		case 7:
			s.autowrap = set
		case 47, 1047, 1049:
			s.eraseRect(0, 0, s.w, s.h)
			if a == 1049 && set {
				s.savedX, s.savedY = s.x, s.y
			} else if a == 1049 {
				s.x, s.y = s.savedX, s.savedY
			}
		}
	}
}

func (s *Screen) setCursor(x, y int) {
	s.x, s.y = min(max(x, 0), s.w-1), min(max(y, 0), s.h-1)
	s.wrapNext = false
}

// clampUp and clampDown keep a vertical move inside the scroll margins
// when it starts inside them, as terminals do.
func (s *Screen) clampUp(y int) int {
	if s.y >= s.top {
		return max(y, s.top)
	}
	return max(y, 0)
}

func (s *Screen) clampDown(y int) int {
	if s.y <= s.bot {
		return min(y, s.bot)
	}
	return min(y, s.h-1)
}

func (s *Screen) tab(n int) {
	s.wrapNext = false
	for ; n > 0; n-- {
		s.x = min((s.x/8+1)*8, s.w-1)
	}
}

// index moves the cursor down a line, scrolling at the bottom margin.
func (s *Screen) index() {
	s.wrapNext = false
	switch {
	case s.y == s.bot:
		s.scrollUp(s.top, 1)
	case s.y < s.h-1:
		s.y++
	}
}

// reverseIndex moves the cursor up a line, scrolling at the top margin.
func (s *Screen) reverseIndex() {
	s.wrapNext = false
	switch {
	case s.y == s.top:
		s.scrollDown(s.top, 1)
	case s.y > 0:
		s.y--
	}
}

// scrollUp moves lines from..bot up n, blank lines coming in at bot.
func (s *Screen) scrollUp(from, n int) {
	n = min(n, s.bot-from+1)
	s.touch(from, s.bot+1)
	for i := 0; i < n; i++ {
		line := s.cells[from]
		copy(s.cells[from:s.bot+1], s.cells[from+1:s.bot+1])
		clear(line)
		s.cells[s.bot] = line
	}
}

// scrollDown moves lines from..bot down n, blank lines coming in at from.
func (s *Screen) scrollDown(from, n int) {
	n = min(n, s.bot-from+1)
	s.touch(from, s.bot+1)
	for i := 0; i < n; i++ {
		line := s.cells[s.bot]
		copy(s.cells[from+1:s.bot+1], s.cells[from:s.bot])
		clear(line)
		s.cells[from] = line
	}
}

func (s *Screen) eraseRect(x0, y0, x1, y1 int) {
	s.touch(y0, y1)
	for y := max(y0, 0); y < min(y1, s.h); y++ {
		clear(s.cells[y][max(x0, 0):min(x1, s.w)])
	}
	s.wrapNext = false
}

func (s *Screen) eraseLine(mode int) {
	switch mode {
	case 0:
		s.eraseRect(s.x, s.y, s.w, s.y+1)
	case 1:
		s.eraseRect(0, s.y, s.x+1, s.y+1)
	case 2:
		s.eraseRect(0, s.y, s.w, s.y+1)
	}
}

func (s *Screen) eraseDisplay(mode int) {
	switch mode {
	case 0:
		s.eraseLine(0)
		s.eraseRect(0, s.y+1, s.w, s.h)
	case 1:
		s.eraseRect(0, 0, s.w, s.y)
		s.eraseLine(1)
	case 2, 3:
		s.eraseRect(0, 0, s.w, s.h)
	}
}

func (s *Screen) insertChars(n int) {
	line := s.cells[s.y]
	s.dirty[s.y] = true
	n = min(n, s.w-s.x)
	copy(line[s.x+n:], line[s.x:])
	clear(line[s.x : s.x+n])
	s.wrapNext = false
}

func (s *Screen) deleteChars(n int) {
	line := s.cells[s.y]
	s.dirty[s.y] = true
	n = min(n, s.w-s.x)
	copy(line[s.x:], line[s.x+n:])
	clear(line[s.w-n:])
	s.wrapNext = false
}

// print puts r at the cursor and moves it on, wrapping as the terminal
// does (the cursor stays on the last column until the next character).
func (s *Screen) print(r rune) {
	width := runeWidth(r)
	if width == 0 {
		return // combining marks and the like go with the cell before
	}
	if s.wrapNext && s.autowrap {
		s.x = 0
		s.index()
	}
	s.wrapNext = false
	if s.x+width > s.w {
		if !s.autowrap {
			return
		}
		s.x = 0
		s.index()
	}
	if s.insert {
		s.insertChars(width)
	}
	line := s.cells[s.y]
	s.dirty[s.y] = true
	// Writing over half of a wide character blanks its other half.
	if line[s.x] == wideTail && s.x > 0 {
		line[s.x-1] = 0
	}
	if end := s.x + width; end < s.w && line[end] == wideTail {
		line[end] = 0
	}
	line[s.x] = r
	if width == 2 {
		line[s.x+1] = wideTail
	}
	s.last = r
	if s.x+width >= s.w {
		s.x = s.w - 1
		s.wrapNext = true
		return
	}
	s.x += width
}

// runeWidth is ansi.StringWidth of r alone: 1 for printable ASCII, and
// for the rest of the Basic Multilingual Plane a table made the first
// time it is needed (a frame's cells are mostly ASCII and a few symbols,
// and measuring each as a string allocates it).
func runeWidth(r rune) int {
	if r >= 0x20 && r < 0x7f {
		return 1
	}
	if r < 0 || r >= rune(len(bmpWidths)) {
		return ansi.StringWidth(string(r))
	}
	bmpOnce.Do(func() {
		for i := range bmpWidths {
			bmpWidths[i] = int8(ansi.StringWidth(string(rune(i))))
		}
	})
	return int(bmpWidths[r])
}

var (
	bmpOnce   sync.Once
	bmpWidths [0x10000]int8
)
