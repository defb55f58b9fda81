package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

var ctx = context.Background()

// t0 is a whole millisecond: the store keeps times to the millisecond.
var t0 = time.UnixMilli(1_790_000_000_000)

func twoSeatRoom(code string, rated bool, a, b string) Room {
	return Room{
		Code:    code,
		Variant: "pentago",
		Start:   "start-position",
		Creator: a,
		Options: Options{Rated: rated, AfterHold: SeatAI, Spectators: SpectatorsKeys,
			Clock: TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second, PauseOnHold: true}},
		Seats: []Seat{
			{Kind: SeatPlayer, Player: a, Name: "ana" + a, Remaining: 5 * time.Minute},
			{Kind: SeatPlayer, Player: b, Name: "bo" + b, Remaining: 5 * time.Minute},
		},
		Created: t0,
	}
}

func mustCreate(t *testing.T, s *Store, r Room) {
	t.Helper()
	if err := s.CreateRoom(ctx, r); err != nil {
		t.Fatalf("CreateRoom %s: %v", r.Code, err)
	}
}

func TestRoomRoundTrip(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		want := twoSeatRoom("K7QX", false, "fp-a", "")
		want.Seats = append(want.Seats, Seat{Kind: SeatHeld, Player: "fp-c", Name: "cy", HeldUntil: t0.Add(time.Minute)},
			Seat{Kind: SeatAI, AILevel: "hard"})
		mustCreate(t, a, want)
		if err := b.CreateRoom(ctx, twoSeatRoom("K7QX", false, "x", "y")); !errors.Is(err, ErrCodeTaken) {
			t.Fatalf("second room with the code on another node: %v, want ErrCodeTaken", err)
		}
		got, err := b.Room(ctx, "K7QX")
		if err != nil {
			t.Fatal(err)
		}
		want.Status, want.Version, want.Moves, want.Updated = StatusWaiting, 1, []string{}, t0
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("room read back\n got %+v\nwant %+v", got, want)
		}
		if _, err := a.Room(ctx, "NONE"); !errors.Is(err, ErrNoRoom) {
			t.Fatalf("missing room: %v, want ErrNoRoom", err)
		}
	})
}

func TestAppendMoveCompareAndSet(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		mustCreate(t, a, twoSeatRoom("ACEF", false, "fp-a", "fp-b"))
		v, err := a.AppendMove(ctx, "ACEF", Move{Number: 0, Text: "(place a1)", Seat: 0, Remaining: 4 * time.Minute, At: t0.Add(time.Second)})
		if err != nil || v != 2 {
			t.Fatalf("first move: version %d, %v", v, err)
		}
		_, err = b.AppendMove(ctx, "ACEF", Move{Number: 0, Text: "(place b2)", Seat: 0, At: t0.Add(2 * time.Second)})
		var conflict *ConflictError
		if !errors.As(err, &conflict) || !errors.Is(err, ErrConflict) || conflict.Want != 0 || conflict.Have != 1 {
			t.Fatalf("second writer of move 0 on another node: %v, want a conflict (want 0, have 1)", err)
		}
		if _, err := b.AppendMove(ctx, "ACEF", Move{Number: 1, Text: "(place c3)", Seat: 1, Remaining: 3 * time.Minute, At: t0.Add(3 * time.Second)}); err != nil {
			t.Fatal(err)
		}
		if _, err := b.AppendMove(ctx, "NONE", Move{Number: 0, Text: "x"}); !errors.Is(err, ErrNoRoom) {
			t.Fatalf("move in a missing room: %v", err)
		}
		r, err := a.Room(ctx, "ACEF")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r.Moves, []string{"(place a1)", "(place c3)"}) || r.Status != StatusPlaying || r.Version != 3 ||
			!r.TurnStarted.Equal(t0.Add(3*time.Second)) || r.Seats[0].Remaining != 4*time.Minute || r.Seats[1].Remaining != 3*time.Minute {
			t.Fatalf("after two moves: %+v", r)
		}
	})
}

// TestAppendMoveRace has two nodes, each with several writers, race for
// every move number: exactly one writer may win each.
func TestAppendMoveRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		nodes := []*Store{open(t), open(t)}
		mustCreate(t, nodes[0], twoSeatRoom("RACE", false, "fp-a", "fp-b"))
		const moves, writersPerNode = 12, 3
		var mu sync.Mutex
		wins := map[int][]string{}
		var wg sync.WaitGroup
		for n, s := range nodes {
			for w := range writersPerNode {
				wg.Add(1)
				go func(s *Store, who string) {
					defer wg.Done()
					for i := 0; i < moves; i++ {
						_, err := s.AppendMove(ctx, "RACE", Move{Number: i, Text: who, Seat: i % 2, At: t0})
						switch {
						case err == nil:
							mu.Lock()
							wins[i] = append(wins[i], who)
							mu.Unlock()
						case !errors.Is(err, ErrConflict):
							t.Errorf("move %d by %s: %v", i, who, err)
							return
						}
					}
				}(s, fmt.Sprintf("n%dw%d", n, w))
			}
		}
		wg.Wait()
		r, err := nodes[1].Room(ctx, "RACE")
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Moves) != moves {
			t.Fatalf("%d moves stored, want %d", len(r.Moves), moves)
		}
		for i := 0; i < moves; i++ {
			if len(wins[i]) != 1 || wins[i][0] != r.Moves[i] {
				t.Fatalf("move %d: winners %v, stored %q", i, wins[i], r.Moves[i])
			}
		}
	})
}

