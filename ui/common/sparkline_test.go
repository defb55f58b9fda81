package common

import "testing"

func TestSparkline(t *testing.T) {
	for _, tc := range []struct {
		values []float64
		width  int
		want   string
	}{
		{nil, 10, ""},
		{[]float64{1500}, 10, "▅"},
		{[]float64{1500, 1500}, 10, "▅▅"},
		{[]float64{1400, 1450, 1500, 1600}, 10, "▁▂▄█"},
		{[]float64{1, 2, 3, 1500, 1400}, 2, "█▁"},
	} {
		if got := Sparkline(tc.values, tc.width); got != tc.want {
			t.Errorf("Sparkline(%v, %d) = %q, want %q", tc.values, tc.width, got, tc.want)
		}
	}
}
