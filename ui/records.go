package ui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/tabletop/tabletop/savefmt"
)

// saveCommand reads "save FILE", typed at the board's prompt.
func saveCommand(text string) (file string, ok bool) {
	word, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	if !strings.EqualFold(word, "save") {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

// saveAs writes the game, in progress or finished, to a new file that
// --load reads; it never replaces a file.
func (b *boardScreen) saveAs(file string) {
	switch {
	case b.c.opts.Remote:
		b.setStatus("save FILE works in a local client only (the file would be on the server)", true)
		return
	case file == "":
		b.setStatus("save FILE: give a file name, e.g. save game.txt", true)
		return
	}
	if rest, ok := strings.CutPrefix(file, "~"+string(filepath.Separator)); ok {
		if home, err := os.UserHomeDir(); err == nil {
			file = filepath.Join(home, rest)
		}
	}
	if b.caps.save == nil {
		b.setStatus("this game cannot be saved as a file", true)
		return
	}
	err := savefmt.WriteExclusive(file, b.caps.save.record().Marshal(b.v.Roles))
	switch {
	case errors.Is(err, os.ErrExist):
		b.setStatus(file+" exists: give another name", true)
	case err != nil:
		b.setStatus("could not save: "+err.Error(), true)
	default:
		b.setStatus("saved as "+file+" (tabletop play --load "+file+" opens it)", false)
	}
}

// promptLimit is the most characters the board's prompt takes: a move
// needs few, "save FILE" a path.
const promptLimit = 256
