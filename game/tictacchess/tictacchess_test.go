package tictacchess

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// board builds a position string at the given step from pieces written as
// "r33" (red on (3 3)); the four spawn pieces are always added and the role
// in control follows from the step.
func board(step int, pieces ...string) string {
	var grid [Size + 1][Size + 1]byte // [x][y]
	for x := 1; x <= Size; x++ {
		for y := 1; y <= Size; y++ {
			grid[x][y] = '.'
		}
	}
	grid[1][4], grid[4][1], grid[7][4], grid[4][7] = 'r', 'y', 'b', 'g'
	for _, p := range pieces {
		grid[p[1]-'0'][p[2]-'0'] = p[0]
	}
	var rows []string
	for y := Size; y >= 1; y-- {
		var row []byte
		for x := 1; x <= Size; x++ {
			row = append(row, grid[x][y])
		}
		rows = append(rows, string(row))
	}
	return fmt.Sprintf("%s %s %d", strings.Join(rows, "/"), roleNames[(step-1)%4], step)
}

func mustParse(t *testing.T, s string) *State {
	t.Helper()
	st, err := ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return st
}

func legalTexts(s *State) []string {
	var out []string
	for _, m := range s.Legal(nil) {
		out = append(out, s.FormatMove(m))
	}
	sort.Strings(out)
	return out
}

func counts(s *State) [Players]int {
	var c [Players]int
	for r := range c {
		c[r] = s.Pieces(game.Role(r))
	}
	return c
}

func TestRegisteredVariant(t *testing.T) {
	v, err := game.Lookup("tictacchess")
	if err != nil {
		t.Fatal(err)
	}
	if v.Title != "Tic-Tac-Chess" || strings.Join(v.Roles, ",") != "red,yellow,blue,green" {
		t.Fatalf("variant %q roles %v", v.Title, v.Roles)
	}
	const start = "...g.../......./......./r.....b/......./......./...y... red 1"
	if got := v.New().String(); got != start {
		t.Fatalf("start = %q, want %q", got, start)
	}
	s := New()
	if s.Step() != 1 || s.ToMove() != Red || s.Terminal() || counts(s) != [Players]int{1, 1, 1, 1} {
		t.Fatalf("bad start: %s", s.Describe())
	}
	if _, ok := game.State(s).(game.Evaluator); !ok {
		t.Fatal("State does not implement game.Evaluator")
	}
}

func TestInitialLegalMoves(t *testing.T) {
	s := New()
	want := []string{"(move 1 4 2 2)", "(move 1 4 2 6)", "(move 1 4 3 3)", "(move 1 4 3 5)"}
	if got := legalTexts(s); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("initial legal moves %v, want %v", got, want)
	}
	// Every player's first move from the start: the mirror images.
	wantFirst := map[game.Role][]string{
		Yellow: {"(move 4 1 2 2)", "(move 4 1 3 3)", "(move 4 1 5 3)", "(move 4 1 6 2)"},
		Blue:   {"(move 7 4 5 3)", "(move 7 4 5 5)", "(move 7 4 6 2)", "(move 7 4 6 6)"},
		Green:  {"(move 4 7 2 6)", "(move 4 7 3 5)", "(move 4 7 5 5)", "(move 4 7 6 6)"},
	}
	for r, want := range wantFirst {
		// Advance with passes is impossible (moves exist), so read a
		// position where only r's spawn piece matters.
		st := mustParse(t, board(int(r)+1))
		if got := legalTexts(st); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s's first moves %v, want %v", roleNames[r], got, want)
		}
	}
}

