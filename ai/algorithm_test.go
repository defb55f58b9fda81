package ai

import (
	"flag"
	"io"
	"testing"
)

// Algorithm names read back as themselves, as the CLI's --multi flag and
// player specs use them.
func TestParseAlgorithm(t *testing.T) {
	tests := []struct {
		name    string
		want    Algorithm
		wantErr bool
	}{
		{"", ByLevel, false},
		{"paranoid", Paranoid, false},
		{"maxn", MaxN, false},
		{"brs", BestReply, false},
		{"uct", UCT, false},
		{"model", Model, false},
		{"plan", Plan, false},
		{"UCT", ByLevel, true},
		{"mcts", ByLevel, true},
		{" brs", ByLevel, true},
	}
	for _, tc := range tests {
		got, err := ParseAlgorithm(tc.name)
		if got != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("ParseAlgorithm(%q) = %v, %v; want %v, error %v", tc.name, got, err, tc.want, tc.wantErr)
		}
		if err == nil && got.String() != tc.name {
			t.Errorf("%v.String() = %q, want %q", got, got.String(), tc.name)
		}
	}
	if s := Algorithm(99).String(); s != "Algorithm(99)" {
		t.Errorf("Algorithm(99).String() = %q", s)
	}
}

// Algorithm works as a flag.Value.
func TestAlgorithmFlag(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var a Algorithm
	fs.Var(&a, "multi", "")
	if err := fs.Parse([]string{"-multi", "maxn"}); err != nil || a != MaxN {
		t.Fatalf("-multi maxn: %v, %v", a, err)
	}
	if err := fs.Parse([]string{"-multi", "nope"}); err == nil || a != MaxN {
		t.Fatalf("-multi nope: %v, %v (want an error and MaxN kept)", a, err)
	}
}

// Player specs pick the multi-player search by its name.
func TestParsePlayerAlgorithm(t *testing.T) {
	tests := []struct {
		spec    string
		want    Algorithm
		wantErr bool
	}{
		{"ai:hard", ByLevel, false},
		{"ai:hard:brs", BestReply, false},
		{"hard:maxn", MaxN, false},
		{"ai:easy:PARANOID", Paranoid, false},
		{"ai:max:uct", UCT, false},
		{"ai:hard:plan", Plan, false},
		{"ai:hard:", ByLevel, true},
		{"ai:hard:mcts", ByLevel, true},
	}
	for _, tc := range tests {
		p, err := ParsePlayer(tc.spec, 1, 0)
		if (err != nil) != tc.wantErr {
			t.Errorf("%q: error %v, want error %v", tc.spec, err, tc.wantErr)
			continue
		}
		if err == nil && p.(*AIPlayer).opt.Multi != tc.want {
			t.Errorf("%q: %v, want %v", tc.spec, p.(*AIPlayer).opt.Multi, tc.want)
		}
	}
}
