package game

import (
	"fmt"
	"strings"
)

// SplitKIF splits a KIF term such as "(mark r3 c4)" into its head ("mark")
// and arguments (["r3", "c4"]). A bare word such as "noop" is a head with
// no arguments. Letters are lowered; surrounding space is ignored.
func SplitKIF(s string) (head string, args []string, err error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return "", nil, fmt.Errorf("empty move")
	}
	if !strings.HasPrefix(t, "(") {
		if strings.ContainsAny(t, "() \t") {
			return "", nil, fmt.Errorf("malformed move %q", s)
		}
		return t, nil, nil
	}
	if !strings.HasSuffix(t, ")") {
		return "", nil, fmt.Errorf("malformed move %q: missing closing parenthesis", s)
	}
	fields := strings.Fields(t[1 : len(t)-1])
	if len(fields) == 0 {
		return "", nil, fmt.Errorf("malformed move %q: empty term", s)
	}
	for _, f := range fields {
		if strings.ContainsAny(f, "()") {
			return "", nil, fmt.Errorf("malformed move %q: nested terms are not moves", s)
		}
	}
	return fields[0], fields[1:], nil
}

// IsNoop reports whether s is the text of the pass: "noop" or "(noop)".
func IsNoop(s string) bool {
	t := strings.ToLower(strings.TrimSpace(s))
	return t == "noop" || t == "(noop)" || t == "pass"
}
