package cli

// Rules audit of Pentago (see rules_audit_test.go): the reference model
// and the tests of RULES.md "Pentago".

import (
	"fmt"
	"strings"
	"testing"
)

// ---------------------------------------------------------------------------
// Pentago reference model (RULES.md "Pentago")

type auditPentago struct {
	board [6][6]byte // [row from the top][column from the left], 0-based
	role  string     // red or black
	phase string     // place or rotate
	split bool
}

// auditPentagoRC maps (Q X Y) to a 0-based row from the top and column.
func auditPentagoRC(q, x, y int) (int, int) {
	col := x
	if q == 1 || q == 4 {
		col = x + 3
	}
	fromBottom := y
	if q == 1 || q == 2 {
		fromBottom = y + 3
	}
	return 6 - fromBottom, col - 1
}

func auditParsePentago(t *testing.T, variant, s string) *auditPentago {
	t.Helper()
	f := strings.Split(s, " ")
	p := &auditPentago{role: f[1], phase: f[2], split: variant == "pentago-split"}
	for r, row := range strings.Split(f[0], "/") {
		copy(p.board[r][:], row)
	}
	return p
}

func (p *auditPentago) String() string {
	rows := make([]string, 6)
	for r := range rows {
		rows[r] = string(p.board[r][:])
	}
	return strings.Join(rows, "/") + " " + p.role + " " + p.phase
}

func (p *auditPentago) stone() byte { return p.role[0] } // 'r' or 'b'

var auditPentagoLines = func() [][5][2]int {
	var out [][5][2]int
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				er, ec := r+4*d[0], c+4*d[1]
				if er < 0 || er > 5 || ec < 0 || ec > 5 {
					continue
				}
				var l [5][2]int
				for i := range l {
					l[i] = [2]int{r + i*d[0], c + i*d[1]}
				}
				out = append(out, l)
			}
		}
	}
	return out
}()

func (p *auditPentago) hasLine(b byte) bool {
	for _, l := range auditPentagoLines {
		k := 0
		for _, c := range l {
			if p.board[c[0]][c[1]] == b {
				k++
			}
		}
		if k == 5 {
			return true
		}
	}
	return false
}

func (p *auditPentago) outcome() (bool, map[string]int) {
	red, black := p.hasLine('r'), p.hasLine('b')
	switch {
	case red && black:
		return true, map[string]int{"red": 50, "black": 50}
	case red:
		return true, map[string]int{"red": 100, "black": 0}
	case black:
		return true, map[string]int{"red": 0, "black": 100}
	}
	for r := range p.board {
		for _, v := range p.board[r] {
			if v == '.' {
				return false, nil
			}
		}
	}
	return true, map[string]int{"red": 50, "black": 50}
}

func (p *auditPentago) legal() []string {
	if end, _ := p.outcome(); end {
		return nil
	}
	var out []string
	if p.phase == "rotate" {
		for q := 1; q <= 4; q++ {
			out = append(out, fmt.Sprintf("(rotate %d clockwise)", q), fmt.Sprintf("(rotate %d counterclockwise)", q))
		}
		return out
	}
	for q := 1; q <= 4; q++ {
		for x := 1; x <= 3; x++ {
			for y := 1; y <= 3; y++ {
				if r, c := auditPentagoRC(q, x, y); p.board[r][c] == '.' {
					out = append(out, fmt.Sprintf("(place %d %d %d)", q, x, y))
				}
			}
		}
	}
	return out
}

func (p *auditPentago) rotate(q int, clockwise bool) {
	var old [4][4]byte
	for x := 1; x <= 3; x++ {
		for y := 1; y <= 3; y++ {
			r, c := auditPentagoRC(q, x, y)
			old[x][y] = p.board[r][c]
		}
	}
	for x := 1; x <= 3; x++ {
		for y := 1; y <= 3; y++ {
			nx, ny := y, 4-x // clockwise: (X,Y) -> (Y, 4-X)
			if !clockwise {
				nx, ny = 4-y, x // counterclockwise: (X,Y) -> (4-Y, X)
			}
			r, c := auditPentagoRC(q, nx, ny)
			p.board[r][c] = old[x][y]
		}
	}
}

