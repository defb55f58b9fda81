package cli

// Black-box rules audit: every rule of RULES.md pinned through the `rules`
// line protocol, without reference to the engines' code. Each game also has
// a small reference model written from RULES.md alone (the audit* types in
// rules_audit_quad_test.go, rules_audit_pentago_test.go and
// rules_audit_ttc_test.go, with that game's tests); it serves as an oracle
// for hand-made positions (so a wrong test position is caught, not silently
// accepted) and for the seeded random playouts below, which compare every
// printed position with the model.

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
)

// ---------------------------------------------------------------------------
// Protocol helpers

// auditSession runs `rules variant [--position pos]` with moves on stdin and
// returns every printed line (the start, then one per move or error).
func auditSession(t *testing.T, variant, pos string, moves ...string) []protoLine {
	t.Helper()
	args := []string{"rules", variant}
	if pos != "" {
		args = append(args, "--position", pos)
	}
	code, lines, stderr := runCmd(t, strings.Join(moves, "\n")+"\n", args...)
	if code == 2 {
		t.Fatalf("rules %s --position %q refused: %s", variant, pos, stderr)
	}
	if len(lines) != len(moves)+1 {
		t.Fatalf("%d lines for %d moves", len(lines), len(moves))
	}
	return lines
}

// auditPlay is auditSession for moves that must all be legal.
func auditPlay(t *testing.T, variant, pos string, moves ...string) []protoLine {
	t.Helper()
	lines := auditSession(t, variant, pos, moves...)
	for i, l := range lines {
		if l.Error != "" {
			t.Fatalf("move %d %q refused: %s", i, moves[i-1], l.Error)
		}
	}
	return lines
}

// auditLast plays the moves and returns the final line.
func auditLast(t *testing.T, variant, pos string, moves ...string) protoLine {
	t.Helper()
	lines := auditPlay(t, variant, pos, moves...)
	return lines[len(lines)-1]
}

// auditRefused reports whether the program refuses pos (exit 2, a message
// on stderr, no JSON).
func auditRefused(t *testing.T, variant, pos string) (bool, string) {
	t.Helper()
	code, lines, stderr := runCmd(t, "", "rules", variant, "--position", pos)
	return code == 2 && len(lines) == 0 && strings.TrimSpace(stderr) != "", stderr
}

func auditHas(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func auditSameSet(t *testing.T, what string, got, want []string) {
	t.Helper()
	g := append([]string(nil), got...)
	w := append([]string(nil), want...)
	sort.Strings(g)
	sort.Strings(w)
	if strings.Join(g, ",") != strings.Join(w, ",") {
		t.Errorf("%s:\n got %v\nwant %v", what, g, w)
	}
}

func auditGoals(t *testing.T, l protoLine, want map[string]int) {
	t.Helper()
	if !l.Terminal {
		t.Fatalf("not terminal: %s", l.Position)
	}
	if len(l.Legal) != 0 {
		t.Errorf("terminal position has legal moves %v", l.Legal)
	}
	for r, v := range want {
		if l.Goals[r] != v {
			t.Errorf("goal %s = %d, want %d (goals %v, position %s)", r, l.Goals[r], v, l.Goals, l.Position)
		}
	}
	if len(l.Goals) != len(want) {
		t.Errorf("goals %v, want %v", l.Goals, want)
	}
}

// ---------------------------------------------------------------------------
// Differential playouts: every printed line against the models.

func TestAuditRandomPlayouts(t *testing.T) {
	type model interface {
		legal() []string
		apply(string)
		outcome() (bool, map[string]int)
		String() string
	}
	newModel := func(variant string) model {
		switch {
		case strings.HasPrefix(variant, "quad"):
			return auditQuadStart(auditQuadSize(variant))
		case strings.HasPrefix(variant, "pentago"):
			return auditParsePentago(t, variant, auditPentagoStart)
		default:
			return auditParseTTC(t, auditTTCStart)
		}
	}
	games := map[string]int{"quad5": 60, "quad7": 30, "quad11": 10, "pentago": 40, "pentago-split": 40, "tictacchess": 40}
	for _, variant := range []string{"quad5", "quad7", "quad11", "pentago", "pentago-split", "tictacchess"} {
		t.Run(variant, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(len(variant)) * 7919))
			outcomes := map[string]int{}
			for g := 0; g < games[variant]; g++ {
				m := newModel(variant)
				var moves, want []string
				var legal [][]string
				var ends []map[string]int
				for {
					want = append(want, m.String())
					l := m.legal()
					legal = append(legal, l)
					end, goals := m.outcome()
					ends = append(ends, goals)
					if end {
						outcomes[fmt.Sprint(goals)]++
						break
					}
					// Quad: prefer marks so that games sometimes run out of marks.
					if strings.HasPrefix(variant, "quad") && rng.Intn(4) != 0 {
						var marks []string
						for _, mv := range l {
							if strings.HasPrefix(mv, "(mark") {
								marks = append(marks, mv)
							}
						}
						if len(marks) > 0 {
							l = marks
						}
					}
					mv := l[rng.Intn(len(l))]
					moves = append(moves, mv)
					m.apply(mv)
				}
				lines := auditPlay(t, variant, "", moves...)
				for i, l := range lines {
					if l.Position != want[i] {
						t.Fatalf("game %d ply %d: position %q, model %q (moves %v)", g, i, l.Position, want[i], moves[:i])
					}
					auditSameSet(t, fmt.Sprintf("game %d ply %d legal", g, i), l.Legal, legal[i])
					if l.Terminal != (ends[i] != nil) {
						t.Fatalf("game %d ply %d: terminal %v, model %v at %s", g, i, l.Terminal, ends[i] != nil, want[i])
					}
					if ends[i] != nil {
						auditGoals(t, l, ends[i])
					}
					// Every printed position reads back as itself (a finished
					// game too, as terminal with the same goals).
					if g < 5 || ends[i] != nil {
						back := auditPlay(t, variant, l.Position)[0]
						if back.Position != l.Position || back.Terminal != l.Terminal || fmt.Sprint(back.Goals) != fmt.Sprint(l.Goals) || strings.Join(back.Legal, ",") != strings.Join(l.Legal, ",") {
							t.Fatalf("game %d ply %d: %q reads back as %+v", g, i, l.Position, back)
						}
					}
				}
			}
			t.Logf("%s outcomes: %v", variant, outcomes)
		})
	}
}
