package game_test

import (
	"testing"

	"github.com/tabletop/tabletop/game"
)

// explained is an ended position that can say why.
type explained struct {
	ended
	why string
}

func (e *explained) ResultReason() string { return e.why }

func TestResultWithReason(t *testing.T) {
	two := &game.Variant{Name: "two", Roles: []string{"x", "o"}}
	tests := []struct {
		name string
		s    game.State
		want string
	}{
		{"no explainer", &ended{v: two, over: true, goals: []int{100, 0}}, "game over: x wins"},
		{"explained", &explained{ended{v: two, over: true, goals: []int{0, 100}}, "o made a line"},
			"game over: o wins — o made a line"},
		{"empty reason", &explained{ended{v: two, over: true, goals: []int{50, 50}}, ""}, "game over: a draw"},
		{"going on", &explained{ended{v: two, goals: []int{0, 0}}, "never asked"}, ""},
	}
	for _, tt := range tests {
		if got := game.ResultWithReason(tt.s); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
