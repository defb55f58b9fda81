package lanes

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// laneMoves reads the joint move lane played at the last Step from the
// does atoms, as moves of s's game: a role with none gets a move the
// rules do not know.
func laneMoves(l *Sim, lane int, moves []game.Move) []game.Move {
	n := l.n
	moves = moves[:0]
	for r := range n.Roles {
		m := l.unknownMove()
		for mv, a := range n.DoesOf[r] {
			if a >= 0 && l.bit(a, lane) {
				m = game.Move(mv)
			}
		}
		moves = append(moves, m)
	}
	return moves
}

// bit is atom a's value in lane.
func (l *Sim) bit(a int32, lane int) bool { return l.w.bit(a, lane>>6, lane&63) == 1 }

// playing reports whether lane has a game being played.
func (l *Sim) playing(lane int) bool { return l.active.word(lane>>6)>>(lane&63)&1 == 1 }

// checkLanes plays random games of v in width lanes, from the start and
// from positions a few random plies in, and follows every lane with a
// State playing the same moves: on every ply each lane's position, legal
// moves and terminal, and at each game's end its goals, must be the
// State's, and each move must be legal there; a lane loaded plays or
// waits to (parked). tune, if any, adjusts the lanes before the first
// game.
func checkLanes(t *testing.T, v *game.Variant, width, games, maxPlies int, seed uint64, tune ...func(*Sim)) {
	t.Helper()
	start := v.New()
	l := newSim(start)
	for _, f := range tune {
		f(l)
	}
	rng := game.NewRand(seed)
	mirror := make([]game.State, width)
	load := func(lane int) {
		s := start.Clone()
		for k := rng.Intn(4); k > 0 && !s.Terminal(); k-- {
			s.(game.JointState).ApplyJoint(l.randomJoint(s, rng, nil))
		}
		mirror[lane] = s
		l.Load(lane, s, maxPlies)
		if !l.playing(lane) && l.parked.word(lane>>6)>>(lane&63)&1 == 0 {
			t.Fatalf("lane %d loaded, neither playing nor parked", lane)
		}
	}
	for lane := range mirror {
		load(lane)
	}
	var moves, buf []game.Move
	var ended []int
	played := 0
	for played < games {
		l.refresh()
		for lane := range mirror {
			if l.playing(lane) {
				compareLane(t, l, lane, mirror[lane], &buf)
			}
		}
		ended = l.Step(rng, ended[:0])
		for _, lane := range ended {
			s := mirror[lane]
			if !s.Terminal() && l.Plies(lane) < maxPlies {
				t.Fatalf("lane %d ended after %d plies at %s, not over", lane, l.Plies(lane), s)
			}
			for r := range v.Roles {
				if g := s.Goal(game.Role(r)); g != l.Goal(lane, game.Role(r)) {
					t.Fatalf("lane %d: goal of %s %d, the State's %d at %s", lane, v.Roles[r], l.Goal(lane, game.Role(r)), g, s)
				}
			}
			played++
			load(lane)
		}
		for lane, s := range mirror {
			if !l.playing(lane) || slices.Contains(ended, lane) {
				continue
			}
			moves = laneMoves(l, lane, moves)
			for r, mv := range moves {
				if mv != l.unknownMove() && !slices.Contains(s.(game.JointState).LegalOf(game.Role(r), buf[:0]), mv) {
					t.Fatalf("lane %d: %s plays %s, not legal at %s", lane, v.Roles[r], s.FormatMove(mv), s)
				}
			}
			s.(game.JointState).ApplyJoint(moves)
		}
	}
}

// compareLane checks lane's position against s.
func compareLane(t *testing.T, l *Sim, lane int, s game.State, buf *[]game.Move) {
	t.Helper()
	n := l.n
	vals := l.vals(s)
	for i := 0; i < n.NBase; i++ {
		if l.bit(int32(i), lane) != vals[i] {
			t.Fatalf("lane %d: base atom %d is %v, in the State %v (%s)", lane, i, !vals[i], vals[i], s)
		}
	}
	if l.bit(n.Terminal, lane) != s.Terminal() {
		t.Fatalf("lane %d: terminal %v at %s", lane, s.Terminal(), s)
	}
	if s.Terminal() {
		return
	}
	for r := range n.Roles {
		*buf = s.(game.JointState).LegalOf(game.Role(r), (*buf)[:0])
		k := 0
		for _, e := range n.Legal[r] {
			// A skipped role's guarded entries are not evaluated: false
			// where it chooses (the State must agree).
			if l.bit(e.Atom, lane) && !(l.skipped[r] && l.guarded(r, e.Atom)) {
				if k >= len(*buf) || (*buf)[k] != e.Move {
					t.Fatalf("lane %d: %s may play %s, in the State %s", lane, n.Roles[r], s.FormatMove(e.Move), fmt.Sprint(moveTexts(s, *buf)))
				}
				k++
			}
		}
		if k != len(*buf) {
			t.Fatalf("lane %d: %s has %d legal moves, in the State %d", lane, n.Roles[r], k, len(*buf))
		}
	}
}

