package loadtest

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/server/store"
	gameloop "github.com/tabletop/tabletop/table"
)

// checkStore counts the shown moves the store does not hold, and tells a
// room missing from the store apart from a room short of moves.
func TestCheckStoreSaysWhatIsMissing(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	v, err := game.Lookup(roomsVariant)
	if err != nil {
		t.Fatal(err)
	}
	// Each table was shown two moves; the store has both of KEEP's, one of
	// HALF's and no room GONE.
	var tables []*table
	var shown []string
	for i, code := range []string{"KEEP", "HALF", "GONE"} {
		g, err := gameloop.New(v.New(), make([]gameloop.Seat, len(v.Roles)), uint64(i)+1)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			st := g.Position()
			if _, err := g.Play(st.ToMove(), st.Legal(nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
		shown = g.Texts()
		tables = append(tables, &table{code: code, game: g})
		stored := map[string]int{"KEEP": 2, "HALF": 1}[code]
		if code == "GONE" {
			continue
		}
		if err := db.CreateRoom(ctx, store.Room{Code: code, Variant: v.Name, Seats: []store.Seat{{Kind: store.SeatOpen}, {Kind: store.SeatOpen}}}); err != nil {
			t.Fatal(err)
		}
		for n := range stored {
			if _, err := db.AppendMove(ctx, code, store.Move{Number: n, Text: shown[n]}); err != nil {
				t.Fatal(err)
			}
		}
	}
	rt := &roomsTest{db: db}
	lost, notes := rt.checkStore(tables)
	if lost != 3 || len(notes) != 2 {
		t.Fatalf("%d lost, notes %q; want 3 lost and two notes", lost, notes)
	}
	if !strings.Contains(notes[0], "room HALF: 2 moves shown, 1 stored") || !strings.Contains(notes[1], "room GONE: 2 moves shown; reading it: ") {
		t.Fatalf("notes %q", notes)
	}
}
