package store

import (
	"context"
	"errors"
	"go/build"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/server/store/glicko2"
)

func TestPairwiseUpdate(t *testing.T) {
	fresh := glicko2.Default()
	four := []glicko2.Rating{fresh, fresh, fresh, fresh}
	tests := []struct {
		name   string
		before []glicko2.Rating
		goals  []int
		check  func(after []glicko2.Rating) bool
		want   string
	}{
		{"two players: the plain Glicko-2 update", []glicko2.Rating{fresh, {Rating: 1700, Deviation: 80, Volatility: 0.06}}, []int{100, 0},
			func(a []glicko2.Rating) bool {
				return a[0] == glicko2.Update(fresh, []glicko2.Result{{Opponent: glicko2.Rating{Rating: 1700, Deviation: 80, Volatility: 0.06}, Score: 1}}, 0)
			}, "each side's single-game update"},
		{"a draw between equals", []glicko2.Rating{fresh, fresh}, []int{50, 50},
			func(a []glicko2.Rating) bool { return a[0] == a[1] && near(a[0].Rating, 1500) }, "both stay at 1500"},
		{"Tic-Tac-Chess: winner, two equal, last", four, []int{100, 30, 30, 0},
			func(a []glicko2.Rating) bool {
				return a[0].Rating > a[1].Rating && a[1] == a[2] && near(a[1].Rating, 1500) && a[3].Rating < 1500 &&
					near(a[0].Rating-1500, 1500-a[3].Rating)
			}, "first > middle (= 1500, equal) > last, symmetric"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pairwiseUpdate(tt.before, tt.goals); !tt.check(got) {
				t.Fatalf("got %+v, want %s", got, tt.want)
			}
		})
	}
}

func near(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

// A room's event survives its NOTIFY payload, a move's with the move
// (its text may hold spaces); a move too long for a payload goes without
// it, and the other nodes read the room.
func TestEventPayload(t *testing.T) {
	at := time.UnixMilli(1_700_000_000_123)
	move := &Move{Number: 11, Text: "(place a1 cw)", Seat: 1, Remaining: 90 * time.Second, At: at}
	for _, ev := range []Event{
		{Room: "K7QX", Moves: 12, Version: 40, Node: "ab12"},
		{Room: "K7QX", Node: "n"},
		{Room: "K7QX", Moves: 12, Version: 40, Node: "ab12", Move: move},
		{Room: "K7QX", Moves: 1, Version: 2, Node: "ab12", Move: &Move{Text: "x"}},
	} {
		got, err := parseEvent(formatEvent(ev))
		if err != nil || !reflect.DeepEqual(got, ev) {
			t.Fatalf("round trip of %+v: %+v, %v", ev, got, err)
		}
	}
	long := Event{Room: "K7QX", Moves: 12, Version: 40, Node: "ab12", Move: &Move{Number: 11, Text: strings.Repeat("x", maxEventText+1)}}
	if got, err := parseEvent(formatEvent(long)); err != nil || got.Move != nil || got.Version != 40 {
		t.Fatalf("a move too long for a payload: %+v, %v", got, err)
	}
	for _, bad := range []string{"", "K7QX 1 2", "K7QX x 2 n", "K7QX 1 y n", "K7QX 1 2 n 0 0 x", "K7QX 0 2 n 0 0 0 m", "K7QX 1 2 n s 0 0 m", "K7QX 1 2 n 0 0 0 "} {
		if _, err := parseEvent(bad); err == nil {
			t.Fatalf("parseEvent(%q) accepted", bad)
		}
	}
}

// TestHubSlowSubscriber: a subscriber that does not read misses events
// but is told with a Lost event, and the writer never blocks.
func TestHubSlowSubscriber(t *testing.T) {
	h := newHub()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := h.subscribe(ctx)
	for i := range subscriberBuffer + 10 {
		h.publish(Event{Room: "R", Moves: i})
	}
	for i := range subscriberBuffer {
		if ev := <-ch; ev.Moves != i {
			t.Fatalf("event %d: %+v", i, ev)
		}
	}
	h.publish(Event{Room: "R", Moves: 999})
	if ev := <-ch; !ev.Lost {
		t.Fatalf("after dropped events: %+v, want Lost", ev)
	}
	if ev := <-ch; ev.Moves != 999 {
		t.Fatalf("after Lost: %+v", ev)
	}
	h.close()
	if _, ok := <-ch; ok {
		t.Fatal("channel open after the hub closed")
	}
	if _, ok := <-h.subscribe(ctx); ok {
		t.Fatal("subscription to a closed hub is open")
	}
}

func TestOpenSelectsByDSN(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, dsn := range []string{dir + "/a.db", "sqlite:" + dir + "/b.db"} {
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatalf("Open(%q): %v", dsn, err)
		}
		if _, ok := s.e.db.(sqlDB); !ok {
			t.Fatalf("Open(%q) is not SQLite", dsn)
		}
		s.Close()
		s.Close() // a second Close is harmless
	}
	// Nothing listens on port 1: the PostgreSQL driver is the one to fail.
	_, err := Open(ctx, "postgres://u:p@127.0.0.1:1/db?connect_timeout=2")
	if err == nil || !strings.Contains(err.Error(), "127.0.0.1") {
		t.Fatalf("postgres:// DSN without a server: %v", err)
	}
	if _, err := Open(ctx, ""); err == nil {
		t.Fatal("empty DSN accepted")
	}
}