// TestMoves applies one move to a position and checks counts and cells.
func TestMoves(t *testing.T) {
	tests := []struct {
		name   string
		pos    string
		move   string
		counts [Players]int
		cells  map[Point]Cell // expected contents after the move
	}{
		{"leaving the spawn spawns", board(1), "(move 1 4 3 3)", [4]int{2, 1, 1, 1},
			map[Point]Cell{{1, 4}: Cell(Red), {3, 3}: Cell(Red)}},
		{"yellow spawns too", board(2, "r33"), "(move 4 1 5 3)", [4]int{2, 2, 1, 1},
			map[Point]Cell{{4, 1}: Cell(Yellow), {5, 3}: Cell(Yellow)}},
		{"no spawn for a non-spawn piece", board(5, "r33"), "(move 3 3 4 5)", [4]int{2, 1, 1, 1},
			map[Point]Cell{{1, 4}: Cell(Red), {3, 3}: Empty, {4, 5}: Cell(Red)}},
		{"orthogonal capture", board(5, "r33", "y43"), "(move 3 3 4 3)", [4]int{2, 1, 1, 1},
			map[Point]Cell{{3, 3}: Empty, {4, 3}: Cell(Red)}},
		{"diagonal capture", board(5, "r33", "b44"), "(move 3 3 4 4)", [4]int{2, 1, 1, 1},
			map[Point]Cell{{3, 3}: Empty, {4, 4}: Cell(Red)}},
		{"anti-diagonal capture", board(5, "r33", "g24"), "(move 3 3 2 4)", [4]int{2, 1, 1, 1},
			map[Point]Cell{{3, 3}: Empty, {2, 4}: Cell(Red)}},
		{"capture from the spawn spawns", board(5, "y24"), "(move 1 4 2 4)", [4]int{2, 1, 1, 1},
			map[Point]Cell{{1, 4}: Cell(Red), {2, 4}: Cell(Red)}},
		{"green captures yellow", board(8, "g55", "y54"), "(move 5 5 5 4)", [4]int{1, 1, 1, 2},
			map[Point]Cell{{5, 5}: Empty, {5, 4}: Cell(Green)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.pos)
			step := s.Step()
			m, err := s.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			s.Apply(m)
			if got := counts(s); got != tc.counts {
				t.Errorf("counts %v, want %v\n%s", got, tc.counts, s.Describe())
			}
			for p, want := range tc.cells {
				if got := s.At(p.X, p.Y); got != want {
					t.Errorf("(%d %d) holds %d, want %d", p.X, p.Y, got, want)
				}
			}
			if s.Step() != step+1 || int(s.ToMove()) != step%4 {
				t.Errorf("step %d role %d after the move from step %d", s.Step(), s.ToMove(), step)
			}
		})
	}
}

// TestIllegalMoves checks moves that the rules forbid, through IsLegal,
// Legal and the ParseMove error.
func TestIllegalMoves(t *testing.T) {
	tests := []struct {
		name    string
		pos     string
		move    string
		wantErr string
	}{
		{"capture own piece", board(9, "r33", "r43"), "(move 3 3 4 3)", "own"},
		{"knight onto an occupied cell", board(5, "r33", "b45"), "(move 3 3 4 5)", "knight move needs an empty cell"},
		{"knight onto own piece", board(9, "r33", "r45"), "(move 3 3 4 5)", "own"},
		{"adjacent move to an empty cell", board(5, "r33"), "(move 3 3 4 4)", "must capture"},
		{"knight onto the border", board(5, "r33"), "(move 3 3 1 2)", "border"},
		{"knight onto the border row", board(5, "r33"), "(move 3 3 2 1)", "border"},
		{"capture onto the border", board(5, "r42"), "(move 4 2 4 1)", "border"},
		{"capture of a spawn piece from beside", board(5, "r63"), "(move 6 3 7 4)", "border"},
		{"not a knight or king step", board(5, "r33"), "(move 3 3 5 5)", "not a knight move or an adjacent capture"},
		{"straight two", board(1), "(move 1 4 3 4)", "not a knight move"},
		{"piece of another player", board(1), "(move 4 1 3 3)", "no piece of red on (4 1)"},
		{"empty from cell", board(2), "(move 2 2 3 4)", "(move 2 2 3 4): no piece of yellow on (2 2)"},
		{"pass with moves", board(1), "noop", "red must move: a pass is only allowed without legal moves"},
		{"pass word with moves", board(2), "pass", "yellow must move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.pos)
			_, err := s.ParseMove(tc.move)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("ParseMove(%q) error %v, want one containing %q", tc.move, err, tc.wantErr)
			}
			var m game.Move
			if !game.IsNoop(tc.move) {
				var xy [4]int
				fmt.Sscanf(tc.move, "(move %d %d %d %d)", &xy[0], &xy[1], &xy[2], &xy[3])
				m = MoveOf(xy[0], xy[1], xy[2], xy[3])
			}
			if s.IsLegal(m) {
				t.Fatalf("IsLegal(%s) is true", tc.move)
			}
			for _, l := range s.Legal(nil) {
				if l == m {
					t.Fatalf("Legal contains %s", tc.move)
				}
			}
		})
	}
}

