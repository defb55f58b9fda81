package ui

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

// sessionOnly reports whether the saves of store end with the session.
func sessionOnly(store SaveStore) bool {
	s, ok := store.(interface{ SessionOnly() bool })
	return ok && s.SessionOnly()
}

// NoticeMsg is a message the host sends into a running client, e.g.
// "server stopping"; the client shows it in its status line.
type NoticeMsg string
