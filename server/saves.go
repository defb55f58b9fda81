package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/savefmt"
)

// saveDir keeps one saved game per player key in the server's data
// directory. The file name is a hash of the key fingerprint: nothing a
// player sends ever becomes part of a path. Each file is capped in size
// and the directory in files: a new player's first save beyond the cap
// evicts the least recently saved games, so strangers with fresh keys
// cannot fill the disk.
type saveDir struct {
	dir      string
	max      int // bytes per save
	maxFiles int // saves in all

	mu    sync.Mutex // guards count, and every create, evict and remove
	count int        // save files in dir
}

// saveSuffix ends the name of every save file.
const saveSuffix = ".save"

func newSaveDir(dataDir string, maxBytes, maxFiles int) (*saveDir, error) {
	dir := filepath.Join(dataDir, "saves")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("save directory: %w", err)
	}
	d := &saveDir{dir: dir, max: maxBytes, maxFiles: max(maxFiles, 1)}
	names, err := d.saveNames()
	if err != nil {
		return nil, fmt.Errorf("save directory: %w", err)
	}
	d.count = len(names)
	return d, nil
}

// saveNames lists the save files (not the temporary files of a save
// being written).
func (d *saveDir) saveNames() ([]string, error) {
	entries, err := os.ReadDir(d.dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), saveSuffix) && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// makeRoom is called, with mu held, before a save file is created: when
// the directory is full it removes the oldest saves (by modification
// time) until there is room for one more.
func (d *saveDir) makeRoom() error {
	if d.count < d.maxFiles {
		return nil
	}
	names, err := d.saveNames() // recount: the directory is the truth
	if err != nil {
		return err
	}
	d.count = len(names)
	if d.count < d.maxFiles {
		return nil
	}
	type aged struct {
		name string
		mod  time.Time
	}
	files := make([]aged, 0, len(names))
	for _, n := range names {
		if info, err := os.Stat(filepath.Join(d.dir, n)); err == nil {
			files = append(files, aged{n, info.ModTime()})
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod.Before(files[j].mod) })
	for _, f := range files[:min(d.count-d.maxFiles+1, len(files))] {
		if err := os.Remove(filepath.Join(d.dir, f.name)); err == nil || errors.Is(err, fs.ErrNotExist) {
			d.count--
		}
	}
	return nil
}

// For returns the save slot of the player with the given key fingerprint.
func (d *saveDir) For(playerID string) savefmt.SaveStore {
	sum := sha256.Sum256([]byte("tabletop-save\x00" + playerID))
	return &fileSave{dir: d, path: filepath.Join(d.dir, hex.EncodeToString(sum[:16])+saveSuffix), max: d.max}
}

// fileSave is one player's saved game on the server's disk.
type fileSave struct {
	dir  *saveDir
	path string
	max  int
}

var errTooBig = errors.New("saved game too large")

func (f *fileSave) Load() ([]byte, error) {
	f.dir.mu.Lock()
	defer f.dir.mu.Unlock()
	info, err := os.Stat(f.path)
	if err != nil {
		return nil, err // wraps fs.ErrNotExist when there is none
	}
	if info.Size() > int64(f.max) {
		return nil, errTooBig
	}
	return os.ReadFile(f.path)
}

func (f *fileSave) Save(data []byte) error {
	if len(data) > f.max {
		return errTooBig
	}
	d := f.dir
	d.mu.Lock()
	defer d.mu.Unlock()
	_, err := os.Stat(f.path)
	isNew := errors.Is(err, fs.ErrNotExist)
	if isNew {
		if err := d.makeRoom(); err != nil {
			return err
		}
	}
	tmp, err := os.CreateTemp(d.dir, ".save-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), f.path); err != nil {
		return err
	}
	if isNew {
		d.count++
	}
	return nil
}

func (f *fileSave) Remove() error {
	f.dir.mu.Lock()
	defer f.dir.mu.Unlock()
	err := os.Remove(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil {
		f.dir.count--
	}
	return err
}

// memorySave is a guest's save slot: it lasts as long as the session.
type memorySave struct {
	mu   sync.Mutex
	data []byte
	max  int
}

// SessionOnly tells the UI that this save is gone when the session ends.
func (m *memorySave) SessionOnly() bool { return true }

func (m *memorySave) Load() ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.data == nil {
		return nil, fmt.Errorf("no saved game for a guest: %w", fs.ErrNotExist)
	}
	return append([]byte(nil), m.data...), nil
}

func (m *memorySave) Save(data []byte) error {
	if len(data) > m.max {
		return errTooBig
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.data = append([]byte(nil), data...)
	return nil
}

func (m *memorySave) Remove() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.data = nil
	return nil
}
