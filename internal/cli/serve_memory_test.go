package cli

import (
	"bytes"
	"os"
	"testing"
	"time"

	"github.com/tabletop/tabletop/server"
)

// serve's --memory-limit: off by default, auto follows the sessions (unless GOMEMLIMIT
// is set, which then stands), off sets nothing, a number of MiB is a
// fixed limit; anything else is refused.
func TestServeMemoryLimit(t *testing.T) {
	auto := server.MemoryLimit{PerSession: server.DefaultMemoryPerSession, Floor: server.DefaultMemoryFloor, GarbageWindow: server.DefaultGarbageWindow}
	for _, tc := range []struct {
		args     []string
		goMemEnv string
		want     server.MemoryLimit
		fails    bool
	}{
		{nil, "", server.MemoryLimit{}, false},
		{[]string{"--memory-limit", "auto"}, "", auto, false},
		{[]string{"--memory-limit", "auto"}, "1GiB", server.MemoryLimit{}, false},
		{[]string{"--memory-limit", "off"}, "", server.MemoryLimit{}, false},
		{[]string{"--memory-limit", "512"}, "", server.MemoryLimit{Floor: 512 << 20}, false},
		{[]string{"--memory-limit", "auto", "--memory-per-session", "64"}, "", server.MemoryLimit{PerSession: 64 << 10, Floor: auto.Floor, GarbageWindow: auto.GarbageWindow}, false},
		{[]string{"--memory-limit", "auto", "--memory-garbage-window", "4s"}, "", server.MemoryLimit{PerSession: auto.PerSession, Floor: auto.Floor, GarbageWindow: 4 * time.Second}, false},
		{[]string{"--memory-limit", "lots"}, "", server.MemoryLimit{}, true},
		{[]string{"--memory-limit", "-5"}, "", server.MemoryLimit{}, true},
	} {
		t.Setenv("GOMEMLIMIT", "") // restored after the test
		os.Unsetenv("GOMEMLIMIT")
		if tc.goMemEnv != "" {
			t.Setenv("GOMEMLIMIT", tc.goMemEnv)
		}
		var out, errOut bytes.Buffer
		cfg, _, err := serveConfig(newCommandLine("serve", nil, &out, &errOut), tc.args)
		if (err != nil) != tc.fails || (err == nil && !sameLimit(cfg.MemoryLimit, tc.want)) {
			t.Errorf("%v with GOMEMLIMIT=%q: %+v, %v; want %+v (fails %v)", tc.args, tc.goMemEnv, cfg.MemoryLimit, err, tc.want, tc.fails)
		}
	}
}

// sameLimit compares the settings of two limits.
func sameLimit(a, b server.MemoryLimit) bool {
	return a.PerSession == b.PerSession && a.Floor == b.Floor && a.GarbageWindow == b.GarbageWindow
}
