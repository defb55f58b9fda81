package store

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop/tabletop/internal/procstat"
)

// eachBenchBackend runs bench on SQLite, and on PostgreSQL when
// TABLETOP_TEST_POSTGRES is set; bench reports the database server's CPU
// per op with its serverCPU (see serverCPU), PostgreSQL's only.
func eachBenchBackend(b *testing.B, bench func(b *testing.B, open opener, db serverCPU)) {
	b.Run("sqlite", func(b *testing.B) { bench(b, storeOpener(sqliteTestDSN(b)), serverCPU{}) })
	b.Run("postgres", func(b *testing.B) {
		dsn := postgresTestDSN(b)
		db := serverCPU{}
		if pid, err := ServerProcess(context.Background(), dsn); err == nil {
			db.pid = pid
		} else {
			b.Logf("no PostgreSQL CPU figure: %v", err)
		}
		bench(b, storeOpener(dsn), db)
	})
}

// serverCPU measures a database server on this machine: its processes'
// CPU (PostgreSQL's backends, WAL writer, …; other clients of the same
// server add theirs). The zero value measures nothing.
type serverCPU struct{ pid int }

// start reads the server's CPU; the returned report, called after the
// ops, adds pg-cpu-µs/op.
func (s serverCPU) start(b *testing.B) (report func()) {
	before, ok := procstat.TreeCPU(s.pid)
	if s.pid == 0 || !ok {
		return func() {}
	}
	return func() {
		if after, ok := procstat.TreeCPU(s.pid); ok && b.N > 0 {
			b.ReportMetric(float64((after-before).Microseconds())/float64(b.N), "pg-cpu-µs/op")
		}
	}
}

// reportPercentiles adds p50 and p95 of the samples, in microseconds.
func reportPercentiles(b *testing.B, samples []time.Duration) {
	if len(samples) == 0 {
		return
	}
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	at := func(p float64) float64 { return float64(samples[int(p*float64(len(samples)-1))].Microseconds()) }
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.95), "p95-µs")
}

// BenchmarkAppendMove is the latency of committing one move, in rooms of
// up to 60 moves (a new room every 60).
func BenchmarkAppendMove(b *testing.B) {
	eachBenchBackend(b, func(b *testing.B, open opener, db serverCPU) {
		s := open(b)
		ctx := context.Background()
		samples := make([]time.Duration, 0, b.N)
		code := ""
		report := db.start(b)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			n := i % 60
			if n == 0 {
				b.StopTimer()
				code = fmt.Sprintf("B%06d", i/60)
				if err := s.CreateRoom(ctx, twoSeatRoom(code, false, "fp-a", "fp-b")); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			start := time.Now()
			if _, err := s.AppendMove(ctx, code, Move{Number: n, Text: "(place a1 cw)", Seat: n % 2, Remaining: time.Minute, At: start}); err != nil {
				b.Fatal(err)
			}
			samples = append(samples, time.Since(start))
		}
		b.StopTimer()
		report()
		reportPercentiles(b, samples)
	})
}

// BenchmarkNotifyLatency is the time from the start of a move's commit on
// one node to its event on another (PostgreSQL: NOTIFY between two
// connections; SQLite: the in-process fan-out).
func BenchmarkNotifyLatency(b *testing.B) {
	eachBenchBackend(b, func(b *testing.B, open opener, _ serverCPU) {
		writer, reader := open(b), open(b)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		events := reader.Subscribe(ctx)
		if err := writer.CreateRoom(ctx, twoSeatRoom("NOTE", false, "fp-a", "fp-b")); err != nil {
			b.Fatal(err)
		}
		<-events
		samples := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			start := time.Now()
			if _, err := writer.AppendMove(ctx, "NOTE", Move{Number: i, Text: "m", At: start}); err != nil {
				b.Fatal(err)
			}
			if ev := <-events; ev.Moves != i+1 {
				b.Fatalf("event %+v, want move %d", ev, i+1)
			}
			samples = append(samples, time.Since(start))
		}
		b.StopTimer()
		reportPercentiles(b, samples)
	})
}

// BenchmarkAppendMoveParallel commits moves from many goroutines at
// once, each in its own room, as a busy server does: ns/op is the
// inverse of the store's move throughput, cpu-µs/op the process's CPU
// time per move (the database's, for SQLite), which the machine's load
// changes less.
func BenchmarkAppendMoveParallel(b *testing.B) {
	eachBenchBackend(b, func(b *testing.B, open opener, db serverCPU) {
		appendInParallel(b, open(b), db)
	})
}

// BenchmarkAppendMoveAmongRooms is BenchmarkAppendMoveParallel in a
// store that holds 2000 other rooms in play, as a busy deployment's
// does (its statistics up to date): a move's cost should not grow with
// the rooms it does not touch.
func BenchmarkAppendMoveAmongRooms(b *testing.B) {
	eachBenchBackend(b, func(b *testing.B, open opener, db serverCPU) {
		s := open(b)
		fillRooms(b, s, 2000)
		appendInParallel(b, s, db)
	})
}

// BenchmarkAppendMoveAmongNewRooms is BenchmarkAppendMoveAmongRooms
// before PostgreSQL analysed the tables (autovacuum does within a minute
// or so of their change): as in a new deployment, or the load test's
// store, whose batches were planned so (see moveBatchConfig).
func BenchmarkAppendMoveAmongNewRooms(b *testing.B) {
	eachBenchBackend(b, func(b *testing.B, open opener, db serverCPU) {
		s := open(b)
		addRooms(b, s, 1, 2000, false)
		appendInParallel(b, s, db)
	})
}

