//go:build unix

package cli

import (
	"os"
	"syscall"
)

// statsSignal asks a running server for one stats line.
var statsSignal os.Signal = syscall.SIGUSR1

// serveSignals are the signals serve listens for.
var serveSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGUSR1}
