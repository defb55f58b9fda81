package ggp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
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

// syncBuffer is a log that the server's goroutines write safely.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newTestPlayer serves a Player on a loopback port.
func newTestPlayer(t *testing.T, cfg PlayerConfig) (*Player, *httptest.Server, *syncBuffer) {
	t.Helper()
	log := &syncBuffer{}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(log, nil))
	}
	p := NewPlayer(cfg)
	srv := httptest.NewServer(p)
	t.Cleanup(func() { srv.Close(); p.Close() })
	return p, srv, log
}

// post sends a raw body and returns the status and the reply.
func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, "text/acl", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// sheet returns a bundled game: the variant tabletop plays (its native
// engine when it has one) and its rule sheet.
func sheet(t *testing.T, name string) (*game.Variant, []byte) {
	t.Helper()
	f, ok := games.Lookup(name)
	if !ok {
		t.Fatalf("no bundled sheet %s", name)
	}
	if v, err := game.Lookup(name); err == nil {
		return v, f.Source
	}
	v, err := gdl.Load(name, f.Source)
	if err != nil {
		t.Fatal(err)
	}
	return v, f.Source
}

// TestEveryBundledGame plays a whole game of every bundled sheet between
// tabletop's player (over loopback HTTP) and tabletop's Game Manager,
// the player taking the first role in one game and the second in the
// next, a random local player the other seats. No move of tabletop's
// player may be replaced.
func TestEveryBundledGame(t *testing.T) {
	_, srv, log := newTestPlayer(t, PlayerConfig{Level: ai.Easy})
	for i, f := range games.Files() {
		t.Run(f.Name, func(t *testing.T) {
			v, rules := sheet(t, f.Name)
			seats := make([]Seat, len(v.Roles))
			for r := range seats {
				seats[r] = Seat{Name: "random", Local: ai.NewRandomPlayer(uint64(r + 1))}
			}
			me := i % len(seats)
			seats[me] = Seat{Name: "tabletop", Remote: &Remote{URL: srv.URL}}
			var reports []string
			rec, err := RunGame(context.Background(), Game{
				MatchID: "every." + f.Name, Variant: v, Rules: rules, Seats: seats,
				StartClock: 10 * time.Second, PlayClock: 300 * time.Millisecond, Seed: uint64(i),
				Report: func(s string) { reports = append(reports, s) },
			})
			if err != nil {
				t.Fatal(err)
			}
			if !rec.IsCompleted || len(rec.GoalValues) != len(v.Roles) || len(rec.Moves) == 0 {
				t.Fatalf("incomplete record: %+v", rec)
			}
			if len(reports) > 0 {
				t.Errorf("tabletop's player was reported: %q", reports)
			}
			end, err := rec.Replay(v)
			if err != nil || !end.Terminal() {
				t.Errorf("the record does not replay to the end: %v", err)
			}
			if !strings.Contains(log.String(), "match=every."+f.Name) {
				t.Errorf("no log line for the match")
			}
		})
	}
}

// TestPlayerLogsOneLinePerMessage: every message, good or bad, is one line.
func TestPlayerLogsOneLinePerMessage(t *testing.T) {
	_, srv, log := newTestPlayer(t, PlayerConfig{})
	bodies := []string{"(info)", "garbage", "(play nosuch nil)", "(abort nosuch)"}
	for _, b := range bodies {
		post(t, srv.URL, b)
	}
	if got := strings.Count(log.String(), "\n"); got != len(bodies) {
		t.Errorf("%d log lines for %d messages:\n%s", got, len(bodies), log)
	}
}

// TestPlayerRefusesGarbage: a clear one-line error, never a crash.
func TestPlayerRefusesGarbage(t *testing.T) {
	_, srv, _ := newTestPlayer(t, PlayerConfig{MaxBody: 4096})
	_, tttRules := sheet(t, "tictactoe")
	tests := []struct {
		name, body string
		status     int
		want       string
	}{
		{"not a list", "hello", 400, "a message is a list"},
		{"unclosed", "(play m1 ((mark 1 1)", 400, "not closed"},
		{"unknown", "(dance)", 400, "unknown message"},
		{"binary", "\x00\xff(\x01", 400, ""},
		{"empty", "", 400, "unexpected end"},
		{"oversized", "(start m1 x (" + strings.Repeat("(role x) ", 1000) + ") 10 1)", 413, "larger than 4096 bytes"},
		{"deep", strings.Repeat("(", 1000), 400, "nest more than"},
		{"no match", "(play nosuch nil)", 400, "no match nosuch"},
		{"bad rules", "(start m2 x ((role x) (<= (legal ?p noop))) 5 1)", 400, "rules refused"},
		{"bad role", "(start m3 nobody (" + string(tttRules) + ") 5 1)", 400, "role nobody is not in the rules"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, reply := post(t, srv.URL, tt.body)
			if status != tt.status || !strings.Contains(reply, tt.want) || strings.Contains(reply, "\n") {
				t.Errorf("status %d, reply %q; want %d and one line containing %q", status, reply, tt.status, tt.want)
			}
		})
	}
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: status %d, want 405", resp.StatusCode)
	}
	if status, reply := post(t, srv.URL, "(info)"); status != 200 || reply != "((name tabletop) (status available))" {
		t.Errorf("after the garbage, info: %d %q", status, reply)
	}
}

