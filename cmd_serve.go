package main

import (
	"fmt"
	"io"
)

// runServe is not built yet.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tabletop serve: not available yet")
	return 2
}
