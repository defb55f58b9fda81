package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/tabletop/tabletop/ui"
)

// saveDir keeps one saved game per player key in the server's data
// directory. The file name is a hash of the key fingerprint: nothing a
// player sends ever becomes part of a path.
type saveDir struct {
	dir string
	max int
}

func newSaveDir(dataDir string, maxBytes int) (*saveDir, error) {
	dir := filepath.Join(dataDir, "saves")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("save directory: %w", err)
	}
	return &saveDir{dir: dir, max: maxBytes}, nil
}

// For returns the save slot of the player with the given key fingerprint.
func (d *saveDir) For(playerID string) ui.SaveStore {
	sum := sha256.Sum256([]byte("tabletop-save\x00" + playerID))
	return &fileSave{path: filepath.Join(d.dir, hex.EncodeToString(sum[:16])+".save"), max: d.max}
}

// fileSave is one player's saved game on the server's disk.
type fileSave struct {
	mu   sync.Mutex
	path string
	max  int
}

var errTooBig = errors.New("saved game too large")

func (f *fileSave) Load() ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
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
	f.mu.Lock()
	defer f.mu.Unlock()
	tmp, err := os.CreateTemp(filepath.Dir(f.path), ".save-*")
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
	return os.Rename(tmp.Name(), f.path)
}

func (f *fileSave) Remove() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	err := os.Remove(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// memorySave is a guest's save slot: it lasts as long as the session.
type memorySave struct {
	mu   sync.Mutex
	data []byte
	max  int
}

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
