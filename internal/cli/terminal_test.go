package cli

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/term"
)

// TestClientNeedsATerminal: the client started with its output
// redirected says that it needs a terminal, instead of Bubble Tea's
// "could not open a new TTY"; streams a caller chose pass.
func TestClientNeedsATerminal(t *testing.T) {
	if term.IsTerminal(os.Stdout.Fd()) {
		t.Skip("the test's own output is a terminal")
	}
	err := needTerminal(os.Stdin, os.Stdout)
	if !errors.Is(err, errNoTerminal) || !strings.Contains(err.Error(), "run it in a terminal") {
		t.Fatalf("output redirected: %v, want a message that the client needs a terminal", err)
	}
	if err := needTerminal(strings.NewReader(""), &bytes.Buffer{}); err != nil {
		t.Fatalf("streams of the caller's choice: %v", err)
	}
}
