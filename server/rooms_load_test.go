package server

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
)

// roomsLoadEnv turns the rooms load test on: its value is the number of
// rooms (e.g. 1000). It is a measurement, not a check, so it is off in
// ordinary test runs.
const roomsLoadEnv = "TABLETOP_ROOMS_LOAD"

// TestRoomsLoad plays many Pentago rooms at once through the rooms API on
// a real store, one node (SQLite) or two (PostgreSQL, each room's players
// on different nodes), and reports the latency from a player's Play call
// to the other player's mailbox signal — the part of "key press → the
// other player's frame" that rooms and the store add (the SSH and drawing
// part is what tabletop loadtest measures).
func TestRoomsLoad(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv(roomsLoadEnv))
	if n <= 0 {
		t.Skip(roomsLoadEnv + " is not set: rooms load test skipped (set it to a number of rooms)")
	}
	t.Run("sqlite-one-node", func(t *testing.T) {
		dsn := filepath.Join(t.TempDir(), "tabletop.db")
		h := newLoadHost(t, dsn, true)
		roomsLoad(t, n, h, h)
	})
	t.Run("postgres-two-nodes", func(t *testing.T) {
		dsn := postgresDSN(t) + "&pool_max_conns=16"
		roomsLoad(t, n, newLoadHost(t, dsn, false), newLoadHost(t, dsn, false))
	})
}

func newLoadHost(t *testing.T, dsn string, exclusive bool) *rooms.Host {
	h := rooms.NewHost(rooms.HostConfig{Store: NewRoomStore(openDB(t, dsn), exclusive), MaxRooms: 100000, SeatHold: time.Hour, Exclusive: exclusive})
	if _, err := h.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

// roomsLoad opens n rooms, the first player's on h1, the second's on h2,
// and has every room play a move every second or so for 10 s.
func roomsLoad(t *testing.T, n int, h1, h2 *rooms.Host) {
	type pair struct{ a, b rooms.Room }
	pairs := make([]pair, n)
	for i := range pairs {
		ap := rooms.Player{ID: fmt.Sprintf("SHA256:a%d", i), Name: "a"}
		bp := rooms.Player{ID: fmt.Sprintf("SHA256:b%d", i), Name: "b"}
		a, err := h1.Create(ap, rooms.RoomSpec{Variant: "pentago", Seats: []rooms.SeatSpec{{Kind: rooms.SeatPlayer}, {Kind: rooms.SeatOpen}}})
		if err != nil {
			t.Fatal(err)
		}
		b, err := h2.Join(bp, a.Code())
		if err != nil {
			t.Fatal(err)
		}
		pairs[i] = pair{a, b}
	}
	var mu sync.Mutex
	var lat []time.Duration
	var moves, conflicts int
	deadline := time.Now().Add(10 * time.Second)
	var wg sync.WaitGroup
	for i, p := range pairs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := game.NewRand(uint64(i) + 1)
			time.Sleep(time.Duration(rng.Intn(1000)) * time.Millisecond) // spread the rooms
			seats := []rooms.Room{p.a, p.b}
			for time.Now().Before(deadline) {
				v := p.a.View()
				if v.Finished {
					return
				}
				st, err := game.NewState(v.Variant, v.Position)
				if err != nil {
					t.Error(err)
					return
				}
				mover, other := seats[st.ToMove()], seats[1-st.ToMove()]
				legal := st.Legal(nil)
				for len(other.Updates()) > 0 { // drain: wait for this move's signal
					<-other.Updates()
				}
				start := time.Now()
				if err := mover.Play(legal[rng.Intn(len(legal))]); err != nil {
					mu.Lock()
					conflicts++
					mu.Unlock()
					continue
				}
				for len(other.View().Moves) <= len(v.Moves) {
					<-other.Updates()
				}
				d := time.Since(start)
				mu.Lock()
				lat = append(lat, d)
				moves++
				mu.Unlock()
				time.Sleep(500*time.Millisecond + time.Duration(rng.Intn(1000))*time.Millisecond)
			}
		}()
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(int(p*float64(len(lat))), len(lat)-1)]
	}
	t.Logf("%d rooms: %d moves in 10 s (%.0f/s), %d refused; Play → other player's signal p50 %v, p95 %v, p99 %v, max %v",
		n, moves, float64(moves)/10, conflicts, pct(.5), pct(.95), pct(.99), pct(1))
}
