package loadtest

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"

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
	for _, want := range []string{
		"sessions open: 2 of 2",
		"sessions            2 open, 0 failed",
		"accept (handshake)  p50",
		"keypress→frame      p50",
		"churn failures      0 of 2 (goroutines not measurable against --addr)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "(0 keys)") {
		t.Errorf("no key was answered:\n%s", out.String())
	}
}
