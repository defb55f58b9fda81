package cli

import "testing"

// serve lowers the GC target for its idle sessions' sake, unless the
// operator set GOGC.
func TestServeGCPercent(t *testing.T) {
	for _, tc := range []struct {
		gogc string
		want int
		set  bool
	}{
		{"", serveGC, true},
		{"100", 0, false},
		{"off", 0, false},
	} {
		got, set := serveGCPercent(func(k string) string {
			if k == "GOGC" {
				return tc.gogc
			}
			return ""
		})
		if got != tc.want || set != tc.set {
			t.Errorf("GOGC=%q: %d %v, want %d %v", tc.gogc, got, set, tc.want, tc.set)
		}
	}
}
