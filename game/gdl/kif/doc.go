// Package kif reads a GDL rule sheet and checks it: the KIF terms and
// their parser (parse.go), the validation of the rules against the GDL
// specification, (or ...) multiplied out (validate.go), stratification
// and the recursion restriction (deps.go), and the rewriting of unsafe
// rules (safety.go) bound by a domain analysis (domains.go). Its result
// is the sheet's rules as Clauses, which both evaluators of package gdl
// (the ground network in gdl itself, the top-down one in gdl/topdown)
// and the Prolog translation (gdl/prolog) start from.
//
// shared.go holds the little both evaluators share besides: how symbols
// compare without case, the kinds of a compiled pattern, the hash their
// tables are keyed by and how a position is described.
//
// It imports nothing of tabletop but game.
package kif
