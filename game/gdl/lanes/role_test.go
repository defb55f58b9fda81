package lanes

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

// Each role of tic-tac-toe is guarded by (control r): its nine marks
// imply it and its noop does not, so the noop is its one free entry and
// the marks' code is its own.
func TestLanesGuardRoles(t *testing.T) {
	v := loadFile(t, "tictactoe")
	n := newSim(v.New()).n
	lp := Compile(n, nil)
	if lp.guardedRoles != 2 {
		t.Fatalf("%d roles guarded, want 2", lp.guardedRoles)
	}
	for r, g := range lp.guards {
		control, ok := baseAtom(t, v, "(control "+n.Roles[r]+")")
		if !ok || g.lit != control<<1 {
			t.Errorf("role %s: guard %d, want (control %s), atom %d", n.Roles[r], g.lit, n.Roles[r], control)
		}
		if g.free != 1 || lp.legal[r][0].does != n.DoesOf[r][game.Noop] {
			t.Errorf("role %s: %d free entries, want its noop alone", n.Roles[r], g.free)
		}
		if len(g.code) == 0 {
			t.Errorf("role %s has no code of its own", n.Roles[r])
		}
	}
}

// With every lane from the start, the lanes move in step: at every ply
// one role's own code is evaluated and the other's skipped. A game loaded
// out of step waits a Step (parked, no plies) and then plays in step.
func TestLanesPlayInStep(t *testing.T) {
	v := loadFile(t, "tictactoe")
	start := v.New()
	l := newSim(start)
	for lane := 0; lane < laneCount; lane++ {
		l.Load(lane, start, 0)
	}
	rng := game.NewRand(5)
	l.Step(rng, nil) // x marked everywhere: o to move
	l.Load(7, start, 0)
	for ply := 0; ply < 3; ply++ {
		l.refresh()
		if l.skipped[0] == l.skipped[1] {
			t.Fatalf("ply %d: roles skipped %v, want one of the two", ply, l.skipped)
		}
		if playing := l.playing(7); playing != (ply > 0) {
			t.Fatalf("ply %d: the lane loaded out of step playing %v", ply, playing)
		}
		l.Step(rng, nil)
	}
	if p := l.Plies(7); p != 2 {
		t.Errorf("the lane loaded out of step played %d plies, want 2", p)
	}
}

// stuckSheet's roles keep their turns (but for a's last ply, which gives
// the turn to b): a lane loaded with b to move never meets a lane at its
// phase among lanes where a moves.
const stuckSheet = `
(role a) (role b)
(init (control a)) (init (t 0))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
(<= (legal a left) (true (control a)))
(<= (legal a right) (true (control a)))
(<= (legal b left) (true (control b)))
(<= (legal b right) (true (control b)))
(<= (legal a noop) (true (control b)))
(<= (legal b noop) (true (control a)))
(<= (next (control a)) (true (control a)) (not (true (t 5))))
(<= (next (control b)) (true (control a)) (true (t 5)))
(<= (next (control b)) (true (control b)))
(<= (next (t ?y)) (true (t ?x)) (succ ?x ?y))
(<= terminal (true (t 6)))
(goal a 50) (goal b 50)
`

// A game loaded out of step with every other lane is parked for at most
// as many Steps as the game has roles, then played to its end.
func TestLanesParkAtMostRoles(t *testing.T) {
	v, err := LoadSheet("stuck", []byte(stuckSheet))
	if err != nil {
		t.Fatal(err)
	}
	start := v.New()
	other, err := v.ParsePosition("(control b) (t 0)")
	if err != nil {
		t.Fatal(err)
	}
	l := newSim(start)
	if l.lp.guardedRoles != 2 {
		t.Fatalf("%d roles guarded, want 2", l.lp.guardedRoles)
	}
	for lane := 0; lane < laneCount; lane++ {
		l.Load(lane, start, 0)
	}
	rng := game.NewRand(1)
	l.Step(rng, nil)
	l.Load(9, other, 0)
	// The other lanes are loaded again as they end, so that some always
	// play at a's phase.
	end := int64(-1)
	for step := 0; step < 30 && end < 0; step++ {
		for _, lane := range l.Step(rng, nil) {
			if lane != 9 {
				l.Load(lane, start, 0)
			} else {
				end = l.step
			}
		}
	}
	if end < 0 {
		t.Fatalf("the lane loaded out of step never ended")
	}
	if p := l.Plies(9); p != 6 {
		t.Errorf("the lane loaded out of step played %d plies, want 6", p)
	}
	// Loaded after step 1, parked for two steps (as many as the roles).
	if want := 1 + int64(len(v.Roles)); l.loaded[9] != want {
		t.Errorf("the lane loaded out of step began to play at step %d, want %d", l.loaded[9], want)
	}
}
