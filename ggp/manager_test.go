package ggp

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// stubPlayer is a deliberately bad GGP player: it is ready at once, then
// answers every play with reply after delay (or refuses with status).
func stubPlayer(t *testing.T, delay time.Duration, reply string, status int) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		msg, err := ParseMessage(body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		switch msg.Kind {
		case Start:
			io.WriteString(w, "ready")
		case Play:
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
			w.WriteHeader(status)
			io.WriteString(w, reply)
		case Stop:
			io.WriteString(w, "done")
		default:
			io.WriteString(w, "aborted")
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestManagerReplacesBadMoves: a player that is late, plays an illegal
// move or refuses gets a random legal move in its place at every step,
// reported and written in the record's errors, and the game goes on.
func TestManagerReplacesBadMoves(t *testing.T) {
	tests := []struct {
		name   string
		delay  time.Duration
		reply  string
		status int
		want   string
	}{
		{"late", 800 * time.Millisecond, "noop", 200, "no reply to play within 300ms"},
		{"illegal", 0, "(mark 9 9)", 200, "illegal move (mark 9 9)"},
		{"garbage", 0, "((((", 200, "unreadable reply"},
		{"refuses", 0, "no thanks", 400, "play refused (400 Bad Request): no thanks"},
	}
	codes := map[string]string{"late": "TO", "illegal": "IL (mark 9 9)", "garbage": "IL", "refuses": "CE"}
	v, rules := sheet(t, "tictactoe")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stub := stubPlayer(t, tt.delay, tt.reply, tt.status)
			var mu sync.Mutex
			var reports []string
			rec, err := RunGame(context.Background(), Game{
				MatchID: "bad." + tt.name, Variant: v, Rules: rules,
				Seats: []Seat{
					{Name: "stub", Remote: &Remote{URL: stub.URL}},
					{Name: "random", Local: ai.NewRandomPlayer(3)},
				},
				StartClock: time.Second, PlayClock: 200 * time.Millisecond, Grace: 100 * time.Millisecond,
				Report: func(s string) { mu.Lock(); reports = append(reports, s); mu.Unlock() },
			})
			if err != nil || !rec.IsCompleted {
				t.Fatalf("RunGame: %v, completed %v", err, rec != nil && rec.IsCompleted)
			}
			// As ggp-base's records: the start's errors, then each step's.
			if len(rec.Errors) != len(rec.Moves)+1 || len(rec.Errors[0]) != 2 || rec.Errors[0][0] != "" {
				t.Fatalf("errors %q for %d steps, want the start's (none) and one per step", rec.Errors, len(rec.Moves))
			}
			for i, errs := range rec.Errors[1:] {
				if errs[0] != codes[tt.name] || errs[1] != "" {
					t.Errorf("step %d: errors %q, want the stub's to be %q", i+1, errs, codes[tt.name])
				}
			}
			if len(reports) != len(rec.Moves) || !strings.Contains(reports[0], "instead") || !strings.Contains(reports[0], tt.want) {
				t.Errorf("%d reports for %d steps, want each to say %q: %q", len(reports), len(rec.Moves), tt.want, reports)
			}
			if _, err := rec.Replay(v); err != nil {
				t.Errorf("the replacement moves do not replay: %v", err)
			}
		})
	}
}

// timedTransport measures the round trip of every play message.
type timedTransport struct {
	mu    sync.Mutex
	plays []time.Duration
}

func (tt *timedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	body, _ := req.GetBody()
	b, _ := io.ReadAll(body)
	t0 := time.Now()
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil && strings.HasPrefix(string(b), "(play") {
		// The reply is read in full before the clock stops.
		data, rerr := io.ReadAll(resp.Body)
		resp.Body.Close()
		resp.Body = io.NopCloser(strings.NewReader(string(data)))
		if rerr == nil {
			tt.mu.Lock()
			tt.plays = append(tt.plays, time.Since(t0))
			tt.mu.Unlock()
		}
	}
	return resp, err
}

// TestPlayerKeepsThePlayClock plays three matches at once against one
// tabletop player at the hard level (which thinks for the whole clock)
// with a 1 s play clock: a game read from GDL, a native game recognised
// from its sheet, and a simultaneous game. The manager calls the matches
// off after a while, and the player must then have forgotten them. How
// long the answers took is logged; whether each came within the play
// clock is a wall-clock question that a loaded machine can answer wrongly,
// so it is asserted only when TABLETOP_CLOCK_TEST=1 asks for it on a quiet
// machine (TestChooseAnswersAtTheDeadline checks the deadline itself).
func TestPlayerKeepsThePlayClock(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays for about 12 s; wall time means nothing under the race detector")
	}
	timed := os.Getenv("TABLETOP_CLOCK_TEST") == "1"
	late := t.Logf
	if timed {
		late = t.Errorf
	}
	p, srv, log := newTestPlayer(t, PlayerConfig{Level: ai.Hard})
	timer := &timedTransport{}
	client := &http.Client{Transport: timer}
	ctx, cancel := context.WithTimeout(context.Background(), 12*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for i, name := range []string{"breakthrough", "pentago", "rockpaperscissors"} {
		v, rules := sheet(t, name)
		wg.Add(1)
		go func() {
			defer wg.Done()
			seats := []Seat{{Name: "tabletop", Remote: &Remote{URL: srv.URL, Client: client}}, {Name: "random", Local: ai.NewRandomPlayer(uint64(i))}}
			rec, err := RunGame(ctx, Game{MatchID: "clock." + name, Variant: v, Rules: rules, Seats: seats,
				StartClock: 3 * time.Second, PlayClock: time.Second, Seed: uint64(i),
				Report: func(s string) { late("reported: %s", s) }})
			if err != nil && !(rec != nil && rec.IsAborted) {
				t.Errorf("%s: %v", name, err)
			}
		}()
	}
	wg.Wait()
	var worst time.Duration
	for _, d := range timer.plays {
		worst = max(worst, d)
	}
	own := serverSlowest(log.String())
	t.Logf("%d plays; slowest answer %s from the player's side (its log), %s at the manager (play clock 1 s, grace %s)",
		len(timer.plays), own, worst, DefaultGrace)
	if len(timer.plays) < 10 {
		t.Errorf("only %d plays measured", len(timer.plays))
	}
	// The player answers within the clock; the trip back, on a busy
	// machine, may take some of the grace the manager allows.
	if own >= time.Second || worst >= time.Second+DefaultGrace {
		late("an answer took %s at the player, %s at the manager: over the 1 s play clock", own, worst)
	}
	p.mu.Lock()
	left := len(p.matches)
	p.mu.Unlock()
	if left != 0 {
		t.Errorf("%d matches kept after the manager's aborts and stops", left)
	}
}

