package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	ossignal "os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/server/store"
)

// stopNodeEnv makes the test binary a node that stops on SIGTERM as
// tabletop serve does (see TestHelperServeStopNode); it holds the node's
// stopNodeOpts as JSON.
const stopNodeEnv = "TABLETOP_TEST_STOP_NODE"

// stopNodeOpts are a stoppable child node's settings.
type stopNodeOpts struct {
	Store    string        // DSN: an SQLite file or postgres://
	Data     string        // data directory
	Hold     time.Duration // --seat-hold
	NodeTTL  time.Duration // --node-ttl (0: the default)
	Adjourns time.Duration // --adjourned-expiry (0: the default)
	Limits   bool          // the default per-source limits (else none)
	KeyRate  int           // --key-rate (0: the default)
}

// TestHelperServeStopNode is not a test of its own: the downtime tests
// run the test binary again with TABLETOP_TEST_STOP_NODE set, and this
// serves a node until SIGTERM, which stops it gracefully as tabletop
// serve does (players told, sessions ended, seats held, the store
// closed), or until it is killed. It logs at info level on stderr.
func TestHelperServeStopNode(t *testing.T) {
	var o stopNodeOpts
	if err := json.Unmarshal([]byte(os.Getenv(stopNodeEnv)), &o); err != nil {
		t.Skip("a child process of the downtime tests")
	}
	db, err := store.Open(context.Background(), o.Store)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{
		Listen: "127.0.0.1:0", DataDir: o.Data, MaxConnsPerIP: -1, ConnsPerMinute: -1,
		JanitorInterval: 50 * time.Millisecond, SeatHold: o.Hold, NodeTTL: o.NodeTTL, AdjournedExpiry: o.Adjourns,
		Store:  NewRoomStore(db, !SharedDSN(o.Store)),
		Logger: log.NewWithOptions(os.Stderr, log.Options{Level: log.InfoLevel}),
	}
	if o.Limits {
		cfg.MaxConnsPerIP, cfg.ConnsPerMinute, cfg.JanitorInterval = 0, 0, 0
	}
	cfg.KeyRate = o.KeyRate
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sigs := make(chan os.Signal, 1)
	ossignal.Notify(sigs, syscall.SIGTERM)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(l) }()
	fmt.Printf("ADDR %s\n", l.Addr())
	select {
	case err := <-served:
		t.Fatal(err)
	case <-sigs:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatal("shutdown: ", err)
	}
	db.Close()
	fmt.Fprintln(os.Stderr, "STOPPED")
}

// stopNode is a child node of the downtime tests.
type stopNode struct {
	addr string
	cmd  *exec.Cmd
	logs *syncBuffer
}

// startStopNode starts a stoppable node with o in another process; it is
// killed at the end of the test if still running, and its log shown if
// the test failed.
func startStopNode(t *testing.T, o stopNodeOpts) *stopNode {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM: not on Windows")
	}
	if testing.Short() {
		t.Skip("starts server processes")
	}
	env, _ := json.Marshal(o)
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperServeStopNode$")
	cmd.Env = append(os.Environ(), stopNodeEnv+"="+string(env))
	logs := &syncBuffer{}
	cmd.Stderr = logs
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	n := &stopNode{cmd: cmd, logs: logs}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("node %s log:\n%s", n.addr, tail(logs.String()))
		}
	})
	var ok bool
	if n.addr, ok = childAddr(out); !ok {
		t.Fatalf("the node did not start; its log:\n%s", logs)
	}
	return n
}

// terminate stops the node with SIGTERM and waits until it has exited.
func (n *stopNode) terminate(t *testing.T) {
	t.Helper()
	if err := n.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- n.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil || !strings.Contains(n.logs.String(), "STOPPED") {
			t.Fatalf("the node did not stop cleanly (%v); its log:\n%s", err, tail(n.logs.String()))
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the node did not stop within 20 s of SIGTERM")
	}
}

// kill stops the node with SIGKILL.
func (n *stopNode) kill(t *testing.T) {
	t.Helper()
	if err := n.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = n.cmd.Wait()
}

// storedPair makes a playing room in db with two players, ana and bob
// with new keys, in its seats, as a room whose players joined, with
// opts' options; it returns their seats.
func storedPair(t *testing.T, db *store.Store, code, variant string, opts store.Options) []*seat {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	players := []*seat{{name: "ana", key: newKey(t)}, {name: "bob", key: newKey(t)}}
	var seats []store.Seat
	for _, p := range players {
		seats = append(seats, store.Seat{Kind: store.SeatPlayer, Player: fingerprint(p.key), Name: p.name,
			Remaining: max(opts.Clock.Initial, opts.Clock.PerMove)})
	}
	var turn time.Time
	if seats[0].Remaining > 0 {
		turn = time.Now()
	}
	if err := db.CreateRoom(context.Background(), store.Room{Code: code, Variant: variant, Start: v.New().String(), Status: store.StatusPlaying,
		Options: opts, Seats: seats, TurnStarted: turn}); err != nil {
		t.Fatal(err)
	}
	return players
}

