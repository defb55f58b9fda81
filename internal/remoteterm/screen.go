package remoteterm

import (
	"bytes"
	"hash/maphash"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/lucasb-eyer/go-colorful"

	"github.com/tabletop/tabletop/internal/textwidth"
)

// screen is what the renderer knows the terminal shows: the settings of
// the last view drawn and its lines as drawn. Only the writer touches it.
//
// A frame is kept as a 64-bit hash of each of its lines (240 bytes for
// 30 lines), not as cells: Bubble Tea v2's renderer keeps two buffers of
// 112-byte cells, 670 KB at 100×30, for every session, and even the
// frame's text would be some 8 KB. A line whose hash differs from the
// one drawn in its row is written whole. (Two different lines with equal
// hashes, which would leave the old one on the screen until its row
// changes again, come once in 2⁶⁴ comparisons.)
type screen struct {
	drawn   bool
	last    tea.View // the last view drawn, without its content
	content uint64   // the hash of its content (0 after a view given as lines)
	rows    []uint64 // the hashes of the lines drawn: the screen's rows, or the inline frame's
	// lines are the lines of the last view given as lines, as shown
	// (rows are their hashes); nil after a view given as content. A line
	// of the next view that is one of these, the same string in the same
	// row (most of a frame made of kept parts), takes its hash from rows.
	lines   []string
	width   int
	height  int
	profile colorprofile.Profile
	dirty   bool // every row must be drawn again (size, profile, screen switch)
	hidden  bool // the terminal's cursor is hidden
	kitty   bool // a keyboard-enhancement entry is pushed
	inlineY int  // inline: the cursor's row counted from the frame's top
}

// frame writes one round of the writer to b: the program's own output,
// the view's changes, and on closing the terminal's restoration.
func (s *screen) frame(b *bytes.Buffer, j *job) {
	b.Write(j.raw)
	if j.resized || j.width != s.width || j.height != s.height || j.profile != s.profile {
		s.width, s.height, s.profile = j.width, j.height, j.profile
		s.dirty = s.drawn
	}
	switch {
	case j.closing:
		s.restore(b)
		b.Write(j.final)
	case j.hasView:
		s.draw(b, &j.view, j.lines, j.syncd)
	}
	// A new size or profile without a view waits, dirty, for the view the
	// program draws after every message (see Model).
}

// draw writes what changed from the last view drawn to v, whose content
// is lines when they are not nil.
func (s *screen) draw(b *bytes.Buffer, v *tea.View, lines []string, syncd bool) {
	first := !s.drawn
	if first {
		// Whether the terminal has synchronized output: its answer comes
		// as a tea.ModeReportMsg (see Model).
		b.WriteString(ansi.RequestModeSynchronizedOutput)
	}
	start := b.Len()
	if syncd {
		b.WriteString(ansi.SetModeSynchronizedOutput)
	}
	body := b.Len()
	switched := first && v.AltScreen || !first && s.last.AltScreen != v.AltScreen
	if switched {
		s.switchScreen(b, v.AltScreen)
	}
	s.setModes(b, v, first, switched)
	// The rows' hashes go to a pooled buffer, then into s.rows: a frame
	// allocates neither its lines nor their hashes. (Not a buffer on the
	// stack: the writer's goroutine is new for each frame, and a larger
	// frame of draw's would make it grow its stack.)
	buf := hashBufs.Get().(*[]uint64)
	defer hashBufs.Put(buf)
	var shown rowText
	var content uint64
	rows, changed := s.rows, s.dirty
	switch {
	case lines != nil:
		shown.lines = shownLines(lines, v.AltScreen, s.height)
		rows = hashLinesSince((*buf)[:0], shown.lines, s.lines, s.rows)
		*buf = rows[:0]
		changed = changed || !slices.Equal(rows, s.rows)
	default:
		content = hashOf(v.Content)
		if s.dirty || first || content != s.content {
			shown.body = frameBody(v.Content, v.AltScreen, s.height)
			rows = hashRows((*buf)[:0], shown.body)
			*buf = rows[:0]
			changed = changed || !slices.Equal(rows, s.rows)
		}
	}
	if !s.hidden && (v.Cursor == nil || changed && !syncd) {
		// Hidden while the lines are drawn, so that it does not fly
		// about the screen (synchronized output makes that needless).
		b.WriteString(ansi.ResetModeTextCursorEnable)
		s.hidden = true
	}
	if changed {
		if v.AltScreen {
			s.drawAlt(b, shown, rows)
		} else {
			s.drawInline(b, shown, len(rows))
		}
	}
	s.placeCursor(b, v, changed)
	if len(rows) == 0 {
		s.rows = nil
	} else {
		s.rows = append(s.rows[:0], rows...)
	}
	clear(s.lines) // not kept alive past the next view
	s.lines = s.lines[:0]
	if lines != nil && len(s.rows) == len(shown.lines) {
		s.lines = append(s.lines, shown.lines...)
	}
	s.content, s.last, s.drawn, s.dirty = content, *v, true, false
	s.last.Content = ""
	if syncd {
		if b.Len() == body {
			b.Truncate(start)
		} else {
			b.WriteString(ansi.ResetModeSynchronizedOutput)
		}
	}
}

