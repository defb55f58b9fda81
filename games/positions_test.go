package games_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// rarePositions are positions, in the native position strings of RULES.md,
// where random games seldom go: the last mark of a Quad game that ends on
// blockers left, Pentago rotations that make fives for both players,
// Tic-Tac-Chess players who must pass. TestRarePositions starts both
// engines there.
var rarePositions = []struct {
	variant, position, why string
	// want is the outcome (see goalText) that at least one continuation
	// must reach, or "pass" when the player in control must pass.
	want string
}{
	{"quad7", "-xo..x-/owo.oxx/.xo.ox./o.xx.ox/o....../oww.w.o/-wxx.x- o 5 0", "o's last mark: x has more blockers left, 90-10", "90-10"},
	{"quad7", "-.wo.o-/oxo..xw/x.xoo.o/wwxxx../..xo.wx/o.xoo../-x..x.- o 0 5", "o's last mark: o has more blockers left, 10-90", "10-90"},
	{"quad7", "-x....-/......x/xox.oox/xoo.xox/....o.x/o.o.ox./-x.ox.- o 5 5", "o's last mark: equal blockers, 50-50", "50-50"},
	{"quad11", "-xx...xo..-/x.......w../.wxo.x..oxx/....ow.x.o./..ox...w.o./.ow.xo...w./..x..xo.oow/..oxo...o../.o..o.....x/.xo..xx...x/-.xw..o...- o 0 6", "o's last mark: o has more blockers left", "10-90"},
	{"quad5", "-.xo-/x.x../o.xoo/x.oox/-oxx- o 0 0", "o's last mark: o's open quads count for nothing, 50-50", "50-50"},
	{"quad5", "-o..-/x.xxx/x..oo/oooox/-.xx- o 0 0", "o's last mark: o's open quads count for nothing", "50-50"},
	{"pentago", "brrrrb/rr...b/br.bbb/rb.b.r/rrbrrr/brbbbb black rotate", "a rotation can make fives for both: draw", "50-50"},
	{"pentago", "br.br./r..rrb/bbb..r/.rrbbr/rbbbbr/brr.br black rotate", "a rotation can make fives for both: draw", "50-50"},
	{"pentago-split", "rrbrrb/.br..b/bbrrrb/rrrbbr/bbrr.b/rbbrbb red rotate", "a rotation can make fives for both: draw", "50-50"},
	{"pentago-split", "bb.bbr/.bb.rb/..brr./rbrr.r/b.rbrr/r.bb.r red rotate", "a rotation can make fives for both: draw", "50-50"},
	{"tictacchess", "...g.../.....g./....y../rrg...b/....y../.r...y./...y... blue 23", "blue cannot move and must pass", "pass"},
	{"tictacchess", "...g.../.g...g./..y.g../r.r...b/.r..y../.....y./...y... blue 23", "blue cannot move and must pass", "pass"},
}

// TestRarePositions compares the engines from each rare position over every
// line of two plies and a few random continuations.
func TestRarePositions(t *testing.T) {
	sheets := map[string]*game.Variant{}
	for _, p := range rarePositions {
		native, err := game.Lookup(p.variant)
		if err != nil {
			t.Fatal(err)
		}
		if sheets[p.variant] == nil {
			sheets[p.variant] = loadSheet(t, p.variant)
		}
		sheet := sheets[p.variant]
		ns, err := native.ParsePosition(p.position)
		if err != nil {
			t.Fatalf("%s %q: %v", p.variant, p.position, err)
		}
		facts, err := sheetFacts(p.variant, p.position)
		if err != nil {
			t.Fatalf("%s %q: %v", p.variant, p.position, err)
		}
		gs, err := sheet.ParsePosition(facts)
		if err != nil {
			t.Fatalf("%s %q: the sheet refuses %s: %v", p.variant, p.position, facts, err)
		}
		if p.want == "pass" {
			if legal := ns.Legal(nil); len(legal) != 1 || legal[0] != game.Noop {
				t.Errorf("%s %q: not a forced pass: %v", p.variant, p.position, moveTexts(ns, legal))
			}
		}
		outcomes := map[string]bool{}
		if err := explore(ns, gs, 2, nil, outcomes); err != nil {
			t.Fatalf("%s from %q (%s): %v", p.variant, p.position, p.why, err)
		}
		for seed := uint64(1); seed <= 10; seed++ {
			_, outcome, err := compareFrom(ns.Clone(), gs.Clone(), seed)
			if err != nil {
				t.Fatalf("%s from %q (%s), seed %d: %v", p.variant, p.position, p.why, seed, err)
			}
			outcomes[outcome] = true
		}
		if p.want != "pass" && !outcomes[p.want] {
			t.Errorf("%s from %q (%s): no continuation ended %s, only %v", p.variant, p.position, p.why, p.want, outcomes)
		}
	}
}

