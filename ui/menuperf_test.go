package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
)

// BenchmarkNewSessionMenu is what a new SSH session costs the server
// before its first key: the root model, its size, and the menu drawn
// once for an xterm-256color terminal.
func BenchmarkNewSessionMenu(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		m := New(Options{Renderer: profileRenderer(termenv.ANSI256), Store: &memStore{}, Remote: true, Seed: 1, AIDelay: -1})
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		_ = m.View()
	}
}

// BenchmarkMenuKeypress is one j or k on the menu and the frame drawn
// after it, as every load-test session does.
func BenchmarkMenuKeypress(b *testing.B) {
	m := New(Options{Renderer: profileRenderer(termenv.ANSI256), Store: &memStore{}, Remote: true, Seed: 1, AIDelay: -1})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	keys := []tea.KeyMsg{
		{Type: tea.KeyRunes, Runes: []rune{'j'}},
		{Type: tea.KeyRunes, Runes: []rune{'k'}},
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m.Update(keys[(i/4)%2])
		_ = m.View()
	}
}
