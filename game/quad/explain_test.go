package quad_test

import (
	"testing"

	"github.com/tabletop/tabletop/game/gametest"
	_ "github.com/tabletop/tabletop/game/quad"
)

func TestResultReason(t *testing.T) {
	tests := []struct {
		name, variant, pos, last, want string
	}{
		{"x square", "quad5", "-.xo-/.xooo/xx.xo/oox.x/-...- x 0 0", "r5c4",
			"x completes the square r3c4–r4c3–r5c4–r4c5"},
		{"o square", "quad5", "-xo.-/x.oo./x..o./oxoxx/-..x- o 0 0", "r1c4",
			"o completes the square r1c3–r2c3–r2c4–r1c4"},
		{"open quad", "quad5", "-...-/oo.xo/xxo.o/oxxxx/-xo.- o 0 0", "r1c4",
			"marks exhausted, x has an open quad r3c1–r4c3–r2c4 (r1c2 empty): 95–5"},
		{"no blockers", "quad5", "-o.o-/xxoo./..xox/x.o.x/-xxo- o 0 0", "r4c4",
			"marks exhausted, no open quad, no blockers left: 50–50"},
		{"o more blockers", "quad7", "-xw.x.-/oo.w..x/x.owow./o..wwxo/xwooxxw/.x.ooxx/-.x.ow- o 0 1", "r6c1",
			"marks exhausted, no open quad, o has more blockers left (1 to 0): 10–90"},
		{"x more blockers", "quad7", "-wwxxx-/..w..w./.o..x.w/x.owooo/oo..wxo/xxxxwxo/-o.o.x- o 2 0", "r2c1",
			"marks exhausted, no open quad, x has more blockers left (2 to 0): 90–10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gametest.CheckResultReason(t, tt.variant, tt.pos, tt.last, tt.want)
		})
	}
}
