package server

import (
	"context"
	"fmt"
	"reflect"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/procstat"
	"github.com/tabletop/tabletop/rooms"
)

// roomSeat is one player of a benchmark's room: a session's program as
// the server runs it (see startBenchSession), and the room's answers its
// model has taken so far.
type roomSeat struct {
	*benchSession
	tail    tailBuffer
	views   atomic.Int64
	out     atomic.Int64 // bytes written to its terminal
	answers atomic.Int64 // the room's answers to its moves (roomSentMsg)
	seen    atomic.Int64 // the most moves of a room's view it was woken for (roomUpdateMsg)
	// changed is signalled after each of those counts changes, and
	// after each write to its terminal: the
	// benchmark waits on it, not polling (which would cost CPU of its
	// own in proportion to the time waited).
	changed chan struct{}
}

// roomWatch counts the messages of the room that reach a seat's model.
type roomWatch struct {
	tea.Model
	seat *roomSeat
}

func (w roomWatch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// The room's messages are the client's own types: told by name.
	switch fmt.Sprintf("%T", msg) {
	case "match.roomSentMsg":
		defer w.seat.signal()
		defer w.seat.answers.Add(1)
	case "match.roomUpdateMsg":
		// The moves of the room's view it brings (the field is the
		// client's own: read by reflection, as the type is by name).
		n := int64(reflect.ValueOf(msg).FieldByName("view").FieldByName("Moves").Len())
		defer func() {
			if n > w.seat.seen.Load() {
				w.seat.seen.Store(n)
			}
			w.seat.signal()
		}()
	}
	m, cmd := w.Model.Update(msg)
	w.Model = m
	return w, cmd
}

func (w roomWatch) View() tea.View {
	defer w.seat.signal()
	w.seat.views.Add(1)
	return w.Model.View()
}

// ViewLines is the client's, as the server's session passes it on.
func (w roomWatch) ViewLines() (tea.View, []string) {
	defer w.seat.signal()
	w.seat.views.Add(1)
	return viewLines(w.Model)
}

// Unchanged is the client's, as the server's session passes it on.
func (w roomWatch) Unchanged() bool { return panicWitness{Model: w.Model}.Unchanged() }

