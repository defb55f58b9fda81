package board

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/tabletop/tabletop/savefmt"
)

// recordCopies are the game's record copied to the terminal's clipboard
// or saved as a file.
type recordCopies struct{ b *BoardScreen }

// records is the board's recordCopies.
func (b *BoardScreen) records() recordCopies { return recordCopies{b} }

// saveCommand reads "save FILE", typed at the board's prompt.
func saveCommand(text string) (file string, ok bool) {
	word, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	if !strings.EqualFold(word, "save") {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

// copyRecord puts the game's record, in progress or finished, on the
// clipboard of the player's terminal (OSC 52, so over SSH too: the
// terminal, not the server, holds the clipboard), in the form save FILE
// writes and --load reads.
func (rc recordCopies) copyRecord() tea.Cmd {
	b := rc.b
	if b.caps.Save == nil {
		b.SetStatus("this game has no record to copy", true)
		return nil
	}
	b.SetStatus("the game's record is on your clipboard, if your terminal lets programs set it (OSC 52)", false)
	return tea.SetClipboard(string(b.caps.Save.Record().Marshal(b.variant.Roles)))
}

// saveAs writes the game, in progress or finished, to a new file that
// --load reads, on the I/O queue; it never replaces a file. savedAsMsg
// says how it went.
func (rc recordCopies) saveAs(file string) tea.Cmd {
	b := rc.b
	switch {
	case b.Common.Opts.Remote:
		b.SetStatus("save FILE works in a local client only (the file would be on the server)", true)
		return nil
	case file == "":
		b.SetStatus("save FILE: give a file name, e.g. save game.txt", true)
		return nil
	}
	if rest, ok := strings.CutPrefix(file, "~"+string(filepath.Separator)); ok {
		if home, err := os.UserHomeDir(); err == nil {
			file = filepath.Join(home, rest)
		}
	}
	if b.caps.Save == nil {
		b.SetStatus("this game cannot be saved as a file", true)
		return nil
	}
	data := b.caps.Save.Record().Marshal(b.variant.Roles)
	return b.Common.IO.Do(func() tea.Msg {
		err := savefmt.WriteExclusive(file, data)
		switch {
		case errors.Is(err, os.ErrExist):
			return savedAsMsg{text: file + " exists: give another name", isErr: true}
		case err != nil:
			return savedAsMsg{text: "could not save: " + err.Error(), isErr: true}
		}
		return savedAsMsg{text: "saved as " + file + " (tabletop play --load " + file + " opens it)"}
	})
}

// savedAsMsg says how save FILE went.
type savedAsMsg struct {
	text  string
	isErr bool
}

// promptLimit is the most characters the board's prompt takes: a move
// needs few, "save FILE" a path.
const promptLimit = 256
