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
	cmd, lines, path := startKillChild(t, "TestKillLosesNoCommittedMove", killChild)
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

// startKillChild runs the test binary's test as a child that opens a
// new SQLite file and hands it to writer, which writes until it is
// killed; it returns the child, the lines it writes and the file's path.
// In the child itself it runs writer and never returns.
func startKillChild(t *testing.T, test string, writer func(s *Store)) (*exec.Cmd, *bufio.Scanner, string) {
	t.Helper()
	if path := os.Getenv(killEnv); path != "" {
		s, err := Open(context.Background(), path)
		exitOn(err)
		writer(s)
		os.Exit(0)
	}
	path := t.TempDir() + "/tabletop.db"
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), killEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, bufio.NewScanner(out), path
}

// exitOn ends a kill test's child on an error, which its parent then
// finds in the lines it reads.
func exitOn(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
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
func killChild(s *Store) {
	ctx := context.Background()
	exitOn(s.CreateRoom(ctx, Room{Code: "KILL", Variant: "quad", Seats: []Seat{{Kind: SeatOpen}}}))
	for i := 0; ; i++ {
		_, err := s.AppendMove(ctx, "KILL", Move{Number: i, Text: fmt.Sprint("m", i), At: time.Now()})
		exitOn(err)
		fmt.Println(i)
	}
}
