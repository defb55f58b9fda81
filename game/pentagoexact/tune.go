package pentagoexact

import (
	"fmt"
	"os"
	"strings"
)

// TuneCase is a solved position with the exact value of each of its
// turns, for tuning the Pentago estimate (game/pentago/eval.go) and for
// judging a player's turn without solving.
type TuneCase struct {
	Case
	Turns  []Turn // every turn of the mover, in the solver's order
	Values []int8 // the value of each turn for the mover
}

// TurnChars writes turn values one character each: '+' the turn wins
// for the mover, '0' draws, '-' loses.
func TurnChars(vals []int8) string {
	b := make([]byte, len(vals))
	for i, v := range vals {
		b[i] = "-0+"[v+1]
	}
	return string(b)
}

// ReadTuneCases reads a file of positions with their turn values, one a
// line: "POSITION|VALUE|CATEGORY|TURNS" with TURNS as TurnChars writes
// them, in the solver's turn order (as written by TestTuneGenerate).
func ReadTuneCases(path string) ([]TuneCase, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []TuneCase
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		cs, err := parseCase(f[0], f[1], f[2])
		if err != nil {
			return nil, fmt.Errorf("%s: bad line %q: %v", path, line, err)
		}
		kids := pxChildren(cs.Me, cs.Opp, nil)
		if len(kids) != len(f[3]) {
			return nil, fmt.Errorf("%s: %q has %d turns, the file %d", path, f[0], len(kids), len(f[3]))
		}
		c := TuneCase{Case: cs}
		for i, k := range kids {
			v := strings.IndexByte("-0+", f[3][i]) - 1
			if v < -1 {
				return nil, fmt.Errorf("%s: %q: bad turn value %q", path, f[0], f[3][i])
			}
			c.Turns = append(c.Turns, k.turn)
			c.Values = append(c.Values, int8(v))
		}
		out = append(out, c)
	}
	return out, nil
}
