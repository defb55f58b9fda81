package loadtest

import "testing"

// The goroutines that must come back to their baseline leave out the
// renderer workers the server keeps idle on purpose.
func TestOwnGoroutinesLeaveOutIdleWorkers(t *testing.T) {
	for _, c := range []struct {
		name string
		st   map[string]int64
		want int64
	}{
		{"idle workers reported", map[string]int64{"goroutines": 20, "idle_workers": 8}, 12},
		{"a server that does not report them", map[string]int64{"goroutines": 20}, 20},
	} {
		if got := ownGoroutines(c.st); got != c.want {
			t.Errorf("%s: ownGoroutines = %d, want %d", c.name, got, c.want)
		}
	}
}
