package ggp

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/games"
)

func TestWireRules(t *testing.T) {
	tests := []struct{ name, src, want, err string }{
		{"plain", "(role x)", "(role x)", ""},
		{"comments and lines", "; title: Quad 5×5\n(role x) ; the first – and only\n\n(init\n\t(cell 1 1 b))\n", "(role x) (init (cell 1 1 b))", ""},
		{"spaces inside", "( <=  (legal x noop)\r\n   (true (control x)) )", "(<= (legal x noop) (true (control x)))", ""},
		{"adjacent lists", "(f)(g)", "(f) (g)", ""},
		{"symbol then list", "(f a(g b))", "(f a (g b))", ""},
		{"case kept", "(role xPlayer)", "(role xPlayer)", ""},
		{"empty", "; nothing\n", "", ""},
		{"non-ASCII symbol", "(role x)\n(role é)", "", "line 2: the rules hold a character outside plain ASCII (\"é\")"},
		{"control character", "(role \x01)", "", "line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := WireRules([]byte(tt.src))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("WireRules(%q) error %v, want %q", tt.src, err, tt.err)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Errorf("WireRules(%q) = %q, %v; want %q", tt.src, got, err, tt.want)
			}
		})
	}
}

// TestWireRulesReadAlike: every bundled sheet (their comments hold × and
// –) goes out as plain ASCII without comments, and reads as the same
// game.
func TestWireRulesReadAlike(t *testing.T) {
	for _, f := range games.Files() {
		wire, err := WireRules(f.Source)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		for _, c := range wire {
			if c >= 0x80 || c == ';' || c == '\n' {
				t.Fatalf("%s: the wire form holds %q", f.Name, c)
			}
		}
		a, errA := gdl.Parse(f.Source)
		b, errB := gdl.Parse(wire)
		if errA != nil || errB != nil || len(a.Rules) != len(b.Rules) {
			t.Fatalf("%s: %v %v", f.Name, errA, errB)
		}
		for i := range a.Rules {
			if a.Rules[i].String() != b.Rules[i].String() {
				t.Errorf("%s: rule %d reads %s, sent as %s", f.Name, i, a.Rules[i], b.Rules[i])
			}
		}
	}
}

// charCountingPlayer reads a request as ggp-base's players do: it takes
// the Content-Length as a count of characters, not bytes, so a body with
// characters outside ASCII leaves it waiting for more, and it does not
// skip comments. It is ready only when the start it read is whole and
// plain; it plays noop (any move would do for the test).
func charCountingPlayer(t *testing.T, starts *[]string, mu *sync.Mutex) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		text := string(body)
		if len([]rune(text)) != len(body) || strings.Contains(text, ";") {
			<-r.Context().Done() // short of characters: never answers
			return
		}
		if strings.HasPrefix(text, "(start") {
			mu.Lock()
			*starts = append(*starts, text)
			mu.Unlock()
			io.WriteString(w, "ready")
			return
		}
		io.WriteString(w, "noop")
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestManagerSendsPlainRules: the start of every bundled game reaches a
// player that reads as ggp-base's do, and is answered.
func TestManagerSendsPlainRules(t *testing.T) {
	var mu sync.Mutex
	var starts []string
	srv := charCountingPlayer(t, &starts, &mu)
	for _, f := range games.Files() {
		v, rules := sheet(t, f.Name)
		seats := make([]Seat, len(v.Roles))
		for r := range seats {
			seats[r] = Seat{Name: "random", Local: ai.NewRandomPlayer(uint64(r))}
		}
		seats[0] = Seat{Name: "ggp-base-like", Remote: &Remote{URL: srv.URL}}
		rec, err := RunGame(context.Background(), Game{MatchID: "plain." + f.Name, Variant: v, Rules: rules, Seats: seats,
			StartClock: time.Second, PlayClock: time.Second, Grace: 100 * time.Millisecond})
		if err != nil || rec.Errors[0][0] != "" {
			t.Errorf("%s: the start was not answered: %v %q", f.Name, err, rec.Errors[0])
		}
	}
	if len(starts) != len(games.Files()) {
		t.Errorf("%d starts answered for %d games", len(starts), len(games.Files()))
	}
}

// TestManagerRecordsStartErrors: a player that does not answer start is
// written in the record's first errors, as ggp-base's records do ("TO"),
// and one that cannot be reached as "CE".
func TestManagerRecordsStartErrors(t *testing.T) {
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.HasPrefix(string(body), "(start") {
			<-r.Context().Done()
			return
		}
		io.WriteString(w, "noop")
	}))
	t.Cleanup(silent.Close)
	gone := httptest.NewServer(http.NotFoundHandler())
	goneURL := gone.URL
	gone.Close()
	v, rules := sheet(t, "tictactoe")
	for _, tt := range []struct{ url, code string }{{silent.URL, "TO"}, {goneURL, "CE"}} {
		ctx, cancel := context.WithCancel(context.Background())
		var once sync.Once
		rec, _ := RunGame(ctx, Game{MatchID: "start." + tt.code, Variant: v, Rules: rules,
			Seats:      []Seat{{Name: "p", Remote: &Remote{URL: tt.url}}, {Name: "r", Local: ai.NewRandomPlayer(1)}},
			StartClock: 200 * time.Millisecond, PlayClock: time.Second, Grace: 50 * time.Millisecond,
			Report: func(string) { once.Do(cancel) }})
		cancel()
		if rec == nil || len(rec.Errors) == 0 || rec.Errors[0][0] != tt.code || rec.Errors[0][1] != "" {
			t.Errorf("%s: record errors %v, want the start's to be [%s \"\"]", tt.url, rec.Errors, tt.code)
		}
	}
}

// TestManagerTakesAnyCase: a player's move in another case than the
// game's is its move (GDL symbols are compared without case), recorded
// as the game spells it.
func TestManagerTakesAnyCase(t *testing.T) {
	v, rules := sheet(t, "tictactoe")
	s := v.New()
	legal := legalTexts(s, s.ToMove(), nil)
	upper := strings.ToUpper(legal[0])
	stub := stubPlayer(t, 0, upper, 200)
	rec, err := RunGame(context.Background(), Game{MatchID: "case", Variant: v, Rules: rules,
		Seats:      []Seat{{Name: "stub", Remote: &Remote{URL: stub.URL}}, {Name: "r", Local: ai.NewRandomPlayer(1)}},
		StartClock: time.Second, PlayClock: 200 * time.Millisecond, Grace: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Errors[1][0] != "" || rec.Moves[0][0] != legal[0] {
		t.Errorf("the move %s was recorded as %q with errors %q, want %s and none", upper, rec.Moves[0][0], rec.Errors[1], legal[0])
	}
	var _ game.State = s
}
