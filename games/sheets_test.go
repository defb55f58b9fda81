package games_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

// TestEveryBundledSheetLoadsAndPlays loads every sheet and plays random
// games to the end, simultaneous turns included: every game must end, every
// role must have a legal move until then (GDL's playability), the title must
// come from the sheet, and the goals must be 0–100.
func TestEveryBundledSheetLoadsAndPlays(t *testing.T) {
	for _, f := range games.Files() {
		v, err := gdl.Load(f.Name, f.Source)
		if err != nil {
			t.Errorf("%s.kif: %v", f.Name, err)
			continue
		}
		if v.Title != f.Title {
			t.Errorf("%s: engine title %q, sheet title %q", f.Name, v.Title, f.Title)
		}
		// The first comment line after the title is the menu's summary.
		if n := utf8.RuneCountInString(v.Summary); n > 72 || !strings.HasSuffix(v.Summary, ".") {
			t.Errorf("%s: summary %q is not one sentence of at most 72 characters", f.Name, v.Summary)
		}
		rng := game.NewRand(42)
		for i := 0; i < 20; i++ {
			s := v.New()
			for ply := 0; !s.Terminal(); ply++ {
				if ply > 1000 {
					t.Fatalf("%s: game %d still on after 1000 plies: %s", f.Name, i, s)
				}
				for r, name := range v.Roles {
					if len(s.(game.JointState).LegalOf(game.Role(r), nil)) == 0 {
						t.Fatalf("%s: %s has no legal move in %s", f.Name, name, s)
					}
				}
				playRandom(s, rng)
			}
			for r, name := range v.Roles {
				if g := s.Goal(game.Role(r)); g < 0 || g > 100 {
					t.Errorf("%s: goal of %s is %d", f.Name, name, g)
				}
			}
		}
	}
}

// playRandom plays a random move, or a random joint move when several
// roles choose at once.
func playRandom(s game.State, rng *game.Rand) {
	if s.ToMove() != game.NoRole {
		s.Apply(s.RandomMove(rng))
		return
	}
	js := s.(game.JointState)
	joint := make([]game.Move, len(s.Variant().Roles))
	for r := range joint {
		ms := js.LegalOf(game.Role(r), nil)
		joint[r] = ms[rng.Intn(len(ms))]
	}
	js.ApplyJoint(joint)
}

