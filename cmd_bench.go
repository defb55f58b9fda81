package main

import (
	"fmt"
	"io"
)

// runBench is not built yet.
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tabletop bench: not available yet")
	return 2
}
