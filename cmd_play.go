package main

import (
	"fmt"
	"io"
)

// runPlay is not built yet.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tabletop play: not available yet")
	return 2
}
