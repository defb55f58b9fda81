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

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// recordingPlayer answers ready, noop to every play (a little later),
// done and aborted, and keeps the messages it got in order, with OVERLAP
// where one came while another was out.
func recordingPlayer(t *testing.T, msgs *[]string, mu *sync.Mutex) *httptest.Server {
	inFlight := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		msg, err := ParseMessage(body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		mu.Lock()
		if inFlight++; inFlight > 1 {
			*msgs = append(*msgs, "OVERLAP")
		}
		*msgs = append(*msgs, msg.String())
		mu.Unlock()
		defer func() { mu.Lock(); inFlight--; mu.Unlock() }()
		switch msg.Kind {
		case Start:
			io.WriteString(w, "ready")
		case Play:
			time.Sleep(20 * time.Millisecond) // the next turn's question goes out meanwhile
			io.WriteString(w, "noop")
		case Stop:
			io.WriteString(w, "done")
		default:
			io.WriteString(w, "aborted")
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A client's event loop drives a GGP seat with table.Driver: the person
// at the keyboard plays x, the GGP player follows every turn. Its calls
// run as the loop schedules them — here the next turn's question goes
// out before the last one's answer came back — and its messages still
// reach the player one at a time, in the order of the game.
func TestRemoteSeatKeepsTheOrderOfTheGame(t *testing.T) {
	var mu sync.Mutex
	var msgs []string
	srv := recordingPlayer(t, &msgs, &mu)
	v, rules := sheet(t, "tictactoe")
	wire, err := WireRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	seat := NewRemoteSeat(srv.URL, wire)
	tb, err := table.New(v.New(), []table.Seat{nil, seat}, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := table.NewDriver(context.Background(), tb, table.Game{ID: "order", StartClock: time.Second, Clock: time.Second})
	events := make(chan table.Event, 16)
	launch := func(jobs []*table.Job) {
		for _, j := range jobs {
			go func() { events <- j.Run() }()
		}
	}
	launch(d.Work()) // start
	d.Handle(<-events)
	launch(d.Work()) // play nil: o follows x's first turn
	for i := 0; i < 2; i++ {
		m := tb.Position().Legal(nil)[0]
		if _, err := tb.Play(0, m); err != nil {
			t.Fatal(err)
		}
		// o's own turn is asked before the last play's answer is in.
		launch(d.Work())
		for tb.Turn() < 2*(i+1) {
			// The stub answers noop on o's own turns too: the
			// fallback plays for it.
			if out := d.Handle(<-events); out.Fault != nil && out.Fault.Turn != 2*i+1 {
				t.Fatalf("fault %+v", out.Fault)
			}
			launch(d.Work())
		}
	}
	for d.Busy() {
		d.Handle(<-events)
	}
	mu.Lock()
	defer mu.Unlock()
	want := []string{"(start order", "(play order nil)", "(play order ((mark ", "(play order (noop (mark ",
		"(play order ((mark ", "(play order (noop (mark "}
	for i, m := range msgs {
		msgs[i] = m[:min(len(m), 40)]
	}
	if len(msgs) != len(want) {
		t.Errorf("messages %q, want %d", msgs, len(want))
	}
	for i, w := range want {
		if i >= len(msgs) || !strings.HasPrefix(msgs[i], w) {
			t.Fatalf("message %d: %q, want %s…; all: %q", i+1, msgs[min(i, len(msgs)-1)], w, msgs)
		}
	}
}

// FaultCode writes a failure as ggp-base's records do.
func TestFaultCode(t *testing.T) {
	tests := []struct {
		f    table.Fault
		want string
	}{
		{table.Fault{Err: sendErr(ErrNoReply, "late")}, CodeTimeout},
		{table.Fault{Err: context.DeadlineExceeded}, CodeTimeout},
		{table.Fault{Err: sendErr(ErrConnection, "refused")}, CodeConnection},
		{table.Fault{Err: &illegalReply{reply: "(mark 9 9)"}}, "IL (mark 9 9)"},
		{table.Fault{Err: table.ErrIllegal, Answered: true, AnswerText: "(mark 1 1)"}, "IL (mark 1 1)"},
		{table.Fault{Err: io.ErrUnexpectedEOF}, CodeIllegal},
	}
	for _, tt := range tests {
		if got := FaultCode(tt.f); got != tt.want {
			t.Errorf("FaultCode(%v) = %q, want %q", tt.f.Err, got, tt.want)
		}
	}
	var _ game.State // the package's tests share sheet
}
