package gdl

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// TestOptimizedRulesAgree plays random games of every test sheet and
// evaluates each position from scratch (program.run) with the rewritten
// rules and with the rules as grounding makes them, for a random legal
// joint move and for one where a role makes a move the rules do not know
// (its none atom): the legal moves, terminal, goals and next state must
// be the same.
func TestOptimizedRulesAgree(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.kif")
	for _, f := range files {
		d := parseSheetFile(t, f)
		// As written, and rewritten (ground.Rewrite), whose split
		// relations of moves the rewriting reads as moves (moves.go).
		for _, how := range []int{engineGround, engineGround | groundRewritten} {
			opt, err := compile(f, d, DefaultLimits, how)
			if err != nil {
				continue // the invalid sheets of the tests
			}
			plain, err := compile(f, d, DefaultLimits, how|groundPlain)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(fmt.Sprintf("%s/%x", filepath.Base(f), how), func(t *testing.T) {
				t.Parallel()
				compareRules(t, opt.New().(*State), plain.New().(*State).n, 50)
			})
		}
	}
}

// TestSplitMovesReadAsMoves: testdata/frames.kif's frame rule, split by
// ground.Rewrite, reads its move through two relations of moves; its
// network must read no more rules and literals a ply than the rules as
// written make (the moves of the cell, not ORs of every other cell's).
func TestSplitMovesReadAsMoves(t *testing.T) {
	d := parseSheetFile(t, "testdata/frames.kif")
	size := func(how int) (rules, lits int) {
		v, err := compile("frames", d, DefaultLimits, how)
		if err != nil {
			t.Fatal(err)
		}
		p := v.New().(*State).n.prog
		return len(p.litLo) - 1, len(p.lits)
	}
	rules, lits := size(engineGround)
	splitRules, splitLits := size(engineGround | groundRewritten)
	if splitRules > rules || splitLits > lits {
		t.Errorf("split: %d rules, %d literals; as written %d, %d", splitRules, splitLits, rules, lits)
	}
}

// compareRules plays games from s and compares, on every ply, the full
// evaluation of s's network with that of plain, the same game's network
// without the rewriting.
func compareRules(t *testing.T, s *State, plain *network, games int) {
	t.Helper()
	start := s.Clone().(*State)
	var buf []game.Move
	// The rewriting may redirect an output to another atom: the outputs
	// are compared in their order.
	outs, plainOuts := outputAtoms(s.n), outputAtoms(plain)
	for g := 0; g < games; g++ {
		rng := game.NewRand(uint64(g))
		s.CopyFrom(start)
		for ply := 0; ply < 200 && !s.Terminal(); ply++ {
			moves := randomJoint(s, rng, buf)
			unknown := append([]game.Move(nil), moves...)
			unknown[rng.Intn(len(unknown))] = game.Move(len(s.n.moveText))
			for _, joint := range [][]game.Move{moves, unknown} {
				a, b := fullEval(s.n, s.vals, joint), fullEval(plain, s.vals, joint)
				for k, i := range plainOuts {
					if j := outs[k]; a[j] != b[i] {
						t.Fatalf("game %d ply %d, %s: output %d (atom %d) is %v, without the rewriting %v", g, ply, s, k, i, a[j], b[i])
					}
				}
			}
			s.ApplyJoint(moves)
		}
	}
}

// fullEval evaluates every atom of n's program from scratch for the
// position of vals and the joint move.
func fullEval(n *network, vals []bool, moves []game.Move) []bool {
	ref := make([]bool, n.nAtoms)
	copy(ref, vals[:n.nBase])
	ref[n.always] = true
	for r, m := range moves {
		if int(m) < len(n.moveText) && n.doesOf[r][m] >= 0 {
			ref[n.doesOf[r][m]] = true
		} else if n.none[r] >= 0 {
			ref[n.none[r]] = true
		}
	}
	n.prog.run(ref)
	return ref
}

// outputAtoms lists the atoms of legal, terminal, goal and next.
func outputAtoms(n *network) []int32 {
	out := append([]int32{n.terminal}, n.nextOf...)
	for r := range n.roles {
		for _, l := range n.legal[r] {
			out = append(out, l.atom)
		}
		for _, e := range n.goals[r] {
			out = append(out, e.atom)
		}
	}
	return out
}