// TestPlayerMessagesInOrderAndRepeated walks one match by hand: repeated
// start and first play, a repeated play, a play that makes no sense, stop
// and a repeated stop, and a late play after the end.
func TestPlayerMessagesInOrderAndRepeated(t *testing.T) {
	_, srv, _ := newTestPlayer(t, PlayerConfig{Level: ai.Easy})
	_, rules := sheet(t, "tictactoe")
	start := fmt.Sprintf("(START m1 OPLAYER (%s) 5 1)", rules)
	steps := []struct {
		body   string
		status int
		want   string // "" for any move
	}{
		{start, 200, "ready"},
		{start, 200, "ready"},
		{"(PLAY m1 NIL)", 200, "noop"},
		{"(play m1 nil)", 200, "noop"},
		{"(play m1 ((mark 1 1) noop))", 200, ""},
		{"(play m1 ((mark 1 1) noop))", 200, ""}, // a repeat: the same answer
		{"(play m1 ((mark 9 9) noop))", 400, "turn 2"},
		{"(play m1 nil)", 400, "only for the first play"},
		{"(stop m1 (noop (mark 2 2)))", 200, "done"},
		{"(stop m1 (noop (mark 2 2)))", 200, "done"},
		{"(play m1 (noop (mark 2 2)))", 400, "match m1 is over"},
	}
	var moves []string
	for _, st := range steps {
		status, reply := post(t, srv.URL, st.body)
		if status != st.status || (st.want != "" && !strings.Contains(reply, st.want)) {
			t.Fatalf("%s: %d %q, want %d %q", st.body, status, reply, st.status, st.want)
		}
		if st.want == "" {
			moves = append(moves, reply)
		}
	}
	if moves[0] != moves[1] || !strings.HasPrefix(moves[0], "(mark ") {
		t.Errorf("the repeated play got %q then %q", moves[0], moves[1])
	}
}

// TestPlayerAbort: abort ends a match at once, even mid-search, and later
// messages are told it is over.
func TestPlayerAbort(t *testing.T) {
	p, srv, _ := newTestPlayer(t, PlayerConfig{})
	_, rules := sheet(t, "connectfour")
	if status, reply := post(t, srv.URL, fmt.Sprintf("(start a1 red (%s) 5 30)", rules)); reply != "ready" {
		t.Fatalf("start: %d %q", status, reply)
	}
	done := make(chan string)
	go func() {
		_, reply := post(t, srv.URL, "(play a1 nil)") // thinks up to 27 s
		done <- reply
	}()
	time.Sleep(200 * time.Millisecond)
	if status, reply := post(t, srv.URL, "(abort a1)"); status != 200 || reply != "aborted" {
		t.Errorf("abort: %d %q", status, reply)
	}
	select {
	case reply := <-done:
		if !strings.HasPrefix(reply, "(drop") {
			t.Errorf("the play in progress answered %q", reply)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the play in progress did not end after abort")
	}
	if _, reply := post(t, srv.URL, "(abort a1)"); reply != "aborted" {
		t.Errorf("repeated abort: %q", reply)
	}
	if status, _ := post(t, srv.URL, "(play a1 ((drop 1) noop))"); status != 400 {
		t.Errorf("play after abort: status %d", status)
	}
	p.mu.Lock()
	n := len(p.matches)
	p.mu.Unlock()
	if n != 0 {
		t.Errorf("%d matches kept after abort", n)
	}
}

// TestPlayerBusy: a start beyond MaxMatches is answered busy, and info
// says so.
func TestPlayerBusy(t *testing.T) {
	_, srv, _ := newTestPlayer(t, PlayerConfig{MaxMatches: 1})
	_, rules := sheet(t, "tictactoe")
	if _, reply := post(t, srv.URL, fmt.Sprintf("(start b1 xplayer (%s) 5 1)", rules)); reply != "ready" {
		t.Fatalf("start b1: %q", reply)
	}
	if _, reply := post(t, srv.URL, fmt.Sprintf("(start b2 xplayer (%s) 5 1)", rules)); reply != "busy" {
		t.Errorf("start b2: %q, want busy", reply)
	}
	if _, reply := post(t, srv.URL, "(info)"); InfoStatus(reply) != "busy" {
		t.Errorf("info: %q", reply)
	}
}
