//go:build !unix

package loadtest

import (
	"errors"
	"os"
)

// errNoStatsSignal: without SIGUSR1 a child server cannot be asked for
// its stats line, so the load test reports no server figures.
var errNoStatsSignal = errors.New("no stats signal on this system")

func requestStats(*os.Process) error { return errNoStatsSignal }

// stopChild kills the server: Windows cannot deliver SIGTERM to a child.
func stopChild(p *os.Process) error { return p.Kill() }