// refreshAll evaluates what the lanes' positions decide in every lane,
// each role's own code too, parked or not, skipped or not.
func (l *Sim) refreshAll() {
	l.refresh()
	for r, g := range l.lp.guards {
		l.n.Prog.runLanes(g.code, l.w)
		l.skipped[r] = false
	}
}

// guarded reports whether legal atom a is one of role r's guarded
// entries.
func (l *Sim) guarded(r int, a int32) bool {
	return slices.Contains(l.lp.legalAt[r][l.lp.guards[r].free:], a)
}

// randomJoint is a random legal joint move of s, a state of l's game.
func (l *Sim) randomJoint(s game.State, rng *game.Rand, buf []game.Move) []game.Move {
	var moves []game.Move
	for r := range l.n.Roles {
		buf = s.(game.JointState).LegalOf(game.Role(r), buf[:0])
		m := l.unknownMove()
		if len(buf) > 0 {
			m = buf[rng.Intn(len(buf))]
		}
		moves = append(moves, m)
	}
	return moves
}

func TestLanesAgreeWithState(t *testing.T) {
	for _, s := range groundTestStates(t) {
		v := s.Variant()
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			checkLanes(t, v, laneCount, 600, 150, 1)
		})
	}
}

// Games held back to be scored together keep their last position and
// get its goals: with scoring made dearer than any wait, the ended games
// wait until as many are held as are playing, and must still agree with
// the State's.
func TestLanesHoldEndedGames(t *testing.T) {
	for _, name := range []string{"othello4", "nim", "tictactoe"} {
		v := loadFile(t, name)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			held := 0
			checkLanes(t, v, laneCount, 600, 150, 4, func(l *Sim) { l.scoreCost = 1 << 62 })
			l := newSim(v.New())
			l.scoreCost = 1 << 62
			rng := game.NewRand(5)
			for lane := 0; lane < laneCount; lane++ {
				l.Load(lane, v.New(), 0)
			}
			var ended []int
			for i := 0; i < 200; i++ {
				ended = l.Step(rng, ended[:0])
				held = max(held, popCount(l.held))
				if len(ended) > 0 && popCount(l.held) != 0 {
					t.Fatalf("ply %d: %d games still held after a scoring", i, popCount(l.held))
				}
				for _, lane := range ended {
					l.Load(lane, v.New(), 0)
				}
			}
			if held < 2 {
				t.Errorf("at most %d games held at once", held)
			}
		})
	}
}

// A scoring costs more than its goal code: where the goals need no code
// of their own (they fold into what the position decides), ended games
// still wait to be scored a few at a time, not one step each.
func TestLanesHoldWithoutGoalCode(t *testing.T) {
	v := loadFile(t, "tictactoe")
	start := v.New()
	l := newSim(start)
	lp := *l.lp
	lp.goals = nil
	l.lp, l.scoreCost = &lp, lp.scoreCost()
	rng := game.NewRand(8)
	for lane := 0; lane < laneCount; lane++ {
		l.Load(lane, start, 0)
	}
	held := 0
	var ended []int
	for i := 0; i < 100; i++ {
		ended = l.Step(rng, ended[:0])
		held = max(held, popCount(l.held))
		for _, lane := range ended {
			l.Load(lane, start, 0)
		}
	}
	if held == 0 {
		t.Error("every ended game was scored at the step it ended")
	}
}

// With free lanes the caller is waiting for results (a young search
// tree): an ended game is reported at the Step that finds it over, even
// where scoring is dearer than any wait.
func TestLanesHoldNothingWithFreeLanes(t *testing.T) {
	v := loadFile(t, "othello4")
	start := v.New()
	l := newSim(start)
	l.scoreCost = 1 << 62
	rng := game.NewRand(6)
	for lane := 0; lane < 16; lane++ {
		l.Load(lane, start, 0)
	}
	var ended []int
	games := 0
	for i := 0; i < 400; i++ {
		ended = l.Step(rng, ended[:0])
		if l.held != (lword{}) {
			t.Fatalf("ply %d: %d games held with %d lanes free", i, popCount(l.held), laneCount-16)
		}
		for _, lane := range ended {
			games++
			l.Load(lane, start, 0)
		}
	}
	if games == 0 {
		t.Fatal("no game ended")
	}
}

