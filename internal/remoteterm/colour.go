package remoteterm

import (
	"bytes"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// writeStyled writes line to b with its colours downsampled to profile
// p, as Bubble Tea's renderer does for each session: as they are for
// true colour, without any escape sequence for a terminal that is none
// (NoTTY), and otherwise with every SGR sequence converted by
// colorprofile (colours dropped for ASCII, mapped to the 16 or 256 of
// ANSI and ANSI256). Everything but SGR sequences is copied as it is.
//
// A line without true colour goes to a 256-colour terminal as it is: the
// client's own styles are made for the session's profile, so its lines
// have none, and converting them only respelled some sequences ("0m" as
// "m") at the cost of a lookup for each.
func writeStyled(b *bytes.Buffer, line string, p colorprofile.Profile) {
	switch {
	case p == colorprofile.TrueColor, p == colorprofile.ANSI256 && !hasTrueColour(line):
		b.WriteString(line)
	case p <= colorprofile.NoTTY:
		b.WriteString(ansi.Strip(line))
	default:
		for {
			i := strings.Index(line, "\x1b[")
			if i < 0 {
				b.WriteString(line)
				return
			}
			b.WriteString(line[:i])
			n := csiLen(line[i:])
			seq := line[i : i+n]
			if seq[n-1] == 'm' {
				b.WriteString(convertSGR(seq, p))
			} else {
				b.WriteString(seq)
			}
			line = line[i+n:]
		}
	}
}

// hasTrueColour reports whether line may set a 24-bit colour: an SGR
// parameter 38, 48 or 58 followed by 2 (";2;" or ":2:"). It may say yes of
// a line that has none ("…;28;2;…"), which is then only converted.
func hasTrueColour(line string) bool {
	// The colon form is looked for only in a line with a colon: most
	// rows have none, and a search for a pattern costs a look at every
	// "38;5;" of a styled row, where one for a byte runs through it.
	return strings.Contains(line, "8;2;") || strings.IndexByte(line, ':') >= 0 && strings.Contains(line, "8:2:")
}

// csiLen is the length of the CSI sequence s starts with, up to and
// including its final byte (all of s if it has none).
func csiLen(s string) int {
	for i := 2; i < len(s); i++ {
		if c := s[i]; c >= 0x40 && c <= 0x7e {
			return i + 1
		}
	}
	return len(s)
}

// sgrKey is an SGR sequence for a profile.
type sgrKey struct {
	p   colorprofile.Profile
	seq string
}

// sgrCache keeps each SGR sequence converted per profile: a theme has a
// few dozen, so after the first frames a line's colours cost a map
// lookup per sequence. It is bounded (a view made of user-chosen colours
// could otherwise fill it); past the bound sequences are converted each
// time.
var (
	sgrCache   sync.Map // sgrKey → string
	sgrCached  atomic.Int64
	maxSGRKeys = int64(4096)
)

// convertSGR is seq downsampled to p.
func convertSGR(seq string, p colorprofile.Profile) string {
	k := sgrKey{p, seq}
	if v, ok := sgrCache.Load(k); ok {
		return v.(string)
	}
	var out bytes.Buffer
	w := colorprofile.Writer{Forward: &out, Profile: p}
	_, _ = w.Write([]byte(seq))
	conv := out.String()
	if sgrCached.Load() < maxSGRKeys {
		// The key's string would keep its whole line alive: copy it.
		k.seq = strings.Clone(seq)
		if _, loaded := sgrCache.LoadOrStore(k, conv); !loaded {
			sgrCached.Add(1)
		}
	}
	return conv
}
