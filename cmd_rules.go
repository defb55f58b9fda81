package main

import (
	"fmt"
	"io"
)

// runRules is not built yet.
func runRules(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tabletop rules: not available yet")
	return 2
}
