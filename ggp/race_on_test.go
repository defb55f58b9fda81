//go:build race

package ggp

// raceEnabled: the race detector slows everything several times, so
// the test of the play clock's wall time does not run under it.
const raceEnabled = true
