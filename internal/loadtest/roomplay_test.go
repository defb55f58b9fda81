package loadtest

import (
	"errors"
	"testing"
	"time"

	"github.com/tabletop/tabletop/internal/termscreen"
)

// fakeClient is a room client whose screen the test writes.
func fakeClient(text string) *roomClient {
	c := &roomClient{changed: make(chan struct{}, 1), scr: termscreen.New(60, 4)}
	c.scr.Write([]byte(text))
	return c
}

// A move counts as lost only when the mover was shown it as played and
// the other player never was; a move the server refused (the mover's
// screen says it could not store it) or one nobody was shown is not lost.
func TestAwaitMoveCountsOnlyShownMovesAsLost(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		mover, other  string
		want          error // nil: delivered
		lost, refused int
		stalled       int
	}{
		{"delivered", "Moves (3)", "Moves (3)", nil, 0, 0, 0},
		{"game over", "Moves (3)", "game over", nil, 0, 0, 0},
		{"refused", "Moves (2) the server could not store that; try again", "Moves (2)", errRefused, 0, 1, 0},
		{"shown to the mover only", "Moves (3)", "Moves (2)", errLost, 1, 0, 0},
		{"shown to nobody", "Moves (2)", "Moves (2)", nil, 0, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := awaitMove(fakeClient(tt.mover), fakeClient(tt.other), 2, 20*time.Millisecond)
			if tt.want != nil && !errors.Is(err, tt.want) || tt.want == nil && tt.stalled == 0 && err != nil {
				t.Fatalf("awaitMove: %v, want %v", err, tt.want)
			}
			var res roomsResult
			res.count(0, err)
			if res.lost != tt.lost || res.refused != tt.refused || res.stalled != tt.stalled {
				t.Errorf("counted lost %d, refused %d, stalled %d; want %d, %d, %d",
					res.lost, res.refused, res.stalled, tt.lost, tt.refused, tt.stalled)
			}
		})
	}
}
