package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// maxLineBytes bounds one input line so a runaway producer cannot make the
// protocol buffer unbounded input.
const maxLineBytes = 64 << 10

// runRules runs the line protocol on one game.
func runRules(c *commandLine, args []string) error {
	position := c.flags.String("position", "", "start from this position string instead of the start")
	c.help = `Usage: tabletop rules GAME|FILE.kif [--position P]

A line protocol for scripts, bots and tests. Reads moves from stdin, one per
line, in KIF form "(mark r3 c4)" or short form "r3c4". Before the first move
and after each move it writes one JSON object on one line:

  {"ply":N,"to_move":ROLE,"legal":[...],"terminal":BOOL,"goals":{...},"position":P,"state":TEXT}

"legal" lists every legal move of the role in control in KIF form, sorted;
"goals" is present when the game is over. A line that is not a legal move
writes {"error":"..."} and leaves the position unchanged. Empty lines are
skipped. The exit status is 1 if any line failed, else 0.

For a game read from a rule sheet (GAME may be FILE.kif) each object is

  {"ply":N,"roles":[...],"to_move":ROLE|null,"legal":{ROLE:[...],...},
   "terminal":BOOL,"goals":{...},"position":P,"state":[FACT,...]}

"legal" gives every role's sorted moves (noop included when it is the
role's move); "to_move" is null when several roles choose at once; "state"
is the sorted true facts. A line is one move, played by to_move while the
others play their only move, or a JSON object of every role's move, e.g.
{"left":"(throw rock)","right":"(throw paper)"}.

` + gameList() + `
Flags:
`
	s, err := c.gamePosition(args, position)
	if err != nil {
		return err
	}
	return exitStatus(rulesLoop(s, c.stdin, c.stdout))
}

// rulesLoop runs the protocol on s until stdin ends. Each line is
// played by the table's one replay of a move's text (table.PlayText): a
// move, or on a joint turn every role's move as a JSON object.
func rulesLoop(s game.State, stdin io.Reader, stdout io.Writer) int {
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	in := bufio.NewReaderSize(stdin, 4096)
	t, err := table.Replay(s, nil)
	if err != nil {
		writeJSON(out, errorReply{err.Error()})
		return 1
	}
	ply := 0
	failed := false
	_, joint := s.(game.JointState)
	describe := func() any {
		if joint {
			return jointSnapshot(t.Position(), ply)
		}
		return snapshot(t.Position(), ply)
	}
	writeJSON(out, describe())
	// An interactive peer waits for the start before it sends a move.
	out.Flush()
	for {
		line, tooLong, err := readLine(in)
		if err != nil && line == "" && !tooLong {
			break
		}
		text := strings.TrimSpace(line)
		switch {
		case tooLong:
			failed = true
			writeJSON(out, errorReply{fmt.Sprintf("line longer than %d bytes", maxLineBytes)})
		case text == "":
			// Skipped: blank lines are not moves.
		default:
			if perr := playLine(t, text); perr != nil {
				failed = true
				writeJSON(out, errorReply{fmt.Sprintf("%q: %v", text, perr)})
			} else {
				ply++
				writeJSON(out, describe())
			}
		}
		// Flush per line so an interactive peer sees each answer at once.
		out.Flush()
		if err != nil {
			break
		}
	}
	if failed {
		return 1
	}
	return 0
}

// playLine plays one input line on t. On a turn where several roles
// choose, one move is not enough: the protocol asks for its JSON object.
func playLine(t *table.Table, text string) error {
	s := t.Position()
	if !strings.HasPrefix(text, "{") && s.ToMove() == game.NoRole && !s.Terminal() {
		return fmt.Errorf("several roles move at once: give every role's move as a JSON object, e.g. {\"%s\":\"...\"}", s.Variant().Roles[0])
	}
	return t.PlayText(text)
}

// readLine reads one line without its terminator. tooLong reports a line
// over maxLineBytes, which is consumed and dropped.
func readLine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var b bytes.Buffer
	for {
		chunk, isPrefix, err := r.ReadLine()
		if b.Len()+len(chunk) > maxLineBytes {
			tooLong = true
		} else {
			b.Write(chunk)
		}
		if err != nil {
			if tooLong {
				return "", true, err
			}
			return b.String(), false, err
		}
		if !isPrefix {
			if tooLong {
				return "", true, nil
			}
			return b.String(), false, nil
		}
	}
}

type errorReply struct {
	Error string `json:"error"`
}

// rulesReply is one position as the protocol prints it.
type rulesReply struct {
	Ply      int         `json:"ply"`
	ToMove   string      `json:"to_move"`
	Legal    []string    `json:"legal"`
	Terminal bool        `json:"terminal"`
	Goals    *roleValues `json:"goals,omitempty"`
	Position string      `json:"position"`
	State    string      `json:"state"`
}

// roleValues prints goal values as a JSON object in role order.
type roleValues struct {
	roles  []string
	values []int
}

func (g *roleValues) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, r := range g.roles {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(r)
		b.Write(k)
		fmt.Fprintf(&b, ":%d", g.values[i])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func snapshot(s game.State, ply int) rulesReply {
	v := s.Variant()
	moves := s.Legal(nil)
	legal := make([]string, 0, len(moves))
	for _, m := range moves {
		legal = append(legal, s.FormatMove(m))
	}
	sort.Strings(legal)
	legal = dedupSorted(legal)
	r := rulesReply{
		Ply:      ply,
		ToMove:   v.RoleName(s.ToMove()),
		Legal:    legal,
		Terminal: s.Terminal(),
		Position: s.String(),
		State:    s.Describe(),
	}
	if r.Terminal {
		g := &roleValues{roles: v.Roles, values: make([]int, len(v.Roles))}
		for i := range v.Roles {
			g.values[i] = s.Goal(game.Role(i))
		}
		r.Goals = g
	}
	return r
}

func dedupSorted(xs []string) []string {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func writeJSON(w io.Writer, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(errorReply{err.Error()})
	}
	w.Write(b)
	w.Write([]byte{'\n'})
}
