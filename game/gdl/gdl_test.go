package gdl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// sheetFile is a rule sheet read from a directory: its name (the file's
// name without .kif), its text and its game, nil when it does not load.
type sheetFile struct {
	name string
	src  []byte
	v    *game.Variant
}

// loadSheets reads and loads every .kif file of dir; the invalid sheets
// of the tests come back with no game.
func loadSheets(tb testing.TB, dir string) []sheetFile {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.kif"))
	var sheets []sheetFile
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		sh := sheetFile{name: strings.TrimSuffix(filepath.Base(f), ".kif"), src: src}
		sh.v, _ = Load(filepath.Base(f), src)
		sheets = append(sheets, sh)
	}
	return sheets
}

// randomJoint is a random legal joint move of s.
func randomJoint(s *State, rng *game.Rand, buf []game.Move) []game.Move {
	var moves []game.Move
	for r := range s.n.roles {
		buf = s.LegalOf(game.Role(r), buf[:0])
		m := game.Move(len(s.n.moveText))
		if len(buf) > 0 {
			m = buf[rng.Intn(len(buf))]
		}
		moves = append(moves, m)
	}
	return moves
}

// readTestdata returns the text of testdata/name.kif.
func readTestdata(t testing.TB, name string) string {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name + ".kif")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// parseSheetFile reads and parses the sheet at path.
func parseSheetFile(t testing.TB, path string) *kif.Description {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := kif.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return d
}

func loadFile(t testing.TB, name string) *game.Variant {
	t.Helper()
	v, err := Load(name, []byte(readTestdata(t, name)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

func TestTicTacToeProperties(t *testing.T) {
	v := loadFile(t, "tictactoe")
	gametest.Properties(t, v, gametest.Options{Games: 300})
	gametest.NoAllocs(t, v)
}

func TestLittleHexProperties(t *testing.T) {
	v := loadFile(t, "littlehex")
	if v.Title != "Little Hex" {
		t.Fatalf("title %q", v.Title)
	}
	gametest.Properties(t, v, gametest.Options{Games: 200})
	gametest.NoAllocs(t, v)
	// Hex cannot end in a draw: someone has joined their sides.
	rng := game.NewRand(5)
	for g := 0; g < 200; g++ {
		s := v.New()
		game.Playout(s, rng, 0)
		if s.Goal(0)+s.Goal(1) != 100 {
			t.Fatalf("%s: goals %d %d", s, s.Goal(0), s.Goal(1))
		}
	}
}
