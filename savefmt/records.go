package savefmt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
)

// FinishedGame is a local game that has ended, as handed to the
// client's OnFinished hook to be kept (see KeepRecords).
type FinishedGame struct {
	Game     SavedGame // variant, seats, start and every move
	Result   string    // how it ended, as the board says it
	Resigned string    // the role that resigned, "" when none did
	Ended    time.Time
}

// Game records: every finished local game is kept as one readable text
// file, a save file plus its result, end time and players (see
// SavedGame), in a directory of its own. `tabletop games` lists them and
// opens one in review mode; --load reads them like any save.

// DefaultRecordDir is where finished games are kept: games/ in the
// tabletop directory of os.UserConfigDir, beside the saves.
func DefaultRecordDir() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "tabletop", "games")
}

// KeepRecords returns a client's OnFinished hook that writes each finished
// game to a new file in dir and says which.
func KeepRecords(dir string) func(FinishedGame) (string, error) {
	return func(fg FinishedGame) (string, error) {
		sv := fg.Game
		sv.Result, sv.Resigned, sv.Ended = fg.Result, fg.Resigned, fg.Ended
		v, err := game.Lookup(sv.Variant)
		if err != nil {
			return "", err
		}
		if sv.Ended.IsZero() {
			sv.Ended = time.Now()
		}
		base := sv.Ended.UTC().Format("2006-01-02-150405") + "-" + sv.Variant
		return writeNew(dir, base, sv.Marshal(v.Roles))
	}
}

// writeNew writes data to a file of dir named base.txt, or base-2.txt
// and so on when that exists: a record never replaces another.
func writeNew(dir, base string, data []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for i := 1; i < 1000; i++ {
		name := base + ".txt"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.txt", base, i)
		}
		path := filepath.Join(dir, name)
		err := WriteExclusive(path, data)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		return path, err
	}
	return "", fmt.Errorf("%s: too many records named %s", dir, base)
}

// WriteExclusive creates path with data; it fails with an
// os.ErrExist-wrapping error when path exists.
func WriteExclusive(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}

// Record is one kept game, as `tabletop games` lists it.
type Record struct {
	Path    string    `json:"path"`
	Variant string    `json:"variant"`
	Players []string  `json:"players"` // "role: who", in role order
	Result  string    `json:"result"`
	Ended   time.Time `json:"ended"`
	Moves   int       `json:"moves"`
	// Errors counts a GGP player's failed starts and replaced moves.
	Errors int `json:"errors,omitempty"`
	// Problem says why the file could not be read (the other fields are
	// then empty), or why a game whose sheet is gone or changed cannot be
	// opened (the other fields say what the file does).
	Problem string `json:"problem,omitempty"`
}

// Records reads every record in dir, newest first. A missing dir holds
// none; a file that cannot be read is listed with its problem.
func Records(dir string) ([]Record, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	var out []Record
	for _, p := range paths {
		out = append(out, readRecord(p))
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Ended.Equal(out[j].Ended) {
			return out[i].Ended.After(out[j].Ended)
		}
		return out[i].Path > out[j].Path
	})
	return out, nil
}

func readRecord(path string) Record {
	r := Record{Path: path}
	data, err := os.ReadFile(path)
	if err != nil {
		r.Problem = err.Error()
		return r
	}
	sv, err := OpenSave(data)
	var se *SheetError
	if err != nil && !errors.As(err, &se) {
		r.Problem = err.Error()
		return r
	}
	// A game whose sheet is gone or changed is listed all the same, from
	// what its file says, with why it cannot be opened.
	r.Variant, r.Result, r.Ended, r.Moves = sv.Variant, sv.Result, sv.Ended, len(sv.Moves)
	r.Errors = len(sv.Errors)
	for i, s := range sv.Seats {
		r.Players = append(r.Players, sv.RoleName(i)+": "+s.DisplayName())
	}
	if se != nil {
		r.Problem = "cannot be opened: " + se.Error()
	}
	return r
}

// String is the record on one line, as `tabletop games` lists it.
func (r Record) String() string {
	if r.Problem != "" && r.Variant == "" {
		return filepath.Base(r.Path) + "  (unreadable: " + r.Problem + ")"
	}
	when := "?"
	if !r.Ended.IsZero() {
		when = r.Ended.Local().Format("2006-01-02 15:04")
	}
	moves := plural(r.Moves, "move")
	if r.Errors > 0 {
		moves += ", " + plural(r.Errors, "GGP error")
	}
	line := fmt.Sprintf("%s  %-11s %s  %s (%s)", when, r.Variant, strings.Join(r.Players, ", "), r.Result, moves)
	if r.Problem != "" {
		line += "  (" + r.Problem + ")"
	}
	return line
}