// advance moves to the next (role, phase) of the variant's turn cycle.
func (p *auditPentago) advance() {
	other := map[string]string{"red": "black", "black": "red"}
	if !p.split {
		if p.phase == "place" {
			p.phase = "rotate"
		} else {
			p.phase, p.role = "place", other[p.role]
		}
		return
	}
	// red place, black place, red rotate, black rotate.
	switch {
	case p.role == "red":
		p.role = "black"
	case p.phase == "place":
		p.role, p.phase = "red", "rotate"
	default:
		p.role, p.phase = "red", "place"
	}
}

func (p *auditPentago) apply(m string) {
	var q, x, y int
	var dir string
	if _, err := fmt.Sscanf(m, "(place %d %d %d)", &q, &x, &y); err == nil {
		r, c := auditPentagoRC(q, x, y)
		p.board[r][c] = p.stone()
	} else if _, err := fmt.Sscanf(m, "(rotate %d %s", &q, &dir); err == nil {
		p.rotate(q, dir == "clockwise)")
	} else {
		panic(m)
	}
	p.advance()
}

const auditPentagoStart = "....../....../....../....../....../...... red place"

// ---------------------------------------------------------------------------
// Pentago tests

func TestAuditPentagoStart(t *testing.T) {
	for _, v := range []string{"pentago", "pentago-split"} {
		l := auditPlay(t, v, "")[0]
		if l.Position != auditPentagoStart || l.ToMove != "red" || l.Terminal {
			t.Errorf("%s start %+v", v, l)
		}
		if len(l.Legal) != 36 {
			t.Errorf("%s: %d legal, want 36 placements", v, len(l.Legal))
		}
		auditSameSet(t, v+" start legal", l.Legal, auditParsePentago(t, v, auditPentagoStart).legal())
	}
}

func TestAuditPentagoCoordinates(t *testing.T) {
	// Hand-computed corners of the board.
	for _, tt := range []struct{ move, pos string }{
		{"(place 2 1 3)", "r...../....../....../....../....../...... red rotate"}, // top-left
		{"(place 1 3 3)", ".....r/....../....../....../....../...... red rotate"}, // top-right
		{"(place 3 1 1)", "....../....../....../....../....../r..... red rotate"}, // bottom-left
		{"(place 4 3 1)", "....../....../....../....../....../.....r red rotate"}, // bottom-right
		{"(place 1 1 1)", "....../....../...r../....../....../...... red rotate"}, // column 4, row 4 from the bottom
		{"(place 3 2 3)", "....../....../....../.r..../....../...... red rotate"}, // column 2, row 3 from the bottom
		{"(place 4 1 2)", "....../....../....../....../...r../...... red rotate"}, // column 4, row 2 from the bottom
		{"(place 2 3 1)", "....../....../..r.../....../....../...... red rotate"}, // column 3, row 4 from the bottom
	} {
		if l := auditLast(t, "pentago", "", tt.move); l.Position != tt.pos {
			t.Errorf("%s: position %q, want %q", tt.move, l.Position, tt.pos)
		}
	}
	// Every cell by the formula of RULES.md.
	for q := 1; q <= 4; q++ {
		for x := 1; x <= 3; x++ {
			for y := 1; y <= 3; y++ {
				m := fmt.Sprintf("(place %d %d %d)", q, x, y)
				p := auditParsePentago(t, "pentago", auditPentagoStart)
				p.apply(m)
				if l := auditLast(t, "pentago", "", m); l.Position != p.String() {
					t.Errorf("%s: position %q, want %q", m, l.Position, p.String())
				}
			}
		}
	}
}

