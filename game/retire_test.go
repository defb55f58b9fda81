package game

import "testing"

func TestResignMoveNamesItsRole(t *testing.T) {
	for r := Role(0); r < 8; r++ {
		got, ok := Resigner(ResignMove(r))
		if !ok || got != r {
			t.Errorf("Resigner(ResignMove(%d)) = %d, %v", r, got, ok)
		}
	}
	for _, m := range []Move{Noop, 1, 1 << 12, 1 << 31, 0xFFFF_FEFF} {
		if _, ok := Resigner(m); ok {
			t.Errorf("Resigner(%#x) took a move for a resignation", uint32(m))
		}
	}
}

func TestJoinAnd(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{{nil, ""}, {[]string{"a"}, "a"}, {[]string{"a", "b"}, "a and b"}, {[]string{"a", "b", "c"}, "a, b and c"}} {
		if got := JoinAnd(c.in); got != c.want {
			t.Errorf("JoinAnd(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
