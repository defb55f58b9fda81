// Package metrics exposes a server's figures to Prometheus: sessions,
// rooms, moves, store latency, the AI queue and refusals by reason, and
// a health endpoint. The parts of the server report through Recorder, a
// small interface with a do-nothing default, so that none of them needs
// to know about Prometheus.
package metrics

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Recorder receives the server's events.
type Recorder interface {
	// Refused counts a connection or session refused, by reason (a short
	// fixed text, never something a client chose).
	Refused(reason string)
	// StoreCall records how long a store operation took.
	StoreCall(op string, d time.Duration)
	// Moved counts an accepted move.
	Moved()
}

// Nop is a Recorder that records nothing.
type Nop struct{}

// Refused implements Recorder.
func (Nop) Refused(string) {}

// StoreCall implements Recorder.
func (Nop) StoreCall(string, time.Duration) {}

// Moved implements Recorder.
func (Nop) Moved() {}

// Gauges reads the figures that are states rather than events.
type Gauges struct {
	Sessions func() int
	Rooms    func() int
	// AIWaiting is how many AI searches wait for a free slot.
	AIWaiting func() int
	AIRunning func() int
}

// Metrics is a Recorder backed by a Prometheus registry of its own.
type Metrics struct {
	reg     *prometheus.Registry
	refused *prometheus.CounterVec
	store   *prometheus.HistogramVec
	moves   prometheus.Counter
}

var _ Recorder = (*Metrics)(nil)

// New registers the server's metrics; Watch adds the gauges once the
// server exists.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tabletop_refusals_total", Help: "Connections and sessions refused, by reason.",
		}, []string{"reason"}),
		store: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "tabletop_store_seconds", Help: "Latency of the room store's operations.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
		}, []string{"op"}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tabletop_moves_total", Help: "Moves accepted in rooms (rate() gives moves per second).",
		}),
	}
	m.reg.MustRegister(m.refused, m.store, m.moves,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

// Watch registers the gauges read from g; call it once.
func (m *Metrics) Watch(g Gauges) {
	gauge := func(name, help string, f func() int) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 {
			if f == nil {
				return 0
			}
			return float64(f())
		})
	}
	m.reg.MustRegister(
		gauge("tabletop_sessions", "SSH sessions open.", g.Sessions),
		gauge("tabletop_rooms", "Rooms hosted by this node.", g.Rooms),
		gauge("tabletop_ai_queue", "AI searches waiting for a free slot.", g.AIWaiting),
		gauge("tabletop_ai_running", "AI searches running.", g.AIRunning),
	)
}

// Refused implements Recorder.
func (m *Metrics) Refused(reason string) { m.refused.WithLabelValues(reason).Inc() }

// StoreCall implements Recorder.
func (m *Metrics) StoreCall(op string, d time.Duration) {
	m.store.WithLabelValues(op).Observe(d.Seconds())
}

// Moved implements Recorder.
func (m *Metrics) Moved() { m.moves.Inc() }

// Handler serves /metrics (Prometheus' text format) and /healthz, which
// answers 200 "ok" while healthy() returns nil and 503 with the error
// otherwise.
func (m *Metrics) Handler(healthy func() error) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		if err := healthy(); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	return mux
}

// Serve serves h on addr until ctx ends and returns the address it
// listens on and a channel with Serve's end.
func Serve(ctx context.Context, addr string, h http.Handler) (net.Addr, <-chan error, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	done := make(chan error, 1)
	go func() {
		err := srv.Serve(l)
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		done <- err
	}()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	return l.Addr(), done, nil
}
