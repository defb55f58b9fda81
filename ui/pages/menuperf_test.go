package pages

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

// BenchmarkNewSessionMenu is what a new SSH session costs the server
// before its first key: the root model, its size, and the menu drawn
// once for an xterm-256color terminal.
func BenchmarkNewSessionMenu(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		m := newClient(common.Options{ColorProfile: colorprofile.ANSI256, Store: &uitest.MemStore{}, Remote: true, Seed: 1, AIDelay: -1})
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		_ = uitest.Frame(m)
	}
}

// BenchmarkMenuKeypress is one j or k on the menu and the frame drawn
// after it, as every load-test session does.
func BenchmarkMenuKeypress(b *testing.B) {
	m := newClient(common.Options{ColorProfile: colorprofile.ANSI256, Store: &uitest.MemStore{}, Remote: true, Seed: 1, AIDelay: -1})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	keys := []tea.KeyPressMsg{uitest.Key("j"), uitest.Key("k")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m.Update(keys[(i/4)%2])
		_ = uitest.Frame(m)
	}
}

// clearMenuCaches empties the menu's caches shared by sessions.
func clearMenuCaches() {
	menuLines.Reset()
	menuParts.Reset()
}

// TestMenuLinesSharedAcrossSessions draws the menu in every theme and
// colour profile in one process, so the shared caches hold lines of
// them all, and checks each frame against one drawn from an empty cache:
// a session never gets a line drawn for another terminal or theme.
func TestMenuLinesSharedAcrossSessions(t *testing.T) {
	profiles := []colorprofile.Profile{colorprofile.ASCII, colorprofile.ANSI, colorprofile.ANSI256, colorprofile.TrueColor}
	frame := func(p colorprofile.Profile, theme string, down int) string {
		m := newClient(common.Options{ColorProfile: p, Store: &uitest.MemStore{}, Remote: true, Theme: theme, Seed: 1, AIDelay: -1})
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		for range down {
			m.Update(uitest.Key("j"))
		}
		return uitest.Frame(m)
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
				clearMenuCaches()
				if got, want := shared[fmt.Sprint(p, theme, down)], frame(p, theme, down); got != want {
					t.Errorf("profile %v, theme %s, %d down: the frame drawn beside other sessions differs from one drawn alone:\n%q\n%q", p, theme, down, got, want)
				}
			}
		}
	}
}

// TestMenuCacheFollowsItems checks the shared list drawing is keyed by
// the items: a menu with a saved game does not lend its list to one
// without, and deleting the save redraws the list without it.
func TestMenuCacheFollowsItems(t *testing.T) {
	clearMenuCaches()
	sv := savefmt.SavedGame{Variant: "quad7", Seats: []savefmt.SeatConfig{{Name: "ana"}, {AI: true, Level: "hard"}}, Moves: []string{"(mark r3 c4)"}}
	open := func(store savefmt.SaveStore) *common.Shell {
		m := newClient(common.Options{ColorProfile: colorprofile.ANSI256, Store: store, Remote: true, Seed: 1, AIDelay: -1})
		// Tall enough that the list has one page with or without the save.
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 40})
		return m
	}
	withSave := open(&uitest.MemStore{Data: sv.Marshal([]string{"x", "o"})})
	if !strings.Contains(uitest.Frame(withSave), "Continue") {
		t.Fatal("the menu of a saved game offers no Continue")
	}
	if strings.Contains(uitest.Frame(open(&uitest.MemStore{})), "Continue") {
		t.Error("a menu without a saved game shows Continue")
	}
	withSave.Update(uitest.Key("x"))
	_, cmd := withSave.Update(uitest.Key("y"))
	uitest.Drain(t, withSave, cmd) // deleted, and the menu told
	if strings.Contains(uitest.Frame(withSave), "Continue") {
		t.Errorf("the deleted game is still listed:\n%s", uitest.Frame(withSave))
	}
}

// TestFitBlockFastPath checks FitBlock against its plain form (split,
// cut, pad, join) on blocks that fit, are too tall, too wide or short.
func TestFitBlockFastPath(t *testing.T) {
	plain := func(s string, w, h int) string {
		lines := common.SplitLines(s)
		if len(lines) > h {
			lines = lines[:h]
		}
		for i, l := range lines {
			if lipgloss.Width(l) > w {
				lines[i] = common.CutANSI(l, w)
			}
		}
		for len(lines) < h {
			lines = append(lines, "")
		}
		return common.JoinLines(lines)
	}
	red := "\x1b[31mred\x1b[0m"
	for _, tc := range []struct {
		s    string
		w, h int
	}{
		{"", 5, 1}, {"", 5, 3}, {"ab\ncd", 2, 2}, {"ab\ncd", 2, 4}, {"ab\ncd\n", 2, 2},
		{"ab\ncd\nef", 2, 2}, {"abc\nd", 2, 2}, {red + "\n" + red, 3, 2}, {red + "\n" + red, 2, 3},
		{"×××\n", 3, 3}, {"\n\n", 1, 2}, {"\n\n", 1, 3},
	} {
		if got, want := common.FitBlock(tc.s, tc.w, tc.h), plain(tc.s, tc.w, tc.h); got != want {
			t.Errorf("fitBlock(%q, %d, %d) = %q, want %q", tc.s, tc.w, tc.h, got, want)
		}
	}
}
