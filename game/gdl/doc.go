// Package gdl reads games written in the Game Description Language (GDL,
// the 2008 specification by Love, Hinrichs, Haley, Schkufza and
// Genesereth) and plays them as game.Variants.
//
// Load parses a KIF rule sheet, validates it, grounds its rules (a
// semi-naive bottom-up pass over the atoms that can ever hold, bounded by
// Limits), decides the atoms that depend on neither true nor does once,
// and compiles the rest into one program over a []bool of ground atoms in
// dependency order. The state is the set of true propositions. Each state
// keeps every derived atom up to date incrementally: it counts, for each
// ground rule, the literals that hold and, for each atom, the rules that
// hold, so a ply costs work in proportion to what the move changes, not
// to the size of the rules; atoms that support each other through
// recursion are evaluated again to their least fixpoint. Nothing on the
// way (Legal, Apply, Terminal, Goal, Hash, CopyFrom) allocates.
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
// expects).
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
// role, base or input depending on true or does; a goal value written in
// a rule that is not a whole number from 0 to 100 (a value the rules
// compute out of that range counts as no goal, since grounding
// over-approximates and may find values that never occur). Sheets whose grounding exceeds the Limits
// (too many atoms or rule instances, terms nested too deep, too long) are
// refused with the limit that was reached; so are sheets whose (or ...)
// literals multiply out to too many rules. Base and input declarations,
// in the specification's form or ggp-base's compact one, are hints that
// never refuse a sheet nor change its game (see base.go). Beyond the
// specification, (or ...) may appear anywhere in a body, also under (not
// ...), and (not (distinct a b)) tests equality. GDL-II (sees, random) is
// not interpreted: random would be an ordinary role.
package gdl
