//go:build race

package ai

// raceEnabled is set when the tests run under the race detector, which
// slows the search several times: tests that judge how well it plays in
// a fixed time skip then (CI runs them without it first).
const raceEnabled = true
