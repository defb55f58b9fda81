// Command tabletop is a terminal board-game client: Quad, Pentago and
// Tic-Tac-Chess for four, hot-seat, against the AI, or over SSH.
//
// Run with no arguments it opens the game menu; the commands live in
// internal/cli.
package main

import (
	"os"

	"github.com/tabletop/tabletop/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
