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
	cmd, lines := startKillChild(t, "TestKillLosesNoCommittedMove", path)
	last := -1
	for last < 150 && lines.Scan() {
		if n, err := strconv.Atoi(lines.Text()); err == nil {
			last = n
		}
	}
	kill(t, cmd)
	if last < 150 {
		t.Fatalf("the writer stopped after move %d", last)
	}
	s := reopenChecked(t, path)
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
	t.Logf("killed after move %d was reported; %d moves kept", last, len(r.Moves))
}

// startKillChild runs the test binary's test as a writer child on the
// SQLite file path, and returns it and the lines it writes.
func startKillChild(t *testing.T, test, path string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), killEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, bufio.NewScanner(out)
}

// kill kills the child at whatever point it has reached (SIGKILL on Unix).
func kill(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
}

// reopenChecked opens the SQLite file a killed writer left, checks that
// the file is sound, and closes the store at the test's end.
func reopenChecked(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	var check string
	if err := s.e.db.queryRow(context.Background(), `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check: %q, %v", check, err)
	}
	return s
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
