package loadtest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all" // the variants the rooms play
	"github.com/tabletop/tabletop/internal/procstat"
	"github.com/tabletop/tabletop/internal/termscreen"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/store"
	gameloop "github.com/tabletop/tabletop/table"
)

// MaxRooms bounds --rooms: two sessions per room stay within MaxSessions.
const MaxRooms = MaxSessions / 2

// roomsVariant is what the rooms play: two players, short moves typed at
// the ":" prompt, games long enough for a run.
const roomsVariant = "pentago"

// moveWait is how long a move may take to reach the other player's
// screen before it counts as lost.
const moveWait = 15 * time.Second

// roomsTest is one run of the rooms load test.
type roomsTest struct {
	cfg   Config
	out   io.Writer
	nodes []*serveChild
	db    *store.Store      // the nodes' store, opened here too
	rooms *server.RoomStore // db as the nodes' rooms see it
	dir   string
	drop  func() // drops the run's PostgreSQL schema
	// dbPID is the PostgreSQL server's process (0: SQLite, or not read),
	// whose CPU the run measures while the moves are played.
	dbPID int
	// admin is the load test's own connection to PostgreSQL (nil on
	// SQLite): it makes and drops the run's schema and reads the
	// database's commits.
	admin *pgx.Conn
}

// runRooms plays cfg.Rooms rooms at once over real SSH sessions, two
// clients per room (on different nodes when there are two), and measures
// from a move's Enter key to the other player's frame showing it.
//
// The nodes are this executable's "serve" in child processes, so that
// the clients' garbage is not collected with the servers'. The rooms are
// made in the store, which the load test opens too, and each room's
// position is followed here from the moves its two players type.
func runRooms(cfg Config, out io.Writer) (bool, error) {
	rt := &roomsTest{cfg: cfg, out: out}
	defer rt.close()
	if err := rt.startNodes(); err != nil {
		return false, err
	}
	for i, n := range rt.nodes {
		fmt.Fprintf(out, "node %d %s (pid %d)\n", i+1, n.addr, n.cmd.Process.Pid)
	}
	tables, failed := rt.openRooms()
	fmt.Fprintf(out, "rooms open: %d of %d (%d sessions)\n", len(tables), cfg.Rooms, 2*len(tables))
	if len(tables) == 0 {
		return false, errors.New("no room could be opened")
	}
	var res roomsResult
	before := rt.nodeStats()
	var clients, db clientCPU
	play := func() { clients.measure(func() { res = rt.play(tables) }) }
	commits0, ok0 := rt.databaseCommits()
	rt.profiled(func() { db.measureWith(rt.databaseCPU, play) })
	commits1, ok1 := rt.databaseCommits()
	res.commits, res.commitsOK = commits1-commits0, ok0 && ok1
	res.clients, res.database = clients, db
	res.failed = failed
	res.nodeStats = rt.nodeStats()
	res.nodeBefore = before
	lost, notes := rt.checkStore(tables)
	for _, tb := range tables {
		tb.close()
	}
	ok := rt.report(res, lost)
	for _, n := range notes {
		fmt.Fprintln(out, "not in the store:   "+n)
	}
	return ok, nil
}

// profiled runs work, taking each node's CPU and allocation profiles
// meanwhile, when the run takes profiles.
func (rt *roomsTest) profiled(work func()) {
	if rt.cfg.ProfileDir == "" {
		work()
		return
	}
	var wg sync.WaitGroup
	for i, n := range rt.nodes {
		if n.pprof == "" {
			continue
		}
		p, name := profiler{dir: rt.cfg.ProfileDir, addr: n.pprof}, fmt.Sprint("node", i+1)
		for _, take := range []func(string, time.Duration) error{p.cpu, p.allocs} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := take(name, rt.cfg.Duration); err != nil {
					fmt.Fprintln(rt.out, "node profile:", err)
				}
			}()
		}
	}
	stop := rt.profileClients()
	work()
	stop()
	wg.Wait()
	fmt.Fprintf(rt.out, "profiles            nodeN-cpu.pprof, nodeN-allocs.pprof, clients-cpu.pprof in %s\n", rt.cfg.ProfileDir)
}

