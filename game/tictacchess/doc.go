// Package tictacchess implements the game; see RULES.md.
package tictacchess
