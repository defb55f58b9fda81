package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/server/store"
)

// saveSlots hands out key holders' save slots: files in the data
// directory (saveDir) or rows of the storage layer (storeSaves).
type saveSlots interface {
	For(playerID string) savefmt.SaveStore
}

// importedSuffix is added to a legacy save file once its game is in the
// store, so that it is never imported twice and stays on disk for the
// operator to delete.
const importedSuffix = ".imported"

// storeSaves keeps key holders' saved games in the storage layer, so that
// on a PostgreSQL cluster every node offers Continue. It holds the same
// limits as the file saves: max bytes per save, keep saves in all, the
// least recently saved going first.
//
// The legacy save files of DATA/saves are named by a one-way hash of the
// key, so a file can only be matched to its player when that key shows
// up: each is imported once, on its key's first session after the
// switch, then renamed with importedSuffix.
type storeSaves struct {
	db     store.SaveStore
	max    int
	keep   int
	legacy *saveDir // the save files written before the store kept saves
	log    *log.Logger
	now    func() time.Time // the time a save is stamped with

	importMu sync.Mutex // one import of a legacy file at a time
}

func newStoreSaves(db store.SaveStore, legacy *saveDir, maxBytes, keep int, log *log.Logger) *storeSaves {
	s := &storeSaves{db: db, max: maxBytes, keep: max(keep, 1), legacy: legacy, log: log, now: time.Now}
	if n, err := legacy.saveNames(); err == nil && len(n) > 0 {
		log.Info("saves: legacy save files are imported into the store on each key's next session", "files", len(n), "dir", legacy.dir)
	}
	return s
}

// saveCtx bounds one store call of a save slot.
func saveCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

// For returns the save slot of the player with the given key fingerprint,
// first importing the player's legacy save file, if any.
func (s *storeSaves) For(playerID string) savefmt.SaveStore {
	if err := s.importLegacy(playerID); err != nil {
		s.log.Warn("saves: legacy save file not imported", "err", err)
	}
	return &storedSave{saves: s, player: playerID}
}

// importLegacy moves playerID's save file, if there is one, into the
// store; a game already in the store is newer and wins.
func (s *storeSaves) importLegacy(playerID string) error {
	s.importMu.Lock()
	defer s.importMu.Unlock()
	path := s.legacy.For(playerID).(*fileSave).path
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	ctx, cancel := saveCtx()
	defer cancel()
	_, err = s.db.LoadSave(ctx, playerID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		if info.Size() > int64(s.max) {
			return fmt.Errorf("%s: %w", path, errTooBig)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := s.put(ctx, playerID, data, info.ModTime(), true); err != nil {
			return err
		}
	case err != nil:
		return err
	}
	s.legacy.mu.Lock()
	defer s.legacy.mu.Unlock()
	if err := os.Rename(path, path+importedSuffix); err != nil {
		return err
	}
	s.legacy.count--
	return nil
}

// put stores a save and, when it may be a new one, prunes the least
// recently saved beyond the cap. Re-saving a game makes it the newest, so
// it would evict nothing: a game saved after every move costs one write.
func (s *storeSaves) put(ctx context.Context, playerID string, data []byte, at time.Time, mayBeNew bool) error {
	if err := s.db.PutSave(ctx, playerID, data, at); err != nil {
		return err
	}
	if !mayBeNew {
		return nil
	}
	_, err := s.db.PruneSaves(ctx, s.keep)
	return err
}

// storedSave is one key holder's saved game in the store.
type storedSave struct {
	saves  *storeSaves
	player string
	// stored says this slot saved or loaded a game and has not removed
	// it since, so a save replaces a row and need not prune. Another node
	// may evict it meanwhile; the cap is then over by one until the next
	// new save prunes.
	stored atomic.Bool
}

func (st *storedSave) Load() ([]byte, error) {
	ctx, cancel := saveCtx()
	defer cancel()
	data, err := st.saves.db.LoadSave(ctx, st.player)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("no saved game: %w", fs.ErrNotExist)
	}
	if err != nil {
		return nil, err
	}
	if len(data) > st.saves.max {
		return nil, errTooBig
	}
	st.stored.Store(true)
	return data, nil
}

func (st *storedSave) Save(data []byte) error {
	if len(data) > st.saves.max {
		return errTooBig
	}
	ctx, cancel := saveCtx()
	defer cancel()
	if err := st.saves.put(ctx, st.player, data, st.saves.now(), !st.stored.Load()); err != nil {
		return err
	}
	st.stored.Store(true)
	return nil
}

func (st *storedSave) Remove() error {
	ctx, cancel := saveCtx()
	defer cancel()
	st.stored.Store(false)
	return st.saves.db.DeleteSave(ctx, st.player)
}
