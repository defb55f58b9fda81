package gdl

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

func TestSimultaneousTurns(t *testing.T) {
	v := loadFile(t, "simultaneous")
	if v.Title != "Odds and Evens" || strings.Join(v.Roles, ",") != "odd,even" {
		t.Fatalf("title %q roles %v", v.Title, v.Roles)
	}
	s := v.New().(*State)
	if r := s.ToMove(); r != game.NoRole {
		t.Fatalf("ToMove %d, want NoRole", r)
	}
	if got := s.Legal(nil); len(got) != 0 {
		t.Fatalf("Legal on a simultaneous turn: %v", got)
	}
	if _, err := s.ParseMove("(show 1)"); err == nil || !strings.Contains(err.Error(), "several roles move at once") {
		t.Fatalf("ParseMove: %v", err)
	}
	show := func(n string) game.Move {
		m, err := s.n.parseMove("(show " + n + ")")
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for r := range v.Roles {
		var texts []string
		for _, m := range s.LegalOf(game.Role(r), nil) {
			texts = append(texts, s.FormatMove(m))
		}
		if got := strings.Join(texts, " "); got != "(show 1) (show 2)" {
			t.Fatalf("%s: legal %q", v.Roles[r], got)
		}
	}
	// odd wins two rounds (1+2, 2+1), even one (2+2).
	for _, round := range [][2]string{{"1", "2"}, {"2", "2"}, {"2", "1"}} {
		s.ApplyJoint([]game.Move{show(round[0]), show(round[1])})
	}
	if !s.Terminal() {
		t.Fatalf("not over: %s", s)
	}
	if s.Goal(0) != 100 || s.Goal(1) != 0 {
		t.Fatalf("goals %d %d in %s", s.Goal(0), s.Goal(1), s)
	}
	if want := "(round 3) (score even 1) (score odd 2)"; s.String() != want {
		t.Fatalf("position %q, want %q", s, want)
	}
	if n := Playouts(v, 20, 1); n != 60 {
		t.Fatalf("20 playouts played %d plies, want 60", n)
	}
}

func TestMovesAndPositions(t *testing.T) {
	v := loadFile(t, "tictactoe")
	s := v.New()
	if want := "(cell 1 1 b) (cell 1 2 b) (cell 1 3 b) (cell 2 1 b) (cell 2 2 b) (cell 2 3 b) (cell 3 1 b) (cell 3 2 b) (cell 3 3 b) (control x)"; s.String() != want {
		t.Fatalf("start %q", s)
	}
	for _, text := range []string{"(mark 2 2)", "( MARK   2\t2 )", "(Mark 2 2)"} {
		m, err := s.ParseMove(text)
		if err != nil || s.FormatMove(m) != "(mark 2 2)" {
			t.Fatalf("ParseMove(%q) = %s, %v", text, s.FormatMove(m), err)
		}
	}
	for text, want := range map[string]string{
		"noop":         "noop is not a legal move for x now",
		"(mark 4 4)":   "(mark 4 4) is not a move of this game",
		"(mark 2 2":    "not closed",
		"(mark 2 2) x": "text after the move",
		"1 1":          "a move is one term, its arguments in parentheses, e.g. (mark 1 1)",
		"":             "empty move",
	} {
		if _, err := s.ParseMove(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMove(%q): %v, want %q", text, err, want)
		}
	}
	if _, err := game.PlayText(s, "(mark 2 2)"); err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != 1 {
		t.Fatalf("o should move")
	}
	// o's only other move is noop, so x's lone noop maps to game.Noop.
	if _, err := s.ParseMove("noop"); err == nil {
		t.Fatal("noop accepted for o")
	}
	p, err := v.ParsePosition(strings.ToUpper(s.String()))
	if err != nil || p.String() != s.String() || p.Hash() != s.Hash() {
		t.Fatalf("ParsePosition: %v %q", err, p)
	}
	for text, want := range map[string]string{
		"(cell 1 1 q)":                "(cell 1 1 q) can never be true in this game",
		"(control x) (control x)":     "(control x) is given twice",
		"(cell 1 1 ?x)":               "not a ground fact",
		"(cell 1 1 b":                 "not closed",
		"(control x) (cell 9 9 b) ((": "(cell 9 9 b) can never be true",
	} {
		if _, err := v.ParsePosition(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePosition(%q): %v, want %q", text, err, want)
		}
	}
}

func TestPositionWithoutBase(t *testing.T) {
	v := loadFile(t, "littlehex")
	if _, err := v.ParsePosition("(control white) (cell 5 5 blank)"); err == nil || !strings.Contains(err.Error(), "(cell 5 5 blank) can never be true in this game") {
		t.Fatalf("ParsePosition: %v", err)
	}
	// Without a blank cell the game is over.
	p, err := v.ParsePosition("(control black) (cell 1 1 white)")
	if err != nil || p.String() != "(cell 1 1 white) (control black)" || !p.Terminal() {
		t.Fatalf("ParsePosition: %v", err)
	}
}

// TestAllPassGivesRoleZero pins the documented choice when every role's
// only move is noop.
func TestAllPassGivesRoleZero(t *testing.T) {
	v, err := Load("pass", []byte(`(role a) (role b) (init (s 0))
		(<= (legal ?r noop) (role ?r) (true (s 0)))
		(<= (legal ?r noop) (role ?r) (true (s 1)))
		(<= (next (s 1)) (true (s 0)))
		(<= (next (s 2)) (true (s 1)))
		(<= terminal (true (s 2))) (goal a 50) (goal b 50)`))
	if err != nil {
		t.Fatal(err)
	}
	s := v.New()
	if s.ToMove() != 0 || len(s.Legal(nil)) != 1 || s.Legal(nil)[0] != game.Noop {
		t.Fatalf("ToMove %d legal %v", s.ToMove(), s.Legal(nil))
	}
	s.Apply(game.Noop)
	s.Apply(game.Noop)
	if !s.Terminal() || s.Goal(1) != 50 {
		t.Fatalf("%s: terminal %v goal %d", s, s.Terminal(), s.Goal(1))
	}
}

func TestTitleAndNotes(t *testing.T) {
	v := loadFile(t, "tictactoe")
	if v.Title != "Tic-Tac-Toe" || v.Name != "tictactoe" || !strings.HasPrefix(v.Summary, "Three in a row") || v.Rules == "" {
		t.Fatalf("title %q summary %q rules %q", v.Title, v.Summary, v.Rules)
	}
	plain, err := Load("plain", []byte(skeleton))
	if err != nil {
		t.Fatal(err)
	}
	if plain.Title != "plain" || plain.Summary == "" {
		t.Fatalf("title %q summary %q", plain.Title, plain.Summary)
	}
	d, err := kif.Parse([]byte(";; TITLE:  Odd  \n; first note\n\n(role a) ; not a note\n"))
	if err != nil || d.Title != "Odd" || len(d.Notes) != 1 || d.Notes[0] != "first note" {
		t.Fatalf("%+v %v", d, err)
	}
	s := v.New()
	facts := s.(*State).Facts()
	if len(facts) != 10 || facts[0].Name != "cell" || facts[0].Args[2].Name != "b" || facts[9].String() != "(control x)" {
		t.Fatalf("facts %v", facts)
	}
	if !strings.HasPrefix(s.Describe(), "x to move\n(cell 1 1 b)\n") {
		t.Fatalf("Describe:\n%s", s.Describe())
	}
}

// TestCaseOfSymbols: roles, moves and facts keep the case the sheet
// wrote them in (its first spelling of each symbol), keywords may be
// written in any case, and moves and positions are read in any case.
func TestCaseOfSymbols(t *testing.T) {
	v, err := Load("case", []byte(`(ROLE xPlayer) (Role oplayer)
		(INIT (Control XPLAYER)) (Cell A1) (cell b2)
		(<= (LEGAL ?r (Mark ?c)) (TRUE (control ?r)) (CELL ?c))
		(<= (legal xplayer noop) (true (control OPLAYER)))
		(<= (legal oPlayer NOOP) (true (control xplayer)))
		(<= (NEXT (marked ?c)) (DOES ?r (mark ?c)))
		(<= (next (control oplayer)) (true (control xplayer)))
		(<= TERMINAL (true (MARKED ?c)))
		(<= (goal ?r 100) (role ?r))`))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(v.Roles, " "); got != "xPlayer oplayer" {
		t.Errorf("roles %q", got)
	}
	s := v.New()
	if s.String() != "(Control xPlayer)" {
		t.Errorf("start %q", s)
	}
	if got := legalTexts(s); got != "(Mark A1) (Mark b2)" {
		t.Errorf("legal %q", got)
	}
	m, err := s.ParseMove("(MARK a1)")
	if err != nil || s.FormatMove(m) != "(Mark A1)" {
		t.Fatalf("ParseMove: %s, %v", s.FormatMove(m), err)
	}
	s.Apply(m)
	if s.String() != "(Control oplayer) (marked A1)" || !s.Terminal() {
		t.Errorf("after the move %q, terminal %v", s, s.Terminal())
	}
	p, err := v.ParsePosition("(MARKED a1) (control OPLAYER)")
	if err != nil || p.String() != s.String() || p.Hash() != s.Hash() {
		t.Errorf("ParsePosition: %v, %v", p, err)
	}
}
