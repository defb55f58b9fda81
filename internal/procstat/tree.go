package procstat

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// clockTicks is Linux's USER_HZ, the unit of /proc's CPU times (100 on
// every architecture Go runs on there).
const clockTicks = 100

// TreeCPU is the CPU time (user and system) that the process pid and its
// children have used, read from /proc (Linux; ok is false elsewhere or
// when pid is gone): pid's own, its children's that ended and were
// waited for, and its live children's. It measures a server of other
// processes on this machine, e.g. PostgreSQL's postmaster with its
// backends, whose CPU a backend that ended leaves with the postmaster.
func TreeCPU(pid int) (d time.Duration, ok bool) {
	own, ok := statOf(pid)
	if !ok {
		return 0, false
	}
	ticks := own.utime + own.stime + own.cutime + own.cstime
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, false
	}
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil || child == pid {
			continue
		}
		if s, ok := statOf(child); ok && s.ppid == pid {
			ticks += s.utime + s.stime
		}
	}
	return time.Duration(ticks) * time.Second / clockTicks, true
}

// Parent is the parent of process pid, read from /proc (Linux; ok is
// false elsewhere or when pid is gone).
func Parent(pid int) (int, bool) {
	s, ok := statOf(pid)
	return s.ppid, ok
}

// procStat is what TreeCPU and Parent read of /proc/PID/stat.
type procStat struct {
	ppid                         int
	utime, stime, cutime, cstime int64
}

func statOf(pid int) (procStat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	// The command's name, in parentheses, may hold spaces and
	// parentheses: the fields start after the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := bytes.Fields(data[i+1:])
	// f[0] is the state (field 3): ppid is field 4, utime..cstime 14..17.
	if len(f) < 15 {
		return procStat{}, false
	}
	n := func(k int) int64 { v, _ := strconv.ParseInt(string(f[k-3]), 10, 64); return v }
	return procStat{ppid: int(n(4)), utime: n(14), stime: n(15), cutime: n(16), cstime: n(17)}, true
}