func TestUpdateRoomVersion(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		r := twoSeatRoom("HJKM", false, "fp-a", "")
		r.Seats[1] = Seat{Kind: SeatOpen}
		mustCreate(t, a, r)
		seats := []Seat{r.Seats[0], {Kind: SeatPlayer, Player: "fp-b", Name: "bo", Remaining: time.Minute}}
		v, err := a.UpdateRoom(ctx, "HJKM", 1, RoomUpdate{Seats: seats, Started: true})
		if err != nil || v != 2 {
			t.Fatalf("update at version 1: %d, %v", v, err)
		}
		// b still thinks the room is at version 1: e.g. both nodes seat a
		// player in the one open seat. The second loses.
		if _, err := b.UpdateRoom(ctx, "HJKM", 1, RoomUpdate{Seats: seats}); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale update: %v, want a conflict", err)
		}
		if _, err := b.AppendMove(ctx, "HJKM", Move{Number: 0, Text: "m", At: t0}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.UpdateRoom(ctx, "HJKM", 2, RoomUpdate{Seats: seats}); !errors.Is(err, ErrConflict) {
			t.Fatalf("update after a move at the old version: %v, want a conflict (moves bump the version)", err)
		}
		held := append([]Seat(nil), seats...)
		held[1].Kind, held[1].HeldUntil = SeatHeld, t0.Add(2*time.Minute)
		if _, err := a.UpdateRoom(ctx, "HJKM", 3, RoomUpdate{Seats: held}); err != nil {
			t.Fatal(err)
		}
		got, err := b.Room(ctx, "HJKM")
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != StatusPlaying || !reflect.DeepEqual(got.Seats, held) || !got.TurnStarted.IsZero() {
			t.Fatalf("after updates: %+v", got)
		}
		for _, wrong := range [][]Seat{append(held, Seat{}), held[:1]} {
			if _, err := a.UpdateRoom(ctx, "HJKM", 4, RoomUpdate{Seats: wrong}); err == nil {
				t.Fatalf("an update with %d seats of 2 succeeded", len(wrong))
			}
		}
		// Nil seats: only the turn clock and the status change.
		if v, err := a.UpdateRoom(ctx, "HJKM", 4, RoomUpdate{TurnStarted: t0}); err != nil || v != 5 {
			t.Fatalf("update without seats: %d, %v", v, err)
		}
		if got, _ := b.Room(ctx, "HJKM"); !reflect.DeepEqual(got.Seats, held) || !got.TurnStarted.Equal(t0) {
			t.Fatalf("after an update without seats: %+v", got)
		}
	})
}

