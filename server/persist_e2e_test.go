package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
	"github.com/tabletop/tabletop/server/metrics"
	"github.com/tabletop/tabletop/ui"
)

func fingerprint(k gossh.Signer) string { return gossh.FingerprintSHA256(k.PublicKey()) }

// A rated room game between two SSH clients, interrupted by a server
// restart and finished after it on the same SQLite file: the moves, seats
// and options come back, the players rejoin with "join CODE", and the
// finished game moves both ratings.
func TestRoomGameSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	dsn := filepath.Join(dir, "tabletop.db")
	db1 := openDB(t, dsn)
	n1 := startNode(t, dir, NewRoomStore(db1, true), nil)
	obs, err := n1.Lobby().Create(observer, rooms.RoomSpec{Variant: "pentago", Seats: openSeats(2), Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	code := obs.Code()
	ana := &seat{name: "ana", key: newKey(t)}
	bob := &seat{name: "bob", key: newKey(t)}
	ana.join(t, n1.addr, code)
	roomstest.WaitView(t, obs, "ana seated", func(v rooms.RoomView) bool { return v.Seats[0].Name == "ana" })
	bob.join(t, n1.addr, code)
	roomstest.WaitView(t, obs, "bob seated", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
	seats := []*seat{ana, bob}
	rng := game.NewRand(5)
	for i := 0; i < 6; i++ {
		playOne(t, obs, seats, []*term{ana.term, bob.term}, rng)
	}
	before := obs.View().Moves

	n1.stop()
	db1.Close()
	db2 := openDB(t, dsn)
	n2 := startNode(t, dir, NewRoomStore(db2, true), nil)
	obs2, err := n2.Lobby().Join(observer, code)
	if err != nil {
		t.Fatalf("the room did not come back: %v", err)
	}
	defer obs2.Leave()
	v := obs2.View()
	if strings.Join(v.Moves, " ") != strings.Join(before, " ") {
		t.Fatalf("moves after the restart %v, before %v", v.Moves, before)
	}
	if v.Seats[0].Kind != rooms.SeatHeld || v.Seats[1].Kind != rooms.SeatHeld {
		t.Fatalf("seats after the restart %+v, want held for their keys", v.Seats)
	}
	ana.join(t, n2.addr, code)
	bob.join(t, n2.addr, code)
	roomstest.WaitView(t, obs2, "both back", func(v rooms.RoomView) bool {
		return v.Seats[0].Kind == rooms.SeatPlayer && v.Seats[1].Kind == rooms.SeatPlayer
	})
	for !obs2.View().Finished {
		playOne(t, obs2, seats, []*term{ana.term, bob.term}, rng)
	}
	ctx := context.Background()
	hist, err := db2.History(ctx, fingerprint(ana.key), 10)
	if err != nil || len(hist) != 1 || hist[0].Room != code || !hist[0].Rated {
		t.Fatalf("ana's history %+v, %v", hist, err)
	}
	g, err := db2.Game(ctx, hist[0].ID)
	if err != nil || len(g.Moves) != len(obs2.View().Moves) {
		t.Fatalf("stored game has %d moves, the room %d (%v)", len(g.Moves), len(obs2.View().Moves), err)
	}
	for _, s := range seats {
		r, err := db2.Ratings(ctx, fingerprint(s.key))
		if err != nil || len(r) != 1 || r[0].Games != 1 || (r[0].Rating == 1500 && r[0].Deviation == 350) {
			t.Fatalf("%s's ratings %+v, %v: not moved", s.name, r, err)
		}
		t.Logf("%s: %.0f ± %.0f", s.name, r[0].Rating, r[0].Deviation)
	}
	// The ratings screens' source sees the same, as bob's session sees
	// it: ana's page has her rating's history and bob's record against her.
	st := n2.standings(fingerprint(bob.key))
	if board, err := st.Leaderboard("pentago"); err != nil || len(board) != 2 || board[0].ID == "" {
		t.Fatalf("leaderboard %+v, %v", board, err)
	}
	page, err := st.Page(fingerprint(ana.key))
	if err != nil || page.Name != "ana" || len(page.Recent) != 1 || page.Recent[0].Change == 0 || page.Recent[0].Players != "ana v bob" {
		t.Fatalf("ana's page %+v, %v", page, err)
	}
	if h := page.Ratings[0].History; len(h) != 1 || h[0] != page.Ratings[0].Rating {
		t.Fatalf("ana's rating history %v, rating %v", h, page.Ratings[0].Rating)
	}
	if v := page.Versus; v == nil || v.Wins+v.Losses+v.Draws != 1 {
		t.Fatalf("bob's record against ana %+v", v)
	}
	if own, _ := st.Page(fingerprint(bob.key)); own.Versus != nil {
		t.Fatalf("bob's own page has a record against himself %+v", own.Versus)
	}
	rec, err := st.Game(page.Recent[0].ID)
	if err != nil || len(rec.Moves) != len(g.Moves) || rec.Seats[1].Name != "bob" {
		t.Fatalf("game record %+v, %v", rec, err)
	}
}

// Two server nodes on one store, a player on each, play a whole Pentago
// game; each sees the other's moves through the store's events.
func TestTwoNodesOneGame(t *testing.T) {
	sharedBackends(t, func(t *testing.T, dsn string) {
		key := t.TempDir() // one host key for both nodes, as behind a load balancer
		n1 := startNode(t, key, NewRoomStore(openDB(t, dsn), false), nil)
		n2 := startNode(t, key, NewRoomStore(openDB(t, dsn), false), nil)
		obs, err := n1.Lobby().Create(observer, rooms.RoomSpec{Variant: "pentago", Seats: openSeats(2)})
		if err != nil {
			t.Fatal(err)
		}
		defer obs.Leave()
		ana := &seat{name: "ana", key: newKey(t)}
		bob := &seat{name: "bob", key: newKey(t)}
		ana.join(t, n1.addr, obs.Code())
		roomstest.WaitView(t, obs, "ana seated", func(v rooms.RoomView) bool { return v.Seats[0].Name == "ana" })
		bob.join(t, n2.addr, obs.Code()) // created on node 1, joined on node 2
		roomstest.WaitView(t, obs, "bob seated on node 2", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" })
		rng := game.NewRand(9)
		for !obs.View().Finished {
			playOne(t, obs, []*seat{ana, bob}, []*term{ana.term, bob.term}, rng)
		}
		t.Logf("pentago across two nodes over after %d actions: %s", len(obs.View().Moves), obs.View().Note)
	})
}

// dyingStore is a node's store that stops answering when the node "dies":
// every call fails and its claim on AI seats is never given back, as with
// a process killed mid-game.
type dyingStore struct {
	rooms.RecordStore
	rooms.NodeStore
	dead atomic.Bool
}

var errDead = errors.New("node is dead")

func (d *dyingStore) AppendMove(ctx context.Context, code string, m rooms.MoveRecord) (uint64, error) {
	if d.dead.Load() {
		return 0, errDead
	}
	return d.RecordStore.AppendMove(ctx, code, m)
}

func (d *dyingStore) UpdateSeats(ctx context.Context, code string, v uint64, u rooms.SeatsUpdate) (uint64, error) {
	if d.dead.Load() {
		return 0, errDead
	}
	return d.RecordStore.UpdateSeats(ctx, code, v, u)
}

func (d *dyingStore) ClaimAI(ctx context.Context, code string, ttl time.Duration) error {
	if d.dead.Load() {
		return errDead
	}
	return d.RecordStore.ClaimAI(ctx, code, ttl)
}

func (d *dyingStore) ReleaseAI(ctx context.Context, code string) error {
	if d.dead.Load() {
		return errDead
	}
	return d.RecordStore.ReleaseAI(ctx, code)
}

func (d *dyingStore) Finish(ctx context.Context, code string, f rooms.FinishRecord) error {
	if d.dead.Load() {
		return errDead
	}
	return d.RecordStore.Finish(ctx, code, f)
}

// The node playing a room's AI seat dies mid-game; once its claim runs
// out the other node plays the AI, and the game finishes.
func TestAISeatTakenOverWhenItsNodeDies(t *testing.T) {
	sharedBackends(t, func(t *testing.T, dsn string) {
		ttl := func(c *Config) { c.AILeaseTTL = 300 * time.Millisecond }
		rs := NewRoomStore(openDB(t, dsn), false)
		dying := &dyingStore{RecordStore: rs, NodeStore: rs.NodeStore()}
		n1 := startNode(t, t.TempDir(), dying, ttl)
		n2 := startNode(t, t.TempDir(), NewRoomStore(openDB(t, dsn), false), ttl)
		p := rooms.Player{ID: "SHA256:ana", Name: "ana"}
		a1, err := n1.Lobby().Create(p, rooms.RoomSpec{Variant: "pentago", Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatAI, Level: "easy"}}})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(4)
		playAgainstAI := func(r rooms.Room, plies int) {
			t.Helper()
			for i := 0; i < plies; i++ {
				v := roomstest.WaitView(t, r, "ana's turn", func(v rooms.RoomView) bool {
					st, err := game.NewState(v.Variant, v.Position)
					return v.Finished || err == nil && st.ToMove() == 0 && !v.Thinking
				})
				if v.Finished {
					return
				}
				st, _ := game.NewState(v.Variant, v.Position)
				moves := st.Legal(nil)
				if err := r.Play(moves[rng.Intn(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		playAgainstAI(a1, 4) // the AI has answered on node 1
		dying.dead.Store(true)
		atDeath := len(a1.View().Moves)
		a2, err := n2.Lobby().Join(p, a1.Code()) // ana reconnects to node 2
		if err != nil {
			t.Fatal(err)
		}
		playAgainstAI(a2, 1000)
		v := roomstest.WaitView(t, a2, "the end", func(v rooms.RoomView) bool { return v.Finished })
		aiMoves := 0
		st, _ := game.NewState(v.Variant, v.Start)
		for i, text := range v.Moves {
			if i >= atDeath && st.ToMove() == 1 {
				aiMoves++
			}
			if _, err := game.PlayText(st, text); err != nil {
				t.Fatal(err)
			}
		}
		if aiMoves == 0 {
			t.Fatalf("no AI move after node 1 died (%d moves then, %d now)", atDeath, len(v.Moves))
		}
		t.Logf("game finished on node 2 after %d actions: %s", len(v.Moves), v.Note)
	})
}

// A clock runs out: the room ends on time, a spectator's screen says so,
// and the stored game gives the reason.
func TestClockRunsOut(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, filepath.Join(dir, "tabletop.db"))
	n := startNode(t, dir, NewRoomStore(db, true), nil)
	ana := rooms.Player{ID: "SHA256:ana", Name: "ana"}
	bob := rooms.Player{ID: "SHA256:bob", Name: "bob"}
	if _, err := n.Lobby().Create(ana, rooms.RoomSpec{Variant: "pentago", Seats: openSeats(2), Clock: rooms.TimeControl{Increment: time.Second}}); err == nil {
		t.Fatal("a clock of increments only was accepted")
	}
	a, err := n.Lobby().Create(ana, rooms.RoomSpec{Variant: "pentago", Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}},
		Clock: rooms.TimeControl{Initial: 2 * time.Second, Increment: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Leave()
	b, err := n.Lobby().Join(bob, a.Code())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Leave()
	cy := openTerm(t, n.addr, termOpts{user: "cy", key: newKey(t), command: "join " + a.Code()})
	cy.waitFor(0, "watching")
	st, _ := game.NewState("pentago", a.View().Position)
	if err := a.Play(st.Legal(nil)[0]); err != nil {
		t.Fatal(err)
	}
	v := roomstest.WaitView(t, a, "the flag", func(v rooms.RoomView) bool { return v.Finished })
	if !strings.Contains(v.Note, "lost on time") {
		t.Fatalf("note %q", v.Note)
	}
	cy.waitFor(0, "lost on time")
	hist, err := db.History(context.Background(), ana.ID, 1)
	if err != nil || len(hist) != 1 || hist[0].Reason != "time" {
		t.Fatalf("history %+v, %v", hist, err)
	}
}

// The metrics see the moves the rooms store, the store's latency and the
// rooms; health follows the store.
func TestMetricsFollowTheRooms(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, filepath.Join(dir, "tabletop.db"))
	m := metrics.New()
	n := startNode(t, dir, NewRoomStore(db, true), func(c *Config) { c.Metrics = m })
	m.Watch(n.Gauges())
	ana := rooms.Player{ID: "SHA256:ana", Name: "ana"}
	a, err := n.Lobby().Create(ana, rooms.RoomSpec{Variant: "pentago", Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatPlayer}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Leave()
	for i := 0; i < 3; i++ {
		st, _ := game.NewState("pentago", a.View().Position)
		if err := a.Play(st.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := n.Healthy(); err != nil {
		t.Fatalf("healthy: %v", err)
	}
	rec := httptest.NewRecorder()
	m.Handler(n.Healthy).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body := rec.Body.String()
	for _, want := range []string{"tabletop_moves_total 3", "tabletop_rooms 1", `tabletop_store_seconds_count{op="move"} 3`, `tabletop_store_seconds_count{op="create"} 1`} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	db.Close()
	if err := n.Healthy(); err == nil {
		t.Error("healthy with the store closed")
	}
}

// Quick match across two nodes: two key holders queue for Pentago, each
// on their own node; one node pairs them, both find the room and take
// their seats; cancelling leaves the queue.
func TestQuickMatchAcrossNodes(t *testing.T) {
	sharedBackends(t, func(t *testing.T, dsn string) {
		n1 := startNode(t, t.TempDir(), NewRoomStore(openDB(t, dsn), false), nil)
		n2 := startNode(t, t.TempDir(), NewRoomStore(openDB(t, dsn), false), nil)
		ana := rooms.Player{ID: "SHA256:ana", Name: "ana"}
		bob := rooms.Player{ID: "SHA256:bob", Name: "bob"}
		cy := rooms.Player{ID: "SHA256:cy", Name: "cy"}
		qa := n1.quickMatchFor(ana, newSessionLobby(n1.Lobby(), ana))
		qb := n2.quickMatchFor(bob, newSessionLobby(n2.Lobby(), bob))
		qc := n2.quickMatchFor(cy, newSessionLobby(n2.Lobby(), cy))
		if err := qc.Enqueue("quad5"); err != nil { // another game's queue
			t.Fatal(err)
		}
		if err := qa.Enqueue("pentago"); err != nil {
			t.Fatal(err)
		}
		if _, waiting, err := qa.Poll("pentago"); err != nil || len(waiting) != 1 || waiting[0] != "ana" {
			t.Fatalf("queue %v, %v", waiting, err)
		}
		if err := qb.Enqueue("pentago"); err != nil {
			t.Fatal(err)
		}
		codes := map[string]string{}
		deadline := time.Now().Add(10 * time.Second)
		for len(codes) < 2 && time.Now().Before(deadline) {
			for name, q := range map[string]ui.QuickMatch{"ana": qa, "bob": qb} {
				if codes[name] == "" {
					code, _, err := q.Poll("pentago")
					if err != nil {
						t.Fatal(err)
					}
					codes[name] = code
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		if codes["ana"] == "" || codes["ana"] != codes["bob"] {
			t.Fatalf("matched rooms %v", codes)
		}
		a, err := n1.Lobby().Join(ana, codes["ana"])
		if err != nil {
			t.Fatal(err)
		}
		defer a.Leave()
		b, err := n2.Lobby().Join(bob, codes["bob"])
		if err != nil {
			t.Fatal(err)
		}
		defer b.Leave()
		if len(a.View().You) != 1 || len(b.View().You) != 1 {
			t.Fatalf("seats: ana %v, bob %v", a.View().You, b.View().You)
		}
		if _, waiting, _ := qc.Poll("quad5"); len(waiting) != 1 {
			t.Fatalf("quad5 queue %v", waiting)
		}
		qc.Cancel()
		if _, waiting, _ := qc.Poll("quad5"); len(waiting) != 0 {
			t.Fatalf("quad5 queue after cancel %v", waiting)
		}
	})
}
