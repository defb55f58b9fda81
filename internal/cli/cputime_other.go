//go:build !unix && !windows

package cli

import "time"

// cpuUnit names what cpuNow measures: the system gives the process's CPU
// time no portable way, so bench measures wall-clock time there.
const cpuUnit = "s (wall clock)"

var processStart = time.Now()

// cpuNow is the wall-clock time since the process started.
func cpuNow() time.Duration { return time.Since(processStart) }