func TestFinishRatesAndKeepsHistory(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		mustCreate(t, a, twoSeatRoom("RATE", true, "fp-a", "fp-b"))
		for i, m := range []string{"m1", "m2", "m3"} {
			if _, err := a.AppendMove(ctx, "RATE", Move{Number: i, Text: m, Seat: i % 2, At: t0}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := b.FinishRoom(ctx, "RATE", Finish{Moves: 2, Goals: []int{100, 0}, At: t0}); !errors.Is(err, ErrConflict) {
			t.Fatalf("finish on a stale move count: %v, want a conflict", err)
		}
		changes, err := b.FinishRoom(ctx, "RATE", Finish{Moves: 3, Goals: []int{100, 0}, Result: "game over: white wins", At: t0.Add(time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		if len(changes) != 2 || changes[0].After <= 1500 || changes[1].After >= 1500 || changes[0].Before != 1500 {
			t.Fatalf("rating changes %+v: want the winner up from 1500, the loser down", changes)
		}
		if _, err := a.FinishRoom(ctx, "RATE", Finish{Moves: 3, Goals: []int{0, 100}, At: t0}); !errors.Is(err, ErrClosed) {
			t.Fatalf("second finish: %v, want ErrClosed", err)
		}
		if _, err := a.AppendMove(ctx, "RATE", Move{Number: 3, Text: "late", At: t0}); !errors.Is(err, ErrClosed) {
			t.Fatalf("move after the end: %v, want ErrClosed", err)
		}
		ra, err := a.Ratings(ctx, "fp-a")
		if err != nil || len(ra) != 1 || ra[0].Rating != changes[0].After || ra[0].Games != 1 || ra[0].Variant != "pentago" {
			t.Fatalf("fp-a's ratings %+v, %v", ra, err)
		}
		board, err := b.Leaderboard(ctx, "pentago", 10)
		if err != nil || len(board) != 2 || board[0].Player != "fp-a" || board[1].Player != "fp-b" || board[0].Name != "anafp-a" {
			t.Fatalf("leaderboard %+v, %v", board, err)
		}
		room, err := a.Room(ctx, "RATE")
		if err != nil || room.Status != StatusFinished || room.Result != "game over: white wins" || room.GameID == "" {
			t.Fatalf("finished room %+v, %v", room, err)
		}
		hist, err := b.History(ctx, "fp-b", 10)
		if err != nil || len(hist) != 1 || hist[0].ID != room.GameID || hist[0].Moves != nil || !hist[0].Rated ||
			len(hist[0].Players) != 2 || hist[0].Players[1].RatingAfter != changes[1].After || hist[0].Players[0].Goal != 100 {
			t.Fatalf("fp-b's history %+v, %v", hist, err)
		}
		g, err := a.Game(ctx, room.GameID)
		if err != nil || !reflect.DeepEqual(g.Moves, []string{"m1", "m2", "m3"}) || !g.Finished.Equal(t0.Add(time.Hour)) {
			t.Fatalf("game %+v, %v", g, err)
		}
		// The history outlives the room.
		if err := a.DeleteRoom(ctx, "RATE", 3); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Game(ctx, room.GameID); err != nil {
			t.Fatalf("game after its room was deleted: %v", err)
		}
		if _, err := a.Room(ctx, "RATE"); !errors.Is(err, ErrNoRoom) {
			t.Fatalf("deleted room: %v", err)
		}
	})
}

// A node deletes a room its players left before the first move; its copy
// may have missed a move made through another node, and the store keeps
// the room with its moves then.
func TestDeleteKeepsMovesTheDeleterMissed(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		mustCreate(t, a, twoSeatRoom("GONE", false, "fp-a", "fp-b"))
		if _, err := b.AppendMove(ctx, "GONE", Move{Number: 0, Text: "m1", At: t0}); err != nil {
			t.Fatal(err)
		}
		var conflict *ConflictError
		if err := a.DeleteRoom(ctx, "GONE", 0); !errors.As(err, &conflict) || conflict.Have != 1 {
			t.Fatalf("deleting a room with a move as if it had none: %v", err)
		}
		if room, err := b.Room(ctx, "GONE"); err != nil || len(room.Moves) != 1 || room.Moves[0] != "m1" {
			t.Fatalf("room after the refused delete: %+v, %v", room, err)
		}
		if err := a.DeleteRoom(ctx, "GONE", 1); err != nil {
			t.Fatalf("deleting the room at its moves: %v", err)
		}
		if err := a.DeleteRoom(ctx, "GONE", 0); !errors.Is(err, ErrNoRoom) {
			t.Fatalf("deleting it again: %v", err)
		}
	})
}

// TestFinishIsAtomic fails a finish after the ratings were written: the
// result, the ratings and the history must all be undone together.
func TestFinishIsAtomic(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		mustCreate(t, s, twoSeatRoom("ATOM", true, "fp-a", "fp-b"))
		boom := errors.New("injected fault")
		s.e.fault = func(stage string) error {
			if stage == "rated" {
				return boom
			}
			return nil
		}
		if _, err := s.FinishRoom(ctx, "ATOM", Finish{Goals: []int{100, 0}, At: t0}); !errors.Is(err, boom) {
			t.Fatalf("finish with a fault: %v", err)
		}
		r, err := s.Room(ctx, "ATOM")
		if err != nil || r.Status != StatusWaiting || r.GameID != "" {
			t.Fatalf("room after a failed finish: %+v, %v", r, err)
		}
		if ra, err := s.Ratings(ctx, "fp-a"); err != nil || len(ra) != 0 {
			t.Fatalf("ratings after a failed finish: %+v, %v", ra, err)
		}
		if h, err := s.History(ctx, "fp-a", 5); err != nil || len(h) != 0 {
			t.Fatalf("history after a failed finish: %+v, %v", h, err)
		}
		s.e.fault = nil
		if ch, err := s.FinishRoom(ctx, "ATOM", Finish{Goals: []int{100, 0}, At: t0}); err != nil || len(ch) != 2 {
			t.Fatalf("finish without the fault: %+v, %v", ch, err)
		}
	})
}

