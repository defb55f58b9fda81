// Package tictacchess implements Tic-Tac-Chess for four (seed 003, rules in
// /work/shared/RULES.md), registered as the variant "tictacchess".
//
// The board is 7×7; a cell is (X Y) with X the column from the left and Y
// the row from the bottom, both 1–7. The roles red, yellow, blue and green
// move in that order. Each player owns a spawn cell on the border (red
// (1 4), yellow (4 1), blue (7 4), green (4 7)); moving the piece off it
// spawns a new one there. A piece moves like a knight to an empty cell, or
// captures an enemy piece on an adjacent cell (diagonals too); it never
// lands on the border. Three own pieces in a line inside the central 3×3
// win (100); otherwise the game ends at step 33 and every player scores 10
// per piece on the board, at most 99.
//
// # Move notation
//
// The canonical (KIF) form is "(move X1 Y1 X2 Y2)", e.g. "(move 1 4 2 2)",
// and "noop" for the pass. The short form is the two cells as digit pairs
// "XY", joined by "-" for a knight move and "x" for a capture: "14-22",
// "33x44"; ShortMove prints the pass as "pass". ParseMove accepts both forms
// case-insensitively; in the short form the separator may be "-", "x", ":",
// ",", ">", a space, or nothing at all ("1422"), and "(1 4)(2 2)" style
// parentheses are ignored. "noop", "(noop)" and "pass" are the pass.
//
// # Position strings
//
// "ROWS ROLE STEP": seven rows of seven characters, top row (Y=7) first,
// separated by "/": '.' empty, 'r' red, 'y' yellow, 'b' blue, 'g' green;
// ROLE is the role in control and STEP the step counter (1–33). The start is
// "...g.../......./......./r.....b/......./......./...y... red 1".
//
// # Goals outside terminal positions
//
// Goal uses the terminal formula in every position: 100 for a player with a
// centre line (which only exists in a terminal position), otherwise 10 per
// piece on the board, at most 99 — the score each player would get if the
// game stopped at step 33 right now.
package tictacchess
