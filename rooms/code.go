package rooms

import (
	"crypto/rand"
	"fmt"
	"strconv"
	"strings"
)

// CodeAlphabet is the alphabet of room codes: upper-case letters and
// digits that cannot be mistaken for one another when read aloud or from
// a screen (no 0/O/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V).
const CodeAlphabet = "ACEFHJKMNPQRTWXY34679"

// CodeLen is the length of a room code.
const CodeLen = 4

// NormalizeCode reads a room code as a person types it.
func NormalizeCode(s string) (string, error) {
	c := strings.ToUpper(strings.TrimSpace(s))
	if len(c) != CodeLen {
		return "", fmt.Errorf("a room code is %d characters, like K7QX", CodeLen)
	}
	for i := 0; i < len(c); i++ {
		if strings.IndexByte(CodeAlphabet, c[i]) < 0 {
			// Quoted as ASCII so no byte of it can act on a terminal; the
			// length check above keeps it short.
			return "", fmt.Errorf("%s is not a room code", strconv.QuoteToASCII(strings.TrimSpace(s)))
		}
	}
	return c, nil
}

func newCode() string {
	var b [CodeLen]byte
	_, _ = rand.Read(b[:])
	for i := range b {
		b[i] = CodeAlphabet[int(b[i])%len(CodeAlphabet)]
	}
	return string(b[:])
}
