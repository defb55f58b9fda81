package common

import "strings"

// sparkBars are the eight heights of a sparkline, lowest first.
var sparkBars = []rune("▁▂▃▄▅▆▇█")

// Sparkline draws values as one bar each, scaled from the lowest (▁) to
// the highest (█); the last width values when there are more. All equal
// values draw at mid height.
func Sparkline(values []float64, width int) string {
	if width > 0 && len(values) > width {
		values = values[len(values)-width:]
	}
	if len(values) == 0 {
		return ""
	}
	lo, hi := values[0], values[0]
	for _, v := range values {
		lo, hi = min(lo, v), max(hi, v)
	}
	var b strings.Builder
	for _, v := range values {
		i := len(sparkBars) / 2
		if hi > lo {
			i = int((v - lo) / (hi - lo) * float64(len(sparkBars)-1))
		}
		b.WriteRune(sparkBars[i])
	}
	return b.String()
}
