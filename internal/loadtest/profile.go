package loadtest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// profiler takes the profiles of a serve child process with --pprof:
// where the server's time and allocations go under the load.
type profiler struct {
	dir  string // where the profile files go
	addr string // the child's pprof address
}

// cpu writes a CPU profile of the next d (at least a second) to
// dir/NAME-cpu.pprof; it blocks for d.
func (p profiler) cpu(name string, d time.Duration) error {
	return p.fetch(name+"-cpu.pprof", fmt.Sprintf("profile?seconds=%d", max(int(d/time.Second), 1)), d+30*time.Second)
}

// allocs writes the allocations of the next d (at least a second;
// alloc_space and alloc_objects) to dir/NAME-allocs.pprof; it blocks for
// d. Only those of the load: the allocations since the start also held
// the sessions' handshakes and the rooms' opening, a third of a
// 1000-room run's.
func (p profiler) allocs(name string, d time.Duration) error {
	return p.fetch(name+"-allocs.pprof", fmt.Sprintf("allocs?seconds=%d", max(int(d/time.Second), 1)), d+30*time.Second)
}

// heap writes the live heap after a garbage collection to
// dir/NAME-heap.pprof: what idle sessions hold.
func (p profiler) heap(name string) error {
	return p.fetch(name+"-heap.pprof", "heap?gc=1", 30*time.Second)
}

func (p profiler) fetch(file, what string, within time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+p.addr+"/debug/pprof/"+what, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("profile %s: %w", what, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("profile %s: %s", what, resp.Status)
	}
	f, err := os.Create(filepath.Join(p.dir, file))
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// during runs work while a CPU profile and an allocation profile of its
// first d are taken, and reports the profiles' errors on out (the load
// test goes on without them).
func (p profiler) during(out io.Writer, name string, d time.Duration, work func()) {
	done := make(chan error, 2)
	go func() { done <- p.cpu(name, d) }()
	go func() { done <- p.allocs(name, d) }()
	work()
	for range 2 {
		if err := <-done; err != nil {
			fmt.Fprintln(out, "server profile:", err)
		}
	}
}

// goroutines writes every goroutine's stack, grouped, to
// dir/NAME-goroutines.txt: what each session's goroutines wait on.
func (p profiler) goroutines(name string) error {
	return p.fetch(name+"-goroutines.txt", "goroutine?debug=1", 30*time.Second)
}