// TestFoldRemovesAliases checks that folding takes the atoms that only
// rename another (or negate it), the constant ones and those with the
// rules of another, out of the
// program of testdata/aliases.kif, whose rules are full of them; that
// they play the same game is TestOptimizedRulesAgree's part, and the
// reference interpreter's.
func TestFoldRemovesAliases(t *testing.T) {
	d := parseSheetFile(t, "testdata/aliases.kif")
	v, err := compile("aliases", d, DefaultLimits, engineGround)
	if err != nil {
		t.Fatal(err)
	}
	n := v.New().(*State).n
	for q := range n.prog.atoms {
		lo, hi := n.prog.ruleLo[q], n.prog.ruleLo[q+1]
		lits := n.prog.lits[n.prog.litLo[lo]:n.prog.litLo[hi]]
		if hi-lo != 1 || len(lits) > 1 || n.prog.segOf[q] >= 0 {
			continue
		}
		// An output that negates an atom keeps its own (its readers
		// read an atom, not a literal), and so does a next atom that
		// renames a base atom (the position is copied in place).
		a := n.prog.atoms[q]
		if len(lits) == 1 && (lits[0]&1 == 1 || int(lits[0]>>1) < n.nBase) && slices.Contains(outputAtoms(n), a) {
			continue
		}
		t.Errorf("atom %d has one rule of %d literals: not folded", a, len(lits))
	}
	// early and first have the same rules once mover is folded: one
	// atom computes them, and the legal moves' rules that read them
	// are one.
	seen := map[string]int32{}
	for q, a := range n.prog.atoms {
		var keys []string
		for r := n.prog.ruleLo[q]; r < n.prog.ruleLo[q+1]; r++ {
			keys = append(keys, fmt.Sprint(n.prog.lits[n.prog.litLo[r]:n.prog.litLo[r+1]]))
		}
		slices.Sort(keys)
		k := strings.Join(keys, " or ")
		if b, ok := seen[k]; ok {
			t.Errorf("atoms %d and %d have the same rules %s", b, a, k)
		}
		seen[k] = a
	}
	// ready reads sure, which always holds, and never, which does not:
	// red's legal moves must not read a constant.
	for _, e := range n.legal[0] {
		if e.atom >= n.always-1 {
			continue // a constant legal move is an output like another
		}
		if q := n.prog.posOf[e.atom]; q >= 0 {
			for _, l := range n.prog.lits[n.prog.litLo[n.prog.ruleLo[q]]:n.prog.litLo[n.prog.ruleLo[q+1]]] {
				if l>>1 >= n.always-1 {
					t.Errorf("legal move %s reads a constant", n.moveText[e.move])
				}
			}
		}
	}
}

// TestFoldDropsRepeatedRules checks that no atom of a test sheet's
// program keeps the same rule twice: testdata/repeats.kif's rules whose
// variables are told apart only by distinct ground to every ordering of
// the same atoms, which an OR reads once (crisscross read 24 orderings
// of each set of four stuck pieces at every ply). That the game is the
// same is TestOptimizedRulesAgree's part.
func TestFoldDropsRepeatedRules(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.kif")
	for _, f := range files {
		d := parseSheetFile(t, f)
		v, err := compile(f, d, DefaultLimits, engineGround)
		if err != nil {
			continue // the invalid sheets of the tests
		}
		p := v.New().(*State).n.prog
		for q, a := range p.atoms {
			seen := map[string]bool{}
			for r := p.ruleLo[q]; r < p.ruleLo[q+1]; r++ {
				lits := slices.Sorted(slices.Values(p.lits[p.litLo[r]:p.litLo[r+1]]))
				if k := fmt.Sprint(lits); seen[k] {
					t.Errorf("%s: atom %d has the rule %s twice", filepath.Base(f), a, k)
				} else {
					seen[k] = true
				}
			}
		}
	}
}

// TestFactorMovesSeesSplitMoves checks that the rules of an atom that
// differ only in a literal of moves are joined (factorMoves) when that
// literal is an atom grounding split off the does literal: the frame rule
// of testdata/hops.kif, whose cell is told from the move's cells only by
// distinct, grounds rewritten with each move an atom of its own (either
// role's does atom), and chinesecheckers3 read every move's rules at every
// ply until they were joined. The game is the same (compareRules).
func TestFactorMovesSeesSplitMoves(t *testing.T) {
	d := parseSheetFile(t, "testdata/hops.kif")
	for _, how := range []int{engineGround, engineGround | groundRewritten} {
		v, err := compile("hops", d, DefaultLimits, how)
		if err != nil {
			t.Fatal(err)
		}
		n := v.New().(*State).n
		p := n.prog
		moves := movesOnlyAtoms(n)
		for q, a := range p.atoms {
			if moves[a] {
				continue // an OR of moves: its rules are joined where read
			}
			seen := map[string]bool{}
			for r := p.ruleLo[q]; r < p.ruleLo[q+1]; r++ {
				var rest []int32
				m := 0
				for _, l := range p.lits[p.litLo[r]:p.litLo[r+1]] {
					if l&1 == 0 && moves[l>>1] {
						m++
					} else {
						rest = append(rest, l)
					}
				}
				if m != 1 {
					continue
				}
				slices.Sort(rest)
				if k := fmt.Sprint(rest); seen[k] {
					t.Errorf("engine %d: atom %d has two rules of moves and %s: not joined", how, a, k)
				} else {
					seen[k] = true
				}
			}
		}
		plain, err := compile("hops", d, DefaultLimits, how|groundPlain)
		if err != nil {
			t.Fatal(err)
		}
		compareRules(t, v.New().(*State), plain.New().(*State).n, 50)
	}
}

// movesOnlyAtoms is, by atom of n, whether it is a does or none atom or
// an atom of the program whose every rule is one of those.
func movesOnlyAtoms(n *network) []bool {
	p := n.prog
	moves := make([]bool, n.nAtoms)
	for _, a := range n.none {
		if a >= 0 {
			moves[a] = true
		}
	}
	for _, as := range n.doesOf {
		for _, a := range as {
			if a >= 0 {
				moves[a] = true
			}
		}
	}
	for q, a := range p.atoms {
		lo, hi := p.ruleLo[q], p.ruleLo[q+1]
		only := hi > lo
		for r := lo; r < hi; r++ {
			lits := p.lits[p.litLo[r]:p.litLo[r+1]]
			only = only && len(lits) == 1 && lits[0]&1 == 0 && moves[lits[0]>>1]
		}
		moves[a] = only
	}
	return moves
}
