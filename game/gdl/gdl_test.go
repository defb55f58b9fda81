package gdl

import (
	"os"
	"testing"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gametest"
)

func loadFile(t testing.TB, name string) *game.Variant {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name + ".kif")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Load(name, src)
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
