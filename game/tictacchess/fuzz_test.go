package tictacchess

import (
	"testing"

	"github.com/tabletop/tabletop/game/gametest"
)

// FuzzParsePosition feeds position strings from strangers to
// Tic-Tac-Chess (see gametest.CheckPositionText).
func FuzzParsePosition(f *testing.F) {
	for _, s := range gametest.PositionSeeds(Variant, 6) {
		f.Add(s)
	}
	start := Variant.New().String()
	for _, junk := range []string{
		"", " ", start + " extra", start[:len(start)-1], "...g.../......./......./r.....b/......./......./...y... red",
		"...g.../......./......./r.....b/......./......./...y... purple 1", "...g.../......./......./r.....b/......./......./...y... red 0",
		"...g.../......./......./r.....b/......./......./...y... red 99999999999999999999", "...g.../......./......./r.....b/......./......./...y... red -3",
		"rrrg.../......./......./r.....b/......./......./...y... red 1", "...g.../......./..rrr../r.....b/......./......./...y... yellow 5",
		"...g.../......./......./r.....b/......./......./...y.. red 1", "...g.../......./......./r.....b/......./......./...y... red 33",
		"...g.../......./..q..../r.....b/......./......./...y... red 1", "...g.../......./......./r.....b/......./......./...y... red 1\x00",
	} {
		f.Add(junk)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckPositionText(t, Variant, text, 1)
	})
}

// FuzzParseMove feeds typed moves to Tic-Tac-Chess positions reached by
// random play (see gametest.CheckMoveText).
func FuzzParseMove(f *testing.F) {
	for j, m := range gametest.MoveSeeds(Variant) {
		f.Add(uint64(j), uint8(j%9), m)
	}
	for _, junk := range []string{
		"", "(move 1 4 2 2)", "(move 1 4 2 2", "(move 0 4 2 2)", "(move 1 4 9 9)", "(move 1 4 1 4)", "(pass)", "(noop)",
		"pass", "14-22", "1422", "a4b2", "(move 99999999999999999999 4 2 2)", "(move -1 4 2 2)", "(MOVE 1 4 2 2)", "\x00",
	} {
		f.Add(uint64(1), uint8(0), junk)
		f.Add(uint64(2), uint8(7), junk)
		f.Add(uint64(3), uint8(200), junk)
	}
	f.Fuzz(func(t *testing.T, seed uint64, plies uint8, text string) {
		gametest.CheckMoveText(t, Variant, seed, int(plies), text)
	})
}
