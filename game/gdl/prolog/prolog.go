// Package prolog writes a GDL rule sheet as a plain Prolog program, with
// a driver that plays random games, for the reference `tabletop bench
// --prolog` measures the engine against (SWI-Prolog). It reads the sheet
// with package kif and knows nothing of the engine.
package prolog

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tabletop/tabletop/game/gdl/kif"
)

// WriteProlog writes a plain translation of a rule sheet into Prolog
// (SWI-Prolog), with a driver that plays uniformly random games, for
// measuring the engine against a Prolog interpreter of the same rules on
// the same machine (tabletop bench --prolog).
//
// The translation is the textbook one a Prolog-based GGP player uses,
// without tabling or other help: each rule of the sheet (as validated,
// (or ...) multiplied out and unsafe rules made safe as Load reads them)
// is a clause; alternatives of one rule share the literals before the
// (or ...) and are a Prolog disjunction after them; relations are
// predicates named g_ and the relation's name, symbols are quoted atoms
// in lower case (GDL compares symbols without case); (true X) and
// (does R M) are the dynamic facts t(X) and d(R, M); (not L) is \+ L and
// (distinct A B) is A \== B, each placed after the positive literals
// that bind its variables. With tabling, relations that depend on
// themselves are tabled (SWI-Prolog's tabling, the tables dropped
// whenever the position or the moves change): left recursion, as in a
// connection test, never ends in plain SLD resolution, but where the
// recursion does end, tabling slows the sheet down (quad_5x5 five times). The driver keeps the position as t/1 facts:
// each ply it collects every role's legal moves with findall (sorted, so
// without repeats), asserts one at random per role as d/2, collects
// next with findall and replaces the t/1 facts with it; at the end it
// collects the goals.
//
// bench(Seconds, Seed, MaxPlies) plays games until Seconds of CPU time
// have passed (at least one), each of at most MaxPlies plies, and prints
// "prolog GAMES PLIES CPU_SECONDS".
func WriteProlog(w io.Writer, src []byte, tabling bool) error {
	d, err := kif.Parse(src)
	if err != nil {
		return err
	}
	clauses, err := kif.Validate(d, kif.DefaultMaxDepth)
	if err != nil {
		return err
	}
	pw := &prologWriter{preds: map[string]bool{}, defined: map[string]bool{}}
	var roles []string
	for i := 0; i < len(clauses); {
		j := i + 1
		for j < len(clauses) && clauses[j].Rule == clauses[i].Rule {
			j++
		}
		pw.rule(clauses[i:j])
		if c := clauses[i]; c.Head.Name == "role" && len(c.Body) == 0 {
			roles = append(roles, pw.term(c.Head.Args[0], nil))
		}
		i = j
	}
	// A relation the rules use but never define is false; Prolog must
	// be told it exists.
	var undefined []string
	for p := range pw.preds {
		if !pw.defined[p] {
			undefined = append(undefined, p)
		}
	}
	sort.Strings(undefined)
	var out strings.Builder
	out.WriteString(prologHeader)
	for _, p := range undefined {
		fmt.Fprintf(&out, ":- dynamic(%s).\n", p)
	}
	var tabled []string
	if tabling {
		tabled = recursiveRelations(clauses)
	}
	for _, p := range tabled {
		fmt.Fprintf(&out, ":- table(%s).\n", p)
	}
	if len(tabled) > 0 {
		out.WriteString("fresh :- abolish_all_tables.\n")
	} else {
		out.WriteString("fresh.\n")
	}
	out.WriteString(pw.b.String())
	fmt.Fprintf(&out, "roles([%s]).\n", strings.Join(roles, ", "))
	out.WriteString(prologDriver)
	_, err = io.WriteString(w, out.String())
	return err
}

type prologWriter struct {
	b       strings.Builder
	preds   map[string]bool // name/arity of every relation used
	defined map[string]bool // name/arity of every relation with a clause
}