// frameBody is the part of content a screen of height rows shows: the
// first rows on the alternate screen (the frame is drawn from the top),
// the last ones inline (the frame ends at the cursor).
func frameBody(content string, alt bool, height int) string {
	if height <= 0 {
		return content
	}
	if alt {
		end := 0
		for range height {
			i := strings.IndexByte(content[end:], '\n')
			if i < 0 {
				return content
			}
			end += i + 1
		}
		return content[:end-1]
	}
	start := len(content)
	for range height {
		i := strings.LastIndexByte(content[:start], '\n')
		if i < 0 {
			return content
		}
		start = i
	}
	return content[start+1:]
}

// shownLines is frameBody of a frame given as lines.
func shownLines(lines []string, alt bool, height int) []string {
	switch {
	case height <= 0 || len(lines) <= height:
		return lines
	case alt:
		return lines[:height]
	}
	return lines[len(lines)-height:]
}

// nextRow cuts the first row off body: the row, the rest, and whether
// there is a row after it.
func nextRow(body string) (row, rest string, more bool) {
	return strings.Cut(body, "\n")
}

// rowText is the rows of a frame being drawn, taken one after another
// (next): those of its content (body), or its lines when they are not
// nil.
type rowText struct {
	body  string
	lines []string
}

func (t *rowText) next() string {
	if t.lines == nil {
		row, rest, _ := nextRow(t.body)
		t.body = rest
		return row
	}
	if len(t.lines) == 0 {
		return ""
	}
	row := t.lines[0]
	t.lines = t.lines[1:]
	return row
}

// hashLinesSince appends the hash of each of lines to h, for a frame
// after one whose lines were last and their hashes lastRows: a line
// that is the same string as the last frame's in its row (the same bytes
// in memory, which a string never changes) has the same hash, and is
// not read.
func hashLinesSince(h []uint64, lines, last []string, lastRows []uint64) []uint64 {
	for i, l := range lines {
		if i < len(last) && i < len(lastRows) && sameString(l, last[i]) {
			h = append(h, lastRows[i])
			continue
		}
		h = append(h, hashOf(l))
	}
	return h
}

