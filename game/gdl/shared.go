package gdl

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// What both evaluators (the ground network and the top-down one) share.

// describe is Describe for s, a position of a GDL game whose true facts
// are facts.
func describe(s game.State, facts []string) string {
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

// compareFold orders texts as lessFolded does, without allocating.
func compareFold(a, b string) int {
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

// gdlRelations are the relations GDL itself defines, which staticFacts
// leaves out.
var gdlRelations = map[string]bool{"role": true, "init": true, "true": true, "next": true, "does": true,
	"legal": true, "goal": true, "terminal": true, "base": true, "input": true, "distinct": true}

// lessFolded orders texts without case, and by their spelling only when
// they are the same but for case, so that the order of moves and facts
// does not depend on how a sheet capitalises its symbols.
func lessFolded(a, b string) bool { return compareFold(a, b) < 0 }

const keySeed = 0xcbf29ce484222325

// keyHash combines leaf values into an index key. Distinct values may
// share a key; the join matches every candidate anyway.
func keyHash(h, v uint64) uint64 {
	h ^= v
	h *= 0x100000001b3
	return h ^ h>>32
}

// describedVariant is a variant with the names and texts of sheet d.
func describedVariant(name string, d *Description, roles []string) *game.Variant {
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
	pConst = iota // a ground term
	pVar          // a variable
	pFn           // a compound with variables
)
