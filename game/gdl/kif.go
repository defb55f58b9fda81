package gdl

import "github.com/tabletop/tabletop/game/gdl/kif"

// The rule sheet's terms, as the rest of the program sees them: they are
// read by package kif, and named here too so that a caller of Load needs
// one import.

// Term is a KIF term: a symbol, a variable (?x) or a compound (f a b);
// see kif.Term.
type Term = kif.Term

// Rule is one sentence of a sheet; see kif.Rule.
type Rule = kif.Rule

// Description is a parsed rule sheet, not yet validated; see
// kif.Description.
type Description = kif.Description

// Error is a problem with a rule sheet, located by line; see kif.Error.
type Error = kif.Error

// Parse reads a KIF rule sheet. It checks only the syntax; Load also
// validates the rules against the GDL specification.
func Parse(src []byte) (*Description, error) { return kif.Parse(src) }

// ParseTerms reads ground terms in KIF, such as the facts a position's
// String writes or a move's text, in any case and spacing.
func ParseTerms(text string) ([]*Term, error) { return kif.ParseTerms(text) }
