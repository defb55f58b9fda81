package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/server/store"
)

// nodeEnv makes the test binary a server node (see TestHelperServeNode).
const nodeEnv = "TABLETOP_TEST_NODE_DIR"

// TestHelperServeNode is not a test of its own: TestKillNineLosesNoMove
// runs the test binary again with TABLETOP_TEST_NODE_DIR set, and this
// serves a node on that directory's SQLite file until it is killed.
func TestHelperServeNode(t *testing.T) {
	dir := os.Getenv(nodeEnv)
	if dir == "" {
		t.Skip("a child process of TestKillNineLosesNoMove")
	}
	db, err := store.Open(context.Background(), filepath.Join(dir, "tabletop.db"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{
		Listen: "127.0.0.1:0", DataDir: dir, MaxConnsPerIP: -1, ConnsPerMinute: -1,
		Store:  NewRoomStore(db, true),
		Logger: log.NewWithOptions(os.Stderr, log.Options{Level: log.WarnLevel}),
	})
	if err != nil {
		t.Fatal(err)
	}
	serveUntilKilled(t, s)
}

// serveUntilKilled serves s in a child node process and tells the parent
// its address on stdout.
func serveUntilKilled(t *testing.T, s *Server) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("ADDR %s\n", l.Addr())
	t.Fatal(s.Serve(l)) // until killed
}

// serveChild starts a node in another process on dir and returns its
// address and the process, killed at the end of the test.
func serveChild(t *testing.T, dir string) (string, *exec.Cmd) {
	t.Helper()
	return startChildNode(t, "TestHelperServeNode", nodeEnv+"="+dir)
}

// startChildNode runs the test binary's helper test, which serves a node
// (see serveUntilKilled), with env added, and returns the node's address
// and the process, killed at the end of the test if not before.
func startChildNode(t *testing.T, helper, env string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+helper+"$")
	cmd.Env = append(os.Environ(), env)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	a, ok := childAddr(out)
	if !ok {
		t.Fatal("the child node did not start")
	}
	return a, cmd
}

// childAddr reads a child node's stdout (to its end, in the background)
// for the address it serves on (see serveUntilKilled); false if none
// came within 30 s.
func childAddr(out io.Reader) (string, bool) {
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "ADDR "); ok {
				addr <- a
			}
		}
	}()
	select {
	case a := <-addr:
		return a, true
	case <-time.After(30 * time.Second):
		return "", false
	}
}

// playStored has the mover type a legal move in the stored room and
// waits until both screens show it: from then on it is an accepted move.
func playStored(t *testing.T, db *store.Store, code string, seats []*seat, rng *game.Rand) (moves int, over bool) {
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
			t.Fatal(err)
		}
	}
	n := len(r.Moves)
	legal := st.Legal(nil)
	mv := legal[rng.Intn(len(legal))]
	mover := seats[st.ToMove()]
	st.Apply(mv)
	var marks []int
	for _, s := range seats {
		marks = append(marks, s.term.mark())
	}
	mover.term.waitScreen(fmt.Sprintf("Moves (%d)", n))
	mover.term.typeMove(st.ShortMove(mv))
	for i, s := range seats {
		if st.Terminal() {
			s.term.waitFor(marks[i], "game over")
		} else {
			s.term.waitFor(marks[i], fmt.Sprintf("Moves (%d)", n+1))
		}
	}
	return n + 1, st.Terminal()
}

// A node killed with SIGKILL mid-game loses no move its players saw:
// restarted on the same SQLite file, the room has every one of them, the
// players rejoin and finish the game.
func TestKillNineLosesNoMove(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dir := t.TempDir()
	ana := &seat{name: "ana", key: newKey(t)}
	bob := &seat{name: "bob", key: newKey(t)}
	db := openDB(t, filepath.Join(dir, "tabletop.db"))
	v, _ := game.Lookup("pentago")
	const code = "K7QX"
	err := db.CreateRoom(context.Background(), store.Room{Code: code, Variant: "pentago", Start: v.New().String(), Status: store.StatusPlaying,
		Seats: []store.Seat{{Kind: store.SeatPlayer, Player: fingerprint(ana.key), Name: "ana"}, {Kind: store.SeatPlayer, Player: fingerprint(bob.key), Name: "bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	seats := []*seat{ana, bob}
	rng := game.NewRand(21)
	addr, child := serveChild(t, dir)
	ana.join(t, addr, code)
	bob.join(t, addr, code)
	seen := 0
	for i := 0; i < 7; i++ {
		seen, _ = playStored(t, db, code, seats, rng)
	}
	// The last move was on both screens: kill the node at once.
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	r, err := db.Room(context.Background(), code)
	if err != nil || len(r.Moves) != seen {
		t.Fatalf("after kill -9 the store has %d moves, the players saw %d (%v)", len(r.Moves), seen, err)
	}

	addr, _ = serveChild(t, dir)
	ana.join(t, addr, code)
	bob.join(t, addr, code)
	for over := false; !over; {
		_, over = playStored(t, db, code, seats, rng)
	}
	hist, err := db.History(context.Background(), fingerprint(ana.key), 1)
	if err != nil || len(hist) != 1 || hist[0].Room != code {
		t.Fatalf("history %+v, %v", hist, err)
	}
}
