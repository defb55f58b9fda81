package server

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/server/store"
)

// presenceEnv makes the test binary a PostgreSQL node with a short
// heartbeat and seat hold (see TestHelperServePresenceNode); it names the
// store's DSN.
const presenceEnv = "TABLETOP_TEST_PRESENCE_DSN"

// The presence test's nodes: a heartbeat short enough that a dead node is
// noticed soon, long enough that a busy machine's live node still renews
// it in time; a hold short enough to see the seat go.
const (
	presenceTTL  = 3 * time.Second
	presenceHold = 4 * time.Second
)

// TestHelperServePresenceNode is not a test of its own:
// TestDeadNodesPlayerShownAwayOverSSH runs the test binary again with
// TABLETOP_TEST_PRESENCE_DSN set, and this serves a node on that
// PostgreSQL store until it is killed.
func TestHelperServePresenceNode(t *testing.T) {
	servePostgresNode(t, presenceEnv, "TestDeadNodesPlayerShownAwayOverSSH", func(c *Config) {
		c.NodeTTL, c.SeatHold = presenceTTL, presenceHold
	})
}

// servePresenceChild starts a presence node on dsn in another process.
func servePresenceChild(t *testing.T, dsn string) (string, *exec.Cmd) {
	t.Helper()
	return startChildNode(t, "TestHelperServePresenceNode", presenceEnv+"="+dsn)
}

// Two nodes on one PostgreSQL, ana on node A and bob on node B in one
// room; node B is killed (SIGKILL): ana's screen shows bob away once B's
// heartbeat lapses, bob's seat is held for him, and after the hold it
// opens as the room says.
func TestDeadNodesPlayerShownAwayOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dsn := postgresDSN(t)
	db := openDB(t, dsn)
	v, _ := game.Lookup("pentago")
	const code = "PR3C"
	err := db.CreateRoom(context.Background(), store.Room{Code: code, Variant: "pentago", Start: v.New().String(),
		Options: store.Options{AfterHold: store.SeatOpen},
		Seats:   []store.Seat{{Kind: store.SeatOpen}, {Kind: store.SeatOpen}}})
	if err != nil {
		t.Fatal(err)
	}
	addrA, _ := servePresenceChild(t, dsn)
	addrB, nodeB := servePresenceChild(t, dsn)
	ana := &seat{name: "ana", key: newKey(t)}
	bob := &seat{name: "bob", key: newKey(t)}
	ana.join(t, addrA, code)
	// ana first: the seats go in the order the players sit.
	waitStored(t, db, code, "ana seated", func(r store.Room, _ game.State) bool { return r.Seats[0].Player == fingerprint(ana.key) })
	bob.join(t, addrB, code)
	// Both seated and the game begun: ana (first seat) is to move and
	// sees bob playing, not away.
	ana.term.waitFor(0, "Moves (0)")
	waitStored(t, db, code, "both seated", func(r store.Room, _ game.State) bool {
		return r.Seats[0].Kind == store.SeatPlayer && r.Seats[1].Kind == store.SeatPlayer
	})
	mark := ana.term.mark()
	ana.term.waitFor(0, "bob")

	if err := nodeB.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	_ = nodeB.Wait()
	ana.term.waitFor(mark, "bob (away)")
	away := time.Since(killed)
	mark = ana.term.mark()
	r, _ := waitStored(t, db, code, "bob's seat held", func(r store.Room, _ game.State) bool { return r.Seats[1].Kind == store.SeatHeld })
	if s := r.Seats[1]; s.Player != fingerprint(bob.key) || s.Node != "" {
		t.Fatalf("held seat %+v, want bob's, played from no node", s)
	}
	if s := r.Seats[0]; s.Kind != store.SeatPlayer || s.Node == "" {
		t.Fatalf("ana's seat %+v, want hers, played from node A", s)
	}
	waitStored(t, db, code, "bob's seat open after the hold", func(r store.Room, _ game.State) bool { return r.Seats[1].Kind == store.SeatOpen })
	ana.term.waitFor(mark, "(open)")
	t.Logf("bob shown away %v after node B was killed (heartbeat %v); seat open after the %v hold",
		away.Round(10*time.Millisecond), presenceTTL, presenceHold)
}