// profileClients takes this process's CPU profile (the clients') until
// the returned stop, into clients-cpu.pprof: the moves only, without the
// rooms' opening (the handshakes) that --cpuprofile's covers too.
func (rt *roomsTest) profileClients() (stop func()) {
	f, err := os.Create(filepath.Join(rt.cfg.ProfileDir, "clients-cpu.pprof"))
	if err != nil {
		fmt.Fprintln(rt.out, "clients' profile:", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		// --cpuprofile's runs already.
		fmt.Fprintln(rt.out, "clients' profile:", err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

// startNodes opens the store — a fresh SQLite file, or a fresh schema on
// the PostgreSQL server cfg.Store names — and starts cfg.Nodes servers
// on it.
func (rt *roomsTest) startNodes() error {
	var err error
	rt.dir, err = os.MkdirTemp("", "tabletop-roomsload-")
	if err != nil {
		return err
	}
	dsn := filepath.Join(rt.dir, "tabletop.db")
	if rt.cfg.Store != "" {
		if dsn, err = rt.freshSchema(rt.cfg.Store); err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		rt.dbPID, err = store.ServerProcess(ctx, dsn)
		cancel()
		if err != nil {
			fmt.Fprintf(rt.out, "no PostgreSQL CPU figure: %v\n", err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if rt.db, err = store.Open(ctx, dsn); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	rt.rooms = server.NewRoomStore(rt.db, !server.SharedDSN(dsn))
	for i := 0; i < rt.cfg.Nodes; i++ {
		dir := filepath.Join(rt.dir, fmt.Sprint("node", i))
		n, err := startServeChild(rt.out, dir, rt.cfg.ProfileDir != "", "--store", dsn,
			"--max-sessions", strconv.Itoa(2*rt.cfg.Rooms+100),
			"--max-rooms", strconv.Itoa(rt.cfg.Rooms+100))
		if err != nil {
			return err
		}
		rt.nodes = append(rt.nodes, n)
	}
	return nil
}

// databaseCPU is the PostgreSQL server's CPU time so far: its
// postmaster's and its backends' (not ok on SQLite, which is the nodes'
// own, or where it cannot be read).
func (rt *roomsTest) databaseCPU() (time.Duration, bool) {
	if rt.dbPID == 0 {
		return 0, false
	}
	return procstat.TreeCPU(rt.dbPID)
}

// databaseCommits is the transactions committed so far in the store's
// PostgreSQL database (not ok on SQLite, or where it cannot be read): a
// batch of moves is one, a move written alone one. PostgreSQL's counters
// lag its backends by up to a second or so.
func (rt *roomsTest) databaseCommits() (int64, bool) {
	if rt.admin == nil {
		return 0, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var n int64
	err := rt.admin.QueryRow(ctx, `SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()`).Scan(&n)
	return n, err == nil
}

// freshSchema makes a schema of its own for this run on the PostgreSQL
// server of dsn, so that no room of an earlier run is loaded, and returns
// a DSN using it.
func (rt *roomsTest) freshSchema(dsn string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return "", fmt.Errorf("--store: %w", err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "tabletop_load_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close(ctx)
		return "", err
	}
	rt.admin = admin
	rt.drop = func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = admin.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
		_ = admin.Close(ctx)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

func (rt *roomsTest) close() {
	for _, n := range rt.nodes {
		n.stop(rt.out)
	}
	if rt.db != nil {
		rt.db.Close()
	}
	if rt.drop != nil {
		rt.drop()
	}
	if rt.dir != "" {
		os.RemoveAll(rt.dir)
	}
}

// nodeStats asks every node for its figures while the rooms are still
// open; nil entries where a node cannot be asked.
func (rt *roomsTest) nodeStats() []map[string]int64 {
	var all []map[string]int64
	for _, n := range rt.nodes {
		all = append(all, n.serverStats())
	}
	return all
}

// table is one room: its code, its position as the moves its players
// typed made it, and its two players.
type table struct {
	code string
	// game is the room's game as its players were shown it, played
	// through the one game loop: a move is committed to it once the
	// other player saw it (or the mover was shown it played).
	game    *gameloop.Table
	players [2]*roomClient // by seat
}

func (tb *table) close() {
	for _, p := range tb.players {
		if p != nil {
			p.client.Close()
		}
	}
}

// openRooms makes the rooms in the store and seats two key holders in
// each, the second on the last node, at cfg.Ramp sessions per second.
func (rt *roomsTest) openRooms() ([]*table, int) {
	fmt.Fprintf(rt.out, "opening %d rooms (%s) at %d sessions/s\n", rt.cfg.Rooms, roomsVariant, rt.cfg.Ramp)
	tables := make([]*table, rt.cfg.Rooms)
	errs := make([]error, rt.cfg.Rooms)
	var wg sync.WaitGroup
	tick := time.NewTicker(2 * time.Second / time.Duration(rt.cfg.Ramp))
	for i := range tables {
		<-tick.C
		wg.Add(1)
		go func() {
			defer wg.Done()
			tables[i], errs[i] = rt.openRoom(i)
		}()
	}
	tick.Stop()
	wg.Wait()
	var open []*table
	failed := 0
	for i, tb := range tables {
		if tb == nil {
			failed++
			if failed <= 3 {
				fmt.Fprintf(rt.out, "room %d failed: %v\n", i, errs[i])
			}
			continue
		}
		open = append(open, tb)
	}
	return open, failed
}

// roomCode is the code of the i-th room of a run: codes are unique
// within it, and each run has a store of its own.
func roomCode(i int) string {
	var b [rooms.CodeLen]byte
	for k := range b {
		b[k] = rooms.CodeAlphabet[i%len(rooms.CodeAlphabet)]
		i /= len(rooms.CodeAlphabet)
	}
	return string(b[:])
}

// openRoom makes room i in the store with each seat held for one
// player's key, as a quick match does, so that each player takes a
// known seat whatever the order of their joins; a node loads the room
// from the store when its player joins.
func (rt *roomsTest) openRoom(i int) (*table, error) {
	v, err := game.Lookup(roomsVariant)
	if err != nil {
		return nil, err
	}
	start := v.New()
	now := time.Now()
	rec := rooms.Record{Code: roomCode(i), Variant: v.Name, Start: start.String(), AfterHold: rooms.SeatOpen,
		Spectators: rooms.SpectatorsAll, Started: true, Created: now}
	var keys [2]gossh.Signer
	for s := range keys {
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		if keys[s], err = gossh.NewSignerFromKey(priv); err != nil {
			return nil, err
		}
		rec.Seats = append(rec.Seats, rooms.SeatRecord{Kind: rooms.SeatHeld, Name: playerName(i, s),
			PlayerID: gossh.FingerprintSHA256(keys[s].PublicKey()), HeldUntil: now.Add(time.Hour)})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	err = rt.rooms.Create(ctx, rec)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("room %s: %w", rec.Code, err)
	}
	g, err := gameloop.New(start, make([]gameloop.Seat, len(start.Variant().Roles)), uint64(i)+1)
	if err != nil {
		return nil, err
	}
	tb := &table{code: rec.Code, game: g}
	for s := range keys {
		c, err := joinRoom(rt.nodes[s%len(rt.nodes)].addr, playerName(i, s), keys[s], rec.Code)
		if err != nil {
			tb.close()
			return nil, err
		}
		tb.players[s] = c
	}
	if err := waitBoards(tb, moveWait); err != nil {
		tb.close()
		return nil, fmt.Errorf("room %s: %w", rec.Code, err)
	}
	return tb, nil
}

// waitBoards waits until every player of tb is shown the room's board.
// A session's join (reading the room, taking the seat) runs on its node
// after the SSH session started: on a loaded machine a thousand rooms'
// joins ran on into the moves' 20 seconds, whose node CPU per move and
// latencies then counted them too.
func waitBoards(tb *table, within time.Duration) error {
	for s, c := range tb.players {
		if err := c.waitMoves(within, 0); err != nil {
			return fmt.Errorf("player %d's board: %w", s+1, err)
		}
	}
	return nil
}

func playerName(room, seat int) string { return fmt.Sprintf("p%d%c", room, 'a'+seat) }

// joinRoom opens "ssh NAME@addr join CODE" with the key signer and a PTY.
func joinRoom(addr, name string, signer gossh.Signer, code string) (*roomClient, error) {
	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            name,
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         30 * time.Second,
	})
	if err != nil {
		return nil, err
	}
	sess, err := client.NewSession()
	if err != nil {
		client.Close()
		return nil, err
	}
	c := &roomClient{client: client, changed: make(chan struct{}, 1), scr: termscreen.New(100, 40)}
	c.in, _ = sess.StdinPipe()
	out, _ := sess.StdoutPipe()
	if err := sess.RequestPty("xterm-256color", 40, 100, gossh.TerminalModes{}); err != nil {
		client.Close()
		return nil, err
	}
	if err := sess.Start("join " + code); err != nil {
		client.Close()
		return nil, err
	}
	go c.read(out)
	return c, nil
}
