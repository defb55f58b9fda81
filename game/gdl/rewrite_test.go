package gdl

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tabletop/tabletop/game/gdl/ground"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// Load grounds a sheet rewritten (ground.Rewrite) when the rules as
// written reach a limit; these tests check that the rewritten rules play
// the same game.

// threeInARowCount is the count sheet of package ground's tests (see
// its testdata/count.kif): the goals ask six counts of thousands.
func threeInARowCount(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("ground", "testdata", "count.kif"))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// TestDemandWhenOverLimit: a sheet whose count relation as written grounds
// to more atoms than the limits allow grounds with the count restricted
// to what the goals ask, and plays as the top-down evaluator plays it.
func TestDemandWhenOverLimit(t *testing.T) {
	lim := DefaultLimits
	lim.MaxAtoms = 3000
	checkGroundsRewritten(t, "count", threeInARowCount(t), lim)
}

// simultaneousMarks is a game whose frame rule reads both roles' moves:
// it grounds to one instance per cell, mark and pair of moves, where the
// split rules make a few per cell and move.
const simultaneousMarks = `
(role crosser) (role blocker)
(index 1) (index 2) (index 3) (index 4)
(<= (cell ?x ?y) (index ?x) (index ?y))
(<= (init (cell ?x ?y b)) (cell ?x ?y))
(<= (legal ?r (mark ?x ?y ?x2 ?y2)) (role ?r) (true (cell ?x ?y b)) (cell ?x2 ?y2))
(<= (next (cell ?x ?y ?r)) (does ?r (mark ?x ?y ?x2 ?y2)))
(<= (next (cell ?x ?y ?m)) (true (cell ?x ?y ?m))
    (does crosser (mark ?xc ?yc ?xc2 ?yc2)) (does blocker (mark ?xb ?yb ?xb2 ?yb2))
    (distinctCell ?x ?y ?xc ?yc) (distinctCell ?x ?y ?xb ?yb))
(<= (distinctCell ?x1 ?y1 ?x2 ?y2) (cell ?x1 ?y1) (cell ?x2 ?y2) (distinct ?x1 ?x2))
(<= (distinctCell ?x1 ?y1 ?x2 ?y2) (cell ?x1 ?y1) (cell ?x2 ?y2) (distinct ?y1 ?y2))
(<= open (true (cell ?x ?y b)))
(<= terminal (not open))
(<= (goal ?r 100) (role ?r) (true (cell 1 1 ?r)))
(<= (goal ?r 0) (role ?r) (not (true (cell 1 1 ?r))))
`

// TestSplitWhenOverBudget: a sheet whose rules as written take more
// grounding work than the limits allow grounds with its bodies split,
// and plays as the top-down evaluator plays it.
func TestSplitWhenOverBudget(t *testing.T) {
	lim := DefaultLimits
	lim.MaxWork = 400_000
	checkGroundsRewritten(t, "marks", simultaneousMarks, lim)
}

// checkGroundsRewritten checks that sheet reaches a limit of lim when
// grounded as written, grounds when Load rewrites it, and plays then as
// the top-down evaluator plays it.
func checkGroundsRewritten(t *testing.T, name, sheet string, lim Limits) {
	t.Helper()
	d, err := kif.Parse([]byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	clauses, err := kif.Validate(d, lim.MaxTermDepth)
	if err != nil {
		t.Fatal(err)
	}
	var limit *ground.LimitError
	if _, err := ground.Ground(clauses, lim); !errors.As(err, &limit) {
		t.Fatalf("the rules as written ground within the limits (%v): the test needs a sheet that does not", err)
	}
	v, err := compile(name, d, lim, engineAuto)
	if err != nil {
		t.Fatal(err)
	}
	if e := Evaluation(v); e != "ground" {
		t.Fatalf("evaluated %s", e)
	}
	checkSameGame(t, name, v, loadWith(t, name, []byte(sheet), engineTopDown), 20, 40)
}

// TestRewrittenRulesAgree: every test sheet, and the unsafe ones,
// grounded from the rules ground.Rewrite makes (restricted to what
// is asked, their bodies split) play ply by ply as the rules as written
// do.
func TestRewrittenRulesAgree(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.kif")
	sheets := map[string][]byte{"marks": []byte(simultaneousMarks), "count": []byte(threeInARowCount(t))}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sheets[filepath.Base(f)] = src
	}
	for _, tc := range unsafeSheets {
		sheets[tc.name] = []byte(tc.sheet)
	}
	for name, src := range sheets {
		d, err := kif.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := compile(name, d, DefaultLimits, engineGround)
		if err != nil {
			continue // the invalid sheets of the tests
		}
		split, err := compile(name, d, DefaultLimits, engineGround|groundRewritten)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkSameGame(t, name, plain, split, 20, 200)
		})
	}
}