func TestForcedPass(t *testing.T) {
	// Red has only its spawn piece; its knight cells (2 2) (2 6) (3 3) (3 5)
	// are taken and no rival stands on (2 3) (2 4) (2 5).
	s := mustParse(t, board(13, "y22", "y33", "b26", "g35"))
	if got := s.Legal(nil); len(got) != 1 || got[0] != game.Noop {
		t.Fatalf("legal moves %v, want just noop", legalTexts(s))
	}
	if !s.IsLegal(game.Noop) {
		t.Fatal("noop not legal without moves")
	}
	if s.RandomMove(game.NewRand(1)) != game.Noop {
		t.Fatal("RandomMove is not noop")
	}
	for _, text := range []string{"noop", "(noop)", "PASS"} {
		if m, err := s.ParseMove(text); err != nil || m != game.Noop {
			t.Fatalf("ParseMove(%q) = %v, %v", text, m, err)
		}
	}
	if !strings.Contains(s.Describe(), "must pass") {
		t.Errorf("Describe does not mention the pass:\n%s", s.Describe())
	}
	before := s.String()
	s.Apply(game.Noop)
	if s.Step() != 14 || s.ToMove() != Yellow || s.String()[:55] != before[:55] {
		t.Fatalf("after the pass: %q (before %q)", s.String(), before)
	}
	// One rival on (2 4) gives red a capture: no pass then.
	s = mustParse(t, board(13, "y22", "y33", "b26", "g35", "b24"))
	if s.IsLegal(game.Noop) {
		t.Fatal("noop legal although red can capture")
	}
	if got := legalTexts(s); strings.Join(got, " ") != "(move 1 4 2 4)" {
		t.Fatalf("legal %v, want the capture only", got)
	}
	// Noop is never legal while moves exist, at any step.
	st := New()
	rng := game.NewRand(3)
	for !st.Terminal() {
		if st.hasMove() == st.IsLegal(game.Noop) {
			t.Fatalf("hasMove %v and IsLegal(noop) %v in %q", st.hasMove(), st.IsLegal(game.Noop), st.String())
		}
		st.Apply(st.RandomMove(rng))
	}
}

// TestCentreLines completes every centre line, by a knight move to an empty
// third cell and by capturing a piece on it, and checks the end and goals.
func TestCentreLines(t *testing.T) {
	names := []string{"row 3", "column 3", "row 4", "column 4", "row 5", "column 5", "diagonal", "anti-diagonal"}
	for li, line := range lineCells {
		for k := 0; k < 3; k++ {
			for _, capture := range []bool{false, true} {
				third := line[k]
				tx, ty := coords(third)
				// A helper cell of red not on the line that reaches the third cell.
				near := knightNear[third]
				if capture {
					near = kingNear[third]
				}
				near &^= borderMask | lineMask[li]
				if near == 0 {
					continue
				}
				hx, hy := coords(trailing(near))
				pieces := []string{fmt.Sprintf("r%d%d", hx, hy)}
				for j, c := range line {
					if j != k {
						x, y := coords(c)
						pieces = append(pieces, fmt.Sprintf("r%d%d", x, y))
					}
				}
				if capture {
					pieces = append(pieces, fmt.Sprintf("y%d%d", tx, ty))
				}
				name := fmt.Sprintf("%s cell %d capture %v", names[li], k, capture)
				t.Run(name, func(t *testing.T) {
					s := mustParse(t, board(13, pieces...))
					if s.Terminal() {
						t.Fatalf("terminal before the move: %s", s.Describe())
					}
					m := MoveOf(hx, hy, tx, ty)
					if !s.IsLegal(m) {
						t.Fatalf("%s not legal in\n%s", s.FormatMove(m), s.Describe())
					}
					s.Apply(m)
					if !s.Terminal() {
						t.Fatalf("no end after %s:\n%s", s.FormatMove(m), s.Describe())
					}
					wantGoals := [Players]int{100, 10, 10, 10}
					for r := 0; r < Players; r++ {
						if g := s.Goal(game.Role(r)); g != wantGoals[r] {
							t.Errorf("goal of %s %d, want %d", roleNames[r], g, wantGoals[r])
						}
					}
					cl, owner, ok := s.CentreLine()
					if !ok || owner != Red {
						t.Fatalf("CentreLine = %v %v %v", cl, owner, ok)
					}
					for j, c := range line {
						x, y := coords(c)
						if cl[j] != (Point{x, y}) {
							t.Fatalf("CentreLine %v, want cells of %s", cl, names[li])
						}
					}
					if len(s.Legal(nil)) != 0 || s.IsLegal(game.Noop) {
						t.Fatal("moves after the end")
					}
				})
			}
		}
	}
}