// joinAll has every player join the room on the node at addr.
func joinAll(t *testing.T, addr, code string, seats []*seat) {
	t.Helper()
	for _, s := range seats {
		s.join(t, addr, code)
	}
}

// Finding 1: a clean stop (SIGTERM) and a downtime longer than the seat
// hold used to delete every game in progress. The game is there after
// the restart, its players' seats held for them afresh, and they play on.
func TestCleanStopBeyondTheHoldKeepsTheGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	o := stopNodeOpts{Store: filepath.Join(dir, "tabletop.db"), Data: dir, Hold: time.Second}
	db := openDB(t, o.Store)
	const code = "HQ4W"
	seats := storedPair(t, db, code, "pentago", store.Options{AfterHold: store.SeatAI})
	rng := game.NewRand(20)
	n := startStopNode(t, o)
	joinAll(t, n.addr, code, seats)
	played := 0
	for range 6 {
		played, _ = playStored(t, db, code, seats, rng)
	}
	n.terminate(t)
	time.Sleep(3 * o.Hold) // down for longer than the hold

	n = startStopNode(t, o)
	r, _ := replayStored(t, db, code) // the rooms are loaded before the node serves
	if r.Status != store.StatusPlaying || len(r.Moves) != played {
		t.Fatalf("after the restart the room is %s with %d moves, want playing with %d", r.Status, len(r.Moves), played)
	}
	for i, s := range r.Seats {
		if s.Kind != store.SeatHeld || s.Player != fingerprint(seats[i].key) || time.Until(s.HeldUntil) < o.Hold/2 {
			t.Fatalf("seat %d %+v: not held afresh for its player", i, s)
		}
	}
	joinAll(t, n.addr, code, seats)
	if _, over := playStored(t, db, code, seats, rng); over {
		t.Log("the game ended on that move")
	}
	if !strings.Contains(n.logs.String(), "downtime") {
		t.Fatalf("the restart's log does not mention the downtime:\n%s", n.logs)
	}
}

// moverClock reads the clock shown after name on a player's screen (the
// last drawn), e.g. "4:57" as 4m57s.
func moverClock(t *testing.T, tm *term, mark int, name string) time.Duration {
	t.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(name) + `\D{0,12}?(\d+):(\d\d)\b`)
	var got []string
	deadline := time.Now().Add(20 * time.Second)
	for got == nil {
		all := re.FindAllStringSubmatch(tm.text(mark), -1)
		if len(all) > 0 {
			got = all[len(all)-1]
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no clock after %q on the screen:\n%s", name, tail(tm.text(mark)))
		}
		time.Sleep(20 * time.Millisecond)
	}
	var m, s int
	fmt.Sscanf(got[1]+" "+got[2], "%d %d", &m, &s)
	return time.Duration(m)*time.Minute + time.Duration(s)*time.Second
}

// Finding 3: the clock ran on while the server was down. A 5-minute
// clock shows the same time after a restart 4 s later as before it,
// give or take the second the mover was served, after a clean stop and
// after kill -9.
func TestClockAcrossARestart(t *testing.T) {
	t.Parallel()
	for _, stop := range []string{"SIGTERM", "kill -9"} {
		t.Run(stop, func(t *testing.T) {
			dir := t.TempDir()
			o := stopNodeOpts{Store: filepath.Join(dir, "tabletop.db"), Data: dir, Hold: time.Minute}
			db := openDB(t, o.Store)
			const code = "CK7Q"
			seats := storedPair(t, db, code, "quad7", store.Options{Rated: true, Clock: store.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}})
			rng := game.NewRand(3)
			n := startStopNode(t, o)
			joinAll(t, n.addr, code, seats)
			for range 2 {
				playStored(t, db, code, seats, rng)
			}
			// The other player's screen counts the mover's clock down.
			_, st := replayStored(t, db, code)
			mover, other := seats[st.ToMove()], seats[1-st.ToMove()]
			mark := other.term.mark()
			time.Sleep(1500 * time.Millisecond)
			before := moverClock(t, other.term, mark, mover.name)
			if stop == "kill -9" {
				n.kill(t)
			} else {
				n.terminate(t)
			}
			const down = 4 * time.Second
			time.Sleep(down)
			n = startStopNode(t, o)
			other.join(t, n.addr, code)
			other.term.waitFor(0, "Moves (2)")
			after := moverClock(t, other.term, 0, mover.name)
			t.Logf("%s's clock %v before the %s, %v after %v down", mover.name, before, stop, after, down)
			if after < before-1500*time.Millisecond {
				t.Fatalf("%s's clock showed %v before the stop and %v after %v down: the downtime ran the clock", mover.name, before, after, down)
			}
		})
	}
}
