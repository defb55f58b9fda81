package rooms

import "testing"

func TestNormalizeCode(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"k7qx", "K7QX", true},
		{" K7QX ", "K7QX", true},
		{"K7Q", "", false},
		{"K7QXX", "", false},
		{"O0I1", "", false}, // ambiguous characters are not in codes
		{"K7Q\x1b", "", false},
	}
	for _, tt := range tests {
		got, err := NormalizeCode(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("NormalizeCode(%q) = %q, %v; want %q ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	for i := 0; i < 1000; i++ {
		c := newCode()
		if _, err := NormalizeCode(c); err != nil {
			t.Fatalf("newCode gave %q: %v", c, err)
		}
	}
}
