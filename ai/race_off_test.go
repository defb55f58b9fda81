//go:build !race

package ai

// raceEnabled: see race_on_test.go.
const raceEnabled = false
