package ggp

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParseMessage: any body is read or refused with one line, never a
// panic; what is read writes back to the same message.
func FuzzParseMessage(f *testing.F) {
	for _, s := range []string{
		"(info)", "(start m x ((role x) (init (p))) 10 5)", "(play m nil)", "(PLAY m ((mark 1 1) noop))",
		"(stop m (noop (mark 3 3)))", "(abort m)", "((", "(play m ())", "; c\n(info)", "(start m x (; c\n(role x)) 1 1)",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		m, err := ParseMessage(body)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		if m.Kind == Start && strings.Contains(string(m.Rules), ";") {
			return // the writer may add a line break after a comment
		}
		back, err := ParseMessage([]byte(m.String()))
		if err != nil {
			t.Fatalf("%q read as %+v, written as %q, which does not read: %v", body, m, m.String(), err)
		}
		if m.Kind == Start {
			// The rules are written back as read; compare their reading.
			if ra, rb := mustRead(t, m.Rules), mustRead(t, back.Rules); ra != rb {
				t.Fatalf("rules changed: %q -> %q", ra, rb)
			}
			m.Rules, back.Rules = nil, nil
		}
		if !reflect.DeepEqual(m, back) {
			t.Fatalf("%q read as %+v, written as %q, read back as %+v", body, m, m.String(), back)
		}
	})
}

func mustRead(t *testing.T, rules []byte) string {
	n, err := parseOne(append(append([]byte("("), rules...), ')'))
	if err != nil {
		t.Fatalf("rules %q: %v", rules, err)
	}
	return n.String()
}
