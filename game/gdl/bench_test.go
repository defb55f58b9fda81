package gdl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkPlayouts reports random-playout plies per second for every
// sheet in testdata, or for the sheets of the directory in GDL_BENCH_DIR.
func BenchmarkPlayouts(b *testing.B) {
	dir := os.Getenv("GDL_BENCH_DIR")
	if dir == "" {
		dir = "testdata"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.kif"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".kif")
		v, err := Load(name, src)
		if err != nil {
			continue // the invalid sheets of the tests
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			plies := Playouts(v, b.N, 1)
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
		})
	}
}
