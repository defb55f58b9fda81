// Package pentagoexact is an exact Pentago solver. The AI plays with it
// (Service, the game.Solver of the variant "pentago", registered at init
// and imported by game/all): hard and max play exactly where a solve fits
// their budget and ask its probe about positions inside their search.
// Its tests also measure how often the AI keeps the game-theoretic value
// of late positions and make the solved files in ai/testdata.
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
// threat ordering and null windows, which settles most positions of 23
// stones or more in a few thousand nodes (about 4 µs each); a position
// that needs more than abLimit nodes is solved instead by retrograde
// analysis of everything that can follow it (retro.go), whose cost
// depends only on the number of empty cells k: Σ_j C(k,⌊j/2⌋)·
// C(k−⌊j/2⌋,⌈j/2⌉) pairs of stone sets, each with the 128 orientations of
// the level's parity (half.go), shared among threads. Memory (pxRetroBytes)
// and pairs by stones: 22 stones 16 MB, 1.2 M pairs; 21: 50 MB, 3.5 M;
// 20: 130 MB, 10 M; 19: 370 MB, 30 M; 18: 1.1 GB, 87 M; about 150 ns a
// pair on one thread (the README of ai has the measured times).
//
// Service (service.go) adds what the product needs: one table shared by
// every solve and probe, a memory budget shared by the analyses running
// at once (a solve that does not fit is not tried), contexts that stop a
// solve, the analysis's values of every turn kept in the table, and
// Cost, its estimate of a solve's time from the measured speed.
//
// Tests that check it against the rules and the plain reference solver
// (reference_test.go): TestSymmetries, TestFastMatchesReference,
// TestSolverMatchesReference, TestRetroPrimitives (the half masks against
// their definition too), TestRetroMatchesSearch, TestRetroThreadsAgree,
// TestServiceSolves, TestServiceRetro.
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
