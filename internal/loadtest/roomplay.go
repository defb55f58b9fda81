package loadtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/termscreen"
	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/store"
)

// roomClient is one player's SSH session: it keeps what its terminal
// shows and what the test looks for on each line of it (lines), and
// counts the output since the last mark.
type roomClient struct {
	client  *gossh.Client
	in      io.WriteCloser
	mu      sync.Mutex
	scr     *termscreen.Screen
	lines   []lineFacts // per line of scr, read again when it changes
	out     int         // bytes of output since the mark
	changed chan struct{}
	ended   bool
	// up is set once the room's board is on the screen: the terminal's
	// queries come before it (with a program's first frame), so the
	// output after it is not searched for them.
	up bool
}

// lineFacts is what a line of a player's screen says that the test
// waits for: the move count of the board's move list ("Moves (N)"; -1
// when the line has none), the game's end, a refused move. A client
// reads them from the lines a frame changed, once, instead of searching
// every line of the screen for each text after every frame.
type lineFacts struct {
	moves   int
	over    bool
	refused bool
}

// factsOf reads line's facts.
func factsOf(line []byte) lineFacts {
	f := lineFacts{moves: -1}
	for rest := line; ; {
		i := bytes.Index(rest, []byte(boardText))
		if i < 0 {
			break
		}
		rest = rest[i+len(boardText):]
		n, digits := 0, 0
		for digits < len(rest) && digits < 9 && rest[digits] >= '0' && rest[digits] <= '9' {
			n = n*10 + int(rest[digits]-'0')
			digits++
		}
		if digits > 0 && digits < len(rest) && rest[digits] == ')' {
			f.moves = max(f.moves, n)
		}
	}
	f.over = bytes.Contains(line, []byte(gameOverText))
	f.refused = bytes.Contains(line, []byte(refusedText))
	return f
}

// write takes a chunk of the session's output onto the screen and reads
// the facts of the lines it changed. Called with mu held.
func (c *roomClient) write(chunk []byte) {
	c.out += len(chunk)
	c.scr.Write(chunk)
	if _, h := c.scr.Size(); len(c.lines) != h {
		c.lines = make([]lineFacts, h)
	}
	c.scr.Changed(func(y int, line []byte) { c.lines[y] = factsOf(line) })
	if !c.up {
		c.up = c.showsLocked(func(f lineFacts) bool { return f.moves >= 0 })
	}
}

// showsLocked reports whether some line's facts satisfy ok. Called with
// mu held.
func (c *roomClient) showsLocked(ok func(lineFacts) bool) bool {
	return slices.ContainsFunc(c.lines, ok)
}

// showsMoves reports whether the screen's move list says n moves, or
// (over) the game's end.
func (c *roomClient) showsMoves(n int, over bool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.showsLocked(func(f lineFacts) bool { return f.moves == n || over && f.over })
}

// showsRefused reports whether the screen says the server could not
// store a move.
func (c *roomClient) showsRefused() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.showsLocked(func(f lineFacts) bool { return f.refused })
}

