package board

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// sendRoomMove has the shell's board play its cursor's move in the room
// and hands the shell the room's answers, one at a time, checking after
// each message the shell says changed nothing (Unchanged) that its frame
// is the last one indeed. It returns whether each answer was quiet.
func sendRoomMove(t *testing.T, shell *common.Shell) []bool {
	t.Helper()
	last := shell.View().Content
	_, cmd := shell.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if shell.Unchanged() {
		t.Fatal("the move sent changed nothing on the screen, the shell says")
	}
	frame := shell.View().Content
	if frame == last {
		t.Fatal("the move sent left the frame as it was")
	}
	last = frame
	var quiet []bool
	for _, msg := range uitest.Msgs(cmd) {
		shell.Update(msg)
		frame := shell.View().Content
		if shell.Unchanged() && frame != last {
			t.Fatalf("after %T the shell says nothing changed, but the frame went from\n%s\nto\n%s", msg, last, frame)
		}
		quiet = append(quiet, shell.Unchanged())
		last = frame
	}
	return quiet
}

// The room's answer to a move, when the room took it as the board drew
// it and nothing else happened, changes nothing on the screen: the
// shell says so (the server's renderer then builds no frame for it),
// and the move was never shown as "sending" (the answer came before
// that notice was due). A refusal, or a room that went on past the
// move, is a change.
func TestRoomAnswerToTheMoveShownIsQuiet(t *testing.T) {
	t.Parallel()
	v, err := game.Lookup("quad5")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		room  *fakeRoom
		quiet bool
	}{
		{"taken", &fakeRoom{v: v}, true},
		{"refused", &fakeRoom{v: v, refusing: true}, false},
		{"answered at once by the other player", &fakeRoom{v: v, reply: "(mark r1 c2)"}, false},
	} {
		b := newRoomBoard(t, v, tc.room)
		shell := common.NewShell(b.Common, b)
		quiet := sendRoomMove(t, shell)
		if len(quiet) != 1 || quiet[0] != tc.quiet {
			t.Errorf("%s: the answers were quiet: %v, want [%v]", tc.name, quiet, tc.quiet)
		}
		if strings.Contains(b.Status, "sending") || b.IsErr != tc.room.refusing {
			t.Errorf("%s: status %q (error %v) after the answer", tc.name, b.Status, b.IsErr)
		}
		if want := len(tc.room.moves); len(b.History()) != want {
			t.Errorf("%s: the board shows %d moves, the room has %d (%q)", tc.name, len(b.History()), want, b.Status)
		}
	}
}

// A quiet message (the room's answer to the move shown) leaves what the
// last frame worked out good: the size check of the key after it takes
// the frame's, not the layout worked out again; any other message does
// not.
func TestQuietAnswerKeepsTheFramesWork(t *testing.T) {
	t.Parallel()
	v, err := game.Lookup("quad5")
	if err != nil {
		t.Fatal(err)
	}
	for _, room := range []*fakeRoom{{v: v}, {v: v, refusing: true}} {
		b := newRoomBoard(t, v, room)
		shell := common.NewShell(b.Common, b)
		_, cmd := shell.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
		_ = shell.View()
		for _, msg := range uitest.Msgs(cmd) {
			shell.Update(msg)
		}
		kept := frameMemoOf(b.Common, &b.frame) != nil
		if kept != !room.refusing {
			t.Errorf("refused %v: the frame's work kept after the answer: %v", room.refusing, kept)
		}
	}
}