// Every lane chooses uniformly among its role's legal moves: from the
// start of tic-tac-toe (nine moves), and from a position of minicheckers
// where the mover has few moves among many the rules know (the lanes
// then list the legal ones instead of drawing).
func TestLanesChooseUniformly(t *testing.T) {
	for _, name := range []string{"tictactoe", "minicheckers"} {
		v := loadFile(t, name)
		s := v.New()
		l := newSim(s)
		checkChoosesUniformly(t, name, l, s)
	}
}

// checkChoosesUniformly loads s into every lane of l 40 times, steps
// once each time and checks that the mover's legal moves were each
// chosen within 15 % of their share, and no other move.
func checkChoosesUniformly(t *testing.T, name string, l *Sim, s game.State) {
	t.Helper()
	mover := s.ToMove()
	want := s.(game.JointState).LegalOf(mover, nil)
	counts := map[game.Move]int{}
	rng := game.NewRand(7)
	const rounds = 40
	for range rounds {
		for lane := 0; lane < l.Lanes(); lane++ {
			l.Load(lane, s, 0)
		}
		l.Step(rng, nil)
		for lane := 0; lane < l.Lanes(); lane++ {
			counts[laneMoves(l, lane, nil)[mover]]++
		}
	}
	expect := float64(rounds*l.Lanes()) / float64(len(want))
	for _, m := range want {
		if c := float64(counts[m]); c < 0.85*expect || c > 1.15*expect {
			t.Errorf("%s: %s chosen %v times in %d, expected about %.0f", name, s.FormatMove(m), c, rounds*l.Lanes(), expect)
		}
	}
	if len(counts) != len(want) {
		t.Errorf("%s: %d different moves chosen, %d legal", name, len(counts), len(want))
	}
}

// Step, Load, Goal and Plies do not allocate (a ply of random play costs
// no garbage); Reset stops every game, so that the next Step ends none
// and plays none.
func TestLanesDoNotAllocate(t *testing.T) {
	for _, name := range []string{"tictactoe", "minicheckers", "othello4"} {
		v := loadFile(t, name)
		start := v.New()
		l := newSim(start)
		rng := game.NewRand(3)
		for lane := 0; lane < l.Lanes(); lane++ {
			l.Load(lane, start, 0)
		}
		ended := make([]int, 0, l.Lanes())
		goals := 0
		ply := func() {
			ended = l.Step(rng, ended[:0])
			for _, lane := range ended {
				goals += l.Goal(lane, 0) + l.Plies(lane)
				l.Load(lane, start, 0)
			}
		}
		for i := 0; i < 50; i++ {
			ply()
		}
		if a := testing.AllocsPerRun(200, ply); a != 0 {
			t.Errorf("%s: %v allocations per ply", name, a)
		}
		l.Reset()
		if ended = l.Step(rng, ended[:0]); len(ended) != 0 || l.active != (lword{}) {
			t.Errorf("%s: after Reset a Step ended %d lanes", name, len(ended))
		}
	}
}

// The bit-sliced choice of a word's 64 lanes together (chooseWord) takes,
// in every lane, each legal move about equally often, when the lanes have
// different numbers of legal moves (tic-tac-toe positions 0 to 7 plies
// in: 9 to 2 moves): Pearson's chi-squared over every lane's counts stays
// within six standard deviations of its degrees of freedom (it is about
// one from them; a draw that favours low numbers is hundreds off).
func TestLanesChooseWordUniformly(t *testing.T) {
	v := loadFile(t, "tictactoe")
	start := v.New()
	l := newSim(start)
	rng := game.NewRand(11)
	legal := make([][]game.Move, 64)
	mover := make([]game.Role, 64)
	for lane := range legal {
		s := start.Clone()
		for k := lane % 8; k > 0; k-- {
			s.(game.JointState).ApplyJoint(l.randomJoint(s, rng, nil))
			if s.Terminal() { // a game won early: from the start again
				s, k = start.Clone(), lane%8+1
			}
		}
		l.Load(lane, s, 0)
		mover[lane] = s.ToMove()
		legal[lane] = s.(game.JointState).LegalOf(mover[lane], nil)
	}
	l.refreshAll()
	const rounds = 3000
	counts := make([]map[game.Move]int, 64)
	for lane := range counts {
		counts[lane] = map[game.Move]int{}
	}
	for i := 0; i < rounds; i++ {
		for r, ents := range l.lp.legal {
			if l.chooseWord(r, ents, 0, ^uint64(0), rng) != 0 {
				t.Fatalf("round %d: a lane chose a move the rules do not know", i)
			}
		}
		for lane := range legal {
			counts[lane][laneMoves(l, lane, nil)[mover[lane]]]++
		}
		for _, a := range l.set {
			l.w.put(a, lword{})
		}
		l.set = l.set[:0]
	}
	chi, dof := 0.0, 0
	for lane, want := range legal {
		expect := float64(rounds) / float64(len(want))
		for _, m := range want {
			d := float64(counts[lane][m]) - expect
			chi += d * d / expect
		}
		dof += len(want) - 1
		if len(counts[lane]) != len(want) {
			t.Errorf("lane %d: %d different moves chosen, %d legal", lane, len(counts[lane]), len(want))
		}
	}
	if limit := float64(dof) + 6*math.Sqrt(2*float64(dof)); chi > limit {
		t.Errorf("chi-squared %.0f over %d degrees of freedom, above %.0f: not uniform", chi, dof, limit)
	}
}

