package ggp

import (
	"slices"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// twinPlayouts is how many seeded random games a rule sheet must play
// exactly like a native engine to be taken for it.
const twinPlayouts = 16

// nativeTwin returns the registered native game that behaves like rules, a
// game read from GDL: the same number of roles, and the same legal moves
// for every role (by their KIF text), the same end and the same goals,
// ply by ply, along a few seeded random games. It looks at behaviour only,
// so a sheet written differently from tabletop's own is still recognised,
// and one that reads alike but plays differently is not. It gives up at
// the deadline.
func nativeTwin(rules *game.Variant, deadline time.Time) (*game.Variant, bool) {
	for _, v := range game.Variants() {
		if len(v.Roles) != len(rules.Roles) {
			continue
		}
		if gdl.IsGDL(v) {
			continue
		}
		if behavesAlike(rules, v, deadline) {
			return v, true
		}
	}
	return nil, false
}

// behavesAlike plays twinPlayouts seeded random games on both variants
// side by side and compares them at every ply.
func behavesAlike(a, b *game.Variant, deadline time.Time) bool {
	rng := game.NewRand(0x7ab1e7)
	var buf []game.Move
	for i := 0; i < twinPlayouts; i++ {
		sa, sb := a.New(), b.New()
		for {
			if time.Now().After(deadline) || !sameView(sa, sb, buf) {
				return false
			}
			if sa.Terminal() {
				break
			}
			joint := make([]string, len(a.Roles))
			for r := range joint {
				texts := legalTexts(sa, game.Role(r), buf)
				joint[r] = texts[rng.Intn(len(texts))]
			}
			if applyJoint(sa, joint) != nil || applyJoint(sb, joint) != nil {
				return false
			}
		}
	}
	return true
}

// sameView compares the legal moves of every role, the end and the goals.
func sameView(a, b game.State, buf []game.Move) bool {
	if a.Terminal() != b.Terminal() {
		return false
	}
	for r := range a.Variant().Roles {
		role := game.Role(r)
		if a.Terminal() {
			if a.Goal(role) != b.Goal(role) {
				return false
			}
			continue
		}
		if !slices.Equal(legalTexts(a, role, buf), legalTexts(b, role, buf)) {
			return false
		}
	}
	return true
}