func (c *roomClient) read(r io.Reader) {
	buf := make([]byte, 16<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			chunk := buf[:n]
			if !c.up {
				answerQueries(chunk, c.in)
			}
			c.mu.Lock()
			c.write(chunk)
			c.mu.Unlock()
		}
		if err != nil {
			c.mu.Lock()
			c.ended = true
			c.mu.Unlock()
		}
		select {
		case c.changed <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

// terminalQueries are the queries a session's output may ask and what
// a current terminal answers: its background colour, its device
// attributes, and that it has synchronized output (mode 2026), which the
// server's renderer asks about and then wraps each frame in.
var terminalQueries = [...]struct{ ask, answer string }{
	{"\x1b]11;?", "\x1b]11;rgb:0000/0000/0000\x1b\\"},
	{"\x1b[c", "\x1b[?62;22c"},
	{"\x1b[?2026$p", "\x1b[?2026;2$y"},
}

// answerQueries answers the terminal queries in chunk.
func answerQueries(chunk []byte, in io.Writer) {
	for _, q := range terminalQueries {
		if bytes.Contains(chunk, []byte(q.ask)) {
			io.WriteString(in, q.answer)
		}
	}
}

// mark forgets the output so far: waitAnyOutput looks only at what comes
// next.
func (c *roomClient) mark() {
	c.mu.Lock()
	c.out = 0
	c.mu.Unlock()
}

// waitMoves waits until the screen's move list says n moves.
func (c *roomClient) waitMoves(within time.Duration, n int) error {
	deadline := time.After(within)
	for {
		c.mu.Lock()
		found := c.showsLocked(func(f lineFacts) bool { return f.moves == n })
		ended := c.ended
		c.mu.Unlock()
		if found {
			return nil
		}
		if ended {
			return errors.New("session ended")
		}
		select {
		case <-c.changed:
		case <-deadline:
			return fmt.Errorf("timed out waiting for %q", fmt.Sprintf("Moves (%d)", n))
		}
	}
}

// waitAnyOutput waits for output after the mark.
func (c *roomClient) waitAnyOutput(within time.Duration) {
	deadline := time.After(within)
	for {
		c.mu.Lock()
		n := c.out
		c.mu.Unlock()
		if n > 0 {
			return
		}
		select {
		case <-c.changed:
		case <-deadline:
			return
		}
	}
}

func (c *roomClient) send(s string) error {
	_, err := io.WriteString(c.in, s)
	return err
}

// roomsResult is what the rooms' players measured.
type roomsResult struct {
	lat   []time.Duration
	moves int
	// lost are moves the mover's screen showed as played that never
	// reached the other player's; refused are moves the mover was told
	// the server could not store (not played, so not lost); stalled are
	// rooms that stopped otherwise (a screen that never showed what it
	// should, a session that ended).
	lost, refused, stalled int
	finished               int
	failed                 int // rooms that could not be opened
	firstErr               error
	clients                clientCPU
	database               clientCPU // the PostgreSQL server's processes
	// commits are the transactions committed in the PostgreSQL database
	// during the play (commitsOK: read, on PostgreSQL).
	commits   int64
	commitsOK bool
	// nodeStats are the nodes' figures with the rooms open, after the
	// play and (nodeBefore) before it; nil where a node cannot be asked
	// (Windows).
	nodeStats, nodeBefore []map[string]int64
}

// play has every room play moves, each player typing at the ":" prompt
// in turn, for cfg.Duration, with a pause of about cfg.MoveGap between
// a room's moves.
func (rt *roomsTest) play(tables []*table) roomsResult {
	fmt.Fprintf(rt.out, "playing for %s, a move per room every %s or so\n", rt.cfg.Duration, rt.cfg.MoveGap)
	var res roomsResult
	var mu sync.Mutex
	stop := time.Now().Add(rt.cfg.Duration)
	var wg sync.WaitGroup
	for i, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := game.NewRand(uint64(i) + 1)
			gap := rt.cfg.MoveGap
			time.Sleep(time.Duration(rng.Intn(int(gap/time.Millisecond)+1)) * time.Millisecond)
			for time.Now().Before(stop) {
				d, err := playMove(tb, rng)
				mu.Lock()
				res.count(d, err)
				mu.Unlock()
				if err != nil {
					return
				}
				time.Sleep(gap/2 + time.Duration(rng.Intn(int(gap/time.Millisecond)+1))*time.Millisecond)
			}
		}()
	}
	wg.Wait()
	return res
}

// count adds one move's outcome (see playMove) to the figures.
func (res *roomsResult) count(d time.Duration, err error) {
	switch {
	case err == nil:
		res.moves++
		res.lat = append(res.lat, d)
		return
	case errors.Is(err, errGameOver):
		res.finished++
		return
	case errors.Is(err, errLost):
		res.lost++
	case errors.Is(err, errRefused):
		res.refused++
	default:
		res.stalled++
	}
	if res.firstErr == nil {
		res.firstErr = err
	}
}

var (
	errGameOver = errors.New("game over")
	// errLost is a move the mover was shown as played that did not reach
	// the other player.
	errLost = errors.New("shown to the mover as played, never to the other player")
	// errRefused is a move the server told the mover it could not store.
	errRefused = errors.New("refused: the server could not store it")
)

// boardText is on a room's board screen once it is drawn: the heading
// of its move list.
const boardText = "Moves ("

// refusedText is what the mover's screen says of a move the server could
// not store in time (rooms' errNotStored).
const refusedText = "could not store that"

// gameOverText is on a room's board once its game is over.
const gameOverText = "game over"

