package quad

import (
	"strings"
	"testing"
)

func TestParsePositionErrors(t *testing.T) {
	const (
		e5 = "-...-/...../...../...../-...-"
		e7 = "-.....-/......./......./......./......./......./-.....-"
	)
	tests := []struct {
		variant, pos, want string
	}{
		{"quad5", e5 + " x 0", "want 4 fields"},
		{"quad5", e5 + "  x 0 0", "want 4 fields"},
		{"quad5", "-...-/...../...../-...- x 0 0", "the board has 4 rows, want 5"},
		{"quad5", "-...-/..../...../...../-...- x 0 0", "row 2 has 4 cells, want 5"},
		{"quad5", "-...-/......./...../...../-...- x 0 0", "row 2 has 7 cells, want 5"},
		{"quad5", "....-/...../...../...../-...- x 0 0", "r1c1 is a missing corner"},
		{"quad5", "-...-/...../...../...../-...x x 0 0", "r5c5 is a missing corner"},
		{"quad5", "-.-.-/...../...../...../-...- x 0 0", "r1c3 is a board cell"},
		{"quad5", "-...-/...../..z../...../-...- x 0 0", "r3c3: unknown character 'z'"},
		{"quad5", "-...-/...../..X../...../-...- x 0 0", "unknown character 'X'"},
		{"quad5", e5 + " y 0 0", `unknown role "y"`},
		{"quad5", e5 + " X 0 0", `unknown role "X"`},
		{"quad5", e5 + " x 1 0", "from 0 to 0"},
		{"quad7", e7 + " x 6 5", "from 0 to 5"},
		{"quad7", e7 + " x 5 -1", "from 0 to 5"},
		{"quad7", e7 + " x 5 five", "from 0 to 5"},
		{"quad7", e7 + " x 05 5", "from 0 to 5"},
		{"quad7", e7 + " x +5 5", "from 0 to 5"},
		{"quad5", "-xxx-/xxxxx/x.o../ooooo/-ooo- o 0 0", "x has 9 marks on the board, but only 8"},
		{"quad5", "-xxx-/xx.../.o.../ooooo/-ooo- x 0 0", "o has 9 marks on the board, but only 8"},
		{"quad7", "-.....-/.w...../......./......./......./......./-.....- x 5 5", "1 white stones on the board, but the blockers used (0 by x, 0 by o) make 0"},
		{"quad7", e7 + " x 4 5", "0 white stones on the board, but the blockers used (1 by x, 0 by o) make 1"},
		{"quad7", "-.....-/.w...../......./......./......./......./-.....- x 5 4", "o has used blockers, but o has not had a turn yet"},
		{"quad5", "-x..-/...../...../...../-...- x 0 0", "x is in control, so x and o must have placed as many marks (x 1, o 0)"},
		{"quad5", e5 + " o 0 0", "o is in control, so x must have placed one mark more than o (x 0, o 0)"},
		{"quad5", "-x..-/...../...../...../-..o- o 0 0", "o is in control, so x must have placed one mark more"},
		{"quad7", "-.....-/.xx.oo./.xx.oo./......./......./......./-.....- x 5 5", "both x and o own a square"},
		{"quad7", "-.....-/.xx...../.xx...../......./......./.oooo../-.....- x 5 5", "row 2 has"},
		{"quad7", "-.....-/.xx..../.xx..../......./......./.oooo../-.....- x 5 5", "x owns a square, so x's last mark ended the game and o must be in control"},
		{"quad7", "-.....-/.oo..../.oo..../......./......./.xxxxx./-.....- o 5 5", "o owns a square, so o's last mark ended the game and x must be in control"},
		{"quad7", "-.....-/.xx.xx./.xx.xx./......./ooooooo/......./-.....- o 5 5", "x owns squares with no cell in common"},
	}
	for _, tc := range tests {
		rl := variantRules(t, tc.variant)
		_, err := rl.variant.ParsePosition(tc.pos)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s ParsePosition(%q): %v; want an error with %q", tc.variant, tc.pos, err, tc.want)
		}
	}
}

func TestParsePositionValid(t *testing.T) {
	tests := []struct {
		variant, pos string
		over         bool
		gx, gO       int
		toMove       string
	}{
		{"quad5", "-...-/...../...../...../-...- x 0 0", false, 0, 0, "x"},
		// x blocked twice and has not marked yet; control stays with x.
		{"quad7", "-.....-/.w...../......./..w..../......./......./-.....- x 3 5", false, 0, 0, "x"},
		// o blocks during its turn: o is still in control.
		{"quad7", "-.....-/.x...../......./..w..../......./......./-.....- o 5 4", false, 0, 0, "o"},
		// x won; squares sharing the winning cell r2c3 are fine.
		{"quad7", "-.....-/.xxx.../.xxx.../......./......./.ooooo./-.....- o 5 5", true, 100, 0, "o"},
		// o won with the square r2c3 r3c5 r5c4 r4c2.
		{"quad5", "-x.x-/..o.x/x...o/.o.../-..o- x 0 0", true, 0, 100, "x"},
	}
	for _, tc := range tests {
		rl := variantRules(t, tc.variant)
		s := parse(t, rl, tc.pos)
		if s.String() != tc.pos {
			t.Errorf("%q reads back as %q", tc.pos, s.String())
		}
		if s.Terminal() != tc.over || s.Goal(RoleX) != tc.gx || s.Goal(RoleO) != tc.gO || rl.variant.Roles[s.ToMove()] != tc.toMove {
			t.Errorf("%q: terminal %v goals %d/%d %s in control", tc.pos, s.Terminal(), s.Goal(RoleX), s.Goal(RoleO), rl.variant.Roles[s.ToMove()])
		}
		if s.Hash() != s.computeHash() {
			t.Errorf("%q: hash mismatch", tc.pos)
		}
	}
}

func TestDescribe(t *testing.T) {
	rl := variantRules(t, "quad11")
	s := parse(t, rl, "-.........-/.x........./..w......../"+strings.Repeat(".........../", 7)+"-.........- o 6 7")
	d := s.Describe()
	for _, want := range []string{" c1", "c11", " r1", "r11", "x: 19 marks left, 6 blockers left", "o: 20 marks left, 7 blockers left", "o to move"} {
		if !strings.Contains(d, want) {
			t.Errorf("Describe lacks %q:\n%s", want, d)
		}
	}
	lines := strings.Split(d, "\n")
	if !strings.Contains(lines[2], "x") || !strings.Contains(lines[3], "w") {
		t.Errorf("board rows wrong:\n%s", d)
	}
	won := parse(t, variantRules(t, "quad5"), "-x.x-/..o.x/x...o/.o.../-..o- x 0 0")
	if d := won.Describe(); !strings.Contains(d, "game over: x 0, o 100 (o's square") || !strings.Contains(d, "r2c3") {
		t.Errorf("finished game described as:\n%s", d)
	}
}
