package pentago

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

// fuzzVariants are the variants the fuzzers pick from by a byte.
func fuzzVariants(f *testing.F) []*game.Variant {
	return []*game.Variant{variant(f, "pentago"), variant(f, "pentago-split")}
}

// FuzzParsePosition feeds position strings from strangers to both
// Pentago variants (see gametest.CheckPositionText).
func FuzzParsePosition(f *testing.F) {
	vs := fuzzVariants(f)
	for i, v := range vs {
		for _, s := range gametest.PositionSeeds(v, 4) {
			f.Add(uint8(i), s)
		}
	}
	start := vs[0].New().String()
	for _, junk := range []string{
		"", " ", start + " extra", start[:len(start)-1], "....../....../....../....../....../...... red",
		"....../....../....../....../....../...... red place", "....../....../....../....../....../...... green place",
		"....../....../....../....../....../...... red turn", "rrrrr./....../....../....../....../...... black place",
		"rrrrrr/bbbbbb/rrrrrr/bbbbbb/rrrrrr/bbbbbb red place", "....../....../....../....../....../..... red place",
		"....../....../..x.../....../....../...... red place", "....../....../....../....../....../...... red rotate",
		"....../....../....../....../....../...... red place\x00",
	} {
		f.Add(uint8(0), junk)
		f.Add(uint8(1), junk)
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		gametest.CheckPositionText(t, vs[int(which)%len(vs)], text, 1)
	})
}

// FuzzParseMove feeds typed moves to Pentago positions reached by random
// play (see gametest.CheckMoveText).
func FuzzParseMove(f *testing.F) {
	vs := fuzzVariants(f)
	for i, v := range vs {
		for j, m := range gametest.MoveSeeds(v) {
			f.Add(uint8(i), uint64(j), uint8(j%5), m)
		}
	}
	for _, junk := range []string{
		"", "1", "11", "111", "1 1 1", "(place 1 1 1)", "(place 0 1 1)", "(place 5 1 1)", "(place 1 4 1)",
		"(place 1 1 1", "(rotate 1 clockwise)", "(rotate 1 counterclockwise)", "(rotate 5 clockwise)", "(rotate 1 sideways)",
		"1cw", "1ccw", "4cw", "0cw", "cw", "r1c1", "a1", "(place 99999999999999999999 1 1)", "(noop)", "\x00",
	} {
		f.Add(uint8(0), uint64(1), uint8(0), junk)
		f.Add(uint8(1), uint64(2), uint8(1), junk)
		f.Add(uint8(0), uint64(3), uint8(200), junk)
	}
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, plies uint8, text string) {
		gametest.CheckMoveText(t, vs[int(which)%len(vs)], seed, int(plies), text)
	})
}
