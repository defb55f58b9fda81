package ground

import (
	"errors"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// Giving way to the rewritten rules early. Sheet grounds the rules as
// written first and the rewritten ones (Rewrite) only when the first
// grounding reaches a limit. Fifteen corpus sheets reach the work budget
// so (AlexChess, racer4, the skirmishes, blobwars, ...): they paid the
// whole budget (0.4 to 1.2 CPU-s) for a grounding thrown away, and the
// rewritten one after it. Their joins' estimates do not tell it in time
// (their work is in the many small rounds of the game's dynamic
// relations, each estimated small), but where the work goes does: in
// each of them, at a quarter of the budget, more than nine tenths of the
// work so far went into clauses the rewrite changes (split, or guarded
// by its questions), the clauses whose instances the rewrite exists to
// avoid. Of the sheets that fit past a quarter of the budget, the
// checkers family (0.61) and quarto (0.34) spent less; five spent more
// (kalaha_2009, pacman2p, hallway, endgame, knightfight) and get the
// rewritten network now, which plays faster on two of them and slower
// on two (the README has the figures). Nothing here is a bound: a sheet
// whose rules as written would have fit may get the rewritten network.
//
// So at a quarter of the budget, when that share is over nine tenths,
// the grounding stops where it is and grounds the rewritten rules, with
// limits of their own; when they fit, they are the result, and when they
// do not, the first grounding goes on from where it stopped, as if never
// interrupted (nothing of it is thrown away), to the same result as
// before. Either way the rules are those of the same game; what changes
// is which of two networks of it a few sheets get (the measured ones are
// in the README) and how soon.

// earlyAt is the part of Limits.MaxWork at which a grounding of the
// rules as written weighs giving way to the rewritten rules.
const earlyAt = 4

// earlyShare is the share of the work so far, spent on clauses the
// rewrite changes, over which it gives way.
const earlyShare = 0.9

// errGaveWay ends a grounding that gave way to the rewritten rules.
var errGaveWay = errors.New("grounding gave way to the rewritten rules")

// early is what a grounding of the rules as written needs to give way.
type early struct {
	clauses []kif.Clause // as given to run, in the order of g.clauses
	// ground grounds the rewritten rules, with limits of their own.
	ground func(rewritten []kif.Clause) (*Grounder, error)
	at     int       // the work at which to weigh it; 0 once weighed
	result *Grounder // the rewritten grounding, when tried
	err    error     // its error
	tried  bool
}

// weigh is called once the work passes e.at: it tells whether the
// grounding gives way (the rewritten rules fit).
func (g *Grounder) weigh(e *early) bool {
	e.at = 0
	rewritten := Rewrite(e.clauses)
	if g.rewrittenShare(e.clauses, rewritten) <= earlyShare {
		return false
	}
	e.tried = true
	e.result, e.err = e.ground(rewritten)
	return e.err == nil
}

// rewrittenShare is the share of g's work so far spent on the clauses
// (those g grounds) that the rewritten clauses do not have as they are.
func (g *Grounder) rewrittenShare(clauses, rewritten []kif.Clause) float64 {
	if g.work == 0 {
		return 0
	}
	kept := map[string]bool{}
	for _, c := range rewritten {
		kept[clauseKey(c)] = true
	}
	changed := 0
	for i, gc := range g.clauses {
		w := gc.work
		if gc == g.joining {
			w += g.work - g.joinFrom
		}
		if w > 0 && !kept[clauseKey(clauses[i])] {
			changed += w
		}
	}
	return float64(changed) / float64(g.work)
}