// TestRecordRoundTrip writes a record, reads it back (also with the
// spacing ggp-base writes moves in) and replays it.
func TestRecordRoundTrip(t *testing.T) {
	v, rules := sheet(t, "tictactoe")
	rec, err := RunGame(context.Background(), Game{MatchID: "rec/1", Variant: v, Rules: rules,
		Seats:      []Seat{{Name: "a", Local: ai.NewRandomPlayer(1)}, {Name: "b", Local: ai.NewRandomPlayer(2)}},
		StartClock: time.Second, PlayClock: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path, err := rec.WriteFile(dir)
	if err != nil || !strings.HasSuffix(path, "rec_1.json") {
		t.Fatalf("WriteFile: %q, %v", path, err)
	}
	data, err := io.ReadAll(must(t, path))
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"matchId": "rec/1"`, `"moves"`, `"goalValues"`, `"startClock": 1`, `"playClock": 1`, `"isCompleted": true`, `"states"`, `"gameRoleNames"`} {
		if !strings.Contains(string(data), field) {
			t.Errorf("record lacks %s:\n%s", field, data)
		}
	}
	spaced := strings.ReplaceAll(strings.ReplaceAll(string(data), `"(mark`, `"( MARK`), `)"`, ` )"`)
	back, err := ReadRecord(strings.NewReader(spaced))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back.Moves) != strings.ReplaceAll(fmt.Sprint(rec.Moves), "(mark", "(MARK") {
		t.Errorf("moves read back as %q, want %q", back.Moves, rec.Moves)
	}
	end, err := back.Replay(v)
	if err != nil || !end.Terminal() || end.Goal(0) != rec.GoalValues[0] {
		t.Errorf("replay: %v", err)
	}
	bad := []struct{ json, want string }{
		{`{}`, "no matchId"},
		{`[1]`, "not a match record"},
		{`{"matchId":"m","gameRoleNames":["a","b"],"moves":[["noop"]]}`, "1 moves for 2 roles"},
		{`{"matchId":"m","moves":[["(mark"]]}`, "step 1"},
	}
	for _, b := range bad {
		if _, err := ReadRecord(strings.NewReader(b.json)); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("ReadRecord(%s): %v, want %q", b.json, err, b.want)
		}
	}
}

func must(t *testing.T, path string) io.Reader {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// serverSlowest is the player's own slowest play, by its log lines: from
// the message read to the reply written.
func serverSlowest(log string) time.Duration {
	re := regexp.MustCompile(`msg=play .* ms=(\d+)`)
	worst := 0
	for _, m := range re.FindAllStringSubmatch(log, -1) {
		n, _ := strconv.Atoi(m[1])
		worst = max(worst, n)
	}
	return time.Duration(worst) * time.Millisecond
}

// cancellingPlayer calls the match off on its first move.
type cancellingPlayer struct {
	ai.RandomPlayer
	cancel context.CancelFunc
}

func (p *cancellingPlayer) Choose(ctx context.Context, s game.State) game.Move {
	p.cancel()
	return p.RandomPlayer.Choose(ctx, s)
}

// TestManagerAborts: when the manager's context ends mid-game, the remote
// player is sent abort and forgets the match, and the record says so.
func TestManagerAborts(t *testing.T) {
	p, srv, log := newTestPlayer(t, PlayerConfig{Level: ai.Easy})
	v, rules := sheet(t, "connectfour")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec, err := RunGame(ctx, Game{MatchID: "abort.me", Variant: v, Rules: rules,
		Seats:      []Seat{{Name: "tabletop", Remote: &Remote{URL: srv.URL}}, {Name: "quitter", Local: &cancellingPlayer{cancel: cancel}}},
		StartClock: 3 * time.Second, PlayClock: time.Second})
	if err == nil || rec == nil || !rec.IsAborted || rec.IsCompleted {
		t.Fatalf("RunGame after the context ended: %v (a record: %v)", err, rec != nil)
	}
	p.mu.Lock()
	left := len(p.matches)
	p.mu.Unlock()
	if left != 0 || !strings.Contains(log.String(), "msg=abort status=200 reply=aborted") {
		t.Errorf("%d matches left; log:\n%s", left, log)
	}
}
