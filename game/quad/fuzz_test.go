package quad

import (
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

// fuzzVariants are the variants the fuzzers pick from by a byte.
func fuzzVariants(f *testing.F) []*game.Variant {
	var vs []*game.Variant
	for _, name := range []string{"quad5", "quad7", "quad11"} {
		v, err := game.Lookup(name)
		if err != nil {
			f.Fatal(err)
		}
		vs = append(vs, v)
	}
	return vs
}

// FuzzParsePosition feeds position strings from strangers to every Quad
// variant (see gametest.CheckPositionText).
func FuzzParsePosition(f *testing.F) {
	vs := fuzzVariants(f)
	for i, v := range vs {
		for _, s := range gametest.PositionSeeds(v, 4) {
			f.Add(uint8(i), s)
		}
	}
	for _, junk := range []string{
		"", " ", "x", "-...-/...../...../...../-...-", "-...-/...../...../...../-...- x",
		"-...-/...../...../...../-...- x 0", "-...-/...../...../...../-...- x -1 0",
		"-...-/...../...../...../-...- z 0 0", "x...-/...../...../...../-...- x 0 0",
		"-...-/xxxx./oooo./...../-...- o 0 0", "-...-/.w.../...../...../-...- x 0 0",
		"-...-/...../...../...../-...- x 99999999999999999999 0", "-...-//...../...../-...- x 0 0",
		"-.....-/......./......./......./......./......./-.....- x 5 5 extra",
		"-.....-/......./......./......./......./......./-.....-  x 5 5", "-...-/...../..\x00../...../-...- x 0 0",
	} {
		f.Add(uint8(0), junk)
		f.Add(uint8(1), junk)
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		gametest.CheckPositionText(t, vs[int(which)%len(vs)], text, 1)
	})
}

// FuzzParseMove feeds typed moves to Quad positions reached by random
// play (see gametest.CheckMoveText).
func FuzzParseMove(f *testing.F) {
	vs := fuzzVariants(f)
	for i, v := range vs {
		for j, m := range gametest.MoveSeeds(v) {
			f.Add(uint8(i), uint64(j), uint8(j%7), m)
		}
	}
	for _, junk := range []string{
		"", "r", "r3", "c3", "r3c", "r0c0", "r1c1", "r6c6", "r-1c2", "r99999999999c1", "R3C4", " r3c4 ",
		"(mark r3 c4)", "(mark r3 c4", "(block r2 c2)", "(noop)", "noop", "(mark 3 4)", "(mark r3 c4 r5)", "(MARK R3 C4)",
		"b r2c2", "(block r1 c1)", "(mark r3\tc4)", "r3c4\x00",
	} {
		f.Add(uint8(0), uint64(1), uint8(0), junk)
		f.Add(uint8(1), uint64(2), uint8(9), junk)
		f.Add(uint8(2), uint64(3), uint8(200), junk)
	}
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, plies uint8, text string) {
		gametest.CheckMoveText(t, vs[int(which)%len(vs)], seed, int(plies), text)
	})
}