func TestUnratedFinishes(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		guest := twoSeatRoom("GST1", true, "fp-a", "") // rated, but one seat is a guest's
		unrated := twoSeatRoom("UNR1", false, "fp-a", "fp-b")
		ai := twoSeatRoom("AIS1", true, "fp-a", "")
		ai.Seats[1] = Seat{Kind: SeatAI, AILevel: "easy"}
		self := twoSeatRoom("SLF1", true, "fp-a", "fp-a") // one key in both seats
		double := twoSeatRoom("DBL1", true, "fp-a", "fp-b")
		double.Variant = "tictacchess"
		double.Seats = append(double.Seats, Seat{Kind: SeatPlayer, Player: "fp-a"}, Seat{Kind: SeatPlayer, Player: "fp-c"})
		for _, r := range []Room{guest, unrated, ai, self, double} {
			mustCreate(t, s, r)
			goals := []int{100, 0, 0, 0}[:len(r.Seats)]
			ch, err := s.FinishRoom(ctx, r.Code, Finish{Goals: goals, At: t0})
			if err != nil || len(ch) != 0 {
				t.Fatalf("%s: changes %+v, %v; want none", r.Code, ch, err)
			}
		}
		if ra, _ := s.Ratings(ctx, "fp-a"); len(ra) != 0 {
			t.Fatalf("ratings after unrated games: %+v", ra)
		}
		h, err := s.History(ctx, "fp-a", 2)
		if err != nil || len(h) != 2 {
			t.Fatalf("history limited to 2: %d games, %v", len(h), err)
		}
		g, _ := s.Game(ctx, h[0].ID)
		if g.Room == "AIS1" && g.Players[1].Name != "easy" {
			t.Fatalf("an AI seat's name in the history: %+v", g.Players[1])
		}
		if _, err := s.FinishRoom(ctx, "NONE", Finish{At: t0}); !errors.Is(err, ErrNoRoom) {
			t.Fatalf("finish of a missing room: %v", err)
		}
	})
}

