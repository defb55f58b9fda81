package uitest

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/sheets"
)

// Replayer is a game's start and its moves since (a board's match).
type Replayer interface {
	Replay() (start game.State, moves []game.Move)
}

// CheckReplay fails unless shown is a position the rules can produce:
// it reads back from its own string and equals the replay of g's moves
// from its start (joint turns played together).
func CheckReplay(t testing.TB, shown game.State, g Replayer) {
	t.Helper()
	start, moves := g.Replay()
	back, err := shown.Variant().ParsePosition(shown.String())
	if err != nil {
		t.Fatalf("position %q does not read back: %v", shown.String(), err)
	}
	if back.String() != shown.String() {
		t.Fatalf("position %q reads back as %q", shown.String(), back.String())
	}
	r := start.Clone()
	for i, step := range game.SplitTurns(start, moves) {
		err := game.Play(r, step[0])
		if game.JointTurn(r) {
			err = game.PlayJoint(r, step)
		}
		if err != nil {
			t.Fatalf("move %d of the history is illegal: %v", i+1, err)
		}
	}
	if r.String() != shown.String() {
		t.Fatalf("history replays to %q, board shows %q", r.String(), shown.String())
	}
}

// PositionAfter is the position of variant after moves (their texts).
func PositionAfter(t testing.TB, variant string, moves ...string) string {
	t.Helper()
	s, err := game.NewState(variant, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		if _, err := game.PlayText(s, text); err != nil {
			t.Fatal(err)
		}
	}
	return s.String()
}

// Player is a board's match as a test plays on it.
type Player interface {
	Position() game.State
	Play(m game.Move) (tea.Cmd, error)
}

// PlayTexts plays moves, given in the game's notation, on p.
func PlayTexts(t testing.TB, p Player, moves ...string) {
	t.Helper()
	for _, text := range moves {
		m, err := p.Position().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

// RegisterBundled makes the rule sheets that ship in the binary games of
// the client, as the command line's play does (rock-paper-scissors too,
// played hot-seat), so that tests over every variant cover them too. A
// package's tests call it once, from an init function.
func RegisterBundled() {
	if _, err := sheets.RegisterBundled(nil); err != nil {
		panic(err)
	}
}
