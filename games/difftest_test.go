package games_test

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

var diffGames = flag.Int("games", 200, "random games per seed game in TestNativeAndSheetAgree (-short: a tenth)")

// seedSheets pairs each native variant with the bundled sheet that must
// play exactly like it.
var seedSheets = []string{"quad5", "quad7", "quad11", "pentago", "pentago-split", "tictacchess"}

// TestNativeAndSheetAgree plays seeded random games through a native engine
// and through its GDL sheet side by side. At every ply both must agree on
// the role in control, the set of legal moves (as KIF text), whether the
// game is over and every role's goal; the sheet's (control Role) fact must
// name the role in control too. The first ply where they part fails the
// test with both positions and both move sets.
func TestNativeAndSheetAgree(t *testing.T) {
	n := *diffGames
	if testing.Short() {
		n = max(1, n/10)
	}
	for _, name := range seedSheets {
		t.Run(name, func(t *testing.T) {
			native, err := game.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			sheet := loadSheet(t, name)
			if strings.Join(sheet.Roles, " ") != strings.Join(native.Roles, " ") {
				t.Fatalf("sheet roles %v, native roles %v", sheet.Roles, native.Roles)
			}
			start := time.Now()
			plies := 0
			outcomes := map[string]int{}
			for i := 0; i < n; i++ {
				p, outcome, err := compareFrom(native.New(), sheet.New(), uint64(i)+1)
				if err != nil {
					t.Fatalf("game %d (seed %d): %v", i, i+1, err)
				}
				plies += p
				outcomes[outcome]++
			}
			t.Logf("%s: %d games, %d plies compared in %v; outcomes %v",
				name, n, plies, time.Since(start).Round(time.Millisecond), outcomes)
		})
	}
}

func loadSheet(t testing.TB, name string) *game.Variant {
	t.Helper()
	f, ok := games.Lookup(name)
	if !ok {
		t.Fatalf("no bundled sheet %q", name)
	}
	v, err := gdl.Load(f.Name, f.Source)
	if err != nil {
		t.Fatalf("%s.kif: %v", name, err)
	}
	return v
}

// compareFrom plays one random game (the moves drawn from seed) through
// both engines from the same position, ns native and gs the sheet's, and
// returns its plies and final goals, or the first difference. Games with an even seed pick uniformly among the legal moves;
// the others mostly avoid moves that end the game, so that long games and
// their rarer endings (Quad's open quads and blocker counts, Pentago's full
// board, Tic-Tac-Chess's step limit) are compared too.
func compareFrom(ns, gs game.State, seed uint64) (int, string, error) {
	rng := game.NewRand(seed)
	cautious := seed%2 == 1
	probe := ns.Clone()
	var history []string
	var nbuf, gbuf []game.Move
	for ply := 0; ; ply++ {
		nbuf = ns.Legal(nbuf[:0])
		gbuf = gs.Legal(gbuf[:0])
		if err := comparePly(ns, gs, nbuf, gbuf); err != nil {
			return ply, "", fmt.Errorf("ply %d, after %s:\n%v\nnative position: %s\n%s\nsheet state: %s",
				ply, strings.Join(history, " "), err, ns.String(), ns.Describe(), gs.String())
		}
		if ns.Terminal() {
			return ply, goalText(ns), nil
		}
		m := pickMove(ns, probe, nbuf, rng, cautious)
		text := ns.FormatMove(m)
		gm, err := gs.ParseMove(text)
		if err != nil {
			return ply, "", fmt.Errorf("ply %d: the sheet refuses the native move %s: %v", ply, text, err)
		}
		history = append(history, text)
		ns.Apply(m)
		gs.Apply(gm)
	}
}

// pickMove draws a legal move; a cautious pick draws again, a few times,
// while the move drawn would end the game.
func pickMove(s, probe game.State, legal []game.Move, rng *game.Rand, cautious bool) game.Move {
	m := legal[rng.Intn(len(legal))]
	for try := 0; cautious && try < 8; try++ {
		probe.CopyFrom(s)
		probe.Apply(m)
		if !probe.Terminal() {
			break
		}
		m = legal[rng.Intn(len(legal))]
	}
	return m
}

// goalText writes the goals of a finished game, e.g. "95-5"; with more than
// two roles only who scored 100, if anyone did ("green 100", "no 100").
func goalText(s game.State) string {
	roles := s.Variant().Roles
	if len(roles) > 2 {
		for r, name := range roles {
			if s.Goal(game.Role(r)) == game.MaxGoal {
				return name + " 100"
			}
		}
		return "no 100"
	}
	parts := make([]string, len(roles))
	for r := range parts {
		parts[r] = fmt.Sprint(s.Goal(game.Role(r)))
	}
	return strings.Join(parts, "-")
}

// comparePly compares one position; nlegal and glegal are the legal moves
// of each engine's role in control.
func comparePly(ns, gs game.State, nlegal, glegal []game.Move) error {
	if ns.Terminal() != gs.Terminal() {
		return fmt.Errorf("terminal: native %v, sheet %v", ns.Terminal(), gs.Terminal())
	}
	roles := ns.Variant().Roles
	for r := range roles {
		if ng, gg := ns.Goal(game.Role(r)), gs.Goal(game.Role(r)); ng != gg {
			return fmt.Errorf("goal of %s: native %d, sheet %d", roles[r], ng, gg)
		}
	}
	if ns.Terminal() {
		return nil
	}
	nr := roles[ns.ToMove()]
	if ctl := controlFact(gs.String()); ctl != nr {
		return fmt.Errorf("role in control: native %s, sheet's control fact %q", nr, ctl)
	}
	forcedPass := len(nlegal) == 1 && nlegal[0] == game.Noop
	if forcedPass {
		// Every role has only noop, so the engine cannot tell whose turn it
		// is from the legal moves; the control fact above decides.
		return onlyNoops(gs)
	}
	if gs.ToMove() != ns.ToMove() {
		return fmt.Errorf("role in control: native %s, sheet %s", nr, gs.Variant().RoleName(gs.ToMove()))
	}
	nt, gt := moveTexts(ns, nlegal), moveTexts(gs, glegal)
	if strings.Join(nt, " ") != strings.Join(gt, " ") {
		return fmt.Errorf("legal moves of %s differ\nonly native: %v\nonly sheet:  %v\nnative: %v\nsheet:  %v",
			nr, minus(nt, gt), minus(gt, nt), nt, gt)
	}
	return nil
}

// controlFact returns the role named by the (control Role) fact of a GDL
// position string, or "" when there is none.
func controlFact(state string) string {
	const key = "(control "
	i := strings.Index(state, key)
	if i < 0 {
		return ""
	}
	rest := state[i+len(key):]
	return rest[:strings.IndexByte(rest, ')')]
}

func onlyNoops(gs game.State) error {
	js, ok := gs.(game.JointState)
	if !ok {
		return fmt.Errorf("the GDL state does not implement game.JointState")
	}
	for r, name := range gs.Variant().Roles {
		ms := js.LegalOf(game.Role(r), nil)
		if len(ms) != 1 || ms[0] != game.Noop {
			return fmt.Errorf("native: a forced pass; sheet: %s has %v", name, moveTexts(gs, ms))
		}
	}
	return nil
}

func moveTexts(s game.State, ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s.FormatMove(m)
	}
	sort.Strings(out)
	return out
}

// minus returns the strings of a that are not in b (both sorted).
func minus(a, b []string) []string {
	in := make(map[string]bool, len(b))
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}
