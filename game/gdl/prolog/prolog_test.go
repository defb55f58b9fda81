package prolog_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/game/gdl/kif"
	"github.com/tabletop/tabletop/game/gdl/prolog"
)

// TestPrologTranslationPlaysTheSameGame runs the Prolog translation of
// every test sheet, with tabling (hex's connection test recurses to the
// left) and without where that ends, in SWI-Prolog (skipped without
// swipl on PATH): random
// games traced there (every position, every role's move, the goals at
// the end) are replayed on the engine, which must reach the same
// positions, end at the same ply and give the same goals. The bench's
// reference so plays the game the engine plays.
func TestPrologTranslationPlaysTheSameGame(t *testing.T) {
	swipl, err := exec.LookPath("swipl")
	if err != nil {
		t.Skip("swipl is not on PATH (Debian: apt-get install swi-prolog-nox)")
	}
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "*.kif"))
	if len(files) == 0 {
		t.Fatal("no sheets in ../testdata")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := gdl.Load(filepath.Base(f), src)
		if err != nil {
			continue // the invalid sheets of the tests
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			for _, tabling := range []bool{true, false} {
				file := filepath.Join(t.TempDir(), "sheet.pl")
				var pl bytes.Buffer
				if err := prolog.WriteProlog(&pl, src, tabling); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, pl.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				for seed := 1; seed <= 3; seed++ {
					out, err := exec.Command(swipl, "--stack-limit=64m", "-q", "-g", fmt.Sprintf("trace(%d, 100)", seed), "-t", "halt", file).CombinedOutput()
					if err != nil && !tabling && bytes.Contains(out, []byte("Stack limit")) {
						break // left recursion
					}
					if err != nil {
						t.Fatalf("swipl: %v: %s", err, out)
					}
					replayTrace(t, v, string(out))
				}
			}
		})
	}
}

// replayTrace plays the game of a Prolog trace on v and compares.
func replayTrace(t *testing.T, v *game.Variant, trace string) {
	t.Helper()
	s := v.New()
	joint := make([]game.Move, len(v.Roles))
	goals := make([]int, len(v.Roles))
	ply := -1
	for _, line := range strings.Split(strings.TrimSpace(trace), "\n") {
		kind, rest, _ := strings.Cut(line, " ")
		switch kind {
		case "state":
			if ply >= 0 {
				s.(game.JointState).ApplyJoint(joint)
			}
			ply++
			if got, want := factSet(s.String()), factSet(rest); got != want {
				t.Fatalf("ply %d: the engine is at\n%s\nProlog at\n%s", ply, got, want)
			}
			for r := range joint {
				joint[r] = game.Move(1 << 30) // no move the rules know
			}
		case "does":
			role, move, _ := strings.Cut(rest, " ")
			r := v.RoleIndex(role)
			if r == game.NoRole {
				t.Fatalf("ply %d: %q: no such role", ply, line)
			}
			joint[r] = legalByText(s, r, move)
			if joint[r] == game.Noop && !strings.EqualFold(move, "noop") {
				t.Fatalf("ply %d: %s may not play %s here", ply, role, move)
			}
		case "goal":
			role, value, _ := strings.Cut(rest, " ")
			if g, ok := kif.GoalValue(value); ok {
				goals[v.RoleIndex(role)] = max(goals[v.RoleIndex(role)], g)
			}
		default:
			t.Fatalf("unexpected line %q", line)
		}
	}
	if ply < 100 && !s.Terminal() {
		t.Fatalf("Prolog's game ended at ply %d, the engine's goes on at %s", ply, s)
	}
	for r := range v.Roles {
		if g := s.Goal(game.Role(r)); g != goals[r] {
			t.Fatalf("goal of %s: %d, Prolog's %d", v.Roles[r], g, goals[r])
		}
	}
}

// factSet is a position's facts in lower case, sorted, one per line.
func factSet(text string) string {
	ts, err := kif.ParseTerms(strings.ToLower(text))
	if err != nil {
		return "unreadable: " + text
	}
	var out []string
	for _, f := range ts {
		out = append(out, f.String())
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

// legalByText is role r's legal move in s whose text is text (in any
// case), or game.Noop.
func legalByText(s game.State, r game.Role, text string) game.Move {
	for _, m := range s.(game.JointState).LegalOf(r, nil) {
		if factSet(s.FormatMove(m)) == factSet(text) {
			return m
		}
	}
	return game.Noop
}
