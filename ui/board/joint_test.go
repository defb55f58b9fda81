package board

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/savefmt"
)

// newRPSClient is a hot-seat game of rock-paper-scissors between two
// people, driven message by message.
func newRPSClient(t *testing.T, seats map[string]savefmt.SeatConfig, store savefmt.SaveStore) (*common.Shell, *BoardScreen) {
	t.Helper()
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: store, Seed: 1, AIDelay: -1,
		Start: common.Start{Variant: "rockpaperscissors", Seats: seats}})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b, ok := m.Cur.(*BoardScreen)
	if !ok {
		t.Fatalf("first screen %T", m.Cur)
	}
	return m, b
}

// A throw is never shown, saved or kept before every role threw: the
// hand-over screen hides the board, keys other than enter do nothing
// there, and the turn appears in the history, the status and the save
// only once both threw.
func TestJointMovesHidden(t *testing.T) {
	store := &uitest.MemStore{}
	m, b := newRPSClient(t, map[string]savefmt.SeatConfig{"left": {Name: "ana"}, "right": {Name: "bo"}}, store)
	if v := uitest.ViewText(m); !strings.Contains(v, "Pass the keyboard to left (ana)") || strings.Contains(v, "Moves") {
		t.Fatalf("the game does not open on the hand-over screen:\n%s", v)
	}
	uitest.Send(m, uitest.Key(":"), uitest.Key("u"), uitest.Key("H"))
	if b.prompt || b.handOver().handingOver() != 0 {
		t.Fatalf("keys acted behind the hand-over screen: prompt %v, pass to %d", b.prompt, b.handOver().handingOver())
	}
	uitest.Send(m, uitest.Key("enter"))
	uitest.Send(m, uitest.TypeMove("(throw scissors)")...)
	v := uitest.ViewText(m)
	if !strings.Contains(v, "Pass the keyboard to right (bo)") || strings.Contains(v, "scissors") {
		t.Fatalf("left's throw shows, or no hand-over to right:\n%s", v)
	}
	waitWrites(m)
	if len(lm(b).Moves()) != 0 || store.Data != nil && bytes.Contains(store.Data, []byte("scissors")) {
		t.Fatalf("left's throw was kept before right threw: moves %v, save %q", lm(b).Moves(), store.Data)
	}
	uitest.Send(m, uitest.Key("enter"))
	if v := uitest.ViewText(m); strings.Contains(v, "scissors") || !strings.Contains(v, "right to move") {
		t.Fatalf("right sees left's throw:\n%s", v)
	}
	if b.Game().ToMove() != 1 || len(b.Game().Legal(nil)) != 3 {
		t.Fatalf("right's board: %s to move with %d moves", b.variant.RoleName(b.Game().ToMove()), len(b.Game().Legal(nil)))
	}
	// Right plays by the move list: enter lists the throws, a number plays one.
	uitest.Send(m, uitest.Key("enter"))
	uitest.Send(m, uitest.Key("1")) // (throw paper), the first in text order
	if len(lm(b).Moves()) != 2 || b.History()[0].Text != "left (throw scissors) · right (throw paper)" {
		t.Fatalf("the turn was not played: %v, history %v, status %q", lm(b).Moves(), b.History(), b.Status)
	}
	if !strings.Contains(b.Status, "played at once: left (throw scissors) · right (throw paper)") {
		t.Fatalf("status %q", b.Status)
	}
	waitWrites(m)
	if !bytes.Contains(store.Data, []byte("move ((throw scissors) (throw paper))\n")) {
		t.Fatalf("save:\n%s", store.Data)
	}
	if v := uitest.ViewText(m); !strings.Contains(v, "Last turn: left (throw scissors) · right (throw paper)") {
		t.Fatalf("the next hand-over does not tell the last turn:\n%s", v)
	}
}

// Against the AI there is nobody to hide the throw from: no hand-over
// screen, and the AI throws as soon as the person did.
func TestJointAgainstAI(t *testing.T) {
	m, b := newRPSClient(t, map[string]savefmt.SeatConfig{"left": {Name: "ana"}, "right": {AI: true, Level: "easy"}}, &uitest.MemStore{})
	for round := 0; round < 5; round++ {
		if b.handOver().handingOver() != game.NoRole {
			t.Fatal("a hand-over screen with one person")
		}
		for _, msg := range uitest.TypeMove("(throw rock)") {
			uitest.Drain(t, m, func() tea.Msg { return msg })
		}
		if len(lm(b).Moves()) != 2*(round+1) {
			t.Fatalf("round %d: %d moves, status %q", round+1, len(lm(b).Moves()), b.Status)
		}
	}
	if !b.Ended() || !strings.Contains(uitest.ViewText(m), "game over") {
		t.Fatalf("no end:\n%s", uitest.ViewText(m))
	}
}

// AI against AI plays a joint game to its end by itself.
func TestJointAIAgainstAI(t *testing.T) {
	ai := savefmt.SeatConfig{AI: true, Level: "easy"}
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Seed: 1, AIDelay: -1,
		Start: common.Start{Variant: "rockpaperscissors", Seats: map[string]savefmt.SeatConfig{"left": ai, "right": ai}}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	uitest.Drain(t, m, m.Init())
	b := m.Cur.(*BoardScreen)
	if !b.Ended() || len(lm(b).Moves()) != 10 {
		t.Fatalf("AI against AI: ended %v after %d moves", b.Ended(), len(lm(b).Moves()))
	}
}

