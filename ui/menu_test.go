package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// Issue 12, defect 4: a menu description that does not fit ends in "…".
func TestMenuDescriptionsShowTheyAreCut(t *testing.T) {
	m := New(Options{ColorProfile: colorprofile.ASCII, Store: &memStore{}}).(*Model)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := viewText(m); !strings.Contains(v, "own the four …") && !strings.Contains(v, "own the four…") {
		t.Fatalf("cut descriptions do not end in …:\n%s", v)
	}
	if v := viewText(m); !strings.Contains(v, "tilted ones too.") {
		t.Fatalf("the selected item's description is not shown whole:\n%s", v)
	}
}
