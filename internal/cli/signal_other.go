//go:build !unix

package cli

import (
	"os"
	"syscall"
)

// statsSignal is nil: Windows has no SIGUSR1, so a server there logs no
// stats line on demand.
var statsSignal os.Signal

// serveSignals are the signals serve listens for.
var serveSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}