// Where a role has one legal move in a lane (the pass of a turn-taking
// game), that entry is tried first at the next ply: after a ply of
// tic-tac-toe from the start, the entry tried first for the role that
// passed is its noop, not the first of its nine marks.
func TestLanesSinglesTryThePassFirst(t *testing.T) {
	v := loadFile(t, "tictactoe")
	start := v.New()
	l := newSim(start)
	for lane := 0; lane < laneCount; lane++ {
		l.Load(lane, start, 0)
	}
	l.Step(game.NewRand(3), nil)
	passer := 1 - int(start.ToMove())
	ents := l.lp.legal[passer]
	h := l.passHint[passer]
	if h >= len(ents) || ents[h].does != l.n.DoesOf[passer][game.Noop] {
		t.Errorf("role %d tries entry %d of %d first, not its noop", passer, h, len(ents))
	}
}

// The bit-sliced count of a word's legal entries (countWord, four entries
// at a time by carry-save adders, the rest one by one) is, in every lane
// of the mask, the number of entries whose atom holds there, for entry
// counts that leave each remainder of the groups of four, and random or
// dense atoms.
func TestLanesCountWordCountsEveryLane(t *testing.T) {
	rng := game.NewRand(5)
	for _, tc := range []struct {
		name  string
		ents  int
		dense bool
	}{
		{"none", 0, false}, {"one", 1, true}, {"three", 3, true}, {"four", 4, true},
		{"nine", 9, false}, {"eleven dense", 11, true}, {"many", 157, false},
		{"many dense", 250, true},
	} {
		w := make(wordsOf, tc.ents+1)
		ents := make([]laneEntry, tc.ents)
		for j := range ents {
			ents[j] = laneEntry{legal: int32(j + 1), does: -1}
			for k := range w[j+1] {
				a, b, c := rng.Uint64(), rng.Uint64(), rng.Uint64()
				w[j+1][k] = a & b // a quarter of the lanes
				if tc.dense {
					w[j+1][k] = ^(a & b & c) // seven eighths
				}
			}
		}
		for k := 0; k < laneWords; k++ {
			m := rng.Uint64() | 1
			var count sliced
			nb := countWord(&count, w, ents, k, m)
			for b := 0; b < 64; b++ {
				want := 0
				for _, e := range ents {
					want += int((w[e.legal][k] & m) >> b & 1)
				}
				got := 0
				for i := 0; i < len(count); i++ {
					got |= int(count[i]>>b&1) << i
				}
				if got != want {
					t.Errorf("%s: word %d lane %d counts %d, want %d", tc.name, k, b, got, want)
				}
				if want>>nb != 0 {
					t.Errorf("%s: word %d lane %d counts %d in %d slices", tc.name, k, b, want, nb)
				}
			}
		}
	}
}

// Where few of a role's many entries are legal at a time (4pttc: 8 of
// 248), every lane lists its legal entries, the lanes with one or none
// included, without counting them first (listsAll). Forced to list on
// the test sheets with enough entries for it (the draws' record made
// sparse), the lanes play the State's games and choose uniformly.
func TestLanesListEveryLane(t *testing.T) {
	sparse := func(l *Sim) {
		for r := range l.tries {
			l.tries[r], l.hits[r] = 1<<40, 0
		}
	}
	for _, name := range []string{"minicheckers", "pins"} {
		v := loadFile(t, name)
		s := v.New()
		l := newSim(s)
		sparse(l)
		mover := s.ToMove()
		if !l.listsAll(int(mover), len(l.lp.legal[mover])) {
			t.Fatalf("%s: the mover does not list every lane", name)
		}
		checkLanes(t, v, laneCount, 300, 150, 5, sparse)
		checkChoosesUniformly(t, name, l, s)
	}
}
