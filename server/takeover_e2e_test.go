package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"
	"github.com/jackc/pgx/v5"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/server/store"
)

// takeoverEnv makes the test binary a PostgreSQL node (see
// TestHelperServeTakeoverNode); it names the store's DSN.
const takeoverEnv = "TABLETOP_TEST_TAKEOVER_DSN"

// takeoverTTL is the nodes' AI lease: short, so the survivor takes over
// soon after the holder dies, long enough that a busy machine's holder
// still renews it in time.
const takeoverTTL = 3 * time.Second

// TestHelperServeTakeoverNode is not a test of its own:
// TestAISeatTakeoverOverSSH runs the test binary again with
// TABLETOP_TEST_TAKEOVER_DSN set, and this serves a node on that
// PostgreSQL store, with a tiny AI budget, until it is killed.
func TestHelperServeTakeoverNode(t *testing.T) {
	servePostgresNode(t, takeoverEnv, "TestAISeatTakeoverOverSSH", func(c *Config) {
		c.AIBudget, c.AILeaseTTL = 20*time.Millisecond, takeoverTTL
	})
}

// servePostgresNode is the body of a helper test run as a child node: on
// the PostgreSQL store the environment variable env names (else it skips,
// naming the parent test), it serves a node, with set's settings, until
// it is killed.
func servePostgresNode(t *testing.T, env, parent string, set func(*Config)) {
	dsn := os.Getenv(env)
	if dsn == "" {
		t.Skip("a child process of " + parent)
	}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{
		Listen: "127.0.0.1:0", DataDir: t.TempDir(), MaxConnsPerIP: -1, ConnsPerMinute: -1,
		JanitorInterval: 50 * time.Millisecond,
		Store:           NewRoomStore(db, false),
		Logger:          log.NewWithOptions(os.Stderr, log.Options{Level: log.WarnLevel}),
	}
	set(&cfg)
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	serveUntilKilled(t, s)
}

// serveTakeoverChild starts a node on the PostgreSQL store dsn in
// another process and returns its address and the process, killed at
// the end of the test if not before.
func serveTakeoverChild(t *testing.T, dsn string) (string, *exec.Cmd) {
	t.Helper()
	return startChildNode(t, "TestHelperServeTakeoverNode", takeoverEnv+"="+dsn)
}

// leaseHolder reads which node holds the room's AI lease and until when
// ("" when no node does).
func leaseHolder(t *testing.T, pg *pgx.Conn, code string) (node string, expires time.Time) {
	t.Helper()
	var ms int64
	err := pg.QueryRow(context.Background(), `SELECT node, expires_ms FROM ai_leases WHERE room_code = $1`, code).Scan(&node, &ms)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", time.Time{}
	}
	if err != nil {
		t.Fatal(err)
	}
	return node, time.UnixMilli(ms)
}

