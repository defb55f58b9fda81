package tictacchess

import (
	"errors"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// play plays moves in short notation (or resignations) on s, failing
// the test at the first that does not play.
func play(t *testing.T, s *State, moves ...string) {
	t.Helper()
	for _, text := range moves {
		if _, err := game.PlayText(s, text); err != nil {
			t.Fatalf("%s at %s: %v", text, s, err)
		}
	}
}

func TestResignationDropsOut(t *testing.T) {
	s := New()
	if err := game.PlayResign(s, Blue); err != nil {
		t.Fatal(err)
	}
	if !s.Retired(Blue) || s.Retired(Red) || s.Terminal() || s.ToMove() != Red {
		t.Fatalf("after blue resigned at step 1: %s, retired blue %v, terminal %v", s, s.Retired(Blue), s.Terminal())
	}
	play(t, s, "14-22", "41-33")
	// Blue's turn (step 3) is passed: green is in control at step 4.
	if s.ToMove() != Green || s.Step() != 4 {
		t.Fatalf("after red and yellow: %s, want green at step 4", s)
	}
	if g := s.Goal(Blue); g != 0 {
		t.Fatalf("blue's goal %d, want 0", g)
	}
	if g := s.Goal(Red); g != 20 {
		t.Fatalf("red's goal %d, want 20", g)
	}
	if err := game.PlayResign(s, Blue); err == nil {
		t.Fatal("blue resigned twice")
	}
}

func TestResignationOfTheRoleInControl(t *testing.T) {
	s := New()
	play(t, s, "(resign red)")
	if s.ToMove() != Yellow || s.Step() != 2 {
		t.Fatalf("after red resigned in control: %s, want yellow at step 2", s)
	}
	play(t, s, "41-33", "74-53", "47-55")
	if s.ToMove() != Yellow || s.Step() != 6 {
		t.Fatalf("a round later: %s, want yellow at step 6 (red passed)", s)
	}
	// Skip, as best-reply search uses it, passes the retired role too.
	s.Skip()
	if s.ToMove() != Blue {
		t.Fatalf("after a skip of yellow: %s, want blue", s)
	}
}

func TestLastPlayerStandingWins(t *testing.T) {
	s := New()
	play(t, s, "14-22", "yellow resigns", "(resign BLUE)")
	if s.Terminal() {
		t.Fatal("over with two players left")
	}
	play(t, s, "(resign green)")
	if !s.Terminal() {
		t.Fatalf("not over with one player left: %s", s)
	}
	want := []int{game.MaxGoal, 0, 0, 0}
	for r, g := range want {
		if got := s.Goal(game.Role(r)); got != g {
			t.Errorf("goal of %s = %d, want %d", roleNames[r], got, g)
		}
	}
	if got := s.ResultReason(); !strings.Contains(got, "red is the last player in the game") {
		t.Errorf("reason %q", got)
	}
	if _, err := s.ParseMove("(resign red)"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("a resignation after the end: %v", err)
	}
}

func TestStepCounterCountsPassedTurns(t *testing.T) {
	s := New()
	play(t, s, "(resign yellow)", "(resign green)")
	for !s.Terminal() {
		s.Apply(s.Legal(nil)[0])
	}
	if s.Step() != LastStep || s.winner >= 0 {
		t.Fatalf("ended at %s", s)
	}
	if s.Goal(Yellow) != 0 || s.Goal(Green) != 0 || s.Goal(Red) == 0 {
		t.Fatalf("goals red %d yellow %d green %d", s.Goal(Red), s.Goal(Yellow), s.Goal(Green))
	}
	if got := s.ResultReason(); !strings.Contains(got, "yellow and green resigned") {
		t.Errorf("reason %q", got)
	}
}

func TestResignationTexts(t *testing.T) {
	s := New()
	m := game.ResignMove(Green)
	if got := s.FormatMove(m); got != "(resign green)" {
		t.Errorf("FormatMove = %q", got)
	}
	if got := s.ShortMove(m); got != "green resigns" {
		t.Errorf("ShortMove = %q", got)
	}
	if s.IsLegal(m) {
		t.Error("a resignation is legal as a move of the role in control")
	}
	for _, text := range []string{"(resign purple)", "resign"} {
		if _, err := s.ParseMove(text); err == nil {
			t.Errorf("ParseMove(%q) took it", text)
		}
	}
}

func TestPositionWithResignations(t *testing.T) {
	s := New()
	play(t, s, "14-22", "(resign blue)", "41-33", "(resign red)")
	str := s.String()
	if !strings.HasSuffix(str, " green 4 resigned:rb") {
		t.Fatalf("position %q", str)
	}
	back := mustParse(t, str)
	if *back != *s {
		t.Fatalf("read back %s, want %s", back, s)
	}
	if c := s.Clone().(*State); !c.Retired(Blue) || c.Hash() != s.Hash() {
		t.Fatal("a clone lost the resignations")
	}
	plain := mustParse(t, strings.TrimSuffix(str, " resigned:rb"))
	if plain.Hash() == s.Hash() {
		t.Error("the hash ignores who resigned")
	}
	for _, bad := range []string{
		strings.Replace(str, "resigned:rb", "resigned:rg", 1), // green is in control
		strings.Replace(str, "resigned:rb", "resigned:rx", 1),
		strings.Replace(str, "resigned:rb", "resigned:rr", 1),
		strings.Replace(str, "resigned:rb", "out:rb", 1),
	} {
		if _, err := ParsePosition(bad); err == nil {
			t.Errorf("ParsePosition(%q) took it", bad)
		}
	}
}

// The AI's estimate knows that a player who resigned scores 0.
func TestEstimateOfAResigner(t *testing.T) {
	s := New()
	play(t, s, "14-22", "(resign blue)")
	est := make([]int, Players)
	s.Estimate(est)
	if est[Blue] != 0 || est[Red] == 0 {
		t.Fatalf("estimate %v", est)
	}
}
