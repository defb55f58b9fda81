//go:build windows

package cli

import (
	"syscall"
	"time"
)

// cpuUnit names what cpuNow measures.
const cpuUnit = "CPU-s"

// cpuNow is the CPU time (user and kernel) the process has used.
func cpuNow() time.Duration {
	var created, exited, kernel, user syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err == nil {
		err = syscall.GetProcessTimes(h, &created, &exited, &kernel, &user)
	}
	if err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	// Filetimes count 100 ns intervals.
	return time.Duration(int64(kernel.HighDateTime)<<32|int64(kernel.LowDateTime)+int64(user.HighDateTime)<<32|int64(user.LowDateTime)) * 100
}
