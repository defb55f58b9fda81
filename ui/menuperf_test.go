package ui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/tabletop/tabletop/themes"
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

// TestMenuLinesSharedAcrossSessions draws the menu in every theme and
// colour profile in one process, so the shared line cache holds lines of
// them all, and checks each frame against one drawn from an empty cache:
// a session never gets a line drawn for another terminal or theme.
func TestMenuLinesSharedAcrossSessions(t *testing.T) {
	profiles := []termenv.Profile{termenv.Ascii, termenv.ANSI, termenv.ANSI256, termenv.TrueColor}
	frame := func(p termenv.Profile, theme string, down int) string {
		m := New(Options{Renderer: profileRenderer(p), Store: &memStore{}, Remote: true, Theme: theme, Seed: 1, AIDelay: -1})
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		for range down {
			m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'j'}})
		}
		return m.View()
	}
	shared := map[string]string{}
	for _, p := range profiles {
		for _, theme := range themes.Names() {
			for down := range 2 {
				shared[fmt.Sprint(p, theme, down)] = frame(p, theme, down)
			}
		}
	}
	for _, p := range profiles {
		for _, theme := range themes.Names() {
			for down := range 2 {
				menuLines.Lock()
				clear(menuLines.m)
				menuLines.Unlock()
				if got, want := shared[fmt.Sprint(p, theme, down)], frame(p, theme, down); got != want {
					t.Errorf("profile %v, theme %s, %d down: the frame drawn beside other sessions differs from one drawn alone:\n%q\n%q", p, theme, down, got, want)
				}
			}
		}
	}
}
