//go:build unix

package gdl

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// processCPU returns the CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestCorpusStartCPU loads, when GDL_CORPUS_CPU is set, every sheet of
// the corpus one after the other and logs the CPU time of each start
// (parse, validate, ground or give way, compile), the median and the
// maximum: the README's start figures. A measurement, not one of the
// default tests.
func TestCorpusStartCPU(t *testing.T) {
	if os.Getenv("GDL_CORPUS_CPU") == "" {
		t.Skip("set GDL_CORPUS_CPU=1 to measure the CPU time of every corpus sheet's start")
	}
	var all []time.Duration
	for _, f := range corpusSheets(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".kif")
		before := processCPU()
		v, err := Load(name, src)
		cpu := processCPU() - before
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		all = append(all, cpu)
		t.Logf("%-36s %6.2f CPU-s  %s", name, cpu.Seconds(), Evaluation(v))
	}
	slices.Sort(all)
	if len(all) > 0 {
		t.Logf("%d sheets: start median %.3f CPU-s, max %.2f CPU-s", len(all), all[len(all)/2].Seconds(), all[len(all)-1].Seconds())
	}
}
