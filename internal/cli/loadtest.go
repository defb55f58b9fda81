package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/tabletop/tabletop/internal/loadtest"
)

// runLoadtest measures a tabletop SSH server on this machine.
//
//	tabletop loadtest --sessions N --duration D [--churn CYCLES] [--addr 127.0.0.1:PORT]
func runLoadtest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg loadtest.Config
	fs.IntVar(&cfg.Sessions, "sessions", 100, fmt.Sprintf("concurrent sessions (at most %d)", loadtest.MaxSessions))
	fs.DurationVar(&cfg.Duration, "duration", 30*time.Second, fmt.Sprintf("how long the sessions press keys (at most %s)", loadtest.MaxDuration))
	fs.IntVar(&cfg.Churn, "churn", 0, fmt.Sprintf("then open and abruptly close this many sessions, checking for leaks (at most %d)", loadtest.MaxChurn))
	fs.StringVar(&cfg.Addr, "addr", "", "load an already running server at this loopback address instead of starting one (no memory figures)")
	fs.Float64Var(&cfg.KeysPerSecond, "keys", 2, "keypresses per second per session")
	fs.IntVar(&cfg.Ramp, "ramp", 50, "new sessions per second while opening")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: tabletop loadtest [--sessions N] [--duration D] [--churn CYCLES] [--addr 127.0.0.1:PORT]")
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "Load-tests a tabletop SSH server on this machine (loopback only). Targets (issue 4):")
		fmt.Fprintln(stderr, "keypress-to-frame p95 < 50 ms, accept p95 < 100 ms, <= 250 KB RSS per idle session,")
		fmt.Fprintln(stderr, "no goroutine growth after churn.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintln(stderr, "tabletop loadtest:", err)
		return 2
	}
	ok, err := loadtest.Run(cfg, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "tabletop loadtest:", err)
		return 1
	}
	if !ok {
		return 1
	}
	return 0
}