// sameString reports whether a and b are the same string in memory (not
// only equal).
func sameString(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// hashBufs are the buffers of a frame's row hashes, shared by every
// session's writer.
var hashBufs = sync.Pool{New: func() any { return new([]uint64) }}

// hashSeed is the process's seed of line hashes.
var hashSeed = maphash.MakeSeed()

func hashOf(s string) uint64 { return maphash.String(hashSeed, s) }

// hashRows appends the hash of each of body's rows to h: none for an
// empty body.
func hashRows(h []uint64, body string) []uint64 {
	if body == "" {
		return h
	}
	for more := true; more; {
		var row string
		row, body, more = nextRow(body)
		h = append(h, hashOf(row))
	}
	return h
}

// switchScreen enters or leaves the alternate screen. Each screen has
// its own keyboard-enhancement stack, so the entry pushed for the screen
// left is popped (setModes pushes one for the new screen).
func (s *screen) switchScreen(b *bytes.Buffer, alt bool) {
	if s.kitty {
		b.WriteString(ansi.ResetModifyOtherKeys)
		b.WriteString(ansi.PopKittyKeyboard(1))
		s.kitty = false
	}
	if alt {
		b.WriteString(ansi.SetModeAltScreenSaveCursor)
	} else if s.drawn {
		b.WriteString(ansi.ResetModeAltScreenSaveCursor)
	}
	s.rows, s.inlineY, s.dirty = nil, 0, true
}

// drawAlt writes the lines whose hashes (rows) changed on the alternate
// screen, each from its first column; a frame drawn whole starts on a
// cleared screen.
func (s *screen) drawAlt(b *bytes.Buffer, body rowText, rows []uint64) {
	if s.dirty {
		b.WriteString(ansi.EraseEntireScreen)
	}
	for y := range rows {
		line := body.next()
		if !s.dirty && y < len(s.rows) && s.rows[y] == rows[y] {
			continue
		}
		appendPosition(b, 0, y)
		s.writeRow(b, line, rows[y])
	}
	if !s.dirty && len(rows) < len(s.rows) {
		appendPosition(b, 0, len(rows))
		b.WriteString(ansi.EraseScreenBelow)
	}
}

// drawInline draws an inline frame whole from its top row (the frame
// starts where the cursor was when the program started): Bubble Tea's
// inline mode is not what the server draws, so it is kept simple. The
// rows of a taller last frame are erased.
func (s *screen) drawInline(b *bytes.Buffer, body rowText, n int) {
	if s.inlineY > 0 {
		b.WriteString(ansi.CursorUp(s.inlineY))
	}
	b.WriteByte('\r')
	at := 0
	for y := range n {
		if y > 0 {
			b.WriteString("\r\n")
			at++
		}
		row := body.next()
		s.writeRow(b, row, hashOf(row))
	}
	for y := n; y < len(s.rows); y++ {
		if y > 0 {
			b.WriteString("\r\n")
			at++
		}
		b.WriteString(ansi.EraseEntireLine)
	}
	if end := max(n-1, 0); at > end {
		b.WriteString(ansi.CursorUp(at - end))
		at = end
	}
	s.inlineY = at
}

// writeRow writes one line from the cursor (at its row's first column):
// cut to the screen's width, its colours downsampled, its attributes
// reset after it, and the rest of the row erased. h is the row's hash
// (hashOf), under which what it takes to write it is kept (rowFactsOf).
func (s *screen) writeRow(b *bytes.Buffer, row string, h uint64) {
	f := rowFactsOf(row, h)
	w := f.width
	if w > s.width {
		row = ansi.Truncate(row, s.width, "")
		f = factsOf(row)
		w = f.width
	}
	switch {
	case s.profile == colorprofile.ANSI256 && !f.trueColour:
		b.WriteString(row) // see writeStyled
	default:
		writeStyled(b, row, s.profile)
	}
	if s.profile > colorprofile.NoTTY && f.escapes {
		b.WriteString(ansi.ResetStyle)
	}
	if w < s.width {
		// Not at a full row's end: there the cursor waits in the last
		// column, which an erase would take.
		b.WriteString(ansi.EraseLineRight)
	}
}

// rowFacts are what writing a row needs to know of it besides its text:
// its width in cells, whether it may set a 24-bit colour (hasTrueColour,
// looked for in its SGR sequences: textwidth.Facts)
// and whether it has escape sequences.
type rowFacts struct {
	width               int
	trueColour, escapes bool
}

// factsOf is row's rowFacts, found in one walk over it.
func factsOf(row string) rowFacts {
	f := textwidth.LineFacts(row)
	return rowFacts{width: f.Width, trueColour: f.TrueColour, escapes: f.Escapes}
}

// rowFactsOf is row's rowFacts, h its hash. They are kept by hash for
// every session of the process: the rows a frame changes are most often
// written to several terminals (a room's players and watchers are shown
// the same move), and working them out reads the whole row twice.
func rowFactsOf(row string, h uint64) rowFacts {
	rowFactsKept.mu.Lock()
	f, ok := rowFactsKept.m[h]
	rowFactsKept.mu.Unlock()
	if ok {
		return f
	}
	f = factsOf(row)
	rowFactsKept.mu.Lock()
	defer rowFactsKept.mu.Unlock()
	if len(rowFactsKept.m) >= rowFactsMax {
		clear(rowFactsKept.m)
	}
	rowFactsKept.m[h] = f
	return f
}

// rowFactsKept are the rows' facts by hash, at most rowFactsMax of them
// (then it starts again empty): a few hundred kilobytes.
var rowFactsKept = struct {
	mu sync.Mutex
	m  map[uint64]rowFacts
}{m: map[uint64]rowFacts{}}

const rowFactsMax = 1 << 14

// placeCursor puts the terminal's cursor where the view has it and
// shows it, when the view has one.
func (s *screen) placeCursor(b *bytes.Buffer, v *tea.View, drew bool) {
	c := v.Cursor
	if c == nil {
		return
	}
	moved := drew || s.last.Cursor == nil || c.X != s.last.Cursor.X || c.Y != s.last.Cursor.Y
	switch {
	case !moved:
	case v.AltScreen:
		appendPosition(b, c.X, c.Y)
	default:
		if c.Y < s.inlineY {
			b.WriteString(ansi.CursorUp(s.inlineY - c.Y))
		} else if c.Y > s.inlineY {
			b.WriteString(ansi.CursorDown(c.Y - s.inlineY))
		}
		b.WriteString(ansi.CursorHorizontalAbsolute(c.X + 1))
		s.inlineY = c.Y
	}
	if s.hidden {
		b.WriteString(ansi.SetModeTextCursorEnable)
		s.hidden = false
	}
}

// appendPosition moves the cursor to column x, row y (from 0) without
// allocating: a frame moves it once per row it draws.
func appendPosition(b *bytes.Buffer, x, y int) {
	var num [20]byte
	b.WriteString("\x1b[")
	b.Write(strconv.AppendInt(num[:0], int64(y+1), 10))
	if x > 0 {
		b.WriteByte(';')
		b.Write(strconv.AppendInt(num[:0], int64(x+1), 10))
	}
	b.WriteByte('H')
}

// setModes writes the terminal modes and settings of v that differ from
// the last view's (all of them for the first view).
func (s *screen) setModes(b *bytes.Buffer, v *tea.View, first, switched bool) {
	last := &s.last
	if first || v.DisableBracketedPasteMode != last.DisableBracketedPasteMode {
		if !v.DisableBracketedPasteMode {
			b.WriteString(ansi.SetModeBracketedPaste)
		} else if !first {
			b.WriteString(ansi.ResetModeBracketedPaste)
		}
	}
	if first && v.ReportFocus || !first && v.ReportFocus != last.ReportFocus {
		b.WriteString(pick(v.ReportFocus, ansi.SetModeFocusEvent, ansi.ResetModeFocusEvent))
	}
	if first || v.MouseMode != last.MouseMode {
		writeMouseMode(b, last.MouseMode, v.MouseMode)
	}
	if v.WindowTitle != last.WindowTitle {
		b.WriteString(ansi.SetWindowTitle(v.WindowTitle))
	}
	if first || switched || v.KeyboardEnhancements != last.KeyboardEnhancements {
		s.setKeyboard(b, v.KeyboardEnhancements)
	}
	writeColor(b, cursorColor(v.Cursor), cursorColor(last.Cursor), ansi.SetCursorColor, ansi.ResetCursorColor)
	writeColor(b, v.ForegroundColor, last.ForegroundColor, ansi.SetForegroundColor, ansi.ResetForegroundColor)
	writeColor(b, v.BackgroundColor, last.BackgroundColor, ansi.SetBackgroundColor, ansi.ResetBackgroundColor)
	if shape := cursorShape(v.Cursor); shape != cursorShape(last.Cursor) {
		b.WriteString(ansi.SetCursorStyle(shape))
	}
	if !equalPtr(v.ProgressBar, last.ProgressBar) && !(first && v.ProgressBar == nil) {
		writeProgressBar(b, v.ProgressBar)
	}
	if !equalPtr(v.ProgramStatus, last.ProgramStatus) {
		if p := last.ProgramStatus; p != nil && (v.ProgramStatus == nil || v.ProgramStatus.ID != p.ID) {
			b.WriteString(ansi.ClearProgramStatusID(p.ID))
		}
		if v.ProgramStatus != nil {
			b.WriteString(ansi.SetProgramStatus(*v.ProgramStatus))
		}
	}
}

func pick(on bool, set, reset string) string {
	if on {
		return set
	}
	return reset
}

// writeMouseMode switches mouse reporting from one mode to another.
func writeMouseMode(b *bytes.Buffer, from, to tea.MouseMode) {
	switch to {
	case tea.MouseModeNone:
		if from != tea.MouseModeNone {
			b.WriteString(ansi.ResetModeMouseButtonEvent + ansi.ResetModeMouseAnyEvent + ansi.ResetModeMouseExtSgr)
		}
	case tea.MouseModeCellMotion:
		if from == tea.MouseModeAllMotion {
			b.WriteString(ansi.ResetModeMouseAnyEvent)
		}
		b.WriteString(ansi.SetModeMouseButtonEvent + ansi.SetModeMouseExtSgr)
	case tea.MouseModeAllMotion:
		if from == tea.MouseModeCellMotion {
			b.WriteString(ansi.ResetModeMouseButtonEvent)
		}
		b.WriteString(ansi.SetModeMouseAnyEvent + ansi.SetModeMouseExtSgr)
	}
}

// setKeyboard asks for the keyboard enhancements (xterm's
// modifyOtherKeys and the kitty keyboard protocol: terminals ignore what
// they do not know) and for the terminal's answer, which reaches the
// program as a tea.KeyboardEnhancementsMsg. Basic disambiguation is
// always asked for, as Bubble Tea does.
func (s *screen) setKeyboard(b *bytes.Buffer, ke tea.KeyboardEnhancements) {
	flags := ansi.KittyDisambiguateEscapeCodes
	if ke.ReportEventTypes {
		flags |= ansi.KittyReportEventTypes
	}
	if ke.ReportAlternateKeys {
		flags |= ansi.KittyReportAlternateKeys
	}
	if ke.ReportAllKeysAsEscapeCodes {
		flags |= ansi.KittyReportAllKeysAsEscapeCodes
	}
	if ke.ReportAssociatedText {
		flags |= ansi.KittyReportAssociatedKeys
	}
	b.WriteString(ansi.SetModifyOtherKeys2)
	if s.kitty {
		b.WriteString(ansi.KittyKeyboard(flags, 1)) // the screen's own entry
	} else {
		b.WriteString(ansi.PushKittyKeyboard(flags))
		s.kitty = true
	}
	b.WriteString(ansi.RequestKittyKeyboard)
}

func cursorColor(c *tea.Cursor) color.Color {
	if c == nil {
		return nil
	}
	return c.Color
}

// cursorShape is the DECSCUSR number of a cursor: 0 (the terminal's
// default) without one.
func cursorShape(c *tea.Cursor) int {
	if c == nil {
		return 0
	}
	shape := int(c.Shape)*2 + 1
	if !c.Blink {
		shape++
	}
	return shape
}

// writeColor sets or resets a terminal colour that changed.
func writeColor(b *bytes.Buffer, now, was color.Color, set func(string) string, reset string) {
	if now == was {
		return
	}
	if now == nil {
		b.WriteString(reset)
		return
	}
	if c, ok := colorful.MakeColor(now); ok {
		b.WriteString(set(c.Hex()))
	}
}

func writeProgressBar(b *bytes.Buffer, pb *tea.ProgressBar) {
	if pb == nil {
		b.WriteString(ansi.ResetProgressBar)
		return
	}
	switch pb.State {
	case tea.ProgressBarNone:
		b.WriteString(ansi.ResetProgressBar)
	case tea.ProgressBarDefault:
		b.WriteString(ansi.SetProgressBar(pb.Value))
	case tea.ProgressBarError:
		b.WriteString(ansi.SetErrorProgressBar(pb.Value))
	case tea.ProgressBarIndeterminate:
		b.WriteString(ansi.SetIndeterminateProgressBar)
	case tea.ProgressBarWarning:
		b.WriteString(ansi.SetWarningProgressBar(pb.Value))
	}
}

func equalPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// restore gives the terminal back: the keyboard entry popped, the
// alternate screen left (or the cursor put below an inline frame), the
// cursor shown, and every mode and setting of the last view reset.
func (s *screen) restore(b *bytes.Buffer) {
	if !s.drawn {
		return
	}
	lv := &s.last
	if s.kitty {
		b.WriteString(ansi.ResetModifyOtherKeys)
		b.WriteString(ansi.PopKittyKeyboard(1))
		s.kitty = false
	}
	if lv.AltScreen {
		b.WriteString(ansi.ResetModeAltScreenSaveCursor)
	} else {
		if below := len(s.rows) - 1 - s.inlineY; below > 0 {
			b.WriteString(ansi.CursorDown(below))
		}
		b.WriteString("\r\n")
	}
	if s.hidden {
		b.WriteString(ansi.SetModeTextCursorEnable)
	}
	if !lv.DisableBracketedPasteMode {
		b.WriteString(ansi.ResetModeBracketedPaste)
	}
	if lv.ReportFocus {
		b.WriteString(ansi.ResetModeFocusEvent)
	}
	writeMouseMode(b, lv.MouseMode, tea.MouseModeNone)
	if lv.WindowTitle != "" {
		b.WriteString(ansi.SetWindowTitle(""))
	}
	if cursorShape(lv.Cursor) > 1 {
		b.WriteString(ansi.SetCursorStyle(0))
	}
	writeColor(b, nil, cursorColor(lv.Cursor), nil, ansi.ResetCursorColor)
	writeColor(b, nil, lv.ForegroundColor, nil, ansi.ResetForegroundColor)
	writeColor(b, nil, lv.BackgroundColor, nil, ansi.ResetBackgroundColor)
	if pb := lv.ProgressBar; pb != nil && pb.State != tea.ProgressBarNone {
		b.WriteString(ansi.ResetProgressBar)
	}
	s.drawn = false
}
