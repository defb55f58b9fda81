package ai

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

var (
	sheetMu       sync.Mutex
	sheetVariants = map[string]*game.Variant{}
)

// sheet loads a bundled GDL rule sheet once and registers it as
// "gdl-NAME", so that a match can name it.
func sheet(t testing.TB, name string) *game.Variant {
	t.Helper()
	sheetMu.Lock()
	defer sheetMu.Unlock()
	if v, ok := sheetVariants[name]; ok {
		return v
	}
	f, ok := games.Lookup(name)
	if !ok {
		t.Fatalf("no bundled sheet %q", name)
	}
	v, err := gdl.Load("gdl-"+name, f.Source)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	game.Register(v)
	sheetVariants[name] = v
	return v
}

// playText plays moves given in KIF on a new game of v.
func playText(t testing.TB, v *game.Variant, moves ...string) game.State {
	t.Helper()
	s := v.New()
	for _, m := range moves {
		if _, err := game.PlayText(s, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return s
}

// forcedWin tells whether role me wins (goal 100) by force within plies
// actions from s, by plain minimax over every move.
func forcedWin(s game.State, me game.Role, plies int) bool {
	if s.Terminal() {
		return s.Goal(me) == game.MaxGoal
	}
	if plies == 0 {
		return false
	}
	mine := s.ToMove() == me
	for _, m := range s.Legal(nil) {
		c := s.Clone()
		c.Apply(m)
		if w := forcedWin(c, me, plies-1); w == mine {
			return w
		}
	}
	return !mine
}

// A GDL game goes to the general player; the native games and the test
// toys keep their searches unless it is asked for.
func TestGeneralDispatch(t *testing.T) {
	ttt := sheet(t, "tictactoe").New()
	tests := []struct {
		name  string
		s     game.State
		asked Algorithm
		want  bool
	}{
		{"gdl tictactoe", ttt, ByLevel, true},
		{"gdl tictactoe, asked uct", ttt, UCT, true},
		{"quad5", mustState(t, "quad5", ""), ByLevel, false},
		{"tictacchess", mustState(t, "tictacchess", ""), ByLevel, false},
		{"toy without estimate", newToy(1), ByLevel, false},
		{"toy asked general", newToy(1), General, true},
	}
	for _, tc := range tests {
		if got := generalFor(tc.s, tc.asked); got != tc.want {
			t.Errorf("%s: general %v, want %v", tc.name, got, tc.want)
		}
	}
	sr := NewSearcher()
	res := sr.Search(context.Background(), ttt, Options{Level: Hard, Budget: 100 * time.Millisecond, Threads: 2})
	if !ttt.IsLegal(res.Move) || len(sr.gtrees) != 2 || len(res.Turn) != 1 || res.PV[0] != res.Move {
		t.Errorf("tic-tac-toe: %+v, %d general trees", res, len(sr.gtrees))
	}
	// Asked for, it plays a native game too (which has no JointState).
	q := mustState(t, "quad5", "")
	res = NewSearcher().Search(context.Background(), q, Options{Level: Hard, Multi: General, Threads: 1, Playouts: 200})
	if !q.IsLegal(res.Move) || res.Nodes != 200 || len(FormatLine(q, res.PV)) != len(res.PV) {
		t.Errorf("quad5, general: %+v", res)
	}
}

// The general player never loses tic-tac-toe: every reply of the opponent
// is tried, on both sides, with 1600 playouts per move (and one thread,
// so every search is reproducible). Without the proofs (solver off) it
// loses two of these games as o; with 12 playouts the same enumeration
// finds many lost games, which shows that it can fail.
func TestGeneralTicTacToeNeverLoses(t *testing.T) {
	v := sheet(t, "tictactoe")
	for _, tc := range []struct {
		playouts int
		wantLoss bool
	}{
		{playouts: 1600},
		{playouts: 12, wantLoss: true},
	} {
		for ai := game.Role(0); ai < 2; ai++ {
			sr := NewSearcher()
			opt := Options{Level: Hard, Budget: time.Minute, Threads: 1, Playouts: tc.playouts, Seed: 7}
			choice := map[string]game.Move{}
			games, losses := 0, 0
			var lost string
			var walk func(s game.State, line []string)
			walk = func(s game.State, line []string) {
				if s.Terminal() {
					games++
					if s.Goal(ai) < 50 {
						losses++
						lost = strings.Join(line, " ")
					}
					return
				}
				if s.ToMove() != ai {
					for _, m := range s.Legal(nil) {
						c := s.Clone()
						c.Apply(m)
						walk(c, append(line, s.FormatMove(m)))
					}
					return
				}
				key := s.String()
				m, ok := choice[key]
				if !ok {
					m = sr.Search(context.Background(), s, opt).Move
					choice[key] = m
				}
				if !s.IsLegal(m) {
					t.Fatalf("illegal move %v in %s", m, key)
				}
				c := s.Clone()
				c.Apply(m)
				walk(c, append(line, s.FormatMove(m)))
			}
			walk(v.New(), nil)
			t.Logf("%d playouts, AI as %s: %d games, %d lost, %d positions searched", tc.playouts, v.Roles[ai], games, losses, len(choice))
			if !tc.wantLoss && losses > 0 {
				t.Errorf("AI as %s lost %d of %d games, e.g. %s", v.Roles[ai], losses, games, lost)
			}
			if tc.wantLoss && ai == 1 && losses == 0 {
				t.Errorf("with %d playouts the AI as o never lost: the enumeration shows nothing", tc.playouts)
			}
		}
	}
}

// A proven result is exact: x completes a line at once.
func TestGeneralProvesAnImmediateWin(t *testing.T) {
	v := sheet(t, "tictactoe")
	s := playText(t, v, "(mark 1 1)", "(mark 2 1)", "(mark 1 2)", "(mark 2 2)")
	res := NewSearcher().Search(context.Background(), s, Options{Level: Hard, Budget: time.Minute, Threads: 1, Playouts: 5000})
	c := s.Clone()
	c.Apply(res.Move)
	if !c.Terminal() || c.Goal(0) != 100 || !res.Exact || res.Score != 100 {
		t.Errorf("played %s: %+v", s.FormatMove(res.Move), res)
	}
}

// Every move of o loses against x's two threats: the losses are proven up
// to the root.
func TestGeneralProvesALoss(t *testing.T) {
	v := sheet(t, "tictactoe")
	s := playText(t, v, "(mark 1 1)", "(mark 2 1)", "(mark 2 2)", "(mark 3 3)", "(mark 1 3)")
	res := NewSearcher().Search(context.Background(), s, Options{Level: Hard, Budget: time.Minute, Threads: 1, Playouts: 20000})
	if !res.Exact || res.Score != 0 || !s.IsLegal(res.Move) {
		t.Errorf("%+v", res)
	}
}

// Connect Four: the general player takes a forced win and avoids a forced
// loss; in both positions some move fails, so the checks can fail.
func TestGeneralConnectFourForcedLines(t *testing.T) {
	v := sheet(t, "connectfour")
	tests := []struct {
		name  string
		moves []string
		win   bool // a forced win for the mover in 3 actions, else a loss to avoid in 5
	}{
		{"open three on the bottom row", []string{"(drop 3)", "(drop 3)", "(drop 4)", "(drop 4)"}, true},
		{"stop yellow's open three", []string{"(drop 7)", "(drop 3)", "(drop 7)", "(drop 4)"}, false},
	}
	for _, tc := range tests {
		s := playText(t, v, tc.moves...)
		me := s.ToMove()
		other := 1 - me
		good := func(m game.Move) bool {
			c := s.Clone()
			c.Apply(m)
			if tc.win {
				return forcedWin(c, me, 2)
			}
			return !forcedWin(c, other, 5)
		}
		bad := 0
		for _, m := range s.Legal(nil) {
			if !good(m) {
				bad++
			}
		}
		if bad == 0 {
			t.Fatalf("%s: every move is good, the position tests nothing", tc.name)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			res := NewSearcher().Search(context.Background(), s, Options{Level: Hard, Budget: time.Minute, Threads: 1, Playouts: 20000, Seed: seed})
			if !good(res.Move) {
				t.Errorf("%s, seed %d: %s (%d of %d moves fail), %+v", tc.name, seed, s.FormatMove(res.Move), bad, len(s.Legal(nil)), res)
			}
		}
	}
}

// The tree's iteration does not allocate once it is full, on turn-taking
// (Connect Four) and simultaneous (rock-paper-scissors) games.
func TestGeneralIterateDoesNotAllocate(t *testing.T) {
	for _, name := range []string{"connectfour", "rockpaperscissors"} {
		s := sheet(t, name).New()
		tree := genTree{maxNodes: 1 << 12, exploration: genExploration, solver: true}
		tree.rng.Seed(1)
		tree.reset(s)
		for i := 0; i < 3000; i++ {
			tree.iterate(s)
		}
		if a := testing.AllocsPerRun(300, func() { tree.iterate(s) }); a != 0 {
			t.Errorf("%s: %v allocations per iteration", name, a)
		}
	}
}

// On a simultaneous turn SearchFor gives each role a legal move of its
// own; on a turn-taking turn the role without a choice gets its only move.
func TestGeneralSearchFor(t *testing.T) {
	v := sheet(t, "rockpaperscissors")
	s := v.New()
	js := s.(game.JointState)
	if s.ToMove() != game.NoRole {
		t.Fatalf("rock-paper-scissors starts with %d to move", s.ToMove())
	}
	for r := game.Role(0); r < 2; r++ {
		res := SearchFor(context.Background(), s, r, Options{Level: Hard, Budget: 50 * time.Millisecond})
		legal := js.LegalOf(r, nil)
		ok := false
		for _, m := range legal {
			ok = ok || m == res.Move
		}
		if !ok || res.Nodes == 0 {
			t.Errorf("%s: %+v, legal %v", v.Roles[r], res, legal)
		}
	}
	if res := Search(context.Background(), s, Options{}); res.Move != game.Noop || res.PV != nil {
		t.Errorf("Search on a simultaneous turn: %+v", res)
	}
	ttt := sheet(t, "tictactoe").New()
	if res := SearchFor(context.Background(), ttt, 1, Options{}); res.Move != game.Noop || ttt.FormatMove(res.Move) != "noop" {
		t.Errorf("o at x's turn: %s", ttt.FormatMove(res.Move))
	}
}

// BenchmarkGeneral measures, on every bundled rule sheet from its start,
// the general player's playouts (playout/) and whole iterations of its
// tree (iterate/: selection, expansion, playout, backup; the tree starts
// again every 4096 iterations), one thread.
func BenchmarkGeneral(b *testing.B) {
	for _, f := range games.Files() {
		v := sheet(b, f.Name)
		start := v.New()
		b.Run("playout/"+f.Name, func(b *testing.B) {
			tree := genTree{maxNodes: 1 << 12}
			tree.rng.Seed(1)
			tree.reset(start)
			b.ReportAllocs()
			b.ResetTimer()
			plies := 0
			for i := 0; i < b.N; i++ {
				tree.state.CopyFrom(start)
				plies += tree.playout(tree.state)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
		})
		b.Run("iterate/"+f.Name, func(b *testing.B) {
			tree := genTree{maxNodes: genMaxNodes, exploration: genExploration, solver: true}
			tree.rng.Seed(1)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%4096 == 0 {
					tree.reset(start)
				}
				tree.iterate(start)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}

// The general player reports progress with legal moves and stops when
// told to move now (the context is cancelled), long before its budget.
func TestGeneralProgressAndMoveNow(t *testing.T) {
	s := sheet(t, "connectfour").New()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []Progress
	start := time.Now()
	res := NewSearcher().Search(ctx, s, Options{Level: Max, Budget: time.Minute, Progress: func(p Progress) {
		got = append(got, p)
		if len(got) == 2 {
			cancel()
		}
	}})
	if time.Since(start) > 30*time.Second {
		t.Errorf("move now: the search went on for %v", time.Since(start))
	}
	if len(got) < 2 {
		t.Fatalf("%d progress reports", len(got))
	}
	for i, p := range got {
		if !s.IsLegal(p.Best) || p.Depth != len(p.PV) || p.Nodes <= 0 || len(FormatLine(s, p.PV)) != len(p.PV) {
			t.Errorf("report %d: %+v", i, p)
		}
	}
	if !s.IsLegal(res.Move) || res.PV[0] != res.Move || len(FormatLine(s, res.PV)) != len(res.PV) || res.Nodes <= 0 {
		t.Errorf("result %+v", res)
	}
}

// breakthroughPosition is a position of the 6×6 Breakthrough sheet with
// white's and black's pawns on the given cells ("XY", column then row).
func breakthroughPosition(t *testing.T, white, black []string, control string) game.State {
	t.Helper()
	var b strings.Builder
	for x := 1; x <= 6; x++ {
		for y := 1; y <= 6; y++ {
			cell, content := string(rune('0'+x))+string(rune('0'+y)), "b"
			if slices.Contains(white, cell) {
				content = "white"
			} else if slices.Contains(black, cell) {
				content = "black"
			}
			fmt.Fprintf(&b, "(cell %d %d %s) ", x, y, content)
		}
	}
	fmt.Fprintf(&b, "(control %s)", control)
	s, err := sheet(t, "breakthrough").ParsePosition(b.String())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Breakthrough: white races to the far row before black's pawn arrives
// (only the three moves of the front pawn win), and captures the black
// pawn about to arrive (every other move loses at once).
func TestGeneralBreakthroughForcedLines(t *testing.T) {
	tests := []struct {
		name         string
		white, black []string
		win          bool
	}{
		{"race", []string{"34", "51"}, []string{"13", "66"}, true},
		{"capture", []string{"11", "44"}, []string{"22", "66"}, false},
	}
	for _, tc := range tests {
		s := breakthroughPosition(t, tc.white, tc.black, "white")
		good := func(m game.Move) bool {
			c := s.Clone()
			c.Apply(m)
			if tc.win {
				return forcedWin(c, 0, 2)
			}
			return !forcedWin(c, 1, 3)
		}
		bad := 0
		for _, m := range s.Legal(nil) {
			if !good(m) {
				bad++
			}
		}
		if bad == 0 {
			t.Fatalf("%s: every move is good, the position tests nothing", tc.name)
		}
		res := NewSearcher().Search(context.Background(), s, Options{Level: Hard, Budget: time.Minute, Threads: 1, Playouts: 5000, Seed: 1})
		if !good(res.Move) || tc.win && (!res.Exact || res.Score != 100) {
			t.Errorf("%s: %s (%d of %d moves fail), %+v", tc.name, s.FormatMove(res.Move), bad, len(s.Legal(nil)), res)
		}
	}
}

// dilemma is a one-turn game where both roles choose at once; for each
// role "defect" scores more whatever the other does (40 > 0, 100 > 70).
const dilemma = `
(role a) (role b)
(other a b) (other b a)
(init (open))
(<= (legal ?r (pick keep)) (role ?r) (true (open)))
(<= (legal ?r (pick defect)) (role ?r) (true (open)))
(<= (next (chose ?r ?m)) (does ?r (pick ?m)))
(<= terminal (not (true (open))))
(<= (goal ?r 40) (true (chose ?r defect)) (other ?r ?q) (true (chose ?q defect)))
(<= (goal ?r 100) (true (chose ?r defect)) (other ?r ?q) (true (chose ?q keep)))
(<= (goal ?r 0) (true (chose ?r keep)) (other ?r ?q) (true (chose ?q defect)))
(<= (goal ?r 70) (true (chose ?r keep)) (other ?r ?q) (true (chose ?q keep)))
`

// Decoupled UCT at a simultaneous turn: each role finds its dominant
// move by its own statistics (joint statistics for a's best reply would
// pick keep against b's keep).
func TestGeneralSimultaneousDominantMove(t *testing.T) {
	v, err := gdl.Load("dilemma", []byte(dilemma))
	if err != nil {
		t.Fatal(err)
	}
	s := v.New()
	if s.ToMove() != game.NoRole {
		t.Fatalf("to move %d", s.ToMove())
	}
	for r := game.Role(0); r < 2; r++ {
		res := NewSearcher().SearchFor(context.Background(), s, r, Options{Level: Hard, Budget: time.Minute, Threads: 1, Playouts: 2000, Seed: 3})
		if got := s.FormatMove(res.Move); got != "(pick defect)" || res.Score < 30 || res.Score > 60 {
			t.Errorf("%s: %s, score %.1f (want defect, about 40)", v.Roles[r], got, res.Score)
		}
	}
}

// The move of a joint turn is drawn from the average strategy, without
// its exploration share and without moves far below the best.
func TestGeneralMixedChoice(t *testing.T) {
	tests := []struct {
		name    string
		weights []float64
		want    []bool // which arms may be drawn
	}{
		{"uniform equilibrium", []float64{330, 340, 330}, []bool{true, true, true}},
		{"dominant move", []float64{930, 70}, []bool{true, false}},
		{"two of three", []float64{480, 470, 50}, []bool{true, true, false}},
	}
	for _, tc := range tests {
		ch := make([]genChoice, len(tc.weights))
		for k, w := range tc.weights {
			ch[k].weight = w
		}
		seen := make([]bool, len(ch))
		for seed := uint64(0); seed < 200; seed++ {
			seen[mixedChoice(ch, seed)] = true
		}
		if !slices.Equal(seen, tc.want) {
			t.Errorf("%s: drawn %v, want %v", tc.name, seen, tc.want)
		}
	}
}
