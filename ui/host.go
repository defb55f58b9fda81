package ui

import "time"

// What the host of a client provides beyond rooms (package rooms holds
// the room contract): where games are saved, and notices pushed into a
// running client. Both are UI concepts — a save is the client's own
// encoding, a notice a Bubble Tea message — so they stay here.

// SaveStore keeps one saved game. Locally it is a file in the user's
// config directory; over SSH the host keys it by player. A store whose
// saves end with the session (an SSH guest's) also has a method
// SessionOnly() bool that returns true, so that quitting warns the game
// will be gone.
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

// FinishedGame is a local game that has ended, as handed to
// Options.OnFinished to be kept.
type FinishedGame struct {
	Game     SavedGame // variant, seats, start and every move
	Result   string    // how it ended, as the board says it
	Resigned string    // the role that resigned, "" when none did
	Ended    time.Time
}

// sessionOnly reports whether the saves of store end with the session.
func sessionOnly(store SaveStore) bool {
	s, ok := store.(interface{ SessionOnly() bool })
	return ok && s.SessionOnly()
}

// NoticeMsg is a message the host sends into a running client, e.g.
// "server stopping"; the client shows it in its status line.
type NoticeMsg string
