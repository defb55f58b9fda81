package main

import (
	"fmt"
	"io"
)

// runMatch is not built yet.
func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tabletop match: not available yet")
	return 2
}
