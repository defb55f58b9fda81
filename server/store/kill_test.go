package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// killEnv tells the test binary, re-run as a child, to be the writer of
// TestKillLosesNoCommittedMove.
const killEnv = "TABLETOP_STORE_KILL_CHILD"

// TestKillLosesNoCommittedMove runs a writer process that appends moves
// and reports each one once AppendMove has returned, kills it (SIGKILL on
// Unix) at whatever point it has reached, and checks that every reported
// move is in the SQLite file and that the file is sound.
func TestKillLosesNoCommittedMove(t *testing.T) {
	if path := os.Getenv(killEnv); path != "" {
		killChild(path)
		return
	}
	path := t.TempDir() + "/tabletop.db"
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillLosesNoCommittedMove$")
	cmd.Env = append(os.Environ(), killEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	last := -1
	for last < 150 && lines.Scan() {
		if n, err := strconv.Atoi(lines.Text()); err == nil {
			last = n
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if last < 150 {
		t.Fatalf("the writer stopped after move %d", last)
	}
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	defer s.Close()
	r, err := s.Room(context.Background(), "KILL")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) <= last {
		t.Fatalf("%d moves after the kill; move %d was reported committed", len(r.Moves), last)
	}
	for i, m := range r.Moves {
		if m != fmt.Sprint("m", i) {
			t.Fatalf("move %d is %q", i, m)
		}
	}
	var check string
	if err := s.e.db.queryRow(context.Background(), `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check: %q, %v", check, err)
	}
	t.Logf("killed after move %d was reported; %d moves kept", last, len(r.Moves))
}

// killChild appends moves until it is killed.
func killChild(path string) {
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := s.CreateRoom(ctx, Room{Code: "KILL", Variant: "quad", Seats: []Seat{{Kind: SeatOpen}}}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for i := 0; ; i++ {
		if _, err := s.AppendMove(ctx, "KILL", Move{Number: i, Text: fmt.Sprint("m", i), At: time.Now()}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Println(i)
	}
}
