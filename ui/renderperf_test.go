package ui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/tabletop/tabletop/game"
)

// profileRenderer is a renderer for a terminal of the given colour
// profile, as an SSH session of that terminal gets.
func profileRenderer(p termenv.Profile) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(p)
	return r
}

// newProfileClient is newTestClient with a colour renderer.
func newProfileClient(t testing.TB, variant string, p termenv.Profile, w, h int) (*Model, *boardScreen) {
	t.Helper()
	v, err := game.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Renderer: profileRenderer(p), Store: &memStore{}, Start: Start{Variant: variant, Seats: hotSeat(v)}, Seed: 1, AIDelay: -1}).(*Model)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	b, ok := m.cur.(*boardScreen)
	if !ok {
		t.Fatalf("%s: first screen is %T, not the board", variant, m.cur)
	}
	return m, b
}

// BenchmarkBoardView renders the board screen of busy games at two
// window sizes for an xterm-256color terminal, as the server does on
// every move of every session.
func BenchmarkBoardView(b *testing.B) {
	for _, variant := range []string{"quad7", "pentago", "tictacchess", "connectfour"} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			b.Run(fmt.Sprintf("%s/%dx%d", variant, sz[0], sz[1]), func(b *testing.B) {
				m, _ := newProfileClient(b, variant, termenv.ANSI256, sz[0], sz[1])
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					_ = m.View()
				}
			})
		}
	}
}