// playMove has the player to move type a legal move and returns the time
// from its Enter key to the other player's frame showing the move. The
// room's position is the table's: both players are driven from here.
func playMove(tb *table, rng *game.Rand) (time.Duration, error) {
	g := tb.game
	if g.Over() {
		return 0, errGameOver
	}
	st := g.Position()
	legal := st.Legal(nil)
	m := legal[rng.Intn(len(legal))]
	step, _, err := g.Check(st.ToMove(), m)
	if err != nil {
		return 0, fmt.Errorf("the table refused %s: %w", st.ShortMove(m), err)
	}
	short := st.ShortMove(m)
	mover, other := tb.players[st.ToMove()], tb.players[1-st.ToMove()]
	n := g.Turn()
	// The mover's screen has the room's last move before the key.
	if err := mover.waitMoves(moveWait, n); err != nil {
		return 0, fmt.Errorf("mover's screen: %w", err)
	}
	mover.mark()
	if err := mover.send(":"); err != nil {
		return 0, err
	}
	mover.waitAnyOutput(moveWait) // the prompt is open
	mover.mark()
	if err := mover.send(short); err != nil {
		return 0, err
	}
	mover.waitAnyOutput(moveWait)
	mover.mark()
	other.mark()
	start := time.Now()
	if err := mover.send("\r"); err != nil {
		return 0, err
	}
	seen, err := awaitMove(mover, other, n, moveWait)
	if err == nil || errors.Is(err, errLost) {
		// Seen by the other player, or shown to the mover as played: the
		// store must hold it (checkStore), though a lost one stops the
		// room here.
		if cerr := g.Commit(step); cerr != nil {
			return 0, fmt.Errorf("move %d (%s): %w", n+1, short, cerr)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("move %d (%s): %w", n+1, short, err)
	}
	return seen.Sub(start), nil
}

// awaitMove waits, after the mover's Enter on move n+1, until the other
// player's screen shows it (or the game's end), and returns when it did;
// or until the mover's screen says the server refused it (errRefused).
// A move the other player has not seen within the wait is lost
// (errLost) only when the mover's screen shows it as played; otherwise
// nobody was told it was played, and the room stalled.
func awaitMove(mover, other *roomClient, n int, within time.Duration) (time.Time, error) {
	deadline := time.After(within)
	// Each screen is looked at again only when its output changed it.
	otherChanged, moverChanged := true, true
	for {
		if otherChanged && other.showsMoves(n+1, true) {
			return time.Now(), nil
		}
		if moverChanged && mover.showsRefused() {
			return time.Time{}, errRefused
		}
		if other.hasEnded() || mover.hasEnded() {
			return time.Time{}, errors.New("session ended")
		}
		select {
		case <-other.changed:
			otherChanged, moverChanged = true, false
		case <-mover.changed:
			otherChanged, moverChanged = false, true
		case <-deadline:
			if mover.showsMoves(n+1, true) {
				return time.Time{}, errLost
			}
			return time.Time{}, fmt.Errorf("neither screen showed it within %s", within)
		}
	}
}

// hasEnded reports whether the session's output has ended.
func (c *roomClient) hasEnded() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ended
}

// checkStore counts the moves the rooms' players saw (the lost ones
// too: their movers saw them played) that their store does not hold, in
// the order played: every move must be committed before it is shown. It
// says of the first rooms short of moves what it found, so that a room
// the store could not be asked about is told apart from a room missing.
func (rt *roomsTest) checkStore(tables []*table) (int, []string) {
	lost := 0
	var notes []string
	for _, tb := range tables {
		rec, err := rt.storedRoom(tb.code)
		shown := tb.game.Texts()
		missing := 0
		for i, text := range shown {
			if err != nil || i >= len(rec.Moves) || rec.Moves[i] != text {
				missing++
			}
		}
		lost += missing
		switch {
		case missing == 0 || len(notes) == maxStoreNotes:
		case err != nil:
			notes = append(notes, fmt.Sprintf("room %s: %d moves shown; reading it: %v", tb.code, len(shown), err))
		default:
			notes = append(notes, fmt.Sprintf("room %s: %d moves shown, %d stored, %d missing or different", tb.code, len(shown), len(rec.Moves), missing))
		}
	}
	return lost, notes
}

// maxStoreNotes is how many rooms short of moves checkStore describes.
const maxStoreNotes = 5

// storedRoom reads room code from the store, trying again when the store
// fails to answer (a loaded database) rather than says there is none.
func (rt *roomsTest) storedRoom(code string) (store.Room, error) {
	var err error
	for range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		var rec store.Room
		rec, err = rt.db.Room(ctx, code)
		cancel()
		if err == nil || errors.Is(err, store.ErrNoRoom) {
			return rec, err
		}
	}
	return store.Room{}, err
}

