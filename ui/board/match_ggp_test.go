package board

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/savefmt"
)

// newGGPClient opens variant with seats, GGP clocks of 2 s and 1 s, and
// runs the commands of its start (start messages included) to the end.
func newGGPClient(t *testing.T, variant string, seats map[string]savefmt.SeatConfig) (*common.Shell, *BoardScreen) {
	t.Helper()
	m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Seed: 1, AIDelay: -1,
		GGPStartClock: 2 * time.Second, GGPPlayClock: time.Second,
		Start: common.Start{Variant: variant, Seats: seats}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	uitest.RunCmd(m, m.Init())
	b, ok := m.Cur.(*BoardScreen)
	if !ok {
		t.Fatalf("first screen %T", m.Cur)
	}
	return m, b
}

// A person plays tic-tac-toe against tabletop's own GGP player, reached
// over loopback HTTP: the match is its Game Manager from start to stop,
// and the panel says what the player did.
func TestPlayAgainstGGPPlayer(t *testing.T) {
	player := ggp.NewPlayer(ggp.PlayerConfig{Level: ai.Easy, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer player.Close()
	var mu sync.Mutex
	var kinds []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		kinds = append(kinds, strings.Fields(strings.TrimLeft(string(body), "( "))[0])
		mu.Unlock()
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		player.ServeHTTP(w, r)
	}))
	defer srv.Close()
	m, b := newGGPClient(t, "tictactoe", map[string]savefmt.SeatConfig{"xplayer": {Name: "ana"}, "oplayer": {GGP: srv.URL}})
	if got := b.Match.Seat(1).Status; got != "ready" {
		t.Fatalf("after start the GGP seat is %q", got)
	}
	for ply := 0; !b.Ended(); ply++ {
		if ply > 9 || !b.Mine(b.Game().ToMove()) {
			t.Fatalf("ply %d: %s to move, status %q", ply, b.variant.RoleName(b.Game().ToMove()), b.Status)
		}
		uitest.SendAll(m, uitest.TypeMove(b.Game().FormatMove(b.Game().Legal(nil)[0]))...)
		if !b.Ended() && !strings.HasPrefix(b.Match.Seat(1).Status, "answered in") {
			t.Fatalf("ply %d: the GGP seat is %q, status %q", ply, b.Match.Seat(1).Status, b.Status)
		}
	}
	if !strings.Contains(uitest.ViewText(m), "game over") || b.Match.Seat(1).Status != "done" {
		t.Fatalf("no end, or no stop: seat %q\n%s", b.Match.Seat(1).Status, uitest.ViewText(m))
	}
	mu.Lock()
	defer mu.Unlock()
	if kinds[0] != "start" || kinds[len(kinds)-1] != "stop" || len(kinds) != len(game.SplitTurns(lm(b).Table.Start(), lm(b).Moves()))+2 {
		t.Fatalf("messages %v for %d turns", kinds, len(game.SplitTurns(lm(b).Table.Start(), lm(b).Moves())))
	}
	if b.caps.Undo != nil || lm(b).Kept.Saved {
		t.Error("a game with a GGP player offers undo or was saved")
	}
}

