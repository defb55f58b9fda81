package server

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"
)

// Issue 11: a guest (no key) may not start local AI-against-AI games
// unless the operator allows them (--guest-ai-games); a key holder may.
func TestGuestsGetNoAIOnlyGames(t *testing.T) {
	for _, tc := range []struct {
		name    string
		allow   bool
		key     gossh.Signer
		refused bool
	}{
		{"guest", false, nil, true},
		{"guest, allowed", true, nil, false},
		{"key holder", false, newKey(t), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := make(chan ClientOptions, 1)
			s := startServer(t, func(c *Config) {
				c.GuestAIGames = tc.allow
				c.NewClient = func(o ClientOptions) tea.Model {
					opts <- o
					return probeClient(nil, false)(o)
				}
			})
			openTerm(t, s.addr, termOpts{user: "ana", key: tc.key})
			select {
			case o := <-opts:
				if o.NoAIOnlyGames != tc.refused {
					t.Fatalf("NoAIOnlyGames = %v, want %v", o.NoAIOnlyGames, tc.refused)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("no session")
			}
		})
	}
}

// The real client over SSH: a guest who sets every seat of a local game
// to the AI is told why the game does not start.
func TestGuestAIOnlyGameRefusedOverSSH(t *testing.T) {
	s := startServer(t, nil)
	tm := openTerm(t, s.addr, termOpts{user: "guest"})
	tm.waitFor(0, "Quit")
	const up, down, right, enter = "\x1b[A", "\x1b[B", "\x1b[C", "\r"
	m := tm.mark()
	tm.send(down + enter) // Quad 7×7: x Human, o AI
	tm.waitFor(m, "Human")
	m = tm.mark()
	for _, k := range []string{up, up, right, down, down, enter} { // x: AI, then start
		tm.send(k)
	}
	tm.waitFor(m, "games of the AI against itself are not offered here")
}
