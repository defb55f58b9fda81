package pentagoexact

import (
	"fmt"
	"math/bits"
	"os"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
)

// Value returns the exact value of a position for its mover: +1 a win,
// 0 a draw, −1 a loss. me and opp are the mover's stones and the
// opponent's (row-major bitboards, bit r*6+c; see FromState); the mover
// is about to place.
func (x *Solver) Value(me, opp uint64) int8 { return x.value(me, opp) }

// TurnValues returns every turn of the mover with its exact value for
// the mover.
func (x *Solver) TurnValues(me, opp uint64) ([]Turn, []int8) { return x.turnValues(me, opp) }

// Category names the exact outcome value of a position for its mover:
// "win1", "win2", "win3" (a forced win within so many turns), "win4+" (a
// longer win), "draw" or "loss".
func (x *Solver) Category(me, opp uint64, value int8) string { return x.category(me, opp, value) }

// LastRetro tells whether the last Value was found by retrograde analysis
// (the alpha-beta search ran out of nodes).
func (x *Solver) LastRetro() bool { return x.lastRetro }

// turnValues returns every turn of the mover (row-major) with its exact
// value for the mover: from one retrograde solve when the position is in
// its range, else by solving each child.
func (x *Solver) turnValues(me, opp uint64) ([]Turn, []int8) {
	kids := pxChildren(me, opp, nil)
	turns := make([]Turn, len(kids))
	vals := make([]int8, len(kids))
	retro := 36-bits.OnesCount64(me|opp) <= x.retroMaxEmpty && x.abLimit != 0
	if retro {
		x.retro.solve(pxToQ(me), pxToQ(opp))
	}
	for i, k := range kids {
		turns[i] = k.turn
		switch {
		case k.final:
			vals[i] = k.value
		case retro:
			vals[i] = x.retro.turnValue(int(pxRMtoQ[k.turn.cell]), int(k.turn.q), int(k.turn.dir))
		default:
			vals[i] = -x.value(k.me, k.opp)
		}
	}
	return turns, vals
}

// category names the exact outcome of a position for its mover: win1,
// win2, win3 (a forced win within so many turns), win4+ (a longer win),
// draw or loss.
func (x *Solver) category(me, opp uint64, value int8) string {
	switch value {
	case 0:
		return "draw"
	case -1:
		return "loss"
	}
	if c := x.shortWin(me, opp); c != "" {
		return c
	}
	return "win4+"
}

// FromState converts a standard Pentago position in the place phase to
// the solver's view (the mover's stones first).
func FromState(s game.State) (me, opp uint64, ok bool) {
	ps, isPentago := s.(*pentago.State)
	if !isPentago || ps.Variant().Name != "pentago" || ps.Terminal() || ps.Phase() != pentago.Place {
		return 0, 0, false
	}
	var red, black uint64
	for row := 1; row <= 6; row++ {
		for col := 1; col <= 6; col++ {
			bit := uint64(1) << ((row-1)*6 + col - 1)
			switch ps.At(row, col) {
			case pentago.Red:
				red |= bit
			case pentago.Black:
				black |= bit
			}
		}
	}
	if ps.ToMove() == pentago.RoleRed {
		return red, black, true
	}
	return black, red, true
}

// PositionString writes (me, opp) as a "pentago" position string; the
// mover is red when the number of stones is even (red places first).
func PositionString(me, opp uint64) string {
	red, black, role := me, opp, "red"
	if bits.OnesCount64(me|opp)%2 == 1 {
		red, black, role = opp, me, "black"
	}
	var b strings.Builder
	for r := 0; r < 6; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < 6; c++ {
			bit := uint64(1) << (r*6 + c)
			switch {
			case red&bit != 0:
				b.WriteByte('r')
			case black&bit != 0:
				b.WriteByte('b')
			default:
				b.WriteByte('.')
			}
		}
	}
	return b.String() + " " + role + " place"
}

// Moves returns the engine's actions for the turn: the placement and,
// unless the placement ended the game, the rotation.
func (t Turn) Moves() []game.Move {
	q, x, y := pentago.CellQXY(int(t.cell)/6+1, int(t.cell)%6+1)
	out := []game.Move{pentago.PlaceMove(q, x, y)}
	if t.q >= 0 {
		out = append(out, pentago.RotateMove(int(t.q)+1, t.dir == 0))
	}
	return out
}

// pxPolicyTurn chooses a turn for the generator's games: a win when there
// is one, else a turn after which the opponent cannot win by placement,
// by a noisy static lead, so that games differ and stay non-trivial.
func pxPolicyTurn(me, opp uint64, rng *game.Rand, noise int) pxChild {
	kids := pxChildren(me, opp, nil)
	best, bestV := -1, -1<<30
	for i, k := range kids {
		if k.final && k.value == 1 {
			return k
		}
		v := -1 << 20
		if !k.final && !pxWinsNow(k.me, k.opp) {
			v = pxLead(k.opp, k.me, 2)
		}
		v += rng.Intn(noise + 1)
		if v > bestV {
			best, bestV = i, v
		}
	}
	return kids[best]
}

// Case is a solved position.
type Case struct {
	Pos      string // the "pentago" position string
	Me, Opp  uint64 // the solver's view of Pos (FromState)
	Value    int8   // the exact value for the mover
	Category string // see Solver.Category
}