func TestMigrationsIdempotent(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		// Nodes starting at once on an empty database, then again.
		var wg sync.WaitGroup
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				open(t)
			}()
		}
		wg.Wait()
		s := open(t)
		s.Close()
		s = open(t)
		list, err := loadMigrations()
		if err != nil {
			t.Fatal(err)
		}
		var n, top int
		if err := s.e.db.queryRow(ctx, `SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&n, &top); err != nil {
			t.Fatal(err)
		}
		if n != len(list) || top != list[len(list)-1].version {
			t.Fatalf("%d migrations recorded (latest %d), want %d", n, top, len(list))
		}
	})
}

func TestAILeaseTakeover(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		mustCreate(t, a, twoSeatRoom("LEAS", false, "fp-a", ""))
		const ttl = 10 * time.Second
		at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
		claim := func(s *Store, sec int) error { _, err := s.ClaimAI(ctx, "LEAS", at(sec), ttl); return err }
		if err := claim(a, 0); err != nil {
			t.Fatal(err)
		}
		var held *LeaseHeldError
		if err := claim(b, 5); !errors.As(err, &held) || !errors.Is(err, ErrLeaseHeld) || held.Lease.Node != a.Node() || !held.Lease.Expires.Equal(at(10)) {
			t.Fatalf("b claims a's live lease: %v", err)
		}
		if err := claim(a, 5); err != nil { // renewal, until 15
			t.Fatalf("a renews: %v", err)
		}
		if err := claim(b, 12); !errors.Is(err, ErrLeaseHeld) {
			t.Fatalf("b claims the renewed lease: %v", err)
		}
		if err := claim(b, 16); err != nil { // a stopped renewing: b takes over
			t.Fatalf("b takes over an expired lease: %v", err)
		}
		if err := claim(a, 17); !errors.As(err, &held) || held.Lease.Node != b.Node() {
			t.Fatalf("a after the takeover: %v", err)
		}
		if err := a.ReleaseAI(ctx, "LEAS"); err != nil { // not a's: no effect
			t.Fatal(err)
		}
		if err := claim(a, 18); !errors.Is(err, ErrLeaseHeld) {
			t.Fatalf("a released b's lease: %v", err)
		}
		if err := b.ReleaseAI(ctx, "LEAS"); err != nil {
			t.Fatal(err)
		}
		if err := claim(a, 18); err != nil {
			t.Fatalf("a after b released: %v", err)
		}
		if _, err := a.ClaimAI(ctx, "NONE", t0, ttl); !errors.Is(err, ErrNoRoom) {
			t.Fatalf("lease on a missing room: %v", err)
		}
	})
}

func TestPlayersAndSaves(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		if _, err := s.Player(ctx, "fp-a"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("unknown player: %v", err)
		}
		if _, err := s.SeePlayer(ctx, "fp-a", "ana", t0); err != nil {
			t.Fatal(err)
		}
		p, err := s.SeePlayer(ctx, "fp-a", "ana2", t0.Add(time.Hour))
		want := Player{Fingerprint: "fp-a", Name: "ana2", Created: t0, LastSeen: t0.Add(time.Hour)}
		if err != nil || p != want {
			t.Fatalf("seen again: %+v, %v", p, err)
		}
		if got, err := s.Player(ctx, "fp-a"); err != nil || got != want {
			t.Fatalf("player %+v, %v", got, err)
		}
		binary := make([]byte, 256)
		for i := range binary {
			binary[i] = byte(i)
		}
		saves := map[string][]byte{"fp-a": []byte("123"), "fp-b": binary, "fp-c": {}}
		for i, fp := range []string{"fp-a", "fp-b", "fp-c"} {
			if err := s.PutSave(ctx, fp, saves[fp], t0.Add(time.Duration(i)*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		for fp, data := range saves {
			if got, err := s.LoadSave(ctx, fp); err != nil || string(got) != string(data) {
				t.Fatalf("save of %s: %q, %v", fp, got, err)
			}
		}
		if n, err := s.PruneSaves(ctx, 2); err != nil || n != 1 {
			t.Fatalf("prune to 2: %d removed, %v", n, err)
		}
		if _, err := s.LoadSave(ctx, "fp-a"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the oldest save survived pruning: %v", err)
		}
		if err := s.DeleteSave(ctx, "fp-b"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.LoadSave(ctx, "fp-b"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("deleted save: %v", err)
		}
	})
}

func TestPlayerRoomsAndQuarantine(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		mine := twoSeatRoom("MIN1", false, "fp-a", "fp-b")
		held := twoSeatRoom("MIN2", false, "fp-c", "fp-a")
		held.Seats[1].Kind = SeatHeld
		other := twoSeatRoom("OTH1", false, "fp-c", "fp-d")
		bad := twoSeatRoom("BAD1", false, "fp-a", "fp-d")
		for _, r := range []Room{mine, held, other, bad} {
			r.Created = t0.Add(time.Duration(len(r.Code)) * time.Second)
			mustCreate(t, s, r)
		}
		if err := s.QuarantineRoom(ctx, "BAD1", "move 3 does not replay"); err != nil {
			t.Fatal(err)
		}
		codes := func(rs []Room) (out []string) {
			for _, r := range rs {
				out = append(out, r.Code)
			}
			return out
		}
		rs, err := s.PlayerRooms(ctx, "fp-a")
		if err != nil || !reflect.DeepEqual(codes(rs), []string{"MIN1", "MIN2"}) || len(rs[1].Seats) != 2 || rs[0].Moves != nil {
			t.Fatalf("fp-a's rooms %v, %v", codes(rs), err)
		}
		if rs, _ := s.PlayerRooms(ctx, ""); len(rs) != 0 {
			t.Fatalf("a guest's rooms: %v", codes(rs))
		}
		rs, err = s.Rooms(ctx, StatusWaiting, StatusPlaying)
		if err != nil || !reflect.DeepEqual(codes(rs), []string{"MIN1", "MIN2", "OTH1"}) {
			t.Fatalf("live rooms %v, %v", codes(rs), err)
		}
		if rs, _ := s.Rooms(ctx); len(rs) != 4 {
			t.Fatalf("all rooms: %v", codes(rs))
		}
		r, err := s.Room(ctx, "BAD1")
		if err != nil || r.Status != StatusQuarantined || r.Quarantine != "move 3 does not replay" {
			t.Fatalf("quarantined room %+v, %v", r, err)
		}
		if _, err := s.AppendMove(ctx, "BAD1", Move{Number: 0, Text: "x", At: t0}); !errors.Is(err, ErrClosed) {
			t.Fatalf("move in a quarantined room: %v", err)
		}
		if err := s.QuarantineRoom(ctx, "NONE", "x"); !errors.Is(err, ErrNoRoom) {
			t.Fatalf("quarantine of a missing room: %v", err)
		}
	})
}

// TestEventsAcrossNodes: a write on one node is an event on another
// (PostgreSQL: NOTIFY between two connections; SQLite: between two
// Stores of one process on the file). It logs the latency.
func TestEventsAcrossNodes(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		sctx, cancel := context.WithCancel(ctx)
		events := b.Subscribe(sctx)
		mustCreate(t, a, twoSeatRoom("EVNT", false, "fp-a", "fp-b"))
		want := Event{Room: "EVNT", Version: 1, Node: a.Node()}
		if got := nextEvent(t, events, "EVNT"); got != want {
			t.Fatalf("create event %+v, want %+v", got, want)
		}
		start := time.Now()
		if _, err := a.AppendMove(ctx, "EVNT", Move{Number: 0, Text: "m", At: t0}); err != nil {
			t.Fatal(err)
		}
		got := nextEvent(t, events, "EVNT")
		t.Logf("move event after %v (commit included)", time.Since(start))
		// The event carries the move, which the other node plays from it.
		m := got.Move
		got.Move = nil
		if want := (Event{Room: "EVNT", Moves: 1, Version: 2, Node: a.Node()}); got != want || m == nil ||
			m.Number != 0 || m.Text != "m" || m.Seat != 0 || !m.At.Equal(t0) {
			t.Fatalf("move event %+v with %+v, want %+v with move 0 %q at %v", got, m, want, "m", t0)
		}
		// A rolled-back write sends nothing: the conflict below, then a
		// real change, must arrive as the next event.
		if _, err := b.AppendMove(ctx, "EVNT", Move{Number: 0, Text: "late", At: t0}); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale move: %v", err)
		}
		if err := a.DeleteRoom(ctx, "EVNT", 1); err != nil {
			t.Fatal(err)
		}
		if got := nextEvent(t, events, "EVNT"); got != (Event{Room: "EVNT", Node: a.Node()}) {
			t.Fatalf("delete event %+v", got)
		}
		cancel()
		for range events { // closes once the subscription ends
		}
	})
}

// TestEventsStayInTheirSchema (PostgreSQL): two stores in two schemas of
// one database, with a room of the same code each, hear only their own
// events (NOTIFY's channels belong to the database, so each schema has
// its own). The other store's writes commit first; had their events
// reached this store's listener, they would come before its own.
func TestEventsStayInTheirSchema(t *testing.T) {
	a := storeOpener(postgresTestDSN(t))(t)
	b := storeOpener(postgresTestDSN(t))(t)
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	events := b.Subscribe(sctx)
	mustCreate(t, a, twoSeatRoom("SAME", false, "fp-a", "fp-b"))
	if _, err := a.AppendMove(ctx, "SAME", Move{Number: 0, Text: "m", At: t0}); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, b, twoSeatRoom("SAME", false, "fp-a", "fp-b"))
	if got := nextEvent(t, events, "SAME"); got.Node != b.Node() {
		t.Fatalf("the store in the other schema heard %+v (node %s is its own)", got, b.Node())
	}
}

// TestRoomChannelNames: public keeps the old name, others are their own,
// and a name too long for PostgreSQL is hashed.
func TestRoomChannelNames(t *testing.T) {
	long := strings.Repeat("s", 63)
	for _, tc := range []struct{ schema, want string }{
		{"public", "tabletop_rooms"}, // as before: nodes of the version before hear it
		{"tabletop_test_1", "tabletop_rooms.tabletop_test_1"},
	} {
		if got := roomChannel(tc.schema); got != tc.want {
			t.Errorf("roomChannel(%q) = %q, want %q", tc.schema, got, tc.want)
		}
	}
	if got := roomChannel(long); len(got) > 63 || got == roomChannel(long[1:]) {
		t.Errorf("roomChannel of a long name: %q (%d bytes), the same as a shorter name's", got, len(got))
	}
}

// nextEvent waits for the next event of room (others, from other tests
// on a shared server, are skipped). The deadline only stops a hung test.
func nextEvent(t *testing.T, events <-chan Event, room string) Event {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("event channel closed")
			}
			if ev.Room == room {
				return ev
			}
		case <-deadline:
			t.Fatal("no event within 10s")
		}
	}
}

// TestListenerReconnects (PostgreSQL): when the listening connection is
// cut, subscribers get a Lost event and then events again.
func TestListenerReconnects(t *testing.T) {
	open := storeOpener(postgresTestDSN(t))
	a, b := open(t), open(t)
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	events := b.Subscribe(sctx)
	var n int
	if err := a.e.db.queryRow(ctx, `SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`,
		listenerName(b.Node())).Scan(&n); err != nil || n != 1 {
		t.Fatalf("terminated %d listeners, %v", n, err)
	}
	deadline := time.After(10 * time.Second)
	for lost := false; !lost; {
		select {
		case ev := <-events:
			lost = ev.Lost
		case <-deadline:
			t.Fatal("no Lost event within 10s of the cut")
		}
	}
	mustCreate(t, a, twoSeatRoom("BACK", false, "fp-a", "fp-b"))
	if ev := nextEvent(t, events, "BACK"); ev.Node != a.Node() {
		t.Fatalf("event after reconnecting: %+v", ev)
	}
}

func TestQuickMatch(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, b := open(t), open(t)
		for i, p := range []struct{ fp, variant string }{{"fp-a", "pentago"}, {"fp-b", "pentago"}, {"fp-c", "quad"}} {
			w, err := a.Enqueue(ctx, p.fp, "n"+p.fp, p.variant, t0.Add(time.Duration(i)*time.Second))
			if err != nil || w.Rating != 1500 {
				t.Fatalf("enqueue %s: %+v, %v", p.fp, w, err)
			}
		}
		q, err := b.Queue(ctx, "pentago")
		if err != nil || len(q) != 2 || q[0].Player != "fp-a" || q[1].Name != "nfp-b" || !q[1].Since.Equal(t0.Add(time.Second)) {
			t.Fatalf("pentago queue %+v, %v", q, err)
		}
		pairs, err := b.MatchQueue(ctx, "pentago", t0.Add(5*time.Second), nil)
		if err != nil || len(pairs) != 1 || pairs[0][0].Player != "fp-a" || pairs[0][1].Player != "fp-b" {
			t.Fatalf("pairs %+v, %v", pairs, err)
		}
		if q, _ := a.Queue(ctx, "pentago"); len(q) != 0 {
			t.Fatalf("paired players still queued: %+v", q)
		}
		if err := a.Dequeue(ctx, "fp-c"); err != nil {
			t.Fatal(err)
		}
		if q, _ := a.Queue(ctx, "quad"); len(q) != 0 {
			t.Fatalf("quad queue after cancel: %+v", q)
		}
		if _, err := a.Enqueue(ctx, "", "guest", "quad", t0); err == nil {
			t.Fatal("a guest was queued")
		}
	})
}

// TestQuickMatchAcrossNodes: two nodes match one queue at once; nobody
// is paired twice, and everybody is paired.
func TestQuickMatchAcrossNodes(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		nodes := []*Store{open(t), open(t)}
		const players = 20
		for i := range players {
			if _, err := nodes[i%2].Enqueue(ctx, fmt.Sprintf("fp-%02d", i), "p", "quad", t0); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for _, s := range nodes {
			for range 3 {
				wg.Add(1)
				go func(s *Store) {
					defer wg.Done()
					pairs, err := s.MatchQueue(ctx, "quad", t0, nil)
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					defer mu.Unlock()
					for _, p := range pairs {
						seen[p[0].Player]++
						seen[p[1].Player]++
					}
				}(s)
			}
		}
		wg.Wait()
		if len(seen) != players {
			t.Fatalf("%d of %d players paired", len(seen), players)
		}
		for fp, n := range seen {
			if n != 1 {
				t.Fatalf("%s paired %d times", fp, n)
			}
		}
	})
}

// TestMigrationUpgrade: a database made by an older binary (the first
// migration only) gets just the newer migrations, its data kept.
func TestMigrationUpgrade(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		db := s.e.db
		list, err := loadMigrations()
		if err != nil || len(list) < 2 {
			t.Fatalf("migrations %d, %v", len(list), err)
		}
		mustCreate(t, s, twoSeatRoom("OLD1", false, "fp-a", "fp-b"))
		// Roll the schema back to version 1, as an older binary left it.
		for _, q := range []string{`DROP TABLE match_queue`, `DROP TABLE nodes`, `ALTER TABLE seats DROP COLUMN node`,
			`DROP TABLE served`, `ALTER TABLE rooms DROP COLUMN adjourned_ms`,
			`DROP TABLE chat`, `ALTER TABLE rooms DROP COLUMN offer`, `ALTER TABLE rooms DROP COLUMN spectator_chat`,
			`ALTER TABLE seats DROP COLUMN rating`,
			`DELETE FROM schema_migrations WHERE version > 1`} {
			if _, err := db.exec(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		if err := applyMigrations(ctx, db, "", list[:1]); err != nil {
			t.Fatalf("re-applying version 1: %v", err)
		}
		if _, err := s.Queue(ctx, "quad"); err == nil {
			t.Fatal("the queue table exists at version 1")
		}
		s2 := open(t) // a newer binary starts
		if _, err := s2.Queue(ctx, "quad"); err != nil {
			t.Fatalf("queue after the upgrade: %v", err)
		}
		if _, err := s2.Room(ctx, "OLD1"); err != nil {
			t.Fatalf("room made before the upgrade: %v", err)
		}
		if err := s2.Heartbeat(ctx, s2.Node(), t0, time.Second); err != nil {
			t.Fatalf("heartbeat after the upgrade: %v", err)
		}
		if _, err := s2.AddChat(ctx, "OLD1", ChatLine{Name: "ana", Text: "hi", At: t0}); err != nil {
			t.Fatalf("chat after the upgrade: %v", err)
		}
	})
}

// TestMovesWithoutRoomKeyMigration: a database of version 5, whose
// moves name their room by a foreign key, keeps its moves through
// migration 6, which drops the key; moves are stored and a deleted
// room's moves go with it as before.
func TestMovesWithoutRoomKeyMigration(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		s := open(t)
		db := s.e.db
		for _, q := range []string{`DROP TABLE moves`, `CREATE TABLE moves (
			room_code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
			ply INTEGER NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL, played_ms BIGINT NOT NULL,
			PRIMARY KEY (room_code, ply))`, `DELETE FROM schema_migrations WHERE version >= 6`} {
			if _, err := db.exec(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		if n := roomKeysOfMoves(t, s); n != 1 {
			t.Fatalf("version 5's moves have %d foreign keys, want 1", n)
		}
		mustCreate(t, s, twoSeatRoom("KEPT", false, "fp-a", "fp-b"))
		for i, text := range []string{"a1", "b2"} {
			if _, err := s.AppendMove(ctx, "KEPT", Move{Number: i, Text: text, Seat: i % 2, At: t0}); err != nil {
				t.Fatal(err)
			}
		}
		s2 := open(t) // a newer binary starts
		if n := roomKeysOfMoves(t, s2); n != 0 {
			t.Fatalf("after migration 6 the moves have %d foreign keys", n)
		}
		if _, err := s2.AppendMove(ctx, "KEPT", Move{Number: 2, Text: "c3", At: t0}); err != nil {
			t.Fatal(err)
		}
		r, err := s2.Room(ctx, "KEPT")
		if err != nil || strings.Join(r.Moves, " ") != "a1 b2 c3" {
			t.Fatalf("moves after the upgrade: %q, %v", r.Moves, err)
		}
		if err := s2.DeleteRoom(ctx, "KEPT", 3); err != nil {
			t.Fatal(err)
		}
		var left int
		if err := s2.e.db.queryRow(ctx, `SELECT COUNT(*) FROM moves WHERE room_code = 'KEPT'`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("%d moves of the deleted room left (%v)", left, err)
		}
	})
}

// roomKeysOfMoves counts the foreign keys of s's moves table.
func roomKeysOfMoves(t *testing.T, s *Store) int {
	t.Helper()
	q := `SELECT COUNT(*) FROM pragma_foreign_key_list('moves')`
	if s.e.forUpdate != "" { // PostgreSQL
		q = `SELECT COUNT(*) FROM pg_constraint WHERE conrelid = 'moves'::regclass AND contype = 'f'`
	}
	var n int
	if err := s.e.db.queryRow(ctx, q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestConcurrentFinishesShareAPlayer: one player's rated games against
// several others end at once on two nodes. Each game's rating must start
// where another ended (one chain from 1500 to the final rating): no
// update is lost to a concurrent one.
func TestConcurrentFinishesShareAPlayer(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		nodes := []*Store{open(t), open(t)}
		const games = 6
		for i := range games {
			mustCreate(t, nodes[0], twoSeatRoom(fmt.Sprintf("CF%02d", i), true, "fp-a", fmt.Sprintf("fp-o%d", i)))
		}
		var wg sync.WaitGroup
		for i := range games {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				if _, err := nodes[i%2].FinishRoom(ctx, fmt.Sprintf("CF%02d", i), Finish{Goals: []int{100, 0}, At: t0}); err != nil {
					t.Error(err)
				}
			}(i)
		}
		wg.Wait()
		hist, err := nodes[1].History(ctx, "fp-a", games)
		if err != nil || len(hist) != games {
			t.Fatalf("history: %d games, %v", len(hist), err)
		}
		next := map[float64]float64{} // rating before → after
		for _, g := range hist {
			p := g.Players[0]
			if _, dup := next[p.RatingBefore]; dup {
				t.Fatalf("two games started from rating %v: an update was lost", p.RatingBefore)
			}
			next[p.RatingBefore] = p.RatingAfter
		}
		r := 1500.0
		for range games {
			after, ok := next[r]
			if !ok {
				t.Fatalf("no game starts from %v: the ratings do not chain (%v)", r, next)
			}
			r = after
		}
		ra, err := nodes[0].Ratings(ctx, "fp-a")
		if err != nil || len(ra) != 1 || ra[0].Rating != r || ra[0].Games != games {
			t.Fatalf("final rating %+v, %v; want %v after %d games", ra, err, r, games)
		}
	})
}

// TestListenerWaitsWithoutAGoroutine (PostgreSQL): the listener waits
// for each notification without a goroutine started for the wait (pgx
// watches a context that can end with one at every wait); the store's
// Close still ends it (the test's cleanup).
func TestListenerWaitsWithoutAGoroutine(t *testing.T) {
	open := storeOpener(postgresTestDSN(t))
	a, b := open(t), open(t)
	sctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := b.Subscribe(sctx)
	var schema string
	if err := a.e.db.queryRow(context.Background(), `SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	notify := func(i int) {
		ev := Event{Room: fmt.Sprintf("N%03d", i), Moves: 0, Version: 1, Node: a.Node()}
		if _, err := a.e.db.exec(context.Background(), `SELECT pg_notify($1, $2)`, roomChannel(schema), formatEvent(ev)); err != nil {
			t.Fatal(err)
		}
		nextEvent(t, events, ev.Room)
	}
	notify(0) // the pool's connection made
	const n = 40
	before := goroutinesCreated()
	for i := 1; i <= n; i++ {
		notify(i)
	}
	created := goroutinesCreated() - before
	t.Logf("%d notifications heard: %d goroutines started", n, created)
	if created >= n/2 {
		t.Errorf("%d notifications heard: %d goroutines started", n, created)
	}
}

// goroutinesCreated is the process's count of goroutines created so far.
func goroutinesCreated() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
