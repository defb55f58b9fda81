package ui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	_ "github.com/tabletop/tabletop/game/all"
)

func TestSmoke(t *testing.T) {
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.Ascii)
	for _, v := range []string{"", "quad5", "quad11", "pentago", "tictacchess"} {
		m := New(Options{Renderer: r, Store: &memStore{}, Start: Start{Variant: v}, Seed: 1})
		m.Init()
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		fmt.Println(m.View())
		fmt.Println("----")
	}
}
