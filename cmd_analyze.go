package main

import (
	"fmt"
	"io"
)

// runAnalyze is not built yet.
func runAnalyze(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tabletop analyze: not available yet")
	return 2
}
