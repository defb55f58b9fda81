//go:build unix

package loadtest

import (
	"os"
	"syscall"
)

// requestStats asks a tabletop server to log its stats line.
func requestStats(p *os.Process) error { return p.Signal(syscall.SIGUSR1) }

// stopChild asks a tabletop server to shut down gracefully.
func stopChild(p *os.Process) error { return p.Signal(syscall.SIGTERM) }
