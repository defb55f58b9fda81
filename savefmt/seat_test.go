package savefmt

import (
	"testing"
)

func TestParseSeat(t *testing.T) {
	for _, c := range []struct {
		in   string
		want SeatConfig
		err  bool
	}{
		{"human", SeatConfig{}, false},
		{"human:Ana", SeatConfig{Name: "Ana"}, false},
		{"ai", SeatConfig{AI: true, Level: "hard"}, false},
		{"ai:easy", SeatConfig{AI: true, Level: "easy"}, false},
		{"AI:max:Deep", SeatConfig{AI: true, Level: "max", Name: "Deep"}, false},
		{"ai:genius", SeatConfig{}, true},
		{"robot", SeatConfig{}, true},
		{"human:a:b", SeatConfig{}, true},
	} {
		got, err := ParseSeat(c.in)
		if (err != nil) != c.err || !c.err && got != c.want {
			t.Errorf("ParseSeat(%q) = %+v, %v; want %+v, error %v", c.in, got, err, c.want, c.err)
		}
		if err == nil {
			back, _ := ParseSeat(got.String())
			if back != got {
				t.Errorf("%q: String %q reads back as %+v", c.in, got.String(), back)
			}
		}
	}
}
