package pentago_test

import (
	"testing"

	"github.com/tabletop/tabletop/game/gametest"
	_ "github.com/tabletop/tabletop/game/pentago"
)

func TestResultReason(t *testing.T) {
	tests := []struct {
		name, pos, last, want string
	}{
		{"red five", "bbbrrr/brb.rb/br.bbr/rrrrbr/rbbbbr/b.rbrr red rotate", "1cw",
			"red makes five in a row: 133–132–131–433–432"},
		{"black five", "r..r.b/b.brrb/bbbr.b/.b.b.r/rrb.../.rrrbr black rotate", "1cw",
			"black makes five in a row: 211–221–231–111–121"},
		{"full board", "brbbrr/brbrrb/rrbbb./brrrrb/rbrbrr/rbbbbr black place", "131",
			"the board is full and nobody made five: draw"},
		{"both five", "br.r../.b..bb/..rrrb/rrbbb./rrb..b/r.brr. red rotate", "3ccw",
			"both made five: draw"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gametest.CheckResultReason(t, "pentago", tt.pos, tt.last, tt.want)
		})
	}
}