// replayStored rebuilds the stored room's position.
func replayStored(t *testing.T, db *store.Store, code string) (store.Room, game.State) {
	t.Helper()
	r, err := db.Room(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	st, err := game.NewState(r.Variant, r.Start)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Moves {
		if _, err := game.PlayText(st, m); err != nil {
			t.Fatalf("stored move %q does not replay: %v", m, err)
		}
	}
	return r, st
}

// waitStored polls the store (at most a minute) until the room's
// position satisfies done, and returns it.
func waitStored(t *testing.T, db *store.Store, code, what string, done func(store.Room, game.State) bool) (store.Room, game.State) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; {
		r, st := replayStored(t, db, code)
		if done(r, st) {
			return r, st
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s; the store has %d moves", what, len(r.Moves))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// humanThenAI has ana (seat 1) play her whole turn over SSH, one legal
// action at a time, and waits until the AI (seat 0) has answered with
// its whole turn, in the store and on ana's screen, or the game is over.
// It returns the number of moves then and whether the game is over.
func humanThenAI(t *testing.T, db *store.Store, code string, ana *seat, rng *game.Rand) (moves int, over bool) {
	t.Helper()
	mark := ana.term.mark()
	for turnOver := false; !turnOver; {
		r, st := replayStored(t, db, code)
		if st.Terminal() {
			break
		}
		if st.ToMove() != 1 {
			t.Fatalf("the AI's turn in the store (%d moves) when ana should be to move", len(r.Moves))
		}
		n := len(r.Moves)
		legal := st.Legal(nil)
		mv := legal[rng.Intn(len(legal))]
		short := st.ShortMove(mv)
		st.Apply(mv)
		turnOver = st.Terminal() || st.ToMove() != 1
		ana.term.waitFor(0, fmt.Sprintf("Moves (%d)", n))
		ana.term.typeMove(short)
		// Her screen may skip this move's frame when the AI answers at
		// once: the store says it was accepted.
		waitStored(t, db, code, "ana's move "+short, func(r store.Room, _ game.State) bool { return len(r.Moves) > n })
	}
	r, st := waitStored(t, db, code, "the AI's answer", func(_ store.Room, st game.State) bool { return st.Terminal() || st.ToMove() == 1 })
	if st.Terminal() {
		ana.term.waitFor(mark, "game over")
		return len(r.Moves), true
	}
	ana.term.waitFor(mark, fmt.Sprintf("Moves (%d)", len(r.Moves)))
	return len(r.Moves), false
}

// The node holding a room's AI seat is killed (SIGKILL) mid-game: the
// other node, on the same PostgreSQL, takes the seat over once the dead
// node's lease runs out, and the human finishes the whole game over SSH
// on that node. Every move the players saw is in the store.
func TestAISeatTakeoverOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dsn := postgresDSN(t)
	db := openDB(t, dsn)
	pg, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pg.Close(context.Background()) })

	ana := &seat{name: "ana", key: newKey(t)}
	v, _ := game.Lookup("pentago")
	const code = "T4KE"
	// The AI moves first, so the first node to load the room claims it.
	err = db.CreateRoom(context.Background(), store.Room{Code: code, Variant: "pentago", Start: v.New().String(), Status: store.StatusPlaying,
		Creator: fingerprint(ana.key),
		Seats:   []store.Seat{{Kind: store.SeatAI, Name: "easy", AILevel: "easy"}, {Kind: store.SeatPlayer, Player: fingerprint(ana.key), Name: "ana"}}})
	if err != nil {
		t.Fatal(err)
	}
	// A node loads every live room as it starts: node A, alone, claims
	// the AI seat and plays the first turn before node B exists.
	addrA, nodeA := serveTakeoverChild(t, dsn)
	r, _ := waitStored(t, db, code, "node A's first AI turn", func(_ store.Room, st game.State) bool { return st.ToMove() == 1 })
	holderA, _ := leaseHolder(t, pg, code)
	if holderA == "" {
		t.Fatal("node A played the AI's turn without a lease")
	}
	addrB, _ := serveTakeoverChild(t, dsn)
	// A spectator watches on node A until it dies; ana plays on node B.
	cy := openTerm(t, addrA, termOpts{user: "cy", key: newKey(t), command: "join " + code})
	cy.waitFor(0, fmt.Sprintf("Moves (%d)", len(r.Moves)))
	ana.join(t, addrB, code)
	rng := game.NewRand(13)
	seen := len(r.Moves)
	// Two turns each after the AI's first: no one can have five in a row
	// yet, and the AI must still move after the kill.
	for i := 0; i < 2; i++ {
		var over bool
		if seen, over = humanThenAI(t, db, code, ana, rng); over {
			r, _ := replayStored(t, db, code)
			t.Fatalf("the game ended after %d moves, before node A was killed: %v %s", seen, r.Moves, r.Result)
		}
	}
	// The AI's last answer came from node A; its lease is still live.
	if holder, until := leaseHolder(t, pg, code); holder != holderA || !until.After(time.Now()) {
		t.Fatalf("before the kill the lease is %q until %v, want node A's (%q) still running", holder, until, holderA)
	}
	if err := nodeA.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = nodeA.Wait()
	if r, _ := replayStored(t, db, code); len(r.Moves) != seen {
		t.Fatalf("after kill -9 the store has %d moves, the players saw %d", len(r.Moves), seen)
	}
	atKill := seen

	// The AI's first turn after the kill can only come from node B, once
	// node A's lease has run out.
	seen, over := humanThenAI(t, db, code, ana, rng)
	if holder, _ := leaseHolder(t, pg, code); !over && (holder == "" || holder == holderA) {
		t.Fatalf("after the kill the AI moved with the lease %q (node A's is %q)", holder, holderA)
	}
	for !over {
		seen, over = humanThenAI(t, db, code, ana, rng)
	}
	r, st := replayStored(t, db, code)
	if !st.Terminal() || r.Status != store.StatusFinished {
		t.Fatalf("the game is not over in the store: status %q, %d moves", r.Status, len(r.Moves))
	}
	if len(r.Moves) != seen {
		t.Fatalf("the store has %d moves, ana saw %d", len(r.Moves), seen)
	}
	// The finished game, kept for ana's history, has every move too.
	hist, err := db.History(context.Background(), fingerprint(ana.key), 1)
	if err != nil || len(hist) != 1 || hist[0].Room != code {
		t.Fatalf("history %+v, %v", hist, err)
	}
	if g, err := db.Game(context.Background(), hist[0].ID); err != nil || strings.Join(g.Moves, " ") != strings.Join(r.Moves, " ") {
		t.Fatalf("the finished game has moves %v (%v), the room %v", g.Moves, err, r.Moves)
	}
	aiAfterKill := 0
	replay, _ := game.NewState(r.Variant, r.Start)
	for i, text := range r.Moves {
		if i >= atKill && replay.ToMove() == 0 {
			aiAfterKill++
		}
		if _, err := game.PlayText(replay, text); err != nil {
			t.Fatal(err)
		}
	}
	if aiAfterKill == 0 {
		t.Fatalf("no AI move after node A died (%d moves then, %d at the end)", atKill, len(r.Moves))
	}
	t.Logf("node B took the AI seat over: %d AI moves after the kill at move %d, game over after %d moves (%s)",
		aiAfterKill, atKill, len(r.Moves), r.Result)
}
