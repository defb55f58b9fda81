// Package games holds the GDL rule sheets that ship with tabletop: the five
// seed games written to match the native engines exactly (quad5, quad7,
// quad11, pentago, pentago-split, tictacchess) and a few classics
// (tic-tac-toe, Connect Four, a 6×6 Breakthrough, and rock-paper-scissors
// over five rounds, whose players move at the same time).
//
// The sheets are plain KIF files in this folder, embedded in the binary.
// This package only hands out their text; game/gdl turns one into a
// playable game.Variant.
package games

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.kif
var sheets embed.FS

// File is one bundled rule sheet.
type File struct {
	// Name is the file name without ".kif", e.g. "connectfour".
	Name string
	// Title is the display name from the sheet's "; title: ..." comment,
	// or Name when the sheet has none.
	Title string
	// Source is the KIF text.
	Source []byte
}

// Files returns every bundled rule sheet, sorted by name.
func Files() []File {
	entries, err := fs.ReadDir(sheets, ".")
	if err != nil {
		panic("games: embedded sheets unreadable: " + err.Error())
	}
	files := make([]File, 0, len(entries))
	for _, e := range entries {
		if f, ok := Lookup(strings.TrimSuffix(e.Name(), ".kif")); ok {
			files = append(files, f)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files
}

// Lookup returns the bundled rule sheet with the given name (without
// ".kif"), and whether there is one.
func Lookup(name string) (File, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return File{}, false
	}
	src, err := sheets.ReadFile(name + ".kif")
	if err != nil {
		return File{}, false
	}
	return File{Name: name, Title: TitleOf(src, name), Source: src}, true
}

// TitleOf returns the title a rule sheet gives itself in a comment line
// "; title: Connect Four" among its leading comment lines, or fallback when
// it has none. Any number of semicolons may start the line, and the word
// "title" may be in any case.
func TitleOf(src []byte, fallback string) string {
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, ";") {
			break // the leading comment block is over
		}
		text := strings.TrimSpace(strings.TrimLeft(line, ";"))
		if len(text) > len("title:") && strings.EqualFold(text[:len("title:")], "title:") {
			if t := strings.TrimSpace(text[len("title:"):]); t != "" {
				return t
			}
		}
	}
	return fallback
}
