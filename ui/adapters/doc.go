// Package adapters holds one board adapter per game family (Quad,
// Pentago, Tic-Tac-Chess, GDL sheets): it turns the cursor into typed
// moves with the games' constructors and says what each cell shows. The
// board screen (ui/board) draws any game through VariantUI and its
// optional interfaces.
package adapters
