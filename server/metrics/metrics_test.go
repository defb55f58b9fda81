package metrics

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(body)
}

func TestMetricsEndpoint(t *testing.T) {
	m := New()
	m.Watch(Gauges{Sessions: func() int { return 3 }, Rooms: func() int { return 2 }, AIWaiting: func() int { return 1 }})
	m.Refused("server full")
	m.Refused("server full")
	m.StoreCall("move", 3*time.Millisecond)
	m.Moved()
	var sick error
	h := m.Handler(func() error { return sick })
	code, body := get(t, h, "/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d", code)
	}
	for _, want := range []string{
		`tabletop_refusals_total{reason="server full"} 2`,
		"tabletop_moves_total 1",
		"tabletop_sessions 3",
		"tabletop_rooms 2",
		"tabletop_ai_queue 1",
		"tabletop_ai_running 0",
		`tabletop_store_seconds_bucket{op="move",le="0.005"} 1`,
		`tabletop_store_seconds_bucket{op="move",le="0.0025"} 0`,
		"go_goroutines",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if code, body := get(t, h, "/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz healthy: %d %q", code, body)
	}
	sick = errors.New("store: down")
	if code, body := get(t, h, "/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "store: down") {
		t.Errorf("/healthz sick: %d %q", code, body)
	}
}
