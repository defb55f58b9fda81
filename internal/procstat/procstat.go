// Package procstat reads this process's resource figures for the
// server's statistics, the load test and the benchmarks: CPU time, the
// resident set, and the Go runtime's live heap and stacks.
package procstat

import (
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
)

// RSSKB reads a process's resident set size in KB from /proc (Linux); 0
// elsewhere.
func RSSKB(pid int) int64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			f := strings.Fields(line)
			if len(f) >= 2 {
				n, _ := strconv.ParseInt(f[1], 10, 64)
				return n
			}
		}
	}
	return 0
}

// Memory is the Go runtime's view of this process's memory.
type Memory struct {
	// HeapKB is the heap allocated now, garbage not yet collected
	// included; LiveHeapKB is what the last collection found live,
	// without forcing one.
	HeapKB, LiveHeapKB int64
	// StackKB is the memory kept for goroutines' stacks (in use or
	// not); StartingStack is the size, in bytes, new goroutines' stacks
	// start at (Go sets it from the stacks' average use).
	StackKB, StartingStack int64
	// GCs is how many collections have run.
	GCs int64
}

// ReadMemory reads the runtime's memory figures (cheap: no collection,
// no stop of the world beyond runtime/metrics').
func ReadMemory() Memory {
	s := []metrics.Sample{
		{Name: "/gc/heap/allocs:bytes"},
		{Name: "/gc/heap/frees:bytes"},
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
		{Name: "/gc/stack/starting-size:bytes"},
	}
	metrics.Read(s)
	u := func(i int) int64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(s[i].Value.Uint64())
	}
	return Memory{
		HeapKB:     (u(0) - u(1)) >> 10,
		LiveHeapKB: u(2) >> 10,
		StackKB:    u(3) >> 10,
		GCs:        u(4),

		StartingStack: u(5),
	}
}
