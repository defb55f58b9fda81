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
	c.write([]byte(text))
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

// A line's facts: the move list's count, the game's end, a refused move.
func TestFactsOfALine(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		line string
		want lineFacts
	}{
		{"  Moves (12) ─→", lineFacts{moves: 12}},
		{"Moves (0)", lineFacts{moves: 0}},
		{"Moves (x) Moves (", lineFacts{moves: -1}},
		{"Moves (3", lineFacts{moves: -1}},
		{"Moves (3)  Moves (4)", lineFacts{moves: 4}},
		{"Pentago · game over: ana wins", lineFacts{moves: -1, over: true}},
		{"the server could not store that; try again", lineFacts{moves: -1, refused: true}},
		{"", lineFacts{moves: -1}},
	} {
		if got := factsOf([]byte(tt.line)); got != tt.want {
			t.Errorf("factsOf(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

// A client's facts follow what its screen shows: a line drawn over, a
// line erased, the screen cleared.
func TestClientFactsFollowTheScreen(t *testing.T) {
	t.Parallel()
	c := fakeClient("\x1b[2;1HMoves (2)")
	steps := []struct {
		out          string
		moves        int
		over, refuse bool
	}{
		{"", 2, false, false},
		{"\x1b[2;1HMoves (3)\x1b[K", 3, false, false},
		{"\x1b[3;1Hcould not store that", 3, false, true},
		{"\x1b[3;1H\x1b[K", 3, false, false},
		{"\x1b[1;1Hgame over", 3, true, false},
		{"\x1b[2J", -1, false, false},
	}
	for i, st := range steps {
		c.mu.Lock()
		c.write([]byte(st.out))
		c.mu.Unlock()
		if st.moves >= 0 && !c.showsMoves(st.moves, false) || c.showsMoves(st.moves+1, false) || c.showsMoves(2, false) && st.moves != 2 {
			t.Errorf("step %d: the client's move count is not %d (screen %q)", i, st.moves, c.scr.String())
		}
		if c.showsMoves(-2, true) != st.over || c.showsRefused() != st.refuse {
			t.Errorf("step %d: game over %t, refused %t; want %t, %t", i, c.showsMoves(-2, true), c.showsRefused(), st.over, st.refuse)
		}
	}
}

// A room is open once each player's screen shows its board, however
// late the join draws it; a board never drawn is an error.
func TestWaitBoardsWaitsForEachPlayer(t *testing.T) {
	t.Parallel()
	late := fakeClient("joining room…")
	go func() {
		time.Sleep(20 * time.Millisecond)
		late.mu.Lock()
		late.write([]byte("\x1b[2;1HMoves (0)"))
		late.mu.Unlock()
		late.changed <- struct{}{}
	}()
	tb := &table{players: [2]*roomClient{fakeClient("Moves (0)"), late}}
	if err := waitBoards(tb, 10*time.Second); err != nil {
		t.Fatalf("waitBoards: %v", err)
	}
	if !late.showsMoves(0, false) {
		t.Fatal("waitBoards returned before the second player's board")
	}
	tb = &table{players: [2]*roomClient{fakeClient("Moves (0)"), fakeClient("joining room…")}}
	if err := waitBoards(tb, 20*time.Millisecond); err == nil {
		t.Fatal("waitBoards: no error for a board never drawn")
	}
}
