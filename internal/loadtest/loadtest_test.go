package loadtest

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/server"
)

func TestConfigValidate(t *testing.T) {
	good := Config{Sessions: 10, Duration: time.Second, KeysPerSecond: 2, Ramp: 50}
	tests := []struct {
		name string
		mod  func(*Config)
		want string // "" when valid
	}{
		{"defaults", func(*Config) {}, ""},
		{"loopback addr", func(c *Config) { c.Addr = "127.0.0.1:2222" }, ""},
		{"no sessions", func(c *Config) { c.Sessions = 0 }, "--sessions"},
		{"too many sessions", func(c *Config) { c.Sessions = MaxSessions + 1 }, "--sessions"},
		{"no duration", func(c *Config) { c.Duration = 0 }, "--duration"},
		{"too long", func(c *Config) { c.Duration = MaxDuration + time.Second }, "--duration"},
		{"negative churn", func(c *Config) { c.Churn = -1 }, "--churn"},
		{"too much churn", func(c *Config) { c.Churn = MaxChurn + 1 }, "--churn"},
		{"remote addr", func(c *Config) { c.Addr = "192.0.2.1:22" }, "not a loopback address"},
		{"no keys", func(c *Config) { c.KeysPerSecond = 0 }, "--keys"},
		{"too many keys", func(c *Config) { c.KeysPerSecond = 51 }, "--keys"},
		{"no ramp", func(c *Config) { c.Ramp = 0 }, "--ramp"},
	}
	for _, tt := range tests {
		c := good
		tt.mod(&c)
		err := c.Validate()
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestRunAgainstServer loads a server started in this process (--addr):
// every phase runs and reports. The targets are not asserted, only that
// the figures are there: timing depends on the machine.
func TestRunAgainstServer(t *testing.T) {
	if testing.Short() {
		t.Skip("opens SSH sessions for a few seconds")
	}
	srv, err := server.New(server.Config{
		Listen:         "127.0.0.1:0",
		DataDir:        t.TempDir(),
		MaxConnsPerIP:  -1,
		ConnsPerMinute: -1,
		Logger:         log.New(io.Discard),
		NewClient:      server.UIClient,
	})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}()
	var out strings.Builder
	_, err = Run(Config{Sessions: 2, Duration: time.Second, Churn: 2, Addr: l.Addr().String(), KeysPerSecond: 4, Ramp: 50}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	expectLines(t, out.String(),
		"sessions open: 2 of 2",
		"sessions            2 open, 0 failed",
		"accept (handshake)  p50",
		"keypress→frame      p50",
		"churn failures      0 of 2 (goroutines not measurable against --addr)",
	)
	if strings.Contains(out.String(), "(0 keys)") {
		t.Errorf("no key was answered:\n%s", out.String())
	}
}

// TestRooms plays 10 rooms for a few seconds over SSH, on one SQLite node
// and, when TABLETOP_TEST_POSTGRES names a server, on two nodes sharing
// it. Every move must reach the other player and the store; the latency
// target is reported, not asserted (timing depends on the machine).
func TestRooms(t *testing.T) {
	if testing.Short() {
		t.Skip("plays rooms over SSH for a few seconds")
	}
	runs := []struct {
		name  string
		store string
		nodes int
	}{
		{"sqlite-one-node", "", 1},
		{"postgres-two-nodes", os.Getenv("TABLETOP_TEST_POSTGRES"), 2},
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			if r.nodes == 2 && r.store == "" {
				t.Skip("TABLETOP_TEST_POSTGRES is not set: PostgreSQL rooms load skipped")
			}
			var out strings.Builder
			cfg := Config{Rooms: 10, Duration: 4 * time.Second, MoveGap: 300 * time.Millisecond, Store: r.store, Nodes: r.nodes,
				Sessions: 1, KeysPerSecond: 1, Ramp: 50, ProfileDir: t.TempDir()}
			if _, err := Run(cfg, &out); err != nil {
				t.Fatalf("run: %v\n%s", err, out.String())
			}
			t.Log("\n" + out.String())
			expectLines(t, out.String(),
				"rooms open: 10 of 10 (20 sessions)",
				"rooms               10 playing, 0 could not open",
				"move→other's frame  p50",
				"moves lost          0 shown to the mover as played, not to the other player within 15 s, 0 shown but not in the store   target none: ok",
				"moves refused       0 (the mover was told the server could not store it); 0 rooms stalled otherwise   target none: ok",
			)
			if runtime.GOOS == "linux" {
				expectLines(t, out.String(), "clients CPU         ")
				if r.store != "" {
					expectLines(t, out.String(), "PostgreSQL CPU      ", "PostgreSQL commits  ")
				}
			}
			if strings.Contains(out.String(), "moves               0 in") {
				t.Errorf("no move was played:\n%s", out.String())
			}
			// Each node's profiles and the clients' of the moves, as
			// pprof writes them (gzip).
			files := []string{"clients-cpu.pprof"}
			for i := 1; i <= r.nodes; i++ {
				files = append(files, fmt.Sprintf("node%d-cpu.pprof", i), fmt.Sprintf("node%d-allocs.pprof", i))
			}
			for _, name := range files {
				data, err := os.ReadFile(filepath.Join(cfg.ProfileDir, name))
				if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
					t.Errorf("profile %s: %v, %d bytes", name, err, len(data))
				}
			}
		})
	}
}

// expectLines reports each of wants that the output lacks.
func expectLines(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestRoomsConfigValidate(t *testing.T) {
	good := Config{Rooms: 10, Nodes: 1, Duration: time.Second, MoveGap: time.Second, Sessions: 1, KeysPerSecond: 1, Ramp: 50}
	pg := "postgres://tabletop@127.0.0.1:55432/db"
	tests := []struct {
		name string
		mod  func(*Config)
		want string // "" when valid
	}{
		{"sqlite", func(*Config) {}, ""},
		{"postgres two nodes", func(c *Config) { c.Store, c.Nodes = pg, 2 }, ""},
		{"postgres localhost", func(c *Config) { c.Store = "postgres://localhost/db" }, ""},
		{"too many rooms", func(c *Config) { c.Rooms = MaxRooms + 1 }, "--rooms"},
		{"negative rooms", func(c *Config) { c.Rooms = -1 }, "--rooms"},
		{"with addr", func(c *Config) { c.Addr = "127.0.0.1:2222" }, "--addr"},
		{"with hostile", func(c *Config) { c.Hostile = true }, "--hostile"},
		{"three nodes", func(c *Config) { c.Store, c.Nodes = pg, 3 }, "--nodes"},
		{"two nodes on sqlite", func(c *Config) { c.Nodes = 2 }, "needs --store"},
		{"sqlite path as store", func(c *Config) { c.Store = "/tmp/x.db" }, "postgres:// DSN"},
		{"remote postgres", func(c *Config) { c.Store = "postgres://db.example.com/db" }, "on this machine"},
		{"tiny gap", func(c *Config) { c.MoveGap = time.Millisecond }, "--move-gap"},
	}
	for _, tt := range tests {
		c := good
		tt.mod(&c)
		err := c.Validate()
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}
