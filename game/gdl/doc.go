// Package gdl reads games written in the Game Description Language (GDL,
// the 2008 specification by Love, Hinrichs, Haley, Schkufza and
// Genesereth) and plays them as game.Variants.
//
// Load parses a KIF rule sheet, validates it, grounds its rules (bounded
// by Limits) and compiles them into a network evaluated bottom-up over a
// []bool of ground atoms: the state is the set of true propositions, and
// a ply evaluates the legal moves and terminal once and then the next
// state, without allocating.
//
// Turn-taking: ToMove is the one role with more than one legal move. When
// every role has exactly one legal move, it is the first role (in role
// order) whose move is not noop; when all of them only pass, nothing says
// whose turn it is and role 0 is reported. When several roles have a real
// choice at once, ToMove is game.NoRole, Legal is empty and the turn is
// played through the game.JointState methods LegalOf and ApplyJoint.
//
// Moves are numbered over the whole game: the text of a move (its KIF, in
// lower case) names it for every role, and the move noop is game.Noop.
// Positions print as their sorted true facts, "(cell 1 1 b) (control x)".
//
// A sheet is refused, with the line and the rule, when it is not valid
// GDL: a syntax error; a missing role, init, legal, next, terminal or goal;
// true, does, distinct, not or or as a rule's head; init or next in a
// body; rules for role; a wrong number of arguments to a GDL relation; an
// unsafe rule (a variable of the head, of a (not ...) or of a (distinct
// ...) that no positive literal of the body binds); negation through
// recursion (unstratified); a recursive literal whose variables are bound
// neither by the head nor by a literal outside the recursion (the
// recursion restriction, read for the variables of each argument); init
// depending on true or does; legal, goal or terminal depending on does;
// role, base or input depending on true or does; a goal value that is not
// a whole number from 0 to 100. Sheets whose grounding exceeds the Limits
// (too many atoms or rule instances, terms nested too deep, too long) are
// refused with the limit that was reached. Beyond the specification, (or
// ...) may appear anywhere in a body, also under (not ...), and (not
// (distinct a b)) tests equality.
package gdl
