package uitest

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/tabletop/tabletop/game"
)

// ProvenQuad5 is a Quad 5×5 position x wins by force (analyze proves
// it at depth 3): the analysis board's goldens show it.
const ProvenQuad5 = "-oo.-/.x.x./...../...../-...- x 0 0"

// ToAnalysisBoard is the keys from the menu (no saves, no server) to
// the analysis board's setup.
func ToAnalysisBoard() []tea.Msg {
	var msgs []tea.Msg
	for range game.Variants() {
		msgs = append(msgs, Key("down"))
	}
	return append(msgs, Key("enter"))
}

// Settled reports whether a screen shows an analysis that is over: a
// proven value, and nothing still coming (…).
func Settled(s string) bool { return strings.Contains(s, "proven") && !strings.Contains(s, "…") }