// TestSheetGames plays scripted games of the bundled sheets and checks the
// legal moves at the start and the outcome. A step is one move for the role
// in control, or "role=move role=move" for a simultaneous turn.
func TestSheetGames(t *testing.T) {
	tests := []struct {
		sheet      string
		firstMoves int    // legal moves of the role in control at the start
		steps      string // separated by ";"
		goals      string // goals at the end, in role order; "" if the game goes on
		illegal    string // a move that must be refused at the end, if any
	}{
		{"tictactoe", 9, "(mark 1 1); (mark 2 1); (mark 1 2); (mark 2 2); (mark 1 3)", "100 0", ""},
		{"tictactoe", 9, "(mark 1 1); (mark 2 2); (mark 1 2); (mark 1 3); (mark 3 3); (mark 3 1)", "0 100", ""},
		{"tictactoe", 9, "(mark 2 2); (mark 1 1); (mark 3 1); (mark 1 3); (mark 1 2); (mark 3 2); (mark 2 1); (mark 2 3); (mark 3 3)", "50 50", ""},
		{"tictactoe", 9, "(mark 1 1); (mark 2 2); (mark 3 3); (mark 1 3); (mark 3 1); (mark 2 1); (mark 1 2); (mark 3 2)", "", "(mark 1 1)"},
		{"connectfour", 7, "(drop 1); (drop 2); (drop 1); (drop 2); (drop 1); (drop 2); (drop 1)", "100 0", ""},
		{"connectfour", 7, "(drop 1); (drop 4); (drop 1); (drop 5); (drop 2); (drop 6); (drop 2); (drop 7)", "0 100", ""},
		{"connectfour", 7, "(drop 1); (drop 2); (drop 2); (drop 3); (drop 3); (drop 4); (drop 3); (drop 4); (drop 4); (drop 7); (drop 4)", "100 0", ""},
		{"connectfour", 7, "(drop 4); (drop 4); (drop 4); (drop 4); (drop 4); (drop 4)", "", "(drop 4)"},
		{"breakthrough", 16, "(move 1 2 1 3); (move 2 5 2 4); (move 1 3 1 4); (move 6 5 6 4); (move 1 4 2 5); (move 6 4 6 3); (move 2 5 1 6)", "100 0", ""},
		{"breakthrough", 16, "(move 1 2 1 3); (move 6 5 6 4); (move 1 3 1 4); (move 6 4 6 3); (move 1 1 1 2); (move 6 3 5 2); (move 1 2 1 3); (move 5 2 6 1)", "0 100", ""},
		{"rockpaperscissors", 3, "left=(throw rock) right=(throw scissors); left=(throw rock) right=(throw rock); left=(throw paper) right=(throw scissors); left=(throw scissors) right=(throw paper); left=(throw paper) right=(throw rock)", "100 0", ""},
		{"rockpaperscissors", 3, "left=(throw rock) right=(throw paper); left=(throw rock) right=(throw scissors); left=(throw paper) right=(throw paper); left=(throw paper) right=(throw paper); left=(throw scissors) right=(throw scissors)", "50 50", ""},
	}
	for _, tt := range tests {
		name := tt.sheet + ": " + tt.steps
		v := loadSheet(t, tt.sheet)
		s := v.New()
		if got := len(firstLegal(s)); got != tt.firstMoves {
			t.Errorf("%s: %d legal moves at the start, want %d", tt.sheet, got, tt.firstMoves)
		}
		for _, step := range strings.Split(tt.steps, ";") {
			if err := playStep(s, strings.TrimSpace(step)); err != nil {
				t.Fatalf("%s: %s: %v\nstate: %s", name, step, err, s)
			}
		}
		if tt.illegal != "" {
			if _, err := s.ParseMove(tt.illegal); err == nil {
				t.Errorf("%s: %s is legal, want it refused\nstate: %s", name, tt.illegal, s)
			}
		}
		if s.Terminal() != (tt.goals != "") {
			t.Fatalf("%s: terminal %v, want %v\nstate: %s", name, s.Terminal(), tt.goals != "", s)
		}
		if tt.goals == "" {
			continue
		}
		var got []string
		for r := range v.Roles {
			got = append(got, fmt.Sprint(s.Goal(game.Role(r))))
		}
		if strings.Join(got, " ") != tt.goals {
			t.Errorf("%s: goals %s, want %s", name, strings.Join(got, " "), tt.goals)
		}
	}
}

// firstLegal returns the legal moves of the role in control, or of the
// first role when several choose at once.
func firstLegal(s game.State) []game.Move {
	if s.ToMove() == game.NoRole {
		return s.(game.JointState).LegalOf(0, nil)
	}
	return s.Legal(nil)
}

// playStep plays one step of a scripted game: a move, or role=move pairs.
func playStep(s game.State, step string) error {
	if !strings.Contains(step, "=") {
		if s.ToMove() == game.NoRole {
			return fmt.Errorf("several roles choose at once here")
		}
		_, err := game.PlayText(s, step)
		return err
	}
	js, ok := s.(game.JointState)
	if !ok || s.ToMove() != game.NoRole {
		return fmt.Errorf("not a simultaneous turn")
	}
	joint := make([]game.Move, len(s.Variant().Roles))
	for _, pair := range strings.Split(step, ") ") {
		name, text, _ := strings.Cut(strings.TrimSuffix(pair, ")")+")", "=")
		r := s.Variant().RoleIndex(name)
		if r == game.NoRole {
			return fmt.Errorf("unknown role %q", name)
		}
		found := false
		for _, m := range js.LegalOf(r, nil) {
			if s.FormatMove(m) == text {
				joint[r], found = m, true
			}
		}
		if !found {
			return fmt.Errorf("%s is not legal for %s", text, name)
		}
	}
	js.ApplyJoint(joint)
	return nil
}
