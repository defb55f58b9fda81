package games

import "testing"

func TestFilesAreTheShippedSheets(t *testing.T) {
	want := map[string]string{
		"breakthrough":      "Breakthrough 6×6",
		"connectfour":       "Connect Four",
		"pentago":           "Pentago",
		"pentago-split":     "Pentago (split turns)",
		"quad11":            "Quad 11×11",
		"quad5":             "Quad 5×5",
		"quad7":             "Quad 7×7",
		"rockpaperscissors": "Rock Paper Scissors (five rounds)",
		"tictacchess":       "Tic-Tac-Chess",
		"tictactoe":         "Tic-Tac-Toe",
	}
	files := Files()
	if len(files) != len(want) {
		t.Errorf("Files() has %d sheets, want %d", len(files), len(want))
	}
	for i, f := range files {
		if i > 0 && files[i-1].Name >= f.Name {
			t.Errorf("Files() not sorted: %q before %q", files[i-1].Name, f.Name)
		}
		title, ok := want[f.Name]
		if !ok {
			t.Errorf("unexpected sheet %q", f.Name)
			continue
		}
		if f.Title != title {
			t.Errorf("%s: title %q, want %q", f.Name, f.Title, title)
		}
		if len(f.Source) == 0 {
			t.Errorf("%s: empty source", f.Name)
		}
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"quad5", true},
		{"tictactoe", true},
		{"quad5.kif", false},
		{"../games/quad5", false},
		{"", false},
		{"chess", false},
	}
	for _, tt := range tests {
		f, ok := Lookup(tt.name)
		if ok != tt.ok {
			t.Errorf("Lookup(%q) ok = %v, want %v", tt.name, ok, tt.ok)
		}
		if ok && f.Name != tt.name {
			t.Errorf("Lookup(%q).Name = %q", tt.name, f.Name)
		}
	}
}

func TestTitleOf(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"; title: Connect Four\n(role red)", "Connect Four"},
		{";;; Title:   Hex  \n", "Hex"},
		{"; a game\n; TITLE: Late Title\n(role a)", "Late Title"},
		{"(role a)\n; title: After The Rules\n", "fallback"},
		{"; title:\n(role a)", "fallback"},
		{"; subtitle: no\n", "fallback"},
		{"", "fallback"},
	}
	for _, tt := range tests {
		if got := TitleOf([]byte(tt.src), "fallback"); got != tt.want {
			t.Errorf("TitleOf(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