func (s *roomSeat) signal() {
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// benchRoom is a Pentago room of two players on one host, each in a
// session drawn at width×height, as the load test's rooms are.
type benchRoom struct {
	host  *rooms.Host
	seats [2]*roomSeat
	game  game.State // the room's position, as its players typed it
	moves int        // the moves played in it
	typed []string
	store rooms.RecordStore
	code  string
	out   atomic.Int64
}

var benchRooms atomic.Int64

func openBenchRoom(b *testing.B, host *rooms.Host, store rooms.RecordStore, width, height int) *benchRoom {
	v, err := game.Lookup("pentago")
	if err != nil {
		b.Fatal(err)
	}
	n := benchRooms.Add(1)
	players := [2]rooms.Player{{ID: fmt.Sprintf("SHA256:a%d", n), Name: "ana"}, {ID: fmt.Sprintf("SHA256:b%d", n), Name: "bob"}}
	var code [rooms.CodeLen]byte
	for k := range code {
		code[k] = rooms.CodeAlphabet[n%int64(len(rooms.CodeAlphabet))]
		n /= int64(len(rooms.CodeAlphabet))
	}
	start := v.New()
	now := time.Now()
	rec := rooms.Record{Code: string(code[:]), Variant: v.Name, Start: start.String(), AfterHold: rooms.SeatOpen,
		Spectators: rooms.SpectatorsAll, Started: true, Created: now}
	for _, p := range players {
		rec.Seats = append(rec.Seats, rooms.SeatRecord{Kind: rooms.SeatHeld, Name: p.Name, PlayerID: p.ID, HeldUntil: now.Add(time.Hour)})
	}
	if err := store.Create(context.Background(), rec); err != nil {
		b.Fatal(err)
	}
	br := &benchRoom{host: host, game: start, store: store, code: string(code[:])}
	for i, p := range players {
		seat := &roomSeat{changed: make(chan struct{}, 1)}
		model := roomWatch{Model: UIClient(ClientOptions{ColorProfile: colorprofile.ANSI256, Player: p, Lobby: host, JoinCode: string(code[:])}), seat: seat}
		seat.benchSession = startBenchSessionTo(model, countingWriter{n: &br.out, tail: &seat.tail, own: &seat.out, wrote: seat.changed}, width, height)
		br.seats[i] = seat
	}
	for _, s := range br.seats {
		waitFor(func() bool { return strings.Contains(s.tail.text(), "Moves (0)") }) // the room's first board
	}
	return br
}

// wait waits for cond, a condition on seat's counts; a room that stalls
// ends the benchmark (after long enough for any machine: it is not a
// measure).
func (br *benchRoom) wait(b *testing.B, what string, cond func() bool, seat *roomSeat) {
	var stall *time.Timer
	for !cond() {
		if stall == nil {
			stall = time.NewTimer(30 * time.Second)
			defer stall.Stop()
		}
		select {
		case <-seat.changed:
			continue
		case <-stall.C:
			rec, _ := br.store.Load(context.Background(), br.code)
			b.Logf("typed %q\nstored %q", br.typed, rec.Moves)
			b.Logf("the last output of seat 0:\n%s\nof seat 1:\n%s", br.seats[0].tail.text(), br.seats[1].tail.text())
			b.Fatalf("room stalled waiting for %s at %s (%d moves)", what, br.game, len(br.game.Legal(nil)))
		}
	}
}

func (br *benchRoom) close() {
	for _, s := range br.seats {
		s.stop()
	}
}

func (br *benchRoom) frames() int64 {
	return int64(br.seats[0].term.Frames() + br.seats[1].term.Frames())
}

func (br *benchRoom) views() int64 { return br.seats[0].views.Load() + br.seats[1].views.Load() }

// move has the player to move type a legal move at the prompt as the
// load test's players do (":", then the move in one write, then Enter,
// each after the frame of the one before) and waits until the room has
// answered the mover and woken the other player.
func (br *benchRoom) move(b *testing.B, i int) {
	st := br.game
	legal := st.Legal(nil)
	m := legal[(i*7)%len(legal)]
	mover, other := br.seats[st.ToMove()], br.seats[1-st.ToMove()]
	answers, n := mover.answers.Load(), int64(br.moves)
	for _, keys := range []string{":", st.ShortMove(m)} {
		out := mover.out.Load()
		_, _ = mover.dec.Write([]byte(keys))
		br.wait(b, "the frame after "+keys, func() bool { return mover.out.Load() > out }, mover)
	}
	_, _ = mover.dec.Write([]byte("\r"))
	br.wait(b, "the room's answer", func() bool { return mover.answers.Load() > answers }, mover)
	br.wait(b, "the other player's update", func() bool { return other.seen.Load() > n }, other)
	br.game = st.Clone()
	br.typed = append(br.typed, st.ShortMove(m))
	br.game.Apply(m)
	br.moves++
}

// BenchmarkRoomMove is one move of a Pentago room as the load test
// plays it: the mover types ":", the move and Enter, the room (a store
// in memory) takes it and the other player is shown it, both sessions
// drawn by the server's line renderer at 100×40. It reports the views,
// frames and bytes per move and the process's CPU time per move (the
// room and both sessions; no SSH). A finished game starts again in a
// new room (untimed).
func BenchmarkRoomMove(b *testing.B) {
	store := rooms.NewMemoryStore()
	host := rooms.NewHost(rooms.HostConfig{Store: store, MaxRooms: 1 << 20, SeatHold: time.Hour, Exclusive: true})
	if _, err := host.Start(); err != nil {
		b.Fatal(err)
	}
	defer host.Close()
	var br *benchRoom
	var views, frames, bytes int64
	var cpu time.Duration
	defer func() {
		if br != nil {
			br.close()
		}
	}()
	b.ReportAllocs()
	cpu0, _ := procstat.CPUTime()
	created0 := goroutinesCreated()
	for i := 0; b.Loop(); i++ {
		if br == nil || br.game.Terminal() {
			b.StopTimer()
			if br != nil {
				cpu1, _ := procstat.CPUTime()
				cpu += cpu1 - cpu0
				views, frames, bytes = views+br.views(), frames+br.frames(), bytes+br.out.Load()
				br.close()
			}
			br = openBenchRoom(b, host, store, 100, 40)
			views, frames, bytes = views-br.views(), frames-br.frames(), bytes-br.out.Load()
			cpu0, _ = procstat.CPUTime()
			b.StartTimer()
		}
		br.move(b, i)
	}
	b.StopTimer()
	created := goroutinesCreated() - created0
	cpu1, ok := procstat.CPUTime()
	cpu += cpu1 - cpu0
	views, frames, bytes = views+br.views(), frames+br.frames(), bytes+br.out.Load()
	n := float64(b.N)
	b.ReportMetric(float64(views)/n, "views/move")
	b.ReportMetric(float64(frames)/n, "frames/move")
	b.ReportMetric(float64(bytes)/n, "bytes/move")
	// Goroutines started (rooms reopened included): each is a wake-up
	// and, on a deep path, a stack grown from its start.
	b.ReportMetric(float64(created)/n, "goroutines/move")
	if ok {
		b.ReportMetric(float64(cpu.Microseconds())/n, "cpu-µs/move")
	}
}

// goroutinesCreated is the process's count of goroutines created so far.
func goroutinesCreated() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
