package tictacchess_test

import (
	"testing"

	"github.com/tabletop/tabletop/game/gametest"
	_ "github.com/tabletop/tabletop/game/tictacchess"
)

func TestResultReason(t *testing.T) {
	tests := []struct {
		name, pos, last, want string
	}{
		{"centre line", "...g.../.....g./..r..../r.r...b/...yy../...b.../...y... red 13", "14-33",
			"red has three in a row in the centre: 33–34–35"},
		{"most pieces", "...g.../.r...../.b.rb../rr.y..b/....y../.r...b./...y... green 32", "47-35",
			"step 33: red has most pieces (red 5, yellow 3, blue 4, green 2)"},
		{"shared", "...g.../.r.y.b./..r..b./r.....b/.rrbg../.....b./...y... green 32", "53-32",
			"step 33: red and blue have most pieces (red 5, yellow 2, blue 5, green 2)"},
		{"three share", "...g.../.ggr.g./...rg../ry....b/.r..y../.ry..y./...y... green 32", "55-34",
			"step 33: red, yellow and green have most pieces (red 5, yellow 5, blue 1, green 5)"},
		{"all equal", "...g.../......./.y.gb../r.....b/..rb.../......./...y... green 32", "45x55",
			"step 33: nobody has more pieces (red 2, yellow 2, blue 2, green 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gametest.CheckResultReason(t, "tictacchess", tt.pos, tt.last, tt.want)
		})
	}
}
