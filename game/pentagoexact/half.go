package pentagoexact

// Half orientation sets. After j turns from the root the quarter turns of
// the four quadrants add up to a number as even or odd as j (each turn
// adds or takes one), so a level's masks need only the 128 orientations
// of its parity. Orientation o = o0 + 4·o1 + 16·o2 + 64·o3 is kept at bit
// i = o>>1 of a pxHalf (word i/64); the low bit of o is the one that
// gives o the level's parity.

import "math/bits"

// pxHalf is a set of the 128 orientations of one parity.
type pxHalf [2]uint64

// pxHalves holds, per orientation of one parity, whether the side to act
// wins and whether it does not lose.
type pxHalves struct{ win, notlose pxHalf }

// pxHalfOdd marks, at the even bit 2m of a word, the pairs m (bits 1–5 of
// o within the word) whose o1 and o2 low bits differ: there the odd
// member of the pair has the parity of the even member's sibling.
var pxHalfOdd uint64

func pxInitHalf() {
	for m := 0; m < 32; m++ {
		if (m>>1^m>>3)&1 == 1 {
			pxHalfOdd |= 1 << (2 * m)
		}
	}
}

func (h pxHalf) not() pxHalf { return pxHalf{^h[0], ^h[1]} }

// has tells whether orientation o, of the set's parity, is in the set.
func (h pxHalf) has(o int) bool { return h[o>>7]>>(o>>1&63)&1 != 0 }

// pxCompress keeps the orientations of parity par of x.
func pxCompress(x pxSuper, par int) pxHalf {
	var h pxHalf
	for w := 0; w < 4; w++ {
		// In word w (o3 = w) the pair m holds o = 64w + 2m and 64w+2m+1;
		// the one of parity par has low bit par ^ parity(o1, o2, o3 low bits).
		sel := pxHalfOdd // pairs that take the odd member when par ^ w&1 == 0
		if (par^w)&1 == 1 {
			sel = ^pxHalfOdd & 0x5555555555555555
		}
		v := x[w]
		y := v&0x5555555555555555&^sel | v>>1&sel
		y = (y | y>>1) & 0x3333333333333333
		y = (y | y>>2) & 0x0f0f0f0f0f0f0f0f
		y = (y | y>>4) & 0x00ff00ff00ff00ff
		y = (y | y>>8) & 0x0000ffff0000ffff
		y = (y | y>>16) & 0x00000000ffffffff
		h[w>>1] |= y << (32 * (w & 1))
	}
	return h
}

// pxRmaxHalf returns the orientations (of the other parity) from which
// one quarter turn of one quadrant, either way, reaches one in x. With
// i = o>>1: o0's high bit is bit 0 of i (a turn of quadrant 0 reaches
// both of its values), o1 bits 1–2, o2 bits 3–4, o3 bit 5 and the word.
func pxRmaxHalf(x pxHalf) pxHalf {
	u := bits.RotateLeft64(x[0]|x[1], 32) // quadrant 3: o3 ± 1
	var y pxHalf
	for w := 0; w < 2; w++ {
		v := x[w]
		y[w] = u | v | v>>1&0x5555555555555555 | v<<1&0xaaaaaaaaaaaaaaaa |
			v<<2&0xfcfcfcfcfcfcfcfc | v>>6&0x0303030303030303 |
			v>>2&0x3f3f3f3f3f3f3f3f | v<<6&0xc0c0c0c0c0c0c0c0 |
			v<<8&0xffffff00ffffff00 | v>>24&0x000000ff000000ff |
			v>>8&0x00ffffff00ffffff | v<<24&0xff000000ff000000
	}
	return y
}
