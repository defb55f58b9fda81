package gdl

import (
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/kif"
)

// LoadTopDown is Load with the top-down evaluator whatever the sheet: it
// grounds nothing, so it is ready in little time where grounding a big
// sheet takes seconds, and it is slower a move. A player answers from it
// while the ground network is being made.
func LoadTopDown(name string, src []byte) (*game.Variant, error) {
	d, err := kif.Parse(src)
	if err != nil {
		return nil, err
	}
	return compile(name, d, DefaultLimits, engineTopDown)
}
