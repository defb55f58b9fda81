//go:build !race

package ggp

const raceEnabled = false
