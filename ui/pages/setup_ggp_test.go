package pages

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// The setup offers a GGP player, whose field takes its address; Start
// wants one.
func TestSetupGGPSeat(t *testing.T) {
	m, s := newSetupClient(t, "tictactoe")
	uitest.Send(m, uitest.Key("up")) // oplayer
	uitest.Send(m, uitest.Key("right"), uitest.Key("right"))
	if !s.kinds[s.choice[1]].ggp {
		t.Fatalf("two right from AI hard is %q, not the GGP player", s.kinds[s.choice[1]].label)
	}
	uitest.Send(m, uitest.Key("down"), uitest.Key("enter"))
	if _, ok := m.Cur.(*setupScreen); !ok || !strings.Contains(s.status, "address") {
		t.Fatalf("started without an address: %T, status %q", m.Cur, s.status)
	}
	uitest.Send(m, uitest.Key("up"), uitest.Key("tab"))
	uitest.Send(m, uitest.Typed("http://127.0.0.1:9")...)
	uitest.Send(m, uitest.Key("esc"))
	if got := s.seats()[1]; got.GGP != "http://127.0.0.1:9" {
		t.Fatalf("seat %+v", got)
	}
}