func trailing(b uint64) int {
	for i := 0; i < 64; i++ {
		if b&(1<<uint(i)) != 0 {
			return i
		}
	}
	return -1
}

// TestGoalsOfOthersAtLine: the losers of a line get 10 per piece.
func TestGoalsOfOthersAtLine(t *testing.T) {
	s := mustParse(t, board(13, "r33", "r44", "r63", "y22", "y26", "b66", "b62", "b23", "g46"))
	s.Apply(MoveOf(6, 3, 5, 5)) // (6 3) → (5 5): (−1, +2)
	want := [Players]int{100, 30, 40, 20}
	for r := 0; r < Players; r++ {
		if g := s.Goal(game.Role(r)); g != want[r] {
			t.Errorf("goal of %s = %d, want %d", roleNames[r], g, want[r])
		}
	}
}

func TestNoLineOutsideCentre(t *testing.T) {
	tests := []struct {
		name   string
		pos    string
		move   string
		pieces int
	}{
		{"row Y=2", board(13, "r22", "r32", "r34"), "(move 3 4 4 2)", 4},
		{"column X=6", board(13, "r62", "r63", "r45"), "(move 4 5 6 4)", 4},
		{"row Y=3 from X=2 to 4", board(13, "r23", "r33", "r55"), "(move 5 5 4 3)", 4},
		{"diagonal leaving the centre", board(13, "r22", "r33", "r65"), "(move 6 5 4 4)", 4},
		{"row Y=3 from X=4 to 6", board(13, "r43", "r53", "r55"), "(move 5 5 6 3)", 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.pos)
			if _, err := game.PlayText(s, tc.move); err != nil {
				t.Fatal(err)
			}
			if s.Terminal() {
				t.Fatalf("ended:\n%s", s.Describe())
			}
			if _, _, ok := s.CentreLine(); ok {
				t.Fatal("CentreLine reports a line")
			}
			if s.Pieces(Red) != tc.pieces {
				t.Fatalf("red has %d pieces", s.Pieces(Red))
			}
		})
	}
}

// TestEndAtStep33 plays random games: a game without a centre line ends
// after exactly 32 actions with 10 per piece; none ends earlier.
func TestEndAtStep33(t *testing.T) {
	fullGames := 0
	for seed := uint64(0); seed < 300; seed++ {
		s := New()
		rng := game.NewRand(seed)
		actions := 0
		for !s.Terminal() {
			s.Apply(s.RandomMove(rng))
			actions++
		}
		if s.Step() != actions+1 {
			t.Fatalf("seed %d: step %d after %d actions", seed, s.Step(), actions)
		}
		if _, _, ok := s.CentreLine(); ok {
			continue
		}
		fullGames++
		if actions != 32 || s.Step() != 33 {
			t.Fatalf("seed %d: ended after %d actions at step %d", seed, actions, s.Step())
		}
		for r := 0; r < Players; r++ {
			n := 0
			for x := 1; x <= Size; x++ {
				for y := 1; y <= Size; y++ {
					if s.At(x, y) == Cell(r) {
						n++
					}
				}
			}
			if g := s.Goal(game.Role(r)); g != 10*n {
				t.Fatalf("seed %d: goal of %s %d with %d pieces", seed, roleNames[r], g, n)
			}
		}
	}
	if fullGames == 0 {
		t.Fatal("no random game reached step 33")
	}
	// The last action: green at step 32 moves, the game ends at 33.
	s := mustParse(t, board(32, "r22", "r26", "y33", "b55", "g66"))
	if s.Terminal() {
		t.Fatal("step 32 is terminal")
	}
	if _, err := game.PlayText(s, "47-35"); err != nil {
		t.Fatal(err)
	}
	if !s.Terminal() || s.Step() != 33 {
		t.Fatalf("not over at step %d", s.Step())
	}
	want := [Players]int{30, 20, 20, 30}
	for r := 0; r < Players; r++ {
		if g := s.Goal(game.Role(r)); g != want[r] {
			t.Errorf("goal of %s %d, want %d", roleNames[r], g, want[r])
		}
	}
	if _, err := game.PlayText(s, "noop"); err == nil {
		t.Fatal("a move after the end")
	}
}

