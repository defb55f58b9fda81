// Package pentago implements Pentago (RULES.md, seed 004) in two variants:
//
//   - "pentago": red places, red rotates, black places, black rotates, …
//     (the formal rules and the published game);
//   - "pentago-split": red places, black places, red rotates, black
//     rotates, … (the order the seed text states).
//
// # Board and coordinates
//
// The 6×6 board is made of four 3×3 quadrants: 1 top-right, 2 top-left,
// 3 bottom-left, 4 bottom-right. A cell is (Q X Y) with X the column inside
// the quadrant from the left and Y the row inside the quadrant from the
// bottom, each 1–3. The read API for user interfaces (At, CellQXY, RowCol)
// instead uses whole-board rows 1–6 from the TOP and columns 1–6 from the
// left, which is how a screen draws the board.
//
// # Move notation
//
// Canonical (KIF) forms, printed by FormatMove:
//
//	(place 1 2 3)                 stone on quadrant 1, X=2, Y=3
//	(rotate 4 clockwise)
//	(rotate 2 counterclockwise)
//
// Short forms, printed by ShortMove and meant for typing:
//
//	123     place on Q=1 X=2 Y=3 (three digits Q, X, Y)
//	4cw     rotate quadrant 4 clockwise
//	2ccw    rotate quadrant 2 counterclockwise
//
// ParseMove also accepts, case-insensitively: digits separated by spaces,
// dashes, dots or commas ("1-2-3", "1 2 3"); "4+" and "4-" for cw/ccw;
// "4 cw", "4 clockwise", "4 counterclockwise", "4 anticlockwise"; and the
// KIF terms without parentheses ("place 1 2 3", "rotate 4 clockwise").
//
// # Position strings
//
// "ROWS ROLE PHASE": six rows of six cells, top row first, '.' empty, 'r'
// red, 'b' black; ROLE red or black; PHASE place or rotate. The start is
// "....../....../....../....../....../...... red place".
//
// # Symmetries and the opening book
//
// The board's eight symmetries keep every value (Transform,
// TransformMove, Canonical). The standard variant carries an opening
// book (book.txt, made by "tabletop book pentago"): OpeningTurn
// implements game.Opener, which the AI's hard and max levels play. The
// exact solver is a package of its own, game/pentagoexact.
//
// # Implementation
//
// One uint64 bitboard per colour; bit r*6+c is the cell in row r (0 = top)
// and column c (0 = left). Rotations go through a 512-entry table per
// direction from the nine bits of a quadrant to the rotated bits; lines are
// found with the 32 precomputed five-cell masks. A State is a small value
// (two bitboards, a turn-cycle step and the cached outcome), so CopyFrom is
// a struct copy and the hot paths never allocate.
package pentago