// Joint turns go through undo and redo whole, and through the save file
// and back; review steps by turns.
func TestJointUndoSaveReview(t *testing.T) {
	store := &uitest.MemStore{}
	m, b := newRPSClient(t, map[string]savefmt.SeatConfig{"left": {Name: "ana"}, "right": {Name: "bo"}}, store)
	for _, round := range uitest.RPSThrows[:3] {
		uitest.Send(m, uitest.Key("enter"))
		uitest.Send(m, uitest.TypeMove("(throw "+round[0]+")")...)
		uitest.Send(m, uitest.Key("enter"))
		uitest.Send(m, uitest.TypeMove("(throw "+round[1]+")")...)
	}
	after3 := b.Match.Position().String()
	if len(lm(b).Moves()) != 6 {
		t.Fatalf("%d moves after three rounds", len(lm(b).Moves()))
	}
	// Left has thrown in round 4 when undo is asked: the throw is
	// forgotten with the last whole turn.
	uitest.Send(m, uitest.Key("enter"))
	uitest.Send(m, uitest.TypeMove("(throw paper)")...)
	uitest.Send(m, uitest.Key("enter"), uitest.Key("u"))
	if len(lm(b).Moves()) != 4 || lm(b).Table.Chosen(0) || !strings.Contains(b.Status, "back to move 2") {
		t.Fatalf("undo: %d moves, chosen %v, status %q", len(lm(b).Moves()), lm(b).Table.Chosen(0), b.Status)
	}
	uitest.Send(m, uitest.Key("enter"), uitest.Key("U"))
	if len(lm(b).Moves()) != 6 || b.Match.Position().String() != after3 {
		t.Fatalf("redo: %d moves, position %q", len(lm(b).Moves()), b.Match.Position().String())
	}

	waitWrites(m)
	sv, err := savefmt.ParseSave(store.Data)
	if err != nil {
		t.Fatalf("the save does not read back: %v\n%s", err, store.Data)
	}
	want := []string{"((throw rock) (throw scissors))", "((throw rock) (throw paper))", "((throw paper) (throw rock))"}
	if strings.Join(sv.Moves, "|") != strings.Join(want, "|") {
		t.Fatalf("saved moves %q", sv.Moves)
	}
	rb, err := BoardFromSave(b.Common, sv)
	if err != nil {
		t.Fatal(err)
	}
	if rb.Match.Position().String() != after3 || !strings.Contains(rb.Status, "resumed after 3 moves") {
		t.Fatalf("resumed at %q, status %q", rb.Match.Position().String(), rb.Status)
	}

	uitest.Send(m, uitest.Key("enter"), uitest.Key("v"), uitest.Key("left"))
	if !b.Reviewing() || b.Review.Turn != 2 || !strings.Contains(b.Game().String(), "(round 3)") {
		t.Fatalf("review one turn back: at %d, %q", b.Review.Turn, b.Game().String())
	}
	uitest.Send(m, uitest.Key("<"))
	if b.Review.Turn != 0 || b.Game().String() != b.variant.New().String() {
		t.Fatalf("review at the start: at %d, %q", b.Review.Turn, b.Game().String())
	}
}

// pickNine is a one-turn joint game: a scores 100 only with (pick 9) of
// ten picks; b's two moves change nothing.
const pickNine = `
(role a) (role b)
(init (open))
(num 0) (num 1) (num 2) (num 3) (num 4) (num 5) (num 6) (num 7) (num 8) (num 9)
(<= (legal a (pick ?n)) (num ?n) (true (open)))
(<= (legal b wait) (true (open)))
(<= (legal b stay) (true (open)))
(<= (next (chose ?n)) (does a (pick ?n)))
(<= terminal (not (true (open))))
(<= (goal a 100) (true (chose 9)))
(<= (goal a 0) (true (chose ?n)) (distinct ?n 9))
(<= (goal b 0) (true (chose 9)))
(<= (goal b 100) (true (chose ?n)) (distinct ?n 9))
`

// An AI seat on a joint turn searches (ai.SearchFor) for its move: it
// finds the one winning pick of ten in every game, where a random move
// would miss it nine times in ten.
func TestJointAISearches(t *testing.T) {
	v, err := gdl.Load("uitest-picknine", []byte(pickNine))
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 6; seed++ {
		// The variant is not registered: other tests walk every one.
		c := common.NewCommon(common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Seed: seed, AIDelay: -1})
		seat := savefmt.SeatConfig{AI: true, Level: "easy"}
		b, err := NewBoardShell(c, v)
		if err != nil {
			t.Fatal(err)
		}
		b.SetMatch(b.newLocal(v.New(), "", []savefmt.SeatConfig{seat, seat}))
		m := common.NewShell(c, b)
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		uitest.Drain(t, m, m.Init())
		if !b.Ended() || len(lm(b).Moves()) != 2 {
			t.Fatalf("seed %d: ended %v, %d moves", seed, b.Ended(), len(lm(b).Moves()))
		}
		if got := v.New().FormatMove(lm(b).Moves()[0]); got != "(pick 9)" {
			t.Errorf("seed %d: a played %s, not the winning (pick 9)", seed, got)
		}
	}
}
