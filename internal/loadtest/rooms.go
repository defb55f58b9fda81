package loadtest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/charmbracelet/log"
	"github.com/jackc/pgx/v5"
	gossh "golang.org/x/crypto/ssh"

	_ "github.com/tabletop/tabletop/game/all" // the variants the rooms play
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/store"
)

// MaxRooms bounds --rooms: two sessions per room stay within MaxSessions.
const MaxRooms = MaxSessions / 2

// roomsVariant is what the rooms play: two players, short moves typed at
// the ":" prompt, games long enough for a run.
const roomsVariant = "pentago"

// moveWait is how long a move may take to reach the other player's
// screen before it counts as lost.
const moveWait = 15 * time.Second

// roomNode is one in-process server with its store.
type roomNode struct {
	srv  *server.Server
	db   store.Store
	addr string
}

// roomsTest is one run of the rooms load test.
type roomsTest struct {
	cfg   Config
	out   io.Writer
	nodes []*roomNode
	dir   string
	drop  func() // drops the run's PostgreSQL schema
}

// runRooms plays cfg.Rooms rooms at once over real SSH sessions, two
// clients per room (on different nodes when there are two), and measures
// from a move's Enter key to the other player's frame showing it.
//
// The nodes run in this process so that rooms can be made and every move
// checked through the rooms API (an observer per room), and the clients
// and the servers share the machine's cores.
func runRooms(cfg Config, out io.Writer) (bool, error) {
	rt := &roomsTest{cfg: cfg, out: out}
	defer rt.close()
	if err := rt.startNodes(); err != nil {
		return false, err
	}
	for i, n := range rt.nodes {
		fmt.Fprintf(out, "node %d %s\n", i+1, n.addr)
	}
	tables, failed := rt.openRooms()
	fmt.Fprintf(out, "rooms open: %d of %d (%d sessions)\n", len(tables), cfg.Rooms, 2*len(tables))
	if len(tables) == 0 {
		return false, errors.New("no room could be opened")
	}
	res := rt.play(tables)
	res.failed = failed
	lost := rt.checkStore(tables)
	for _, tb := range tables {
		tb.close()
	}
	return rt.report(res, lost), nil
}

// startNodes starts cfg.Nodes servers on one store: a fresh SQLite file,
// or a fresh schema on the PostgreSQL server cfg.Store names.
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
	}
	for i := 0; i < rt.cfg.Nodes; i++ {
		n, err := startRoomNode(dsn, filepath.Join(rt.dir, fmt.Sprint("node", i)), rt.cfg.Rooms)
		if err != nil {
			return err
		}
		rt.nodes = append(rt.nodes, n)
	}
	return nil
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

func startRoomNode(dsn, dir string, nRooms int) (*roomNode, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	srv, err := server.New(server.Config{
		Listen:         "127.0.0.1:0",
		DataDir:        dir,
		MaxConnsPerIP:  -1,
		ConnsPerMinute: -1,
		// Every client comes from one address and many set up at once.
		StartupsFull: -1,
		MaxSessions:  2*nRooms + 100,
		MaxRooms:     nRooms + 100,
		Store:        server.NewRoomStore(db, !server.SharedDSN(dsn)),
		Logger:       log.New(io.Discard),
		NewClient:    server.UIClient,
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		db.Close()
		return nil, err
	}
	go srv.Serve(l)
	return &roomNode{srv: srv, db: db, addr: l.Addr().String()}, nil
}

func (rt *roomsTest) close() {
	for _, n := range rt.nodes {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		n.srv.Shutdown(ctx)
		cancel()
		n.db.Close()
	}
	if rt.drop != nil {
		rt.drop()
	}
	if rt.dir != "" {
		os.RemoveAll(rt.dir)
	}
}

// table is one room: the observer that made it and its two players.
type table struct {
	obs     rooms.Room
	players [2]*roomClient // by seat
	played  int            // moves this run saw reach the other screen
}

func (tb *table) close() {
	for _, p := range tb.players {
		if p != nil {
			p.client.Close()
		}
	}
	tb.obs.Leave()
}

// observer makes the rooms and watches them; it holds no seat.
var observer = rooms.Player{ID: "SHA256:loadtest-observer", Name: "observer"}

// openRooms makes the rooms on the first node and seats two key holders
// in each, the second on the last node, at cfg.Ramp sessions per second.
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

func (rt *roomsTest) openRoom(i int) (*table, error) {
	seats := []rooms.SeatSpec{{Kind: rooms.SeatOpen}, {Kind: rooms.SeatOpen}}
	obs, err := rt.nodes[0].srv.Lobby().Create(observer, rooms.RoomSpec{Variant: roomsVariant, Seats: seats})
	if err != nil {
		return nil, err
	}
	tb := &table{obs: obs}
	for s := 0; s < 2; s++ {
		node := rt.nodes[s%len(rt.nodes)]
		name := fmt.Sprintf("p%d%c", i, 'a'+s)
		c, err := joinRoom(node.addr, name, obs.Code())
		if err != nil {
			tb.close()
			return nil, err
		}
		tb.players[s] = c
		// The first to join takes the first seat: wait for it before the
		// second joins, so that seat s is player s.
		if err := waitRoom(obs, func(v rooms.RoomView) bool { return v.Seats[s].Name == name && v.Seats[s].Connected }); err != nil {
			tb.close()
			return nil, fmt.Errorf("%s not seated: %w", name, err)
		}
	}
	return tb, nil
}

// waitRoom waits until the room's view satisfies ok.
func waitRoom(r rooms.Room, ok func(rooms.RoomView) bool) error {
	deadline := time.After(moveWait)
	for !ok(r.View()) {
		select {
		case <-r.Updates():
		case <-deadline:
			return errors.New("timed out")
		}
	}
	return nil
}

// joinRoom opens "ssh NAME@addr join CODE" with a fresh key and a PTY.
func joinRoom(addr, name, code string) (*roomClient, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return nil, err
	}
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
	c := &roomClient{client: client, changed: make(chan struct{}, 1)}
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