// sheetFacts turns a native position string into the true facts of the
// bundled sheet for the same position.
func sheetFacts(variant, position string) (string, error) {
	fields := strings.Fields(position)
	if len(fields) < 3 {
		return "", fmt.Errorf("too few fields")
	}
	rows := strings.Split(fields[0], "/")
	var facts []string
	add := func(format string, args ...any) { facts = append(facts, fmt.Sprintf(format, args...)) }
	switch variant {
	case "quad5", "quad7", "quad11":
		marks := map[string]int{"quad5": 8, "quad7": 12, "quad11": 20}[variant]
		left := map[byte]int{'x': marks, 'o': marks}
		for i, row := range rows {
			for j := 0; j < len(row); j++ {
				content := map[byte]string{'.': "b", 'x': "x", 'o': "o", 'w': "w"}[row[j]]
				if content == "" {
					continue // a missing corner
				}
				left[row[j]]--
				add("(cell r%d c%d %s)", i+1, j+1, content)
			}
		}
		add("(control %s)", fields[1])
		add("(marks x %d)", left['x'])
		add("(marks o %d)", left['o'])
		add("(blockers x %s)", fields[2])
		add("(blockers o %s)", fields[3])
	case "pentago", "pentago-split":
		for i, row := range rows {
			for j := 0; j < len(row); j++ {
				add("(cell %d %d %s)", j+1, len(rows)-i, map[byte]string{'.': "b", 'r': "red", 'b': "black"}[row[j]])
			}
		}
		add("(control %s)", fields[1])
		add("(phase %s)", fields[2])
		if variant == "pentago-split" {
			stage := map[string]int{"red place": 1, "black place": 2, "red rotate": 3, "black rotate": 4}[fields[1]+" "+fields[2]]
			add("(stage %d)", stage)
		}
	case "tictacchess":
		names := map[byte]string{'r': "red", 'y': "yellow", 'b': "blue", 'g': "green"}
		count := map[string]int{}
		for i, row := range rows {
			for j := 0; j < len(row); j++ {
				content := "b"
				if name, ok := names[row[j]]; ok {
					content = name
					count[name]++
				}
				add("(cell %d %d %s)", j+1, len(rows)-i, content)
			}
		}
		for _, name := range []string{"red", "yellow", "blue", "green"} {
			add("(count %s %d)", name, count[name])
		}
		add("(control %s)", fields[1])
		add("(step %s)", fields[2])
	default:
		return "", fmt.Errorf("no conversion for %s", variant)
	}
	return strings.Join(facts, " "), nil
}

// explore compares the engines on every line of up to depth plies from ns
// (native) and gs (the sheet), adding the outcome of each finished game to
// outcomes. line is the moves that led here, for the error message.
func explore(ns, gs game.State, depth int, line []string, outcomes map[string]bool) error {
	nlegal, glegal := ns.Legal(nil), gs.Legal(nil)
	if err := comparePly(ns, gs, nlegal, glegal); err != nil {
		return fmt.Errorf("after %s: %v\nsheet state: %s", strings.Join(line, " "), err, gs.String())
	}
	if ns.Terminal() {
		outcomes[goalText(ns)] = true
		return nil
	}
	if depth == 0 {
		return nil
	}
	for _, m := range nlegal {
		text := ns.FormatMove(m)
		gm, err := gs.ParseMove(text)
		if err != nil {
			return fmt.Errorf("after %s: the sheet refuses %s: %v", strings.Join(line, " "), text, err)
		}
		nc, gc := ns.Clone(), gs.Clone()
		nc.Apply(m)
		gc.Apply(gm)
		if err := explore(nc, gc, depth-1, append(line, text), outcomes); err != nil {
			return err
		}
	}
	return nil
}