// TestGoalCap: 10 per piece, at most 99. Ten pieces cannot be reached in
// 8 moves, so the state is built directly.
func TestGoalCap(t *testing.T) {
	for _, tc := range []struct{ pieces, goal int }{{0, 0}, {1, 10}, {9, 90}, {10, 99}, {12, 99}, {26, 99}} {
		s := New()
		s.step = LastStep
		s.pieces[Red] = 0
		interior := boardMask &^ borderMask
		for i := 0; i < tc.pieces; i++ {
			c := trailing(interior)
			interior &^= bit(c)
			s.pieces[Red] |= bit(c)
		}
		if got := s.Goal(Red); got != tc.goal {
			t.Errorf("%d pieces: goal %d, want %d", tc.pieces, got, tc.goal)
		}
		if got := s.Goal(Yellow); got != 10 {
			t.Errorf("yellow's goal %d", got)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	start := "...g.../......./......./r.....b/......./......./...y... red 1"
	tests := []struct {
		name, pos, wantErr string
	}{
		{"too few fields", "...g.../......./......./r.....b/......./......./...y... red", "three fields"},
		{"too many fields", start + " 7", "three fields"},
		{"six rows", "...g.../......./r.....b/......./......./...y... red 1", "want 7 rows"},
		{"short row", "...g.../....../......./r.....b/......./......./...y... red 1", "row 2 (Y=6) has 6 cells"},
		{"bad character", "...g.../......./...x.../r.....b/......./......./...y... red 1", "unknown character"},
		{"unknown role", "...g.../......./......./r.....b/......./......./...y... black 1", "unknown role"},
		{"step zero", "...g.../......./......./r.....b/......./......./...y... red 0", "from 1 to 33"},
		{"step 34", "...g.../......./......./r.....b/......./......./...y... yellow 34", "from 1 to 33"},
		{"step not a number", "...g.../......./......./r.....b/......./......./...y... red one", "from 1 to 33"},
		{"role against step", "...g.../......./......./r.....b/......./......./...y... blue 1", "at step 1 red is in control, not blue"},
		{"empty spawn", "...g.../......./......./......b/......./......./...y... red 1", "spawn cell (1 4) of red is empty"},
		{"spawn of another", "...g.../......./......./y.....b/......./......./...y... red 1", "spawn cell (1 4) of red holds a piece of yellow"},
		{"piece on the border", "...g.../......./......./r.....b/......./......./r..y... red 5", "red has a piece on the border at (1 1)"},
		{"piece on another spawn edge", "...gg../......./......./r.....b/......./......./...y... green 4", "green has a piece on the border at (5 7)"},
		{"too many pieces for the step", board(5, "r33", "r35"), "red has 3 pieces at step 5, but has made only 1 move by then"},
		{"piece before any move", board(1, "y33"), "yellow has 2 pieces at step 1"},
		{"two lines", board(29, "r33", "r34", "r35", "b53", "b54", "b55"), "both"},
		{"line of a player who did not move last", board(13, "b53", "b54", "b55"), "only the player who moved last (green)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePosition(tc.pos)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("ParsePosition(%q) error %v, want one containing %q", tc.pos, err, tc.wantErr)
			}
		})
	}
}

func TestParsePositionFinished(t *testing.T) {
	// Red completed column 3 with its last action: terminal, goals.
	s := mustParse(t, board(14, "r33", "r34", "r35", "y22"))
	if !s.Terminal() || s.Goal(Red) != 100 || s.Goal(Yellow) != 20 || s.Goal(Blue) != 10 {
		t.Fatalf("finished game reads as %s", s.Describe())
	}
	if len(s.Legal(nil)) != 0 {
		t.Fatal("legal moves in a finished game")
	}
	// Step 33 without a line.
	s = mustParse(t, board(33, "r33", "g55"))
	if !s.Terminal() || s.Goal(Red) != 20 || s.Goal(Green) != 20 || s.Goal(Blue) != 10 {
		t.Fatalf("step 33 reads as %s", s.Describe())
	}
	// Upper case and extra spaces are read too.
	if _, err := ParsePosition("  ...G.../......./......./R.....B/......./......./...Y...  RED  1 "); err != nil {
		t.Fatal(err)
	}
}

