package server

import (
	"strings"
	"testing"
	"unicode"
)

func TestSanitizeName(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"ana", "ana"},
		{"Bob_92", "Bob_92"},
		{"\x1b[2J\x1b[31mevil", "2J31mevil"},
		{"\x1b]0;pwned\x07", "0pwned"},
		{"a\u202egnp.exe", "agnp.exe"},                     // right-to-left override
		{"zero\u200bwidth\u2060joiner", "zerowidthjoiner"}, // zero-width space, word joiner
		{"tab\tnew\nline\rcr", "tabnewlinecr"},
		{"\x00\x01\x7f\u0085", ""},
		{"ｆｕｌｌwidth", "width"},
		{"аdmin", "dmin"}, // Cyrillic а looks like Latin a
		{"averyveryverylongusername", "averyveryverylon"},
		{"...", ""},
		{"-_-rob-_-", "rob"},
		{"", ""},
		{"ok name", "okname"},
		{"\xff\xfe", ""}, // invalid UTF-8
	}
	for _, tt := range tests {
		got := SanitizeName(tt.in)
		if got != tt.want {
			t.Errorf("SanitizeName(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if len([]rune(got)) > MaxNameLen {
			t.Errorf("SanitizeName(%q) is %d long", tt.in, len([]rune(got)))
		}
		for _, r := range got {
			if r > unicode.MaxASCII || !unicode.IsPrint(r) || r == ' ' {
				t.Errorf("SanitizeName(%q) kept %U", tt.in, r)
			}
		}
	}
}

func TestQuote(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"ana", `"ana"`},
		{"\x1b[2J", `"\x1b[2J"`},
		{"a\u202eb", `"a\u202eb"`},
		{"\"quoted\"", `"\"quoted\""`},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	long := Quote(strings.Repeat("é", 100))
	if !strings.HasSuffix(long, "…") || len(long) > 200 {
		t.Errorf("long quote not cut: %s", long)
	}
	for _, r := range strings.TrimSuffix(long, "…") {
		if r > unicode.MaxASCII {
			t.Errorf("quote kept non-ASCII %U", r)
		}
	}
}

func TestJoinCommand(t *testing.T) {
	tests := []struct {
		args []string
		want string
		ok   bool
	}{
		{[]string{"join", "k7qx"}, "K7QX", true},
		{[]string{"join"}, "", false},
		{[]string{"join", "K7QX", "x"}, "", false},
		{[]string{"sh", "-c", "id"}, "", false},
		{[]string{"scp", "-t", "."}, "", false},
		{[]string{"git-upload-pack", "x"}, "", false},
		{nil, "", false},
	}
	for _, tt := range tests {
		got, ok := joinCommand(tt.args)
		if ok != tt.ok || got != tt.want {
			t.Errorf("joinCommand(%q) = %q, %v", tt.args, got, ok)
		}
	}
}