func TestAuditPentagoRotations(t *testing.T) {
	// Hand-computed: stone at (1 1 1), i.e. X=1 Y=1.
	for _, tt := range []struct{ move, pos string }{
		{"(rotate 1 clockwise)", "...r../....../....../....../....../...... black place"},        // (1,1) -> (1,3)
		{"(rotate 1 counterclockwise)", "....../....../.....r/....../....../...... black place"}, // (1,1) -> (3,1)
		{"(rotate 2 clockwise)", "....../....../...r../....../....../...... black place"},        // other quadrant: unchanged
	} {
		if l := auditLast(t, "pentago", "", "(place 1 1 1)", tt.move); l.Position != tt.pos {
			t.Errorf("%s: position %q, want %q", tt.move, l.Position, tt.pos)
		}
	}
	// An asymmetric pattern in every quadrant; each rotation checked against
	// the formulas (X,Y) -> (Y,4-X) and (X,Y) -> (4-Y,X).
	const pos = "rr.b.r/r..rr./.b...b/b.rb.b/..b..b/r..r.. red rotate"
	p0 := auditParsePentago(t, "pentago", pos)
	if b := strings.Fields(pos)[0]; strings.Count(b, "r") != strings.Count(b, "b")+1 {
		t.Fatalf("bad test position")
	}
	for q := 1; q <= 4; q++ {
		for _, dir := range []string{"clockwise", "counterclockwise"} {
			m := fmt.Sprintf("(rotate %d %s)", q, dir)
			p := auditParsePentago(t, "pentago", pos)
			p.apply(m)
			if end, _ := p.outcome(); end {
				t.Fatalf("bad test: %s ends", m)
			}
			if p.String() == p0.String() {
				t.Fatalf("bad test: %s changes nothing", m)
			}
			if l := auditLast(t, "pentago", pos, m); l.Position != p.String() {
				t.Errorf("%s: position %q, want %q", m, l.Position, p.String())
			}
		}
	}
	// Four clockwise turns are the identity; cw then ccw too.
	back := auditLast(t, "pentago", pos,
		"(rotate 3 clockwise)", "(place 4 2 2)", "(rotate 3 clockwise)", "(place 2 2 2)",
		"(rotate 3 clockwise)", "(place 1 2 1)", "(rotate 3 clockwise)")
	if back.Position != "rr.b.r/rr.rr./.b..bb/b.rb.b/..b.bb/r..r.. red place" {
		t.Errorf("four clockwise turns of quadrant 3: %q", back.Position)
	}
}

func TestAuditPentagoAllRotationsAlwaysLegal(t *testing.T) {
	rot := auditParsePentago(t, "pentago", auditPentagoStart)
	rot.phase = "rotate"
	want := rot.legal()
	for _, tt := range []struct{ variant, pos string }{
		{"pentago", "....../....../...r../....../....../...... red rotate"},   // three empty quadrants
		{"pentago", "r...../....../....../....../....../.....b black rotate"}, // one stone each in Q2, Q4
		{"pentago-split", "r...../....../....../....../....../.....b red rotate"},
	} {
		auditSameSet(t, tt.pos, auditPlay(t, tt.variant, tt.pos)[0].Legal, want)
		// Rotating an empty quadrant is a real action: the turn passes on.
		if l := auditLast(t, tt.variant, tt.pos, "(rotate 1 clockwise)"); l.Terminal || l.Position == tt.pos {
			t.Errorf("%s: rotating empty quadrant 1 gave %q", tt.variant, l.Position)
		}
	}
}