func TestParseMove(t *testing.T) {
	s := mustParse(t, board(5, "r33", "y44"))
	capture := MoveOf(3, 3, 4, 4)
	knight := MoveOf(3, 3, 4, 5)
	ok := []struct {
		text string
		want game.Move
	}{
		{"(move 3 3 4 4)", capture}, {"(MOVE 3 3 4 4)", capture}, {"  ( move  3 3 4 4 ) ", capture},
		{"move 3 3 4 4", capture}, {"33x44", capture}, {"33X44", capture}, {"3344", capture},
		{"33-44", capture}, {"3 3 4 4", capture}, {"(3 3)(4 4)", capture}, {"3,3>4,4", capture},
		{"33-45", knight}, {"3345", knight}, {"33:45", knight}, {"(move 3 3 4 5)", knight},
		{"14-22", MoveOf(1, 4, 2, 2)},
	}
	for _, tc := range ok {
		m, err := s.ParseMove(tc.text)
		if err != nil || m != tc.want {
			t.Errorf("ParseMove(%q) = %s, %v; want %s", tc.text, s.FormatMove(m), err, s.FormatMove(tc.want))
		}
	}
	bad := []struct{ text, wantErr string }{
		{"", "malformed"},
		{"33", "four coordinates"},
		{"334455", "more than four"},
		{"38-44", "off the board"},
		{"30-44", "off the board"},
		{"(move 3 3 4)", "want (move X1 Y1 X2 Y2)"},
		{"(move 3 3 4 8)", "off the board"},
		{"(move a 3 4 4)", "not a coordinate"},
		{"(mark 3 3 4 4)", "want (move X1 Y1 X2 Y2)"},
		{"(move 3 3 4 4", "missing closing parenthesis"},
		{"hello", "want (move X1 Y1 X2 Y2)"},
		{"zz", `malformed move "zz": want (move X1 Y1 X2 Y2) or a short form like 14-22`},
		{"move 3 3 4", `malformed move "move 3 3 4"`},
		{"33?44", "malformed"},
		{"(move 3 3 3 3)", "not a knight move or an adjacent capture"},
		{"(move 3 3 3 4)", "is empty; a one-step move must capture"},
	}
	for _, tc := range bad {
		if _, err := s.ParseMove(tc.text); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("ParseMove(%q) error %v, want one containing %q", tc.text, err, tc.wantErr)
		}
	}
	if got := s.ShortMove(capture); got != "33x44" {
		t.Errorf("ShortMove(capture) = %q", got)
	}
	if got := s.ShortMove(knight); got != "33-45" {
		t.Errorf("ShortMove(knight) = %q", got)
	}
	if s.ShortMove(game.Noop) != "pass" || s.FormatMove(game.Noop) != "noop" {
		t.Error("pass texts")
	}
	if got := s.FormatMove(MoveOf(1, 4, 2, 2)); got != "(move 1 4 2 2)" {
		t.Errorf("FormatMove = %q", got)
	}
}

func TestMoveEncoding(t *testing.T) {
	seen := map[game.Move]bool{}
	for x1 := 1; x1 <= Size; x1++ {
		for y1 := 1; y1 <= Size; y1++ {
			for x2 := 1; x2 <= Size; x2++ {
				for y2 := 1; y2 <= Size; y2++ {
					m := MoveOf(x1, y1, x2, y2)
					if m == game.Noop || seen[m] {
						t.Fatalf("MoveOf(%d %d %d %d) = %d: zero or duplicate", x1, y1, x2, y2, m)
					}
					seen[m] = true
					a, b, c, d, pass := Decode(m)
					if pass || a != x1 || b != y1 || c != x2 || d != y2 {
						t.Fatalf("Decode(MoveOf(%d %d %d %d)) = %d %d %d %d %v", x1, y1, x2, y2, a, b, c, d, pass)
					}
				}
			}
		}
	}
	if _, _, _, _, pass := Decode(game.Noop); !pass {
		t.Fatal("Decode(Noop) is not a pass")
	}
	s := New()
	for _, m := range []game.Move{MoveOf(0, 4, 2, 2), MoveOf(1, 4, 2, 8), 1, 0xffffffff, game.Move(moveFlag | 63)} {
		if m == game.Noop || s.IsLegal(m) {
			t.Errorf("bad move %#x legal or zero", uint32(m))
		}
	}
}

