// Package board is the client's board screen: drawing, keys, review,
// records, the live analysis and the analysis board, and the rules
// screen shown over a game. It draws from a match (ui/match) and an
// adapter (ui/adapters), and opens the screens above it through the
// hooks of nav.go.
package board
