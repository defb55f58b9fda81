package savefmt

import (
	"reflect"
	"testing"

	"github.com/tabletop/tabletop/game"
)

// FuzzParseSave feeds save files from strangers (a --load file, a save
// sent over SSH) to ParseSave. It must never panic; a file it accepts
// must replay, and write back as a file that reads as the same game.
func FuzzParseSave(f *testing.F) {
	for _, seed := range []string{
		"tabletop save 1\nvariant quad5\nseat x human\nseat o ai:easy\nmove (mark r3 c3)\n",
		"tabletop save 1\nvariant quad7\nseat x human:Ana\nseat o ai:max:Deep Thought\nmove r3c4\nmove (block r2 c2)\n",
		"tabletop save 1\nvariant pentago\nseat red human\nseat black ai:hard\nmove (place 1 1 1)\nmove (rotate 2 clockwise)\n",
		"tabletop save 1\nvariant pentago-split\nseat red human\nseat black human\nstart ....../....../....../....../....../...... red place\n",
		"tabletop save 1\nvariant tictacchess\nseat red human\nseat yellow ai:easy\nseat blue ai:medium\nseat green human\nmove (move 1 4 2 6)\n",
		"tabletop save 1\nvariant quad5\nseat x human\nseat o human\nstart -...-/.xx../.x.o./..oo./-...- x 0 0\nmove r3c3\n",
		"# a comment\n\ntabletop save 1\n  variant   quad11  \nseat x human\nseat o human\n",
		"tabletop save 1\nvariant quad5\nseat x human\nseat x ai:easy\nseat o human\n",
		"tabletop save 1\nvariant quad5\nseat x human\nseat o human\nmove (mark r3 c3)\nmove (mark r3 c3)\n",
		"tabletop save 1\nvariant quad5\nseat x human\nseat o human\nstart garbage\n",
		"tabletop save 1\nvariant quad5\nseat x human\nseat o ai:max\nmove r2c2\nresult x resigned: o wins\nresigned x\nended 2026-11-24T05:00:00+02:00\n",
		"tabletop save 1\nvariant quad5\nseat x human\nseat o human\nended 2026-11-24T05:00:00.25Z\nresigned q\n",
		"tabletop save 1\nvariant chess\n", "tabletop save 1\n", "tabletop save 2\nvariant quad5\n", "", "\x00\xff",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sv, err := ParseSave(data)
		if err != nil {
			return
		}
		if _, _, err := sv.Replay(); err != nil {
			t.Fatalf("accepted save does not replay: %v\n%s", err, data)
		}
		v, err := game.Lookup(sv.Variant)
		if err != nil {
			t.Fatalf("accepted save names unknown game %q", sv.Variant)
		}
		again := sv.Marshal(v.Roles)
		back, err := ParseSave(again)
		if err != nil {
			t.Fatalf("written back, the save is refused: %v\n%s\nfrom\n%s", err, again, data)
		}
		if !reflect.DeepEqual(back, sv) {
			t.Fatalf("written back, the save reads as %+v, was %+v\n%s", back, sv, again)
		}
	})
}
