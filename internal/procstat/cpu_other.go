//go:build !unix

package procstat

import "time"

// CPUTime is the CPU time this process has used; not read here (ok is
// false).
func CPUTime() (time.Duration, bool) { return 0, false }
