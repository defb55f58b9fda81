// Package pentagoexact is an exact Pentago solver, used to measure how
// often the AI keeps the game-theoretic value of late positions (the
// check the project is judged by runs on positions whose values come from
// the complete solution of Pentago) and to make the solved files in
// ai/testdata.
//
// The solver is written independently of the engine (its own bitboards,
// lines and rotations; TestRulesMatchEngine checks that they agree with
// game/pentago) so that an error in the engine's helpers cannot hide
// itself. Positions are seen from the side to move, which is always about
// to place: me and opp are its stones and the opponent's (FromState,
// PositionString). Values are +1 (the mover wins), 0 (draw), −1 (the
// mover loses).
//
// rules.go holds the rules (pxChildren, pxWinsNow). Solver (solver.go) is
// an alpha-beta search over {−1, 0, +1} with symmetric transposition keys,
// threat ordering and null windows, which settles most positions in a few
// thousand nodes; a position with at most 18 empty cells that needs more
// than abLimit (300 000) nodes is solved instead by retrograde analysis of
// everything that can follow it (retro.go), whose cost depends only on the
// number of empty cells. Single core, 2.2 GB at 18 stones; typical times:
// 18 stones 20–30 s, 19 stones ≈ 8 s, 20 stones ≈ 2.5 s, 21 ≈ 0.8 s,
// 22 ≈ 0.25 s. Tests that check it against the rules and the plain
// reference solver (reference_test.go): TestSymmetries,
// TestFastMatchesReference, TestSolverMatchesReference,
// TestRetroPrimitives, TestRetroMatchesSearch.
//
// The long jobs are tests that run only when their flag is given (after
// -args; relative paths are relative to this package's directory):
//
//	# solved positions for ai's measurements (ai/testdata/pentago_exact_*.txt)
//	go test ./game/pentagoexact -run TestGenerate -v -timeout 300m -args \
//		-generate $PWD/ai/testdata/pentago_exact_18_21.txt -stones 18-21 -n 10 -seed 18
//	# solved positions with the value of every turn (pentago_tune_*.txt)
//	go test ./game/pentagoexact -run TestTuneGenerate -v -timeout 300m -args \
//		-tune-generate $PWD/ai/testdata/pentago_tune_train.txt -stones 19-23 -n 40 -seed 101
//	# the positions after each turn, labelled, for game/pentago's tuner
//	go test ./game/pentagoexact -run TestTuneExpand -args \
//		-tune-expand $PWD/ai/testdata/pentago_tune_train.txt -out /tmp/train.txt
//	# the solver's speed on positions of generator games
//	go test ./game/pentagoexact -run TestSpeedProbe -v -args -probe 20,18
//
// See tools_test.go for every flag. The measurements of the AI against
// these values are in ai's tests (ai/pentago_exact_test.go).
package pentagoexact
