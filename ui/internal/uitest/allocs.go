package uitest

import "testing"

// Allocs is testing.AllocsPerRun taken three times, the smallest: the
// count is process-wide, so a goroutine an earlier test left running
// (a program's ticker, a writer winding down) can add to one try,
// while an allocation in f itself shows in every try.
func Allocs(runs int, f func()) float64 {
	least := testing.AllocsPerRun(runs, f)
	for i := 0; i < 2 && least > 0; i++ {
		least = min(least, testing.AllocsPerRun(runs, f))
	}
	return least
}
