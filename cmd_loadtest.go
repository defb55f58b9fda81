package main

import (
	"fmt"
	"io"
)

// runLoadtest is not built yet.
func runLoadtest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tabletop loadtest: not available yet")
	return 2
}