func TestReadAPI(t *testing.T) {
	s := New()
	got := s.TargetsFrom(1, 4)
	want := []Point{{2, 2}, {3, 3}, {3, 5}, {2, 6}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("TargetsFrom(1 4) = %v, want %v", got, want)
	}
	if s.TargetsFrom(4, 1) != nil || s.TargetsFrom(4, 4) != nil || s.TargetsFrom(0, 0) != nil {
		t.Error("targets for a cell without a piece of the mover")
	}
	s = mustParse(t, board(5, "r33", "y44"))
	if got := fmt.Sprint(s.TargetsFrom(3, 3)); got != "[{5 2} {4 4} {5 4} {2 5} {4 5}]" {
		t.Errorf("TargetsFrom(3 3) = %s", got)
	}
	for r, p := range []Point{{1, 4}, {4, 1}, {7, 4}, {4, 7}} {
		if SpawnCell(game.Role(r)) != p || s.At(p.X, p.Y) != Cell(r) {
			t.Errorf("spawn of %s", roleNames[r])
		}
	}
	if s.At(4, 4).Role() != Yellow || s.At(2, 2) != Empty || s.At(2, 2).Role() != game.NoRole || s.At(9, 9) != Empty {
		t.Error("At")
	}
	if !IsCapture(MoveOf(3, 3, 4, 4)) || IsCapture(MoveOf(3, 3, 4, 5)) {
		t.Error("IsCapture")
	}
	d := mustParse(t, board(14, "r33", "r34", "r35", "y22")).Describe()
	for _, want := range []string{"7  . . . g . . .", "   1 2 3 4 5 6 7", "5  . . R + +", "Pieces: red 4, yellow 2", "Step 14/33", "Game over: red has a centre line (3 3) (3 4) (3 5)", "Goals: red 100 yellow 20"} {
		if !strings.Contains(strings.ReplaceAll(d, ",", ""), strings.ReplaceAll(want, ",", "")) {
			t.Errorf("Describe lacks %q:\n%s", want, d)
		}
	}
	if d := New().Describe(); !strings.Contains(d, "Step 1/33. red to move") || !strings.Contains(d, "4  r . + + + . b") {
		t.Errorf("start Describe:\n%s", d)
	}
}

func TestHashDependsOnStep(t *testing.T) {
	a := mustParse(t, board(5, "r33"))
	b := mustParse(t, board(9, "r33"))
	c := mustParse(t, board(5, "r35"))
	if a.Hash() == b.Hash() || a.Hash() == c.Hash() {
		t.Fatal("hash ignores the step or a piece")
	}
}

// slowTerminal is an independent reference: it scans the board cell by
// cell for a line in the central 3×3 and reads the step counter.
func slowTerminal(s *State) (bool, game.Role) {
	var grid [Size + 1][Size + 1]Cell
	for x := 1; x <= Size; x++ {
		for y := 1; y <= Size; y++ {
			grid[x][y] = s.At(x, y)
		}
	}
	same := func(a, b, c [2]int) Cell {
		v := grid[a[0]][a[1]]
		if v != Empty && grid[b[0]][b[1]] == v && grid[c[0]][c[1]] == v {
			return v
		}
		return Empty
	}
	var lines [][3][2]int
	for i := 3; i <= 5; i++ {
		lines = append(lines, [3][2]int{{3, i}, {4, i}, {5, i}}, [3][2]int{{i, 3}, {i, 4}, {i, 5}})
	}
	lines = append(lines, [3][2]int{{3, 3}, {4, 4}, {5, 5}}, [3][2]int{{3, 5}, {4, 4}, {5, 3}})
	for _, l := range lines {
		if v := same(l[0], l[1], l[2]); v != Empty {
			return true, v.Role()
		}
	}
	return s.Step() >= 33, game.NoRole
}

