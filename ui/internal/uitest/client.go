package uitest

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// ViewText is the client's frame as plain text: its content without
// escape sequences, as a terminal without colour shows it.
func ViewText(m tea.Model) string { return ansi.Strip(m.View().Content) }

// HotSeat seats a person in every role of v ("x-player" for x).
func HotSeat(v *game.Variant) map[string]savefmt.SeatConfig {
	seats := map[string]savefmt.SeatConfig{}
	for _, r := range v.Roles {
		seats[r] = savefmt.SeatConfig{Name: r + "-player"}
	}
	return seats
}

// MustVariant is the variant named, or the test's end.
func MustVariant(t testing.TB, name string) *game.Variant {
	t.Helper()
	v, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Press gives m the key or keys of k (see Keys) and returns the commands
// they gave.
func Press(m tea.Model, k string) tea.Cmd {
	var cmds []tea.Cmd
	for _, msg := range Keys(k) {
		_, cmd := m.Update(msg)
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// Send gives m msgs, dropping the commands they give.
func Send(m tea.Model, msgs ...tea.Msg) {
	for _, msg := range msgs {
		m.Update(msg)
	}
}

// Frame is the client's frame as its program gets it, escape sequences
// and all.
func Frame(m tea.Model) string { return m.View().Content }
