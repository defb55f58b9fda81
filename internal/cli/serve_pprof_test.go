package cli

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"charm.land/log/v2"
)

// serve's --pprof takes loopback addresses only, and is off by default.
func TestServePprofFlag(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{"", true}, {"127.0.0.1:6060", true}, {"localhost:0", true}, {"[::1]:6060", true},
		{"0.0.0.0:6060", false}, {":6060", false}, {"192.0.2.7:6060", false}, {"nonsense", false},
	} {
		err := checkPprofAddr(tc.addr)
		var usage usageError
		if (err == nil) != tc.ok || (err != nil && !errors.As(err, &usage)) {
			t.Errorf("--pprof %q: %v", tc.addr, err)
		}
	}
	t.Setenv("TABLETOP_PPROF", "")
	c := newCommandLine("serve", strings.NewReader(""), io.Discard, io.Discard)
	cfg, extra, err := serveConfig(c, nil)
	if err != nil || extra.pprof != "" || cfg.Listen == "" {
		t.Fatalf("defaults: %v, pprof %q", err, extra.pprof)
	}
}

// The profiles are served, and only they.
func TestServePprofServesProfiles(t *testing.T) {
	var logs strings.Builder
	stop, err := servePprof("127.0.0.1:0", log.New(&logs))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	_, addr, ok := strings.Cut(logs.String(), "addr=")
	if !ok {
		t.Fatalf("the address is not logged: %q", logs.String())
	}
	addr = strings.TrimSpace(addr)
	for path, want := range map[string]int{"/debug/pprof/heap?debug=1": 200, "/debug/pprof/allocs?debug=1": 200, "/metrics": 404} {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, resp.StatusCode, want)
		}
		if want == 200 && !strings.Contains(string(body), "heap profile") {
			t.Errorf("%s: not a heap profile: %.80q", path, body)
		}
	}
}