func checkInvariants(t *testing.T, gs game.State) {
	s := gs.(*State)
	for x := 1; x <= Size; x++ {
		for y := 1; y <= Size; y++ {
			c := s.At(x, y)
			if !IsBorder(x, y) {
				continue
			}
			spawnOf := game.NoRole
			for r := game.Role(0); r < Players; r++ {
				if SpawnCell(r) == (Point{x, y}) {
					spawnOf = r
				}
			}
			if spawnOf != game.NoRole && c.Role() != spawnOf {
				t.Fatalf("spawn (%d %d) of %s holds %d", x, y, roleNames[spawnOf], c)
			}
			if spawnOf == game.NoRole && c != Empty {
				t.Fatalf("piece on border cell (%d %d)", x, y)
			}
		}
	}
	if s.Step() < 1 || s.Step() > 33 || int(s.ToMove()) != (s.Step()-1)%4 {
		t.Fatalf("step %d with %s in control", s.Step(), roleNames[s.ToMove()])
	}
	term, winner := slowTerminal(s)
	if term != s.Terminal() {
		t.Fatalf("Terminal %v, reference %v", s.Terminal(), term)
	}
	if w, ok := s.Winner(), winner != game.NoRole; w != winner {
		t.Fatalf("winner %d, reference %d (%v)", w, winner, ok)
	}
	var est [Players]int
	s.Estimate(est[:])
	for r, e := range est {
		if e < 0 || e > 10000 {
			t.Fatalf("estimate of %s is %d", roleNames[r], e)
		}
		if term && e != 100*s.Goal(game.Role(r)) {
			t.Fatalf("terminal estimate of %s is %d, goal %d", roleNames[r], e, s.Goal(game.Role(r)))
		}
	}
}

func estimate(s *State) [Players]int {
	var e [Players]int
	s.Estimate(e[:])
	return e
}

func TestEstimate(t *testing.T) {
	// Red to move can complete row 4 with (3 3) → (5 4).
	win := estimate(mustParse(t, board(13, "r33", "r34", "r44")))
	if win[Red] < 9000 {
		t.Errorf("red to move with a winning jump estimated %d", win[Red])
	}
	for r := Yellow; r <= Green; r++ {
		if win[r] >= win[Red] {
			t.Errorf("%s estimated %d, above red's %d", roleNames[r], win[r], win[Red])
		}
	}
	// The same threat with all three rivals to move first is worth less,
	// but more than the same pieces without a threat.
	threat := estimate(mustParse(t, board(14, "r33", "r34", "r44")))
	quiet := estimate(mustParse(t, board(14, "r22", "r26", "r62")))
	if !(threat[Red] < win[Red] && threat[Red] > quiet[Red]) {
		t.Errorf("red: win %d, threat %d, quiet %d", win[Red], threat[Red], quiet[Red])
	}
	// Centre control counts: a centre piece beats an off-centre one with
	// as many moves.
	pairs := 0
	for _, in := range []string{"r33", "r34", "r44"} {
		for _, out := range []string{"r22", "r23", "r24", "r25", "r26", "r32", "r36", "r42", "r46", "r52", "r56", "r62", "r63", "r64", "r65", "r66"} {
			a, b := mustParse(t, board(5, in)), mustParse(t, board(5, out))
			if len(a.Legal(nil)) != len(b.Legal(nil)) {
				continue
			}
			pairs++
			if ea, eb := estimate(a), estimate(b); ea[Red] <= eb[Red] {
				t.Errorf("red on %s estimated %d, on %s %d", in[1:], ea[Red], out[1:], eb[Red])
			}
		}
	}
	if pairs == 0 {
		t.Error("no centre/off-centre pair with equal mobility")
	}
	// More pieces, higher estimate.
	more := estimate(mustParse(t, board(14, "r22", "r26", "r62", "r66")))
	if more[Red] <= quiet[Red] {
		t.Errorf("red with 5 pieces %d, with 4 %d", more[Red], quiet[Red])
	}
	// A piece next to a rival is at risk.
	safe := estimate(mustParse(t, board(6, "r22", "y55")))
	risk := estimate(mustParse(t, board(6, "r22", "y23")))
	if risk[Red] >= safe[Red] {
		t.Errorf("red attacked %d, safe %d", risk[Red], safe[Red])
	}
	// Near the end the estimate is the goal formula: at step 32 only green
	// still moves. Red's (2 2) is next to yellow's (3 3), but yellow has no
	// action left; blue's (5 5) is next to green's (6 6) and at risk.
	end := estimate(mustParse(t, board(32, "r22", "r26", "y33", "b55", "g66")))
	if end[Red] != 3000 || end[Yellow] != 2000 || end[Blue] >= 2000 || end[Blue] < 1800 {
		t.Errorf("estimates at step 32: %v", end)
	}
	if end[Green] < 2000 || end[Green] > 3000 {
		t.Errorf("green's estimate at step 32 is %d, want 20–30 points", end[Green])
	}
}
