package ggp

import (
	"sync"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// blindRules are a match's rules read by the top-down evaluator, which
// grounds nothing: while the ground rules load (a big sheet on a loaded
// machine can outlast the start clock and the first plays), a play is
// answered with a move legal in its position rather than with a guess
// from the sheet's text, which the manager replaces when it is not legal.
type blindRules struct {
	once sync.Once
	done chan struct{} // closed once v is set (nil if the sheet was refused)
	v    *game.Variant
}

// legalMove returns a legal move of role after the joint moves turns,
// picked with seed, or "" when the top-down rules cannot tell by the
// deadline. What runs on after the deadline ends by itself.
func (b *blindRules) legalMove(src []byte, role string, turns [][]string, seed uint64, deadline time.Time) string {
	b.prepare(src)
	out := make(chan string, 1)
	go func() {
		<-b.done
		out <- legalAfter(b.v, role, turns, seed)
	}()
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case mv := <-out:
		return mv
	case <-t.C:
		return ""
	}
}

// prepare starts reading src top-down, once.
func (b *blindRules) prepare(src []byte) {
	b.once.Do(func() {
		b.done = make(chan struct{})
		go func() {
			defer close(b.done)
			b.v, _ = gdl.LoadTopDown("ggp", src)
		}()
	})
}

// legalAfter plays turns from v's start and returns one of role's legal
// moves, picked with seed; "" if v is nil, the role is not v's, a turn
// does not apply or role has no move.
func legalAfter(v *game.Variant, role string, turns [][]string, seed uint64) string {
	if v == nil {
		return ""
	}
	r := v.RoleIndexFold(role)
	if r == game.NoRole {
		return ""
	}
	s := v.New()
	for _, moves := range turns {
		if applyJoint(s, moves) != nil {
			return ""
		}
	}
	legal := legalTexts(s, r, nil)
	if len(legal) == 0 {
		return ""
	}
	return legal[game.NewRand(seed).Intn(len(legal))]
}