// Generate plays seeded games with pxPolicyTurn to their end and keeps
// from each the position (if the game was still on) at a stone count
// drawn from [minStones, maxStones]; it solves each, hands it to emit
// (if not nil) and stops when every category has its quota. It fails if
// 20 000 games did not fill the quotas.
func Generate(x *Solver, seed uint64, minStones, maxStones int, quota map[string]int, emit func(Case)) ([]Case, error) {
	rng := game.NewRand(seed)
	have := map[string]int{}
	var out []Case
	done := func() bool {
		for c, q := range quota {
			if have[c] < q {
				return false
			}
		}
		return true
	}
	seen := map[[2]uint64]bool{}
	for g := 0; g < 20000 && !done(); g++ {
		me, opp, ok := pxSample(rng, minStones, maxStones, seen)
		if !ok {
			continue
		}
		// A forced win within three turns needs no full solve.
		v, cat := int8(1), x.shortWin(me, opp)
		if cat == "" {
			if have["win4+"] >= quota["win4+"] && have["draw"] >= quota["draw"] && have["loss"] >= quota["loss"] {
				continue
			}
			v = x.value(me, opp)
			cat = x.category(me, opp, v)
		}
		if have[cat] >= quota[cat] {
			continue
		}
		have[cat]++
		out = append(out, Case{Pos: PositionString(me, opp), Me: me, Opp: opp, Value: v, Category: cat})
		if emit != nil {
			emit(out[len(out)-1])
		}
	}
	if !done() {
		return out, fmt.Errorf("generator found only %v, want %v", have, quota)
	}
	return out, nil
}

// pxSample plays a seeded generator game (pxPolicyTurn with random noise)
// to its end and returns its position at a stone count drawn from
// [lo, hi], unless the game was shorter or the position is in seen (to
// which it is added).
func pxSample(rng *game.Rand, lo, hi int, seen map[[2]uint64]bool) (me, opp uint64, ok bool) {
	target := lo + rng.Intn(hi-lo+1)
	line := pxPolicyGame(rng)
	if len(line) < target || seen[line[target-1]] {
		return 0, 0, false
	}
	seen[line[target-1]] = true
	return line[target-1][0], line[target-1][1], true
}

// pxPolicyGame plays a game from the start with pxPolicyTurn at a noise
// drawn from rng and returns the position (mover, other) after each turn
// that did not end it.
func pxPolicyGame(rng *game.Rand) [][2]uint64 {
	var me, opp uint64
	noise := 2 + rng.Intn(60)
	var line [][2]uint64
	for {
		k := pxPolicyTurn(me, opp, rng, noise)
		if k.final {
			return line
		}
		me, opp = k.me, k.opp
		line = append(line, [2]uint64{me, opp})
	}
}

// shortWin names a forced win of the mover within three turns ("win1",
// "win2" or "win3"), or returns "".
func (x *Solver) shortWin(me, opp uint64) string {
	for k := 1; k <= 3; k++ {
		if x.winWithin(me, opp, k) {
			return fmt.Sprintf("win%d", k)
		}
	}
	return ""
}

// Categories are the categories of Solver.Category in report order.
var Categories = []string{"win1", "win2", "win3", "win4+", "draw", "loss"}

// Tally counts, per category, the positions where a player kept the
// exact value ([0]) and all positions ([1]).
type Tally map[string]*[2]int

// NewTally returns a Tally with every category at zero.
func NewTally() Tally {
	tl := Tally{}
	for _, c := range Categories {
		tl[c] = &[2]int{}
	}
	return tl
}

// String reports each category and the share of positions not lost
// whose value was kept.
func (tl Tally) String() string {
	var b strings.Builder
	kept, all := 0, 0
	for _, c := range Categories {
		k := tl[c]
		if k[1] == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s %d/%d, ", c, k[0], k[1])
		if c != "loss" {
			kept += k[0]
			all += k[1]
		}
	}
	fmt.Fprintf(&b, "not lost: %d/%d (%.1f%%)", kept, all, 100*float64(kept)/float64(max(all, 1)))
	return b.String()
}

// ReadCases reads a file of solved positions, one a line:
// "POSITION|VALUE|CATEGORY|…" (as written by the generator,
// TestGenerate).
func ReadCases(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Case
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "|")
		if len(f) < 3 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		c, err := parseCase(f[0], f[1], f[2])
		if err != nil {
			return nil, fmt.Errorf("%s: bad line %q: %v", path, line, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// parseCase reads the position, value and category fields of a line.
func parseCase(pos, value, category string) (Case, error) {
	s, err := game.NewState("pentago", pos)
	if err != nil {
		return Case{}, err
	}
	me, opp, ok := FromState(s)
	if !ok {
		return Case{}, fmt.Errorf("not a pentago position in the place phase")
	}
	var v int8
	if _, err := fmt.Sscan(value, &v); err != nil || v < -1 || v > 1 {
		return Case{}, fmt.Errorf("bad value %q", value)
	}
	return Case{Pos: pos, Me: me, Opp: opp, Value: v, Category: category}, nil
}

// ParseStones reads a range of stone counts such as "22-28".
func ParseStones(s string) (lo, hi int, err error) {
	if _, err := fmt.Sscanf(s, "%d-%d", &lo, &hi); err != nil || lo < 1 || hi > 34 || lo > hi {
		return 0, 0, fmt.Errorf("stones %q: want e.g. 22-28", s)
	}
	return lo, hi, nil
}
