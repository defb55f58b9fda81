//go:build !race

package uitest

// Race: see race_on.go.
const Race = false