func TestAuditPentagoTurnCycle(t *testing.T) {
	moves := []string{"(place 1 1 1)", "(rotate 2 clockwise)", "(place 2 2 2)", "(rotate 3 counterclockwise)", "(place 3 3 3)", "(rotate 4 clockwise)", "(place 4 1 3)", "(rotate 1 counterclockwise)", "(place 1 3 3)"}
	for _, tt := range []struct {
		variant string
		seq     []string // role phase after each action (and at the start)
	}{
		{"pentago", []string{"red place", "red rotate", "black place", "black rotate", "red place", "red rotate", "black place", "black rotate", "red place", "red rotate"}},
		{"pentago-split", []string{"red place", "black place", "red rotate", "black rotate", "red place", "black place", "red rotate", "black rotate", "red place", "black place"}},
	} {
		t.Run(tt.variant, func(t *testing.T) {
			// Reorder the script so that each action fits the phase.
			var places, rotates, script []string
			for _, m := range moves {
				if strings.HasPrefix(m, "(place") {
					places = append(places, m)
				} else {
					rotates = append(rotates, m)
				}
			}
			for _, s := range tt.seq[:len(tt.seq)-1] {
				if strings.HasSuffix(s, "place") {
					script, places = append(script, places[0]), places[1:]
				} else {
					script, rotates = append(script, rotates[0]), rotates[1:]
				}
			}
			model := auditParsePentago(t, tt.variant, auditPentagoStart)
			lines := auditPlay(t, tt.variant, "", script...)
			for i, l := range lines {
				if i > 0 {
					model.apply(script[i-1])
				}
				role, phase, _ := strings.Cut(tt.seq[i], " ")
				if l.ToMove != role || !strings.HasSuffix(l.Position, " "+tt.seq[i]) || l.Position != model.String() {
					t.Errorf("after %d actions: to_move %q position %q, want %q (%s)", i, l.ToMove, l.Position, model.String(), tt.seq[i])
				}
				for _, m := range l.Legal {
					if !strings.HasPrefix(m, "("+phase) {
						t.Errorf("after %d actions (%s) legal has %s", i, tt.seq[i], m)
						break
					}
				}
			}
		})
	}
}

func TestAuditPentagoIllegal(t *testing.T) {
	lines := auditSession(t, "pentago", "",
		"(rotate 1 clockwise)", // place phase
		"noop",
		"(place 5 1 1)", "(place 0 1 1)", "(place 1 0 1)", "(place 1 4 1)", "(place 1 1 0)", "(place 1 1 4)",
		"(place 1 2 2)",
		"(place 1 2 3)",        // rotate phase
		"(rotate 5 clockwise)", // no quadrant 5
		"(rotate 1 sideways)",
		"noop",
		"(rotate 1 clockwise)",
		"(place 1 2 2)", // occupied (centre cells do not move)
	)
	for i, l := range lines[1:] {
		wantErr := i != 8 && i != 13
		if (l.Error != "") != wantErr {
			t.Errorf("line %d: error %q, want error=%v", i+1, l.Error, wantErr)
		}
	}
}

func TestAuditPentagoLines(t *testing.T) {
	if len(auditPentagoLines) != 32 {
		t.Fatalf("model has %d lines", len(auditPentagoLines))
	}
	// For every one of the 32 lines and both colours, the fifth stone is
	// placed (each cell of the line in turn): the game ends at once, before
	// the rotation.
	for li, line := range auditPentagoLines {
		for _, who := range []string{"red", "black"} {
			for gap := 0; gap < 5; gap += 2 {
				p := &auditPentago{role: who, phase: "place"}
				for r := range p.board {
					for c := range p.board[r] {
						p.board[r][c] = '.'
					}
				}
				mine, theirs := who[0], byte('r'+'b'-who[0])
				for i, c := range line {
					if i != gap {
						p.board[c[0]][c[1]] = mine
					}
				}
				// Opponent stones off the line, never four in any line.
				need := 4
				if who == "black" {
					need = 5 // black to place: red has one more
				}
				for r := 0; r < 6 && need > 0; r++ {
					for c := 0; c < 6 && need > 0; c++ {
						if p.board[r][c] != '.' || (r+2*c)%3 != 0 {
							continue
						}
						onLine := false
						for _, lc := range line {
							onLine = onLine || lc == [2]int{r, c}
						}
						if !onLine {
							p.board[r][c] = theirs
							need--
						}
					}
				}
				pos := p.String()
				if end, _ := p.outcome(); end || need > 0 {
					t.Fatalf("bad test position %s", pos)
				}
				// The move that fills the gap.
				var move string
				for q := 1; q <= 4 && move == ""; q++ {
					for x := 1; x <= 3; x++ {
						for y := 1; y <= 3; y++ {
							if r, c := auditPentagoRC(q, x, y); [2]int{r, c} == line[gap] {
								move = fmt.Sprintf("(place %d %d %d)", q, x, y)
							}
						}
					}
				}
				p.apply(move)
				lines := auditSession(t, "pentago", pos, move, "(rotate 1 clockwise)", "(place 1 1 1)")
				l := lines[1]
				if l.Error != "" {
					t.Fatalf("line %d %s: %s refused: %s", li, who, move, l.Error)
				}
				want := map[string]int{"red": 100, "black": 0}
				if who == "black" {
					want = map[string]int{"red": 0, "black": 100}
				}
				auditGoals(t, l, want)
				if !strings.HasPrefix(l.Position, strings.Fields(p.String())[0]) {
					t.Errorf("position %q, want board %q", l.Position, strings.Fields(p.String())[0])
				}
				if lines[2].Error == "" || lines[3].Error == "" {
					t.Errorf("line %d: actions accepted after the winning placement", li)
				}
			}
		}
	}
}

