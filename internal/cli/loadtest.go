package cli

import (
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"github.com/tabletop/tabletop/internal/loadtest"
)

// runLoadtest measures a tabletop SSH server on this machine.
//
//	tabletop loadtest --sessions N --duration D [--churn CYCLES] [--addr 127.0.0.1:PORT]
func runLoadtest(c *commandLine, args []string) error {
	fs := c.flags
	var cfg loadtest.Config
	fs.IntVar(&cfg.Sessions, "sessions", 100, fmt.Sprintf("concurrent sessions (at most %d)", loadtest.MaxSessions))
	fs.DurationVar(&cfg.Duration, "duration", 30*time.Second, fmt.Sprintf("how long the sessions press keys (at most %s)", loadtest.MaxDuration))
	fs.BoolVar(&cfg.Hostile, "hostile", false, "soak: while the sessions press keys, run bounded numbers of hostile clients (pre-shell window changes, input bursts with abrupt closes, env floods, connect/close storms, stalled readers); fails when a session was refused or the server's goroutines do not return to their baseline")
	fs.IntVar(&cfg.Churn, "churn", 0, fmt.Sprintf("then open and abruptly close this many sessions, checking for leaks (at most %d)", loadtest.MaxChurn))
	fs.StringVar(&cfg.Addr, "addr", "", "load an already running server at this loopback address instead of starting one (no memory figures)")
	fs.Float64Var(&cfg.KeysPerSecond, "keys", 2, "keypresses per second per session")
	fs.IntVar(&cfg.Ramp, "ramp", 50, "new sessions per second while opening")
	fs.IntVar(&cfg.Rooms, "rooms", 0, fmt.Sprintf("instead, play this many two-player rooms at once over SSH (at most %d), measuring a move's Enter key to the other player's frame", loadtest.MaxRooms))
	fs.StringVar(&cfg.Store, "store", "", "with --rooms: a postgres:// DSN on this machine the nodes share (default a fresh SQLite file)")
	fs.IntVar(&cfg.Nodes, "nodes", 1, "with --rooms: servers sharing the store, the two players of a room on different ones (2 needs --store)")
	fs.DurationVar(&cfg.MoveGap, "move-gap", 2*time.Second, "with --rooms: about this long between a room's moves (each player moves every other time; 1s is a stress test)")
	fs.StringVar(&cfg.ProfileDir, "profile", "", "write the server's profiles to this folder: a CPU profile and the allocations while the keys are pressed (or the moves played), and its heap with the sessions idle (serve runs with --pprof on loopback)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of this process (the clients; the servers run in child processes) to this file")
	c.help = `Usage: tabletop loadtest [--sessions N] [--duration D] [--churn CYCLES] [--hostile] [--addr 127.0.0.1:PORT]
       tabletop loadtest --rooms N [--duration D] [--store postgres://… --nodes 2]

Load-tests a tabletop SSH server on this machine (loopback only). By default
it starts its own server (this program's serve, in a child process), opens
the sessions, which press keys, and reports the figures against the targets:
keypress-to-frame p95 < 50 ms, accept p95 < 100 ms, <= 100 KB RSS per idle
session, no goroutine growth after churn. With --hostile, misbehaving
clients run beside the sessions; no session may be refused and the server
must return to its goroutine baseline. The exit status is 1 when a target
is missed. On Windows the server's memory and goroutines are not measured.

With --rooms, it starts its nodes (this program's serve, in child
processes) on one store (a fresh SQLite file, or a fresh schema on the
PostgreSQL server --store names), makes N Pentago rooms in that store and
plays them at once, two SSH clients per room typing legal moves in turn;
it fails when a move's Enter key to the other player's frame has p95 >=
50 ms (100 ms with two nodes) or a move was lost (not shown to the other
player, or not in the store).

With --profile DIR the servers' CPU and allocation profiles (and, for the
sessions, the heap with them idle; for the rooms, the clients' CPU while
the moves are played) are written to DIR, for go tool pprof.

Flags:
`
	if _, err := c.parse(args, 0); err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return usageError{err.Error()}
	}
	if cfg.ProfileDir != "" {
		if err := os.MkdirAll(cfg.ProfileDir, 0o755); err != nil {
			return err
		}
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	ok, err := loadtest.Run(cfg, c.stdout)
	if err != nil {
		return err
	}
	if !ok {
		return exitStatus(1)
	}
	return nil
}

// startCPUProfile writes a CPU profile to path until the returned stop.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
