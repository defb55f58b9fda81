package savefmt

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// scanEntries reads one of tabletop's text files (saves, records,
// settings): blank lines and # comments are skipped, the first other line
// must be header (kind names the file in the error), and entry gets every
// later line as its first word and the rest. An entry's error is prefixed
// with its line number.
func scanEntries(data []byte, header, kind string, entry func(word, rest string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	line, sawHeader := 0, false
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if !sawHeader {
			if text != header {
				return fmt.Errorf("not a tabletop %s file (it should start with %q)", kind, header)
			}
			sawHeader = true
			continue
		}
		word, rest, _ := strings.Cut(text, " ")
		if err := entry(word, strings.TrimSpace(rest)); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
	}
	return sc.Err()
}
