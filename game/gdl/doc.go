// Package gdl reads games written in the Game Description Language (GDL,
// the 2008 specification by Love, Hinrichs, Haley, Schkufza and
// Genesereth) and plays them as game.Variants: every rule sheet the
// reference software (ggp-base) publishes loads and plays.
//
// Load parses a KIF rule sheet, validates it and makes its unsafe
// rules safe (package kif), then picks how to evaluate it:
//
//   - a ground network, when the rules ground within Limits: a semi-naive
//     bottom-up pass over the atoms that can ever hold (package
//     gdl/ground, with hash joins planned from the relations' sizes)
//     decides the atoms that depend on neither true nor does once and
//     compiles the rest into one program over a []bool of ground atoms in
//     dependency order (program.go, net.go). The state is the set of true
//     propositions. Each state keeps every derived atom up to date
//     incrementally: it counts, for each ground rule, the literals that
//     hold and, for each atom, the rules that hold, so a ply costs work in
//     proportion to what the move changes, not to the size of the rules;
//     atoms that support each other through recursion are evaluated again
//     to their least fixpoint. Nothing on the way (Legal, Apply, Terminal,
//     Goal, Hash, CopyFrom) allocates. When the rules as written reach a
//     limit, they are grounded once more rewritten to the same game with
//     fewer atoms and instances (ground.Rewrite): the relations read only
//     with constant arguments restricted to the questions asked, and the
//     bodies split by variable elimination.
//   - a top-down evaluator with tabling, when both groundings reach a
//     limit (package gdl/topdown): it answers each state's questions (legal,
//     terminal, goal, next) against the rules as written, keeping the
//     answers to each question, for the game when they depend on neither
//     true nor does, for the state or the move otherwise. It plays the
//     same game, slower, and allocates only while its tables grow.
//
// Grounding's budget is counted work (Limits.MaxWork), not time, so a
// sheet is read the same way whatever the machine's load; Evaluation says
// which way a game is played and why.
//
// Turn-taking: ToMove is the one role with more than one legal move. When
// every role has exactly one legal move, it is the first role (in role
// order) whose move is not noop; when all of them only pass, nothing says
// whose turn it is and role 0 is reported. When several roles have a real
// choice at once, ToMove is game.NoRole, Legal is empty and the turn is
// played through the game.JointState methods LegalOf and ApplyJoint.
//
// Moves are numbered over the whole game: the text of a move (its KIF, in
// the case the sheet wrote it) names it for every role, and the move noop
// is game.Noop. Symbols compare without case, as GDL says: a move or a
// position may be given in any case, and a symbol the sheet writes two
// ways is one symbol, shown as first written (roles, moves and facts keep
// the sheet's spelling, "xPlayer", which is what GGP software sends and
// expects). Positions print as their true facts in the order of their
// text, "(cell 1 1 b) (control xPlayer)".
//
// What is accepted beyond the specification, as the reference software
// accepts it: base and input declarations of any form, among them
// ggp-base's compact (base cell (x 1 2 3) (y 1 2 3) (m x o b)), are hints
// that never refuse a sheet nor change its game (base.go); a sheet may
// lack init (it starts from the empty state) or next; rules the
// specification calls unsafe are evaluated as a top-down prover evaluates
// them (a variable only in a (not ...) stands for "some value"; a head
// variable that no positive literal binds ranges over the values its
// argument may be asked with, found by a domain analysis, kif/domains.go);
// (or ...) may appear anywhere in a body, also under (not ...); (not
// (distinct a b)) tests equality.
//
// A sheet is refused, with the line and the rule, when it is not valid
// GDL otherwise: a syntax error; a missing role, legal, terminal or goal;
// true, does, distinct, not or or as a rule's head; init or next in a
// body; rules for role; a wrong number of arguments to true, does, legal,
// goal, init, next, role, distinct or not; a variable that occurs only in
// a (distinct ...) (or in a (not ...) and a (distinct ...)); an unsafe
// rule whose variables' domain cannot be bounded; negation through
// recursion (unstratified); a recursive literal whose variables are bound
// neither by the head nor by a literal outside the recursion (the
// recursion restriction, read for the variables of each argument); init
// depending on true or does; legal, goal or terminal depending on does;
// role, base or input depending on true or does; a goal value written in
// a rule that is not a whole number from 0 to 100 (a value the rules
// compute out of that range counts as no goal); (or ...) literals that
// multiply out to too many rules. GDL-II (sees, random) is not
// interpreted: random would be an ordinary role.
package gdl
