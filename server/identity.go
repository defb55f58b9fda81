package server

import (
	"crypto/rand"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/rooms"
)

// MaxNameLen is the longest display name, in characters.
const MaxNameLen = 16

// SanitizeName turns an SSH user name (text chosen by a stranger) into a
// display name that is safe to show on other players' screens: only ASCII
// letters, digits and "-", "_", "." survive, at most MaxNameLen of them.
// Everything else — control and escape characters, bidirectional and
// zero-width marks, spaces, look-alike letters — is dropped, so a name can
// neither move another player's cursor nor impersonate layout. The result
// may be empty; PlayerFor then picks a guest name.
func SanitizeName(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == MaxNameLen {
			break
		}
		if safeNameRune(r) {
			b.WriteRune(r)
			n++
		}
	}
	// A name made only of punctuation reads as noise; treat it as empty.
	out := strings.Trim(b.String(), "-_.")
	return out
}

func safeNameRune(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	case r == '-' || r == '_' || r == '.':
		return true
	}
	return false
}

// Quote renders remote text for a log line or a message to another
// player: Go-quoted ASCII, so no byte of it can act on a terminal, and cut
// to a sane length first.
func Quote(s string) string {
	const max = 64
	if len(s) > max {
		// Cut on a rune boundary so the quote stays valid text.
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.QuoteToASCII(s[:cut]) + "…"
	}
	return strconv.QuoteToASCII(s)
}

// logText escapes remote text for a log field: control, escape,
// bidirectional and every other non-ASCII character becomes a Go escape
// (\x1b, \u202e), and it is cut to a sane length. The log formatter adds
// the quotes when the value needs them.
func logText(s string) string {
	q := Quote(s)
	if strings.HasSuffix(q, "…") {
		return q[1:len(q)-len("\"…")] + "…"
	}
	return q[1 : len(q)-1]
}

// guestAlphabet avoids letters that look alike.
const guestAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

func guestName() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	out := []byte("guest-")
	for _, c := range b {
		out = append(out, guestAlphabet[int(c)%len(guestAlphabet)])
	}
	return string(out)
}

// PlayerFor identifies the person behind a session: the SHA-256
// fingerprint of the public key they authenticated with, or "" for a guest,
// and a sanitized display name from the SSH user name.
func PlayerFor(s ssh.Session) rooms.Player {
	p := rooms.Player{Name: SanitizeName(s.User())}
	if k := s.PublicKey(); k != nil {
		p.ID = gossh.FingerprintSHA256(k)
	}
	if p.Name == "" {
		p.Name = guestName()
	}
	return p
}