// loopbackDSN reports whether a postgres:// DSN names a server on this
// machine (a loopback address, localhost or a Unix socket).
func loopbackDSN(dsn string) bool {
	u, err := url.Parse(dsn)
	if err != nil {
		return false
	}
	host := u.Hostname()
	if host == "" || strings.HasPrefix(host, "/") || host == "localhost" {
		return true
	}
	return server.IsLoopback(net.JoinHostPort(host, "5432"))
}

// report prints the rooms' figures against the targets: p95 < 50 ms from
// a move's key to the other player's frame (100 ms when the other player
// is on another node), and no move lost.
func (rt *roomsTest) report(res roomsResult, unstored int) bool {
	var v verdicts
	lat := res.lat
	fmt.Fprintln(rt.out)
	store := "SQLite"
	if rt.cfg.Store != "" {
		store = "PostgreSQL"
	}
	fmt.Fprintf(rt.out, "rooms               %d playing, %d could not open; %d node(s) on %s   target all open: %s\n",
		rt.cfg.Rooms-res.failed, res.failed, len(rt.nodes), store, v.check(res.failed == 0))
	fmt.Fprintf(rt.out, "moves               %d in %s (%.0f/s), %d games over\n", res.moves, rt.cfg.Duration, float64(res.moves)/rt.cfg.Duration.Seconds(), res.finished)
	// A move to another node goes through the database and its NOTIFY.
	target := 50 * time.Millisecond
	if len(rt.nodes) > 1 {
		target = 100 * time.Millisecond
	}
	fmt.Fprintf(rt.out, "move→other's frame  p50 %s  p95 %s  p99 %s   target p95 < %d ms: %s\n",
		ms(percentile(lat, .5)), ms(percentile(lat, .95)), ms(percentile(lat, .99)), target.Milliseconds(), v.check(len(lat) > 0 && percentile(lat, .95) < target))
	fmt.Fprintf(rt.out, "moves lost          %d shown to the mover as played, not to the other player within 15 s, %d shown but not in the store   target none: %s\n",
		res.lost, unstored, v.check(res.lost == 0 && unstored == 0))
	// Neither is a lost move (nobody was shown it as played), but each
	// stops its room, and a refusal is the store not keeping up.
	fmt.Fprintf(rt.out, "moves refused       %d (the mover was told the server could not store it); %d rooms stalled otherwise   target none: %s\n",
		res.refused, res.stalled, v.check(res.refused == 0 && res.stalled == 0))
	if res.firstErr != nil {
		fmt.Fprintf(rt.out, "first failed move   %v\n", res.firstErr)
	}
	for i, st := range res.nodeStats {
		if st == nil {
			continue
		}
		fmt.Fprintf(rt.out, "node %d              %d KB RSS, %d KB heap, %d goroutines, %d sessions, %d rooms\n",
			i+1, st["rss_kb"], st["heap_kb"], st["goroutines"], st["sessions"], st["rooms"])
		if i < len(res.nodeBefore) && res.nodeBefore[i] != nil {
			// The CPU the node spent while the rooms played, per move of
			// all rooms: a figure of the work, which the machine's load
			// changes far less than the latencies.
			b := res.nodeBefore[i]
			per := func(k string) float64 { return float64(st[k]-b[k]) / float64(max(res.moves, 1)) }
			fmt.Fprintf(rt.out, "node %d CPU          %.2f s in %s, %.3f ms per move; %.1f views, %.1f frames, %.0f bytes per move; %d collections\n",
				i+1, float64(st["cpu_ms"]-b["cpu_ms"])/1000, rt.cfg.Duration, per("cpu_ms"), per("views"), per("frames"), per("frame_bytes"), st["gcs"]-b["gcs"])
		}
	}
	res.clients.report(rt.out, res.moves, "move")
	if res.database.ok {
		fmt.Fprintf(rt.out, "PostgreSQL CPU      %.3f ms per move (%.2f s; the database server's processes, on the same cores; other clients of it add theirs)\n",
			float64(res.database.used.Microseconds())/1000/float64(max(res.moves, 1)), res.database.used.Seconds())
	}
	if res.commitsOK {
		fmt.Fprintf(rt.out, "PostgreSQL commits  %.2f per move (%d; the nodes' batches of moves and heartbeats; other clients of the database add theirs)\n",
			float64(res.commits)/float64(max(res.moves, 1)), res.commits)
	}
	return !v.missed
}
