// Package topdown is GDL's top-down evaluator with tabling, the engine of
// package gdl for sheets whose ground form is too large to build (a limit
// of gdl.Limits reached): it answers each state's questions (legal,
// terminal, goal, next) against the rules as written (eval.go,
// eval_join.go), keeping the answers to each question, for the game when
// they depend on neither true nor does, for the state or the move
// otherwise. Its terms are interned in a store shared by the game's
// states (terms.go); State (tdstate.go) is its game.JointState.
//
// It starts from the validated clauses of package kif (Compile) and
// plays the same game as the ground network, slower, allocating only
// while its tables grow.
package topdown
