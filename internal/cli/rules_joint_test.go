package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game/gdl"
)

// jointLine is one output line of the protocol for a joint game, read
// back.
type jointLine struct {
	Ply      int                 `json:"ply"`
	Roles    []string            `json:"roles"`
	ToMove   *string             `json:"to_move"`
	Legal    map[string][]string `json:"legal"`
	Terminal bool                `json:"terminal"`
	Goals    map[string]int      `json:"goals"`
	State    []string            `json:"state"`
	Error    string              `json:"error"`
}

func runRulesLines(t *testing.T, game, input string) (lines []jointLine, raw []string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Run([]string{"rules", game}, strings.NewReader(input), &out, &errOut)
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var jl jointLine
		if err := json.Unmarshal([]byte(l), &jl); err != nil {
			t.Fatalf("line %q: %v (stderr %q)", l, err, errOut.String())
		}
		lines, raw = append(lines, jl), append(raw, l)
	}
	return lines, raw, code
}

func TestRulesProtocolGDL(t *testing.T) {
	tests := []struct {
		name, game, input string
		code              int
		check             func(t *testing.T, ls []jointLine, raw []string)
	}{
		{"start lists every role's moves, noop included", "../../games/tictactoe.kif", "", 0,
			func(t *testing.T, ls []jointLine, raw []string) {
				l := ls[0]
				if l.ToMove == nil || *l.ToMove != "xplayer" || strings.Join(l.Roles, " ") != "xplayer oplayer" {
					t.Errorf("to_move %v roles %v", l.ToMove, l.Roles)
				}
				if got := l.Legal["oplayer"]; len(got) != 1 || got[0] != "noop" {
					t.Errorf("oplayer's moves %v, want [noop]", got)
				}
				if len(l.Legal["xplayer"]) != 9 || l.Legal["xplayer"][0] != "(mark 1 1)" {
					t.Errorf("xplayer's moves %v", l.Legal["xplayer"])
				}
				if len(l.State) != 10 || l.State[9] != "(control xplayer)" {
					t.Errorf("state %v", l.State)
				}
				if !strings.Contains(raw[0], `"legal":{"xplayer":`) {
					t.Errorf("legal is not in role order: %s", raw[0])
				}
			}},
		{"one move is the mover's, in any case and spacing", "../../games/tictactoe.kif", "( MARK 2  2 )\n", 0,
			func(t *testing.T, ls []jointLine, _ []string) {
				if len(ls) != 2 || ls[1].Ply != 1 || *ls[1].ToMove != "oplayer" {
					t.Fatalf("lines %+v", ls)
				}
			}},
		{"a JSON object on a turn-taking turn", "../../games/tictactoe.kif", `{"xplayer":"(mark 1 1)","oplayer":"noop"}` + "\n", 0,
			func(t *testing.T, ls []jointLine, _ []string) {
				if len(ls) != 2 || ls[1].State[0] != "(cell 1 1 x)" {
					t.Fatalf("lines %+v", ls)
				}
			}},
		{"a simultaneous turn has no mover", "rockpaperscissors", `{"left":"(throw rock)","right":"(throw paper)"}` + "\n", 0,
			func(t *testing.T, ls []jointLine, raw []string) {
				if ls[0].ToMove != nil || !strings.Contains(raw[0], `"to_move":null`) {
					t.Errorf("to_move %v", ls[0].ToMove)
				}
				if len(ls) != 2 || !contains(ls[1].State, "(wins right 1)") {
					t.Fatalf("after the throws: %+v", ls)
				}
			}},
		{"five rounds end the game with goals", "rockpaperscissors", strings.Repeat(`{"left":"(throw rock)","right":"(throw paper)"}`+"\n", 5), 0,
			func(t *testing.T, ls []jointLine, _ []string) {
				last := ls[len(ls)-1]
				if !last.Terminal || last.Goals["left"] != 0 || last.Goals["right"] != 100 || len(last.Legal["left"]) != 0 {
					t.Fatalf("end %+v", last)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ls, raw, code := runRulesLines(t, tc.game, tc.input)
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			tc.check(t, ls, raw)
		})
	}
}

func TestRulesProtocolGDLErrors(t *testing.T) {
	tests := []struct{ name, game, line, want string }{
		{"one move on a simultaneous turn", "rockpaperscissors", "(throw rock)", "several roles move at once"},
		{"a role missing", "rockpaperscissors", `{"left":"(throw rock)"}`, "no move for right"},
		{"an unknown role", "rockpaperscissors", `{"left":"(throw rock)","right":"(throw rock)","middle":"noop"}`, `no role "middle"`},
		{"an illegal move", "rockpaperscissors", `{"left":"(throw stone)","right":"(throw rock)"}`, "(throw stone) is not a legal move for left"},
		{"not JSON", "rockpaperscissors", `{"left":`, "not a JSON object"},
		{"a move out of turn", "../../games/tictactoe.kif", `{"xplayer":"(mark 1 1)","oplayer":"(mark 2 2)"}`, "(mark 2 2) is not a legal move for oplayer"},
		{"a bad move", "../../games/tictactoe.kif", "(mark 4 4)", "not a move of this game"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ls, _, code := runRulesLines(t, tc.game, tc.line+"\n")
			if code != 1 || len(ls) != 2 || !strings.Contains(ls[1].Error, tc.want) {
				t.Fatalf("exit %d, lines %+v; want an error with %q", code, ls, tc.want)
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestRulesKeepsTheSheetsCase: the rules protocol names roles as the
// sheet writes them (xPlayer), and reads them in any case.
func TestRulesKeepsTheSheetsCase(t *testing.T) {
	sheet := "(role xPlayer) (role oPlayer) (init (control xPlayer))\n" +
		"(<= (legal ?p (mark ?p)) (true (control ?p))) (<= (legal ?p noop) (role ?p) (not (true (control ?p))))\n" +
		"(<= (next (done ?p)) (does ?p (mark ?p))) (<= terminal (true (done ?p)))\n" +
		"(<= (goal ?p 100) (true (done ?p))) (<= (goal ?p 0) (role ?p) (not (true (done ?p))))\n"
	v, err := gdl.Load("cased", []byte(sheet)) // not registered: the other tests list every game
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	in := strings.NewReader(`{"XPLAYER":"(mark xPlayer)","oplayer":"noop"}` + "\n")
	if code := rulesLoop(v.New(), in, &out); code != 0 {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	first, last, _ := strings.Cut(out.String(), "\n")
	if !strings.Contains(first, `"roles":["xPlayer","oPlayer"]`) || !strings.Contains(first, `"to_move":"xPlayer"`) {
		t.Errorf("the roles are not as the sheet writes them: %s", first)
	}
	if !strings.Contains(last, `"terminal":true`) || !strings.Contains(last, `"goals":{"xPlayer":100,"oPlayer":0}`) {
		t.Errorf("the joint move in other case was not played: %s", last)
	}
}
