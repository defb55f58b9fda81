package kif

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// What both evaluators (the ground network and the top-down one) share.

// Describe is Describe for s, a position of a GDL game whose true facts
// are facts.
func Describe(s game.State, facts []string) string {
	var b strings.Builder
	roles := s.Variant().Roles
	switch {
	case s.Terminal():
		b.WriteString("game over:")
		for r, name := range roles {
			fmt.Fprintf(&b, " %s %d", name, s.Goal(game.Role(r)))
		}
		b.WriteByte('\n')
	case s.ToMove() == game.NoRole:
		b.WriteString("several roles move at once\n")
	default:
		fmt.Fprintf(&b, "%s to move\n", roles[s.ToMove()])
	}
	for _, f := range facts {
		b.WriteString(f)
		b.WriteByte('\n')
	}
	return b.String()
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// CompareFold orders texts as lessFolded does, without allocating.
func CompareFold(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		ca, cb := lowerASCII(a[i]), lowerASCII(b[i])
		if ca != cb {
			return int(ca) - int(cb)
		}
	}
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

// Relations are the relations GDL itself defines, which a sheet's
// static facts leave out.
var Relations = map[string]bool{"role": true, "init": true, "true": true, "next": true, "does": true,
	"legal": true, "goal": true, "terminal": true, "base": true, "input": true, "distinct": true}

// LessFolded orders texts without case, and by their spelling only when
// they are the same but for case, so that the order of moves and facts
// does not depend on how a sheet capitalises its symbols.
func LessFolded(a, b string) bool { return CompareFold(a, b) < 0 }

// KeySeed is the key of no values, which KeyHash starts from.
const KeySeed = 0xcbf29ce484222325

// KeyHash combines leaf values into an index key. Distinct values may
// share a key; the join matches every candidate anyway.
func KeyHash(h, v uint64) uint64 {
	h ^= v
	h *= 0x100000001b3
	return h ^ h>>32
}

// DescribedVariant is a variant with the names and texts of sheet d.
func DescribedVariant(name string, d *Description, roles []string) *game.Variant {
	v := &game.Variant{
		Name:    name,
		Title:   d.Title,
		Summary: "A game read from a GDL rule sheet",
		Roles:   roles,
	}
	if v.Title == "" {
		v.Title = name
	}
	if len(d.Notes) > 0 {
		v.Summary = d.Notes[0]
		v.Rules = strings.Join(d.Notes, "\n")
	}
	return v
}

// pattern kinds.
const (
	PConst = iota // a ground term
	PVar          // a variable
	PFn           // a compound with variables
)
