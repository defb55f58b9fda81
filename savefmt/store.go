package savefmt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// SaveStore keeps one saved game. Locally it is a file in the user's
// config directory; over SSH the host keys it by player. A store whose
// saves end with the session (an SSH guest's) also has a method
// SessionOnly() bool that returns true, so that quitting warns the game
// will be gone (see SessionOnly).
type SaveStore interface {
	Load() ([]byte, error) // os.ErrNotExist-wrapping error when there is none
	Save(data []byte) error
	Remove() error
}

// SlotStore is a SaveStore that keeps several games in progress, each in
// its own slot: every local game saves to a slot of its own, so that no
// game replaces another, and the menu offers each under Continue. The
// SaveStore methods are its one unnamed legacy save.
type SlotStore interface {
	SaveStore
	// Slots names the saved games, newest first.
	Slots() ([]string, error)
	LoadSlot(name string) ([]byte, error) // os.ErrNotExist-wrapping when missing
	SaveSlot(name string, data []byte) error
	RemoveSlot(name string) error
	// NewSlot returns a name no saved game has, for a game of variant.
	NewSlot(variant string) string
}

// SessionOnly reports whether the saves of store end with the session.
func SessionOnly(store SaveStore) bool {
	s, ok := store.(interface{ SessionOnly() bool })
	return ok && s.SessionOnly()
}

// ReadSlot reads one saved game of store: a slot, or its one save.
func ReadSlot(store SaveStore, slot string) ([]byte, error) {
	if slots, ok := store.(SlotStore); ok && slot != "" {
		return slots.LoadSlot(slot)
	}
	return store.Load()
}

// FileStore is the local SlotStore: each game in progress is one file in
// the directory saves/ beside Path; Path itself is the one save of
// earlier versions, offered as the slot "save" until it is finished.
type FileStore struct{ Path string }

// NewFileStore keeps the saves beside path, or in
// os.UserConfigDir()/tabletop/ when path is "".
func NewFileStore(path string) *FileStore {
	if path == "" {
		path = filepath.Join(configDir(), "save.txt")
	}
	return &FileStore{Path: path}
}

// configDir is tabletop's directory in the user's config directory.
func configDir() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "tabletop")
}

// Load reads the file; a missing file wraps os.ErrNotExist.
func (f *FileStore) Load() ([]byte, error) { return os.ReadFile(f.Path) }

// Save writes the file atomically, so a crash never leaves half a save.
func (f *FileStore) Save(data []byte) error { return writeAtomic(f.Path, data) }

// Remove deletes the save; a missing file is not an error.
func (f *FileStore) Remove() error { return removeMissingOK(f.Path) }

// legacySlot is the slot name of Path, the save of earlier versions.
const legacySlot = "save"

func (f *FileStore) slotDir() string { return filepath.Join(filepath.Dir(f.Path), "saves") }

func (f *FileStore) slotPath(name string) (string, error) {
	if name == legacySlot {
		return f.Path, nil
	}
	if name == "" || name != filepath.Base(name) || strings.ContainsAny(name, `/\:`) || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("bad saved game name %q", name)
	}
	return filepath.Join(f.slotDir(), name+".txt"), nil
}

// Slots names the saved games, newest first.
func (f *FileStore) Slots() ([]string, error) {
	type slot struct {
		name string
		mod  time.Time
	}
	var found []slot
	entries, err := os.ReadDir(f.slotDir())
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txt")
		if info, err := e.Info(); ok && err == nil && info.Mode().IsRegular() {
			found = append(found, slot{name, info.ModTime()})
		}
	}
	if info, err := os.Stat(f.Path); err == nil && info.Mode().IsRegular() {
		found = append(found, slot{legacySlot, info.ModTime()})
	}
	sort.SliceStable(found, func(i, j int) bool {
		if !found[i].mod.Equal(found[j].mod) {
			return found[i].mod.After(found[j].mod)
		}
		return found[i].name > found[j].name
	})
	names := make([]string, len(found))
	for i, s := range found {
		names[i] = s.name
	}
	return names, nil
}

// LoadSlot reads one saved game.
func (f *FileStore) LoadSlot(name string) ([]byte, error) {
	p, err := f.slotPath(name)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

// SaveSlot writes one saved game atomically.
func (f *FileStore) SaveSlot(name string, data []byte) error {
	p, err := f.slotPath(name)
	if err != nil {
		return err
	}
	return writeAtomic(p, data)
}

// RemoveSlot deletes one saved game; a missing one is not an error.
func (f *FileStore) RemoveSlot(name string) error {
	p, err := f.slotPath(name)
	if err != nil {
		return err
	}
	return removeMissingOK(p)
}

// NewSlot returns a name no saved game has: the variant and the time.
func (f *FileStore) NewSlot(variant string) string {
	base := variant + "-" + time.Now().Format("20060102-150405")
	name := base
	for i := 2; ; i++ {
		p, err := f.slotPath(name)
		if err != nil {
			return base // a variant name with a separator: let SaveSlot say so
		}
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

// writeAtomic writes a file through a temporary one, so a crash never
// leaves half a save.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func removeMissingOK(path string) error {
	err := os.Remove(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}
