package game_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// ended is a position with fixed goals; the embedded State is nil, so any
// other method panics, which keeps the test honest about what it uses.
type ended struct {
	game.State
	v     *game.Variant
	over  bool
	goals []int
}

func (e *ended) Variant() *game.Variant { return e.v }
func (e *ended) Terminal() bool         { return e.over }
func (e *ended) Goal(r game.Role) int   { return e.goals[r] }

func TestWinnersAndResultText(t *testing.T) {
	two := &game.Variant{Name: "two", Roles: []string{"x", "o"}}
	four := &game.Variant{Name: "four", Roles: []string{"red", "blue", "green", "yellow"}}
	tests := []struct {
		name    string
		v       *game.Variant
		over    bool
		goals   []int
		winners []game.Role
		text    string
	}{
		{"going on", two, false, []int{100, 0}, nil, ""},
		{"first wins", two, true, []int{100, 0}, []game.Role{0}, "game over: x wins"},
		{"second wins", two, true, []int{0, 100}, []game.Role{1}, "game over: o wins"},
		{"draw", two, true, []int{50, 50}, []game.Role{0, 1}, "game over: a draw"},
		{"draw at zero", two, true, []int{0, 0}, []game.Role{0, 1}, "game over: a draw"},
		{"one of four", four, true, []int{0, 0, 100, 0}, []game.Role{2}, "game over: green wins"},
		{"shared", four, true, []int{50, 0, 50, 0}, []game.Role{0, 2}, "game over: shared by red and green"},
		{"shared by three", four, true, []int{0, 30, 30, 30}, []game.Role{1, 2, 3}, "game over: shared by blue and green and yellow"},
		{"four-way draw", four, true, []int{25, 25, 25, 25}, []game.Role{0, 1, 2, 3}, "game over: a draw"},
	}
	for _, tt := range tests {
		s := &ended{v: tt.v, over: tt.over, goals: tt.goals}
		if got := game.Winners(s); !reflect.DeepEqual(got, tt.winners) {
			t.Errorf("%s: Winners = %v, want %v", tt.name, got, tt.winners)
		}
		if got := game.ResultText(s); got != tt.text {
			t.Errorf("%s: ResultText = %q, want %q", tt.name, got, tt.text)
		}
	}
}

func TestPlayInAFinishedGame(t *testing.T) {
	s := &ended{v: &game.Variant{Name: "two", Roles: []string{"x", "o"}}, over: true, goals: []int{100, 0}}
	if err := game.Play(s, 1); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("Play: %v, want ErrGameOver", err)
	}
	if _, err := game.PlayText(s, "anything"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("PlayText: %v, want ErrGameOver", err)
	}
	if game.ErrGameOver.Error() != "the game is over" {
		t.Errorf("ErrGameOver reads %q", game.ErrGameOver)
	}
}
