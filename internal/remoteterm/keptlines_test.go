package remoteterm

import (
	"bytes"
	"strings"
	"testing"
	"unsafe"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// A frame given as lines that are the last frame's own strings, row for
// row (a frame made of kept parts), has those rows' hashes taken from
// the last frame, not read again: here a line's bytes are changed in
// place behind its string, which no Go code does, so that reading it
// again would show.
func TestKeptLinesAreNotHashedAgain(t *testing.T) {
	mem := []byte("second line")
	kept := unsafe.String(&mem[0], len(mem))
	s := &screen{width: 20, height: 3, profile: colorprofile.ANSI256}
	v := tea.NewView("")
	v.AltScreen = true
	var b bytes.Buffer
	s.draw(&b, &v, []string{"first", kept, "third"}, false)
	copy(mem, "SECOND")
	b.Reset()
	s.draw(&b, &v, []string{"first", kept, strings.Clone("third")}, false)
	if b.Len() != 0 {
		t.Errorf("a frame of the same strings wrote %q", b.String())
	}
	// Other strings are read: the rows whose text differs from what was
	// drawn are written (the second, drawn as "second line").
	b.Reset()
	s.draw(&b, &v, []string{strings.Clone("first"), "SECOND line", "3rd"}, false)
	if got := b.String(); strings.Contains(got, "first") || !strings.Contains(got, "SECOND line") || !strings.Contains(got, "3rd") {
		t.Errorf("the frame after wrote %q, want the second and third rows", got)
	}
	// A frame given as content keeps none of the lines alive.
	b.Reset()
	v.Content = "first\nSECOND line\n3rd"
	s.draw(&b, &v, nil, false)
	if len(s.lines) != 0 {
		t.Errorf("%d lines kept after a frame given as content", len(s.lines))
	}
}

// The facts a row is written by are the row's, whether worked out or
// kept from another session's frame.
func TestRowFactsAreTheRows(t *testing.T) {
	for _, row := range []string{"", "plain", "\x1b[38;5;245mmuted\x1b[m", "\x1b[38;2;1;2;3mtrue\x1b[m", "a: \x1b[48:2::1:2:3mtrue, colons\x1b[m",
		"to move: \x1b[38;5;2mana\x1b[m", "一二 wide", "\x1b[1mbold"} {
		want := rowFacts{width: ansi.StringWidth(row), escapes: strings.Contains(row, "\x1b"),
			trueColour: strings.Contains(row, "8;2;") || strings.Contains(row, "8:2:")}
		for range 2 { // worked out, then kept
			if got := rowFactsOf(row, hashOf(row)); got != want {
				t.Errorf("%q: %+v, want %+v", row, got, want)
			}
		}
	}
}
