package themes

import (
	"testing"
	"unsafe"

	"github.com/charmbracelet/colorprofile"
)

// Styles already shared are handed out without building any in the
// caller's frame: every server session asks for them at its start, and
// a frame holding a Styles grew each session's goroutine stack to 32 KB.
func TestSharedStylesKeptNeedLittleStack(t *testing.T) {
	SharedStyles(Default, false, colorprofile.ANSI256)
	moved := make(chan bool)
	go func() {
		growStack(5) // an 8 KB stack, as a session's goroutine has
		var here byte
		before := uintptr(unsafe.Pointer(&here))
		SharedStyles(Default, false, colorprofile.ANSI256)
		moved <- uintptr(unsafe.Pointer(&here)) != before
	}()
	if <-moved {
		t.Error("asking for kept styles grew an 8 KB goroutine stack")
	}
}

// growStack uses about n KB of stack, then returns it.
//
//go:noinline
func growStack(n int) byte {
	var pad [1024]byte
	pad[n%len(pad)] = byte(n)
	if n == 0 {
		return pad[0]
	}
	return growStack(n-1) + pad[n%len(pad)]
}