func TestAuditPentagoNotLines(t *testing.T) {
	for _, tt := range []struct{ name, pos, move string }{
		// red places the last stone; none of these is five in a line.
		{"bent five", "rrrr../....../....../bbbb../....../...... red place", "(place 2 1 2)"},       // r2c1 under r1c1
		{"four and a gap", "rr.rr./....../....../bbbb../....../...... red place", "(place 1 3 3)"},  // r1c6
		{"broken diagonal", "r...../.r..../..r.../....../....r./bbbb.. red place", "(place 1 3 1)"}, // r3c6
		{"knight line", "r...../..r.../....r./bbbb../r...../...... red place", "(place 4 3 1)"},     // r4c2
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := auditParsePentago(t, "pentago", tt.pos)
			p.apply(tt.move)
			if end, _ := p.outcome(); end {
				t.Fatalf("bad test")
			}
			if l := auditLast(t, "pentago", tt.pos, tt.move); l.Terminal || l.Position != p.String() {
				t.Errorf("terminal %v position %q, want %q not terminal", l.Terminal, l.Position, p.String())
			}
		})
	}
	// Six in a row is a line.
	l := auditLast(t, "pentago", "rrr.rr/....../....../bbbb../....b./...... red place", "(place 1 1 3)")
	auditGoals(t, l, map[string]int{"red": 100, "black": 0})
}

func TestAuditPentagoRotationOutcomes(t *testing.T) {
	for _, tt := range []struct {
		name, variant, pos, move, after string
		goals                           map[string]int
	}{
		{"rotation makes the mover's line", "pentago", "rrr..r/.....r/bbbb../....../....../b....r red rotate", "(rotate 1 counterclockwise)",
			"rrrrr./....../bbb..b/....../....../b....r black place", map[string]int{"red": 100, "black": 0}},
		{"rotation by red makes only black's line", "pentago", "....../.....b/bbb..b/....../r.r.r./r.r.r. red rotate", "(rotate 1 clockwise)",
			"....../....../bbbbb./....../r.r.r./r.r.r. black place", map[string]int{"red": 0, "black": 100}},
		{"rotation makes both lines", "pentago", "rrr.../...r.b/bbbr.b/....../....../...... black rotate", "(rotate 1 clockwise)",
			"rrrrr./....../bbbbb./....../....../...... red place", map[string]int{"red": 50, "black": 50}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := auditParsePentago(t, tt.variant, tt.pos)
			p.apply(tt.move)
			if p.String() != tt.after {
				t.Fatalf("bad test: model gives %q", p.String())
			}
			if _, g := p.outcome(); g["red"] != tt.goals["red"] || g["black"] != tt.goals["black"] {
				t.Fatalf("bad test: model goals %v", g)
			}
			l := auditLast(t, tt.variant, tt.pos, tt.move)
			if b := strings.Fields(l.Position)[0]; b != strings.Fields(tt.after)[0] {
				t.Errorf("board %q, want %q", b, strings.Fields(tt.after)[0])
			}
			auditGoals(t, l, tt.goals)
		})
	}
	// The same in pentago-split: black places, red rotates (black's line).
	l := auditLast(t, "pentago-split", "....../.....b/bb...b/....../r.r.r./r.r... black place", "(place 2 3 1)", "(rotate 1 clockwise)")
	auditGoals(t, l, map[string]int{"red": 0, "black": 100})
}

