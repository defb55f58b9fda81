package cli

import (
	"context"
	"fmt"
	"net/http"
	"net/http/pprof"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/metrics"
)

// pprofHandler serves Go's profiles (CPU, heap, allocations, goroutines,
// blocking, mutexes, execution trace) under /debug/pprof/, on a mux of
// its own: nothing else is served beside them.
func pprofHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// checkPprofAddr refuses a profiling address that is not on loopback:
// profiles show a stranger the program's insides and cost it CPU.
func checkPprofAddr(addr string) error {
	if addr != "" && !server.IsLoopback(addr) {
		return usageError{fmt.Sprintf("--pprof %q: profiles are served on a loopback address only (e.g. 127.0.0.1:6060)", addr)}
	}
	return nil
}

// servePprof serves the profiles on addr until the returned stop, and
// logs the address (with port 0, the one the system chose).
func servePprof(addr string, logger *log.Logger) (func(), error) {
	ctx, cancel := context.WithCancel(context.Background())
	at, _, err := metrics.Serve(ctx, addr, pprofHandler())
	if err != nil {
		cancel()
		return nil, fmt.Errorf("pprof: %w", err)
	}
	logger.Info("pprof", "addr", at.String())
	return cancel, nil
}