// slowPlayer is a GGP player that answers start at once and every play
// that wants a move too late (it waits for the manager to give up).
func slowPlayer(t *testing.T) (*httptest.Server, func() []string) {
	var mu sync.Mutex
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		msg, err := ggp.ParseMessage(body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		mu.Lock()
		got = append(got, msg.Kind.String())
		mu.Unlock()
		switch msg.Kind {
		case ggp.Start:
			io.WriteString(w, "ready")
		case ggp.Play:
			if msg.Moves != nil {
				select { // late: the manager gives up after 1.5 s
				case <-r.Context().Done():
				case <-time.After(5 * time.Second):
				}
			}
			io.WriteString(w, "noop")
		case ggp.Abort:
			io.WriteString(w, "aborted")
		default:
			io.WriteString(w, "done")
		}
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
}

// A late reply is replaced by a random legal move and reported; leaving
// the unfinished game aborts the match.
func TestGGPLateReplyReplaced(t *testing.T) {
	srv, got := slowPlayer(t)
	m, b := newGGPClient(t, "tictactoe", map[string]savefmt.SeatConfig{"xplayer": {Name: "ana"}, "oplayer": {GGP: srv.URL}})
	uitest.SendAll(m, uitest.TypeMove("(mark 2 2)")...)
	if len(lm(b).Moves()) != 2 || b.Match.Seat(1).Status != "replaced: late" || !strings.Contains(b.Status, "played (mark") {
		t.Fatalf("moves %d, seat %q, status %q", len(lm(b).Moves()), b.Match.Seat(1).Status, b.Status)
	}
	if !strings.Contains(uitest.ViewText(m), "replaced: late") {
		t.Fatalf("the panel does not say the move was replaced:\n%s", uitest.ViewText(m))
	}
	// The record keeps it, as a GGP match record keeps its errors.
	rec := lm(b).Record()
	text := string(rec.Marshal(b.variant.Roles))
	if len(rec.Errors) != 1 || rec.Errors[0].Step != 2 || !strings.Contains(text, "\nerror 2 oplayer no reply to play within") {
		t.Fatalf("the record's errors: %+v\n%s", rec.Errors, text)
	}
	if back, err := savefmt.ParseSave([]byte(text)); err != nil || len(back.Errors) != 1 || back.Errors[0] != rec.Errors[0] {
		t.Errorf("read back: %+v, %v", back.Errors, err)
	}
	// A late answer on a turn it only waits on is an error too, once that
	// turn is played (as ggp-base counts every answer that went wrong).
	uitest.SendAll(m, uitest.TypeMove("(mark 1 1)")...)
	if errs := lm(b).Record().Errors; len(errs) < 2 || errs[1].Step != 3 || !strings.HasSuffix(errs[1].Text, "played noop instead") {
		t.Errorf("the waiting turn's late answer: %+v", errs)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "r.txt"), []byte(text), 0o644)
	if recs, _ := savefmt.Records(dir); len(recs) != 1 || !strings.Contains(recs[0].String(), "1 GGP error") {
		t.Errorf("the record is listed as %v", recs)
	}
	b.Leave()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if strings.Contains(strings.Join(got(), " "), "abort") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no abort after leaving: %v", got())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A GGP seat plays a simultaneous game too: its move joins the person's
// in the joint turn.
func TestGGPOnJointTurns(t *testing.T) {
	player := ggp.NewPlayer(ggp.PlayerConfig{Level: ai.Easy, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer player.Close()
	srv := httptest.NewServer(player)
	defer srv.Close()
	m, b := newGGPClient(t, "rockpaperscissors", map[string]savefmt.SeatConfig{"left": {Name: "ana"}, "right": {GGP: srv.URL}})
	for round := 1; round <= 5; round++ {
		if b.handOver().handingOver() != game.NoRole {
			t.Fatal("a hand-over screen with one person")
		}
		uitest.SendAll(m, uitest.TypeMove("(throw rock)")...)
		if len(lm(b).Moves()) != 2*round {
			t.Fatalf("round %d: %d moves, seat %q, status %q", round, len(lm(b).Moves()), b.Match.Seat(1).Status, b.Status)
		}
	}
	if !b.Ended() || b.Match.Seat(1).Status != "done" {
		t.Fatalf("ended %v, seat %q", b.Ended(), b.Match.Seat(1).Status)
	}
}

// A GGP player's reply that comes while the rules screen is shown is
// kept, and played when the board is back.
func TestGGPReplyWhileAway(t *testing.T) {
	player := ggp.NewPlayer(ggp.PlayerConfig{Level: ai.Easy, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer player.Close()
	srv := httptest.NewServer(player)
	defer srv.Close()
	m, b := newGGPClient(t, "tictactoe", map[string]savefmt.SeatConfig{"xplayer": {Name: "ana"}, "oplayer": {GGP: srv.URL}})
	msgs := uitest.TypeMove("(mark 2 2)")
	uitest.SendAll(m, msgs[:len(msgs)-1]...)
	_, held := m.Update(msgs[len(msgs)-1]) // the play goes out with this command
	uitest.SendAll(m, uitest.Key("i"))
	if _, ok := m.Cur.(*rulesScreen); !ok {
		t.Fatalf("i opened %T", m.Cur)
	}
	uitest.RunCmd(m, held)
	if len(lm(b).Moves()) != 1 {
		t.Fatalf("a reply was played behind the rules screen: %d moves", len(lm(b).Moves()))
	}
	uitest.SendAll(m, uitest.Key("esc"))
	if m.Cur != common.Screen(b) || len(lm(b).Moves()) != 2 || !strings.HasPrefix(b.Match.Seat(1).Status, "answered in") {
		t.Fatalf("back on the board: %d moves, seat %q, status %q", len(lm(b).Moves()), b.Match.Seat(1).Status, b.Status)
	}
}