func TestAuditPentagoFullBoard(t *testing.T) {
	// 18 red, 18 black, no line anywhere (found by search, checked by the model).
	const full = "rbrbrb/bbbrrr/bbbbrr/rrbbbr/brbrrr/rbrbrb"
	pos := "rbrbrb/bbbrrr/bbbbrr/rrbbbr/brbrrr/rbrbr. black place" // black's 18th placement on (4 3 1)
	p := auditParsePentago(t, "pentago", pos)
	p.apply("(place 4 3 1)")
	if end, g := p.outcome(); !end || g["red"] != 50 || p.hasLine('b') || strings.Fields(p.String())[0] != full {
		t.Fatalf("bad test board")
	}
	for _, v := range []string{"pentago", "pentago-split"} {
		lines := auditSession(t, v, pos, "(place 4 3 1)", "(rotate 1 clockwise)")
		auditGoals(t, lines[1], map[string]int{"red": 50, "black": 50})
		if b := strings.Fields(lines[1].Position)[0]; b != full {
			t.Errorf("%s board %q, want %q", v, b, full)
		}
		if lines[2].Error == "" {
			t.Errorf("%s: rotation accepted on a full board after the end", v)
		}
	}
	// A full board read from a string is terminal.
	auditGoals(t, auditPlay(t, "pentago", full+" black rotate")[0], map[string]int{"red": 50, "black": 50})
	// The last placement (always black's) fills the board and makes a
	// line: the line counts, not the full board.
	const lineFull = "rrrbrb/bbbrrr/.bbbbr/rrbbbr/brbrrr/rbrbrb black place"
	p = auditParsePentago(t, "pentago", lineFull)
	p.apply("(place 2 1 1)")
	if end, g := p.outcome(); !end || g["black"] != 100 || strings.Contains(p.String(), ".") {
		t.Fatalf("bad test board")
	}
	auditGoals(t, auditLast(t, "pentago", lineFull, "(place 2 1 1)"), map[string]int{"red": 0, "black": 100})
}

func TestAuditPentagoPositionValidation(t *testing.T) {
	for _, tt := range []struct{ variant, pos, why string }{
		{"pentago", "....../....../....../....../...... red place", "5 rows"},
		{"pentago", "....../....../....../....../....../....../...... red place", "7 rows"},
		{"pentago", "...../....../....../....../....../...... red place", "row of 5"},
		{"pentago", "....../..x.../....../....../....../...... red place", "bad character"},
		{"pentago", "....../....../....../....../....../...... blue place", "bad role"},
		{"pentago", "....../....../....../....../....../...... red move", "bad phase"},
		{"pentago", "....../....../....../....../....../...... red", "missing phase"},
		{"pentago", "....../....../....../....../....../...... red place x", "extra field"},
		{"pentago", "rrr.../....../....../....../....../...... black place", "3 red, 0 black"},
		{"pentago", "r...../....../....../....../....../...... red place", "red ahead while red places"},
		{"pentago", "r...../....../....../....../....../.....b red rotate", "pentago: red rotates with equal stones"},
		{"pentago", "r...../....../....../....../....../...... black rotate", "pentago: black rotates with red ahead"},
		{"pentago-split", "r...../....../....../....../....../...... red rotate", "split: red rotates with red ahead"},
		{"pentago-split", "....../....../....../....../....../...... black place", "split: black places first"},
		{"pentago", "bb..../....../....../....../....../...... red place", "black ahead"},
	} {
		if ok, _ := auditRefused(t, tt.variant, tt.pos); !ok {
			t.Errorf("%s %q (%s) accepted", tt.variant, tt.pos, tt.why)
		}
	}
	// A finished game is a valid position and reads as terminal.
	auditGoals(t, auditPlay(t, "pentago", "rrrrr./bbbb../....../....../....../...... black place")[0], map[string]int{"red": 100, "black": 0})
}
