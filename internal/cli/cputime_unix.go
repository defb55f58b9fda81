//go:build unix

package cli

import (
	"syscall"
	"time"
)

// cpuUnit names what cpuNow measures.
const cpuUnit = "CPU-s"

// cpuNow is the CPU time (user and system) the process has used.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