func TestMigrationFiles(t *testing.T) {
	list, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range list {
		if m.version != i+1 {
			t.Fatalf("migration %s: version %d, want %d (no gaps)", m.name, m.version, i+1)
		}
	}
}

// TestImports keeps the store below the room logic and the UI.
func TestImports(t *testing.T) {
	for _, dir := range []string{".", "glicko2"} {
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pkg.Imports {
			banned := imp == "github.com/tabletop/tabletop/server" || strings.HasPrefix(imp, "github.com/charmbracelet/") || strings.HasPrefix(imp, "charm.land/")
			for _, p := range []string{"github.com/tabletop/tabletop/ui", "github.com/tabletop/tabletop/rooms"} {
				banned = banned || imp == p || strings.HasPrefix(imp, p+"/")
			}
			if banned {
				t.Errorf("%s imports %s", dir, imp)
			}
		}
	}
	if !errors.Is(&ConflictError{}, ErrConflict) || !errors.Is(&LeaseHeldError{}, ErrLeaseHeld) {
		t.Fatal("typed errors do not match their sentinels")
	}
}

// TestSQLiteOddPathAndBackup: a path with a space, '#' and '%' opens the
// file it names, and a backup of it opens with the same rooms.
func TestSQLiteOddPathAndBackup(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir() + "/my games #1 100%"
	s, err := Open(ctx, dir+"/tabletop.db")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateRoom(ctx, Room{Code: "BKUP", Variant: "quad", Seats: []Seat{{Kind: SeatOpen}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir + "/tabletop.db"); err != nil {
		t.Fatalf("the store is not at the path given: %v", err)
	}
	backup := t.TempDir() + "/backup.db"
	if err := BackupSQLite(ctx, s, backup); err != nil {
		t.Fatal(err)
	}
	if err := BackupSQLite(ctx, s, backup); err == nil {
		t.Fatal("a backup overwrote an existing file")
	}
	b, err := Open(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if r, err := b.Room(ctx, "BKUP"); err != nil || r.Variant != "quad" {
		t.Fatalf("room in the backup: %+v, %v", r, err)
	}
}

func TestPairWaiting(t *testing.T) {
	now := time.Unix(1000, 0)
	w := func(name string, rating float64, waited time.Duration) Waiting {
		return Waiting{Player: name, Rating: rating, Since: now.Add(-waited)}
	}
	names := func(pairs [][2]Waiting) (out []string) {
		for _, p := range pairs {
			out = append(out, p[0].Player+"-"+p[1].Player)
		}
		return out
	}
	tests := []struct {
		name    string
		waiting []Waiting
		want    []string
	}{
		{"nobody", nil, nil},
		{"alone", []Waiting{w("a", 1500, time.Minute)}, nil},
		{"close ratings pair at once", []Waiting{w("a", 1500, 0), w("b", 1550, 0)}, []string{"a-b"}},
		{"too far apart for new arrivals", []Waiting{w("a", 1500, 0), w("b", 1700, 0)}, nil},
		{"the window widens for both", []Waiting{w("a", 1500, 20*time.Second), w("b", 1700, 10*time.Second)}, []string{"a-b"}},
		{"one long wait is not enough: the newcomer's window counts too",
			[]Waiting{w("a", 1500, time.Hour), w("b", 1800, 0)}, nil},
		{"the longest waiting chooses the closest",
			[]Waiting{w("a", 1500, time.Minute), w("b", 1590, 0), w("c", 1510, 0), w("d", 1600, 0)}, []string{"a-c", "b-d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := names(pairWaiting(tt.waiting, now, DefaultMatchWindow)); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("pairs %v, want %v", got, tt.want)
			}
		})
	}
}