// recursiveRelations returns the predicates (name/arity) of the relations
// that depend on themselves, which Prolog must table: left recursion
// (hex's (<= (reached ?r ?x2 ?y2) (reached ?r ?x ?y) ...)) never ends
// in plain SLD resolution.
func recursiveRelations(clauses []kif.Clause) []string {
	g := kif.NewDepGraph(clauses)
	set := map[string]bool{}
	for _, c := range clauses {
		h := kif.KeyOf(c.Head)
		for _, d := range kif.BodyRels(&c) {
			if g.SCC[d] == g.SCC[h] && len(g.ByHead[d]) > 0 {
				set[fmt.Sprintf("%s/%d", predName(c.Head), len(c.Head.Args))] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// rule writes the clauses of one rule of the sheet (its (or ...)
// alternatives) as one Prolog clause.
func (pw *prologWriter) rule(cs []kif.Clause) {
	vars := map[string]string{}
	head := pw.atom(cs[0].Head, vars)
	pw.defined[pw.pred(cs[0].Head)] = true
	bodies := make([][]string, len(cs))
	for i, c := range cs {
		bodies[i] = pw.body(c.Body, vars)
	}
	pw.b.WriteString(head)
	common := 0
	for common < len(bodies[0]) && allHave(bodies, common, bodies[0][common]) {
		common++
	}
	goals := append([]string(nil), bodies[0][:common]...)
	if len(bodies) > 1 {
		var alts []string
		for _, b := range bodies {
			alts = append(alts, conj(b[common:]))
		}
		goals = append(goals, "("+strings.Join(alts, " ; ")+")")
	}
	if len(goals) > 0 {
		pw.b.WriteString(" :- ")
		pw.b.WriteString(strings.Join(goals, ", "))
	}
	pw.b.WriteString(".\n")
}

func allHave(bodies [][]string, i int, g string) bool {
	for _, b := range bodies {
		if i >= len(b) || b[i] != g {
			return false
		}
	}
	return true
}

func conj(goals []string) string {
	if len(goals) == 0 {
		return "true"
	}
	return strings.Join(goals, ", ")
}

// body orders a clause's literals for Prolog: the positive ones as
// written, each test or negation as soon as its variables are bound.
func (pw *prologWriter) body(lits []kif.Lit, vars map[string]string) []string {
	var out []string
	bound := map[string]bool{}
	done := make([]bool, len(lits))
	flush := func() {
		for i, l := range lits {
			if !done[i] && l.Kind != kif.LitPos && litBound(l, bound) {
				out = append(out, pw.literal(l, vars))
				done[i] = true
			}
		}
	}
	flush()
	for i, l := range lits {
		if l.Kind == kif.LitPos {
			out = append(out, pw.literal(l, vars))
			done[i] = true
			kif.AddVars(l.Atom, bound)
			flush()
		}
	}
	for i, l := range lits {
		if !done[i] {
			out = append(out, pw.literal(l, vars))
		}
	}
	return out
}

func litBound(l kif.Lit, bound map[string]bool) bool {
	vs := map[string]bool{}
	if l.Atom != nil {
		kif.AddVars(l.Atom, vs)
	} else {
		kif.AddVars(l.A, vs)
		kif.AddVars(l.B, vs)
	}
	for v := range vs {
		if !bound[v] {
			return false
		}
	}
	return true
}

func (pw *prologWriter) literal(l kif.Lit, vars map[string]string) string {
	switch l.Kind {
	case kif.LitNeg:
		return `\+ ` + pw.atom(l.Atom, vars)
	case kif.LitDistinct:
		return pw.term(l.A, vars) + ` \== ` + pw.term(l.B, vars)
	case kif.LitSame:
		return pw.term(l.A, vars) + ` == ` + pw.term(l.B, vars)
	}
	return pw.atom(l.Atom, vars)
}

// atom writes a relation's atom as a call of its predicate.
func (pw *prologWriter) atom(a *kif.Term, vars map[string]string) string {
	q := predName(a)
	pw.preds[pw.pred(a)] = true
	return pw.compound(q, a.Args, vars)
}

// compound writes q applied to the terms of args, or q alone without
// arguments.
func (pw *prologWriter) compound(q string, args []*kif.Term, vars map[string]string) string {
	if len(args) == 0 {
		return q
	}
	out := make([]string, len(args))
	for i, x := range args {
		out[i] = pw.term(x, vars)
	}
	return q + "(" + strings.Join(out, ", ") + ")"
}

// predName is the quoted name of the predicate of relation atom a.
func predName(a *kif.Term) string {
	switch a.Name {
	case "true":
		return "t"
	case "does":
		return "d"
	}
	return quoteAtom("g_" + kif.FoldKey(a.Name))
}

// pred is the name/arity of the predicate of relation atom a.
func (pw *prologWriter) pred(a *kif.Term) string {
	return fmt.Sprintf("%s/%d", predName(a), len(a.Args))
}

// term writes a term: variables as V0, V1..., symbols as quoted atoms in
// lower case.
func (pw *prologWriter) term(t *kif.Term, vars map[string]string) string {
	if t.IsVar() {
		v, ok := vars[t.Name]
		if !ok {
			v = fmt.Sprintf("V%d", len(vars))
			vars[t.Name] = v
		}
		return v
	}
	return pw.compound(quoteAtom(kif.FoldKey(t.Name)), t.Args, vars)
}

// quoteAtom writes a Prolog quoted atom.
func quoteAtom(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

const prologHeader = `% A plain translation of a GDL rule sheet, written by tabletop bench --prolog.
:- style_check(-discontiguous).
:- style_check(-singleton).
:- dynamic(t/1).
:- dynamic(d/2).
:- dynamic(roles/1).
`

const prologDriver = `
bench(Seconds, Seed, MaxPlies) :-
    set_random(seed(Seed)),
    statistics(cputime, T0),
    bench_loop(T0, Seconds, MaxPlies, 0, 0, Games, Plies),
    statistics(cputime, T1),
    T is T1 - T0,
    format("prolog ~w ~w ~6f~n", [Games, Plies, T]).

bench_loop(T0, Seconds, MaxPlies, G0, P0, G, P) :-
    playout(MaxPlies, K),
    G1 is G0 + 1, P1 is P0 + K,
    statistics(cputime, T),
    (   T - T0 >= Seconds
    ->  G = G1, P = P1
    ;   bench_loop(T0, Seconds, MaxPlies, G1, P1, G, P)
    ).

playout(MaxPlies, K) :-
    start,
    plies(MaxPlies, 0, K),
    roles(Rs),
    forall(member(R, Rs), findall(V, 'g_goal'(R, V), _)).

start :-
    retractall(t(_)), retractall(d(_, _)),
    findall(X, 'g_init'(X), Xs0), sort(Xs0, Xs),
    forall(member(X, Xs), assertz(t(X))),
    fresh.

plies(MaxPlies, K0, K) :-
    (   ( K0 >= MaxPlies ; 'g_terminal' )
    ->  K = K0
    ;   ply,
        K1 is K0 + 1,
        plies(MaxPlies, K1, K)
    ).

ply :-
    roles(Rs),
    forall(member(R, Rs), choose(R)),
    fresh,
    findall(X, 'g_next'(X), Xs0), sort(Xs0, Xs),
    retractall(t(_)), retractall(d(_, _)),
    forall(member(X, Xs), assertz(t(X))),
    fresh.

choose(R) :-
    findall(M, 'g_legal'(R, M), Ms0), sort(Ms0, Ms),
    (   Ms == [] -> true ; random_member(M, Ms), assertz(d(R, M)) ).

% trace(Seed, MaxPlies) plays one random game and prints, on every ply,
% "state" and the true facts, then "does R M" for every role's move, and
% at the end "goal R V" for every goal: the tests replay it.
trace(Seed, MaxPlies) :-
    set_random(seed(Seed)),
    start,
    trace_plies(MaxPlies, 0).

trace_plies(MaxPlies, K) :-
    write(state), forall(t(X), (write(' '), kif(X))), nl,
    (   ( K >= MaxPlies ; 'g_terminal' )
    ->  roles(Rs),
        forall(( member(R, Rs), 'g_goal'(R, V) ), ( write('goal '), kif(R), write(' '), kif(V), nl ))
    ;   roles(Rs),
        forall(member(R, Rs), choose(R)),
        forall(d(R, M), ( write('does '), kif(R), write(' '), kif(M), nl )),
        fresh,
        findall(X, 'g_next'(X), Xs0), sort(Xs0, Xs),
        retractall(t(_)), retractall(d(_, _)),
        forall(member(X, Xs), assertz(t(X))),
        fresh,
        K1 is K + 1,
        trace_plies(MaxPlies, K1)
    ).

kif(T) :- atomic(T), !, write(T).
kif(T) :-
    T =.. [F|As],
    write('('), write(F),
    forall(member(A, As), ( write(' '), kif(A) )),
    write(')').
`