// BenchmarkAppendMovePaced stores moves at the 1000-room load test's
// pace rather than as fast as the store goes: two stores (nodes) on one
// database, a move every millisecond from one or the other in turn, each
// room's once a second among 1000 rooms. A batch's size, and so its
// cost a move, depends on the pace. It reports the database's CPU a move
// (pg-cpu-µs/op), this process's (cpu-µs/op), PostgreSQL's statements a
// move and the moves' latency; ns/op is about the pace (1 ms) unless the
// store falls behind.
func BenchmarkAppendMovePaced(b *testing.B) { appendPaced(b, true) }

// BenchmarkAppendMovePacedNewRooms is BenchmarkAppendMovePaced before
// PostgreSQL analysed the rooms, as in the load test's new store.
func BenchmarkAppendMovePacedNewRooms(b *testing.B) { appendPaced(b, false) }

// appendPaced runs BenchmarkAppendMovePaced, with the rooms analysed or
// not.
func appendPaced(b *testing.B, analyze bool) {
	eachBenchBackend(b, func(b *testing.B, open opener, db serverCPU) {
		nodes := []*Store{open(b), open(b)}
		const rooms = 1000
		addRooms(b, nodes[0], 1, rooms, analyze)
		var busy [rooms + 1]atomic.Bool
		var next [rooms + 1]int
		samples := make([]time.Duration, b.N)
		var wg sync.WaitGroup
		statements := func() (n int64) {
			for _, s := range nodes {
				if s.e.moves != nil {
					n += s.e.moves.statements.Load()
				}
			}
			return n
		}
		st0 := statements()
		cpu0, _ := procstat.CPUTime()
		report := db.start(b)
		tick := time.NewTicker(time.Millisecond)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			<-tick.C
			r := i%rooms + 1
			if !busy[r].CompareAndSwap(false, true) {
				continue // its last move is still out: skip a beat
			}
			wg.Add(1)
			go func(s *Store, r, n, i int) {
				defer wg.Done()
				defer busy[r].Store(false)
				start := time.Now()
				if _, err := s.AppendMove(context.Background(), fmt.Sprint("R", r), Move{Number: n, Text: "(place a1 cw)", Seat: n % 2, At: start}); err != nil {
					b.Error(err)
				}
				samples[i] = time.Since(start)
			}(nodes[i%2], r, next[r], i)
			next[r]++
		}
		wg.Wait()
		b.StopTimer()
		tick.Stop()
		report()
		if cpu1, ok := procstat.CPUTime(); ok {
			b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
		}
		if nodes[0].e.moves != nil {
			b.ReportMetric(float64(statements()-st0)/float64(b.N), "statements/op")
		}
		reportPercentiles(b, slices.DeleteFunc(samples, func(d time.Duration) bool { return d == 0 }))
	})
}

// fillRooms adds n two-seat rooms in play to s, named R1 to Rn, and
// brings the database's statistics of rooms and seats up to date.
func fillRooms(tb testing.TB, s *Store, n int) { addRooms(tb, s, 1, n, true) }

// addRooms adds two-seat rooms in play to s, named Rfrom to Rto, and
// brings the database's statistics of rooms and seats up to date if
// analyze (else leaves them to autovacuum, as a new deployment's are).
func addRooms(tb testing.TB, s *Store, from, to int, analyze bool) {
	tb.Helper()
	const numbers = `WITH RECURSIVE g(n) AS (SELECT CAST($1 AS INTEGER) UNION ALL SELECT n + 1 FROM g WHERE n < $2) `
	qs := []string{
		numbers + `INSERT INTO rooms (code, variant, start, status, created_ms, updated_ms)
			SELECT 'R' || n, 'pentago', '', 'playing', 0, 0 FROM g`,
		numbers + `INSERT INTO seats (room_code, seat, kind)
			SELECT 'R' || n, s.seat, 'player' FROM g, (SELECT 0 AS seat UNION ALL SELECT 1) s`,
	}
	if analyze {
		qs = append(qs, `ANALYZE rooms`, `ANALYZE seats`)
	}
	for _, q := range qs {
		args := []any{from, to}
		if !strings.HasPrefix(q, "WITH") {
			args = nil
		}
		if _, err := s.e.db.exec(context.Background(), q, args...); err != nil {
			tb.Fatal(err)
		}
	}
}

// appendInParallel commits moves to s from 8 goroutines per core, each
// in a room of its own, and reports the CPU per move (see
// BenchmarkAppendMoveParallel).
func appendInParallel(b *testing.B, s *Store, db serverCPU) {
	ctx := context.Background()
	var next atomic.Int64
	b.SetParallelism(8) // 8 goroutines per core
	cpu0, _ := procstat.CPUTime()
	report := db.start(b)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		code := fmt.Sprintf("P%06d", next.Add(1))
		if err := s.CreateRoom(ctx, twoSeatRoom(code, false, "fp-a", "fp-b")); err != nil {
			b.Error(err)
			return
		}
		for n := 0; pb.Next(); n++ {
			if _, err := s.AppendMove(ctx, code, Move{Number: n, Text: "(place a1 cw)", Seat: n % 2, At: time.Now()}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	report()
	if cpu1, ok := procstat.CPUTime(); ok {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
	}
}
