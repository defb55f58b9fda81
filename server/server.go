// Package server serves tabletop over SSH: one client program (ui) per
// session, hardened for strangers on the internet, and shared rooms where
// remote players play one authoritative game.
package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/log/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	wishrecover "charm.land/wish/v2/recover"
	"github.com/charmbracelet/colorprofile"
	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/internal/remoteterm"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/savefmt"
)

// Server is a tabletop SSH server.
type Server struct {
	cfg    Config
	log    *log.Logger
	ssh    *ssh.Server
	signer gossh.Signer
	// sources and startups admit connections before any cryptography.
	sources  *sourceTable
	startups *startupGate
	refusals *logThrottle
	lobby    *rooms.Host
	saves    saveSlots
	// aiSlots bounds the AI searches of every session and room.
	aiSlots *ai.Slots

	sessions  sync.Map // *gameSession → struct{}
	nSessions atomic.Int64
	nConns    atomic.Int64
	stopping  atomic.Bool
	// goroutines started for connections, and those of closed
	// connections that have not ended yet (see Stats).
	tracked  atomic.Int64
	strays   sync.Map       // *connState → struct{}
	handlers sync.WaitGroup // running session handlers

	stopJanitor chan struct{}
	janitorDone chan struct{}
	listener    net.Listener
	mu          sync.Mutex
	stopOnce    sync.Once
	stopped     chan struct{}
	stopErr     error
}

// connState is kept in the SSH context of each connection.
type connState struct {
	block     netip.Prefix
	remote    string
	sessions  atomic.Int32
	started   atomic.Bool // a shell or join was accepted
	handshake *time.Timer
	raw       *limitedConn
	// pacer holds the latest window change not yet taken by the session.
	pacer *windowPacer
	// live counts the goroutines started for this connection; closed is
	// set when the connection is gone, after which live should reach 0.
	live   atomic.Int32
	closed atomic.Bool
	// startupCounted: still counted among the connections being set up.
	startupCounted atomic.Bool
	// channel is the connection's session channel (one per connection),
	// set when it is accepted, before its session starts.
	channel gossh.Channel
}

type ctxKey string

const connStateKey ctxKey = "tabletop-conn"

// New builds a server from cfg (unset fields take their defaults). It
// creates or loads the host key and the save directory.
func New(cfg Config) (*Server, error) {
	cfg = cfg.withDefaults()
	if cfg.NewClient == nil {
		cfg.NewClient = UIClient
	}
	signer, err := LoadOrCreateHostKey(cfg.HostKeyPath)
	if err != nil {
		return nil, err
	}
	saveFiles, err := newSaveDir(cfg.DataDir, cfg.MaxSaveBytes, cfg.MaxSaves)
	if err != nil {
		return nil, err
	}
	// With the storage layer, key holders' saves are rows of it (every
	// node of a cluster sees them); the files are only imported.
	var saves saveSlots = saveFiles
	if rs, ok := cfg.Store.(*RoomStore); ok {
		saves = newStoreSaves(rs.DB(), saveFiles, cfg.MaxSaveBytes, cfg.MaxSaves, cfg.Logger)
	}
	if err := secureDataDir(cfg.DataDir, cfg.Logger); err != nil {
		return nil, err
	}
	s := &Server{
		cfg:         cfg,
		log:         cfg.Logger,
		signer:      signer,
		sources:     newSourceTable(cfg.MaxConnsPerIP, cfg.ConnsPerMinute, cfg.MaxSources, cfg.NetBlockV4, cfg.NetBlockV6),
		startups:    &startupGate{start: int64(cfg.StartupsBegin), rate: int64(cfg.StartupsRate), full: int64(cfg.StartupsFull)},
		refusals:    newLogThrottle(),
		saves:       saves,
		stopJanitor: make(chan struct{}),
		stopped:     make(chan struct{}),
		janitorDone: make(chan struct{}),
	}
	// One bound on AI searches for the whole server: rooms' AI seats and
	// single-player games wait for the same slots.
	s.aiSlots = ai.NewSlots(cfg.AIConcurrency)
	// Sessions' searches are owned by their source (see programHandler):
	// one address with many games waits its turn instead of taking every
	// slot. Rooms' searches are anonymous.
	s.aiSlots.LimitPerOwner(cfg.AIPerSource)
	s.lobby = rooms.NewHost(rooms.HostConfig{
		Store:    metered(cfg.Store, cfg.Metrics),
		MaxRooms: cfg.MaxRooms,
		SeatHold: cfg.SeatHold,
		// A game every player left waits for them this long.
		AdjournedExpiry: cfg.AdjournedExpiry,
		AIBudget:        cfg.AIBudget,
		AISlots:         s.aiSlots,
		Logger:          slog.New(cfg.Logger),
		// Alone on its store: at start nobody is still in a room.
		Exclusive: exclusiveStore(cfg.Store),
		LeaseTTL:  cfg.AILeaseTTL,
		Node:      storeNode(cfg.Store),
		NodeTTL:   cfg.NodeTTL,
		Ratings:   ratingReader(cfg.Store),
		Talk:      talkStore(cfg.Store),
	})
	if err := s.startRooms(); err != nil {
		return nil, err
	}

	s.ssh = s.newSSHServer(signer)
	return s, nil
}

// newSSHServer is the SSH side of the server: one session channel per
// connection, no forwarding of any kind, the per-source admission before
// the handshake, and the session middlewares behind a panic guard.
func (s *Server) newSSHServer(signer ssh.Signer) *ssh.Server {
	srv := &ssh.Server{
		Version:     "tabletop",
		IdleTimeout: s.cfg.IdleTimeout,
		// A hard backstop behind the janitor, which first tells the
		// player their time is up.
		MaxTimeout:  s.cfg.MaxSessionTime + 30*time.Second,
		HostSigners: []ssh.Signer{signer},
		// Only the "session" channel: no direct-tcpip (port forwarding),
		// and at most one session per connection.
		ChannelHandlers: map[string]ssh.ChannelHandler{"session": s.sessionChannel},
		// Agent and X11 forwarding are refused by the request filter.
		// No global requests: tcpip-forward and friends are refused.
		RequestHandlers:   map[string]ssh.RequestHandler{},
		SubsystemHandlers: map[string]ssh.SubsystemHandler{},
		// Nil port-forwarding callbacks deny all forwarding; set explicitly
		// for the reader.
		LocalPortForwardingCallback:   func(ssh.Context, string, uint32) bool { return false },
		ReversePortForwardingCallback: func(ssh.Context, string, uint32) bool { return false },
		ConnCallback:                  s.admitConn,
		SessionRequestCallback:        s.allowRequest,
		ServerConfigCallback: func(ssh.Context) *gossh.ServerConfig {
			return &gossh.ServerConfig{MaxAuthTries: 6}
		},
		ConnectionFailedCallback: func(c net.Conn, err error) {
			s.log.Debug("handshake failed", "remote", c.RemoteAddr().String(), "err", logText(err.Error()))
			// A failed handshake (bad auth, garbage, a timeout) is an offence
			// of its source.
			s.sources.offence(s.sources.block(addrOf(c.RemoteAddr())), time.Now())
		},
		PublicKeyHandler: func(ssh.Context, ssh.PublicKey) bool { return true },
	}
	if *s.cfg.AllowGuests {
		// Keyboard-interactive with no questions: a guest gets in without
		// typing anything, after the client has offered its keys.
		srv.KeyboardInteractiveHandler = func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }
	}

	// The per-source rate is enforced once, before the handshake, by
	// s.sources (grouped by network block).
	inner := []wish.Middleware{
		s.runPrograms,
		s.requireTerminal,
		s.gate,
		s.logging,
	}
	// recover wraps every other middleware: a panic anywhere in a session's
	// handler ends that session only.
	srv.Handler = wishrecover.MiddlewareWithLogger(panicLogger{s.log}, inner...)(func(ssh.Session) {})
	return srv
}

type panicLogger struct{ l *log.Logger }

func (p panicLogger) Printf(format string, v ...interface{}) {
	p.l.Error(fmt.Sprintf(format, v...))
}

// Fingerprint is the SHA-256 fingerprint of the host key.
func (s *Server) Fingerprint() string { return gossh.FingerprintSHA256(s.signer.PublicKey()) }

// AISlots returns the bound on the AI searches running at once.
func (s *Server) AISlots() *ai.Slots { return s.aiSlots }

// Lobby returns the server's rooms.
func (s *Server) Lobby() *rooms.Host { return s.lobby }

// Sessions is the number of open sessions.
func (s *Server) Sessions() int { return int(s.nSessions.Load()) }

// Addr is the listening address once Serve has started.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listener == nil {
		return nil
	}
	return s.listener.Addr()
}

// Listen opens the configured address.
func (s *Server) Listen() (net.Listener, error) {
	return net.Listen("tcp", s.cfg.Listen)
}

// Serve accepts connections on l until Shutdown; it returns
// ssh.ErrServerClosed after a shutdown.
func (s *Server) Serve(l net.Listener) error {
	s.mu.Lock()
	s.listener = l
	s.mu.Unlock()
	go s.janitor() // Shutdown waits for it once it has seen the listener
	// A Shutdown that came first saw no listener to close.
	if s.stopping.Load() {
		_ = l.Close()
		return ErrServerClosed
	}
	s.log.Info("serving", "addr", l.Addr().String(), "host-key", s.cfg.HostKeyPath, "fingerprint", s.Fingerprint())
	err := s.ssh.Serve(l)
	if s.stopping.Load() {
		return ErrServerClosed
	}
	return err
}

// admitConn applies the per-source limits, the cap on connections being
// set up and the handshake deadline before any SSH work is done for a new
// connection.
func (s *Server) admitConn(ctx ssh.Context, c net.Conn) net.Conn {
	if s.stopping.Load() {
		s.refuseConn(c, refuseStopping)
		return nil
	}
	block := s.sources.block(addrOf(c.RemoteAddr()))
	if ok, why := s.sources.acquire(block, time.Now()); !ok {
		s.refuseConn(c, why)
		return nil
	}
	if !s.startups.admit() {
		s.sources.release(block)
		s.refuseConn(c, refuseStartups)
		return nil
	}
	s.nConns.Add(1)
	st := &connState{block: block, remote: c.RemoteAddr().String(), pacer: s.newPacer()}
	st.startupCounted.Store(true)
	lc := newLimitedConn(c, s.cfg.InputRate, s.cfg.InputBurst, func() {
		s.sources.release(block)
		s.nConns.Add(-1)
		s.leaveStartup(st)
		if st.handshake != nil {
			st.handshake.Stop()
		}
		st.closed.Store(true)
		if st.live.Load() > 0 {
			s.strays.Store(st, struct{}{})
		}
	})
	st.raw = lc
	// The client has HandshakeTimeout to authenticate and have its shell
	// accepted.
	st.handshake = time.AfterFunc(s.cfg.HandshakeTimeout, func() {
		if !st.started.Load() {
			s.log.Info("handshake timeout", "remote", st.remote)
			s.sources.offence(block, time.Now())
			lc.Close()
		}
	})
	ctx.SetValue(connStateKey, st)
	return lc
}

// refuseConn tells a refused client why in a line before the SSH version
// exchange (RFC 4253 §4.2 lets a server send such lines; OpenSSH shows
// them with -v, other clients in their error) and logs it, rate-limited.
func (s *Server) refuseConn(c net.Conn, why string) {
	s.cfg.Metrics.Refused(why)
	s.refusals.warn(s.log, "connection refused", "remote", c.RemoteAddr().String(), "reason", why)
	_ = c.SetDeadline(time.Now().Add(200 * time.Millisecond))
	_, _ = io.WriteString(c, "tabletop: refused: "+why+"\r\n")
	// Close gently: closing with the client's version line unread would
	// reset the connection and the line could be lost.
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.CloseWrite()
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 4096))
	}
}

// sessionStarted is called when a connection's shell (or join) is
// accepted: it leaves the handshake deadline and the set-up count.
func (s *Server) sessionStarted(st *connState) {
	st.started.Store(true)
	if st.handshake != nil {
		st.handshake.Stop()
	}
	s.leaveStartup(st)
}

func (s *Server) leaveStartup(st *connState) {
	if st.startupCounted.Swap(false) {
		s.startups.done()
	}
}

// offence charges a connection's source for misbehaving.
func (s *Server) offence(st *connState, why string) {
	s.log.Debug("offence", "remote", st.remote, "what", why)
	s.sources.offence(st.block, time.Now())
}

// spawn runs fn in a goroutine counted against st, so Stats can show
// goroutines that outlive their connection.
func (s *Server) spawn(st *connState, fn func()) {
	st.live.Add(1)
	s.tracked.Add(1)
	go func() {
		defer func() {
			s.tracked.Add(-1)
			if st.live.Add(-1) == 0 && st.closed.Load() {
				s.strays.Delete(st)
			}
		}()
		fn()
	}()
}

// Stats is a snapshot for the SIGUSR1 line and the load test.
type Stats struct {
	Sessions    int // running sessions
	Conns       int // open connections
	Startups    int // connections not yet in a session
	Goroutines  int // of the whole process
	ConnTracked int // goroutines the server started for connections
	// Strays are goroutines started for connections that have closed:
	// they belong to no session and should be 0 once the closing is over.
	Strays        int
	SourcesOpen   int // network blocks with open connections
	SourceBuckets int // network blocks with a rate bucket
}

// Stats returns the server's counters.
func (s *Server) Stats() Stats {
	st := Stats{
		Sessions:    s.Sessions(),
		Conns:       int(s.nConns.Load()),
		Startups:    int(s.startups.n.Load()),
		Goroutines:  runtime.NumGoroutine(),
		ConnTracked: int(s.tracked.Load()),
	}
	s.strays.Range(func(k, _ any) bool {
		n := int(k.(*connState).live.Load())
		if n == 0 {
			s.strays.Delete(k)
		}
		st.Strays += n
		return true
	})
	st.SourcesOpen, st.SourceBuckets = s.sources.size()
	return st
}

func (s *Server) newPacer() *windowPacer {
	return &windowPacer{out: make(chan ssh.Window, 1), maxW: s.cfg.MaxWidth, maxH: s.cfg.MaxHeight, minGap: 50 * time.Millisecond}
}

func stateOf(ctx ssh.Context) *connState {
	st, _ := ctx.Value(connStateKey).(*connState)
	return st
}

// sessionChannel accepts the first session channel of a connection and
// rejects any other: one session per connection.
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, newChan gossh.NewChannel, ctx ssh.Context) {
	st := stateOf(ctx)
	if st == nil || st.sessions.Add(1) > 1 {
		_ = newChan.Reject(gossh.Prohibited, "one session per connection")
		return
	}
	// The session's requests pass through the filter; the shell starts
	// the session proper (and ends the handshake deadline).
	ssh.DefaultSessionHandler(srv, conn, filteredChannel{NewChannel: newChan, srv: s, st: st}, ctx)
}

// allowRequest admits a shell, or the one exec command "join CODE";
// every other exec command and every subsystem (sftp, scp's exec, git) is
// refused at the protocol level.
func (s *Server) allowRequest(sess ssh.Session, requestType string) bool {
	switch requestType {
	case "shell":
		return true
	case "exec":
		_, ok := joinCommand(sess.Command())
		if !ok {
			s.log.Warn("exec refused", "remote", sess.RemoteAddr().String(), "command", logText(sess.RawCommand()))
		}
		return ok
	default:
		s.log.Warn("request refused", "remote", sess.RemoteAddr().String(), "type", logText(requestType), "subsystem", logText(sess.Subsystem()))
		return false
	}
}

// joinCommand recognises "join CODE".
func joinCommand(args []string) (string, bool) {
	if len(args) != 2 || args[0] != "join" {
		return "", false
	}
	code, err := rooms.NormalizeCode(args[1])
	if err != nil {
		return "", false
	}
	return code, true
}

// logging logs each session's start and end; every piece of text the
// client chose (user name, command, TERM) is quoted.
func (s *Server) logging(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		start := time.Now()
		pty, _, hasPTY := sess.Pty()
		key := ""
		if k := sess.PublicKey(); k != nil {
			key = gossh.FingerprintSHA256(k)
		}
		// Off the session's goroutine: the logger's text formatter (Lip
		// Gloss styles) takes about 16 KB of stack, which the session's
		// goroutine would keep while it idles (see remoteterm.OffStack).
		remoteterm.OffStack(func() {
			s.log.Info("connect",
				"user", logText(sess.User()),
				"remote", sess.RemoteAddr().String(),
				"key", key,
				"command", logText(sess.RawCommand()),
				"pty", hasPTY,
				"term", logText(pty.Term),
				"width", pty.Window.Width,
				"height", pty.Window.Height,
				"client", logText(sess.Context().ClientVersion()),
			)
		})
		next(sess)
		s.log.Info("disconnect", "user", logText(sess.User()), "remote", sess.RemoteAddr().String(), "duration", time.Since(start).Round(time.Millisecond))
	}
}

// gate admits a session: it refuses new sessions while stopping or when
// the server is full, and wraps the session for the client program.
func (s *Server) gate(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		conn, _ := sess.Context().Value(ssh.ContextKeyConn).(*gossh.ServerConn)
		defer func() {
			// The session is over: give the client a moment to read its exit
			// status and close, then make sure the connection goes.
			if conn != nil {
				time.AfterFunc(2*time.Second, func() { conn.Close() })
			}
		}()
		if s.stopping.Load() {
			fmt.Fprint(sess.Stderr(), "tabletop: the server is stopping, try again later\r\n")
			_ = sess.Exit(1)
			return
		}
		if n := s.nSessions.Add(1); n > int64(s.cfg.MaxSessions) {
			s.nSessions.Add(-1)
			s.cfg.Metrics.Refused("server full")
			s.refusals.warn(s.log, "server full", "remote", sess.RemoteAddr().String())
			_, _, hasPTY := sess.Pty()
			fmt.Fprint(sess, fullMessage(hasPTY))
			_ = sess.Exit(1)
			return
		}
		defer s.nSessions.Add(-1)
		s.handlers.Add(1)
		defer s.handlers.Done()

		gs := s.wrap(sess, conn)
		defer gs.in.close()
		// Whatever the session's program started ends with it.
		defer gs.cancel()
		// Deferred so that even a panic gives up the session's seats.
		defer gs.lobby.leaveAll()
		s.sessions.Store(gs, struct{}{})
		defer s.sessions.Delete(gs)
		s.runProgram(next, gs)
		gs.finish()
	}
}

// runProgram runs the rest of the chain (the client program); a panic ends
// this session only, with a reason for the player.
func (s *Server) runProgram(next ssh.Handler, gs *gameSession) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("session panic", "remote", gs.RemoteAddr().String(), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			gs.reason.CompareAndSwap(nil, "internal error")
		}
	}()
	next(gs)
}

// fullMessage is all a client sees when the server is at capacity.
func fullMessage(hasPTY bool) string {
	if !hasPTY {
		return "tabletop: the server is full, try later.\r\n"
	}
	const text = "  tabletop: server full, try later  "
	bar := strings.Repeat("─", utf8.RuneCountInString(text))
	return "\r\n  ┌" + bar + "┐\r\n" +
		"  │" + text + "│\r\n" +
		"  └" + bar + "┘\r\n\r\n"
}

// wrap builds the gameSession around an admitted session.
func (s *Server) wrap(sess ssh.Session, conn *gossh.ServerConn) *gameSession {
	st := stateOf(sess.Context())
	if st == nil {
		// Only sessions that came through admitConn reach here; keep a
		// private state so a test double cannot crash the server.
		st = &connState{remote: sess.RemoteAddr().String(), pacer: s.newPacer()}
	}
	gs := &gameSession{
		Session: sess,
		srv:     s,
		st:      st,
		conn:    conn,
		player:  PlayerFor(sess),
		started: time.Now(),
	}
	gs.ctx, gs.cancel = context.WithCancel(sess.Context())
	gs.alive.Store(gs.started.UnixNano())
	gs.pinged = gs.started
	gs.joinCode, _ = joinCommand(sess.Command())
	gs.lobby = newSessionLobby(s.lobby, gs.player)
	keys := newKeyGate(s.cfg.KeyRate, s.cfg.KeyBurst)
	keys.held = func() {
		s.refusals.warn(s.log, "keys held back: the client sends them faster than a person types", "remote", st.remote, "user", logText(sess.User()))
	}
	// The pump starts with the program, which its keys are for (see
	// runPrograms).
	gs.in = newInputPump(sess, keys, nil)
	gs.out = &watchedWriter{w: ptyOut{sess: sess, raw: st.channel}}
	if st.raw != nil {
		gs.out.batch = st.raw
	}
	pty, _, ok := sess.Pty()
	gs.hasPT = ok
	if ok {
		pty.Window = clampWindow(pty.Window, s.cfg.MaxWidth, s.cfg.MaxHeight)
		gs.pty = pty
		// Window changes come, clamped and paced, from the request
		// filter's slot, never from the library's (see requestFilter).
		gs.winch = st.pacer.out
	}
	return gs
}

// requireTerminal ends a session without a PTY with a one-line hint and
// exit status 1 (the activeterm middleware's job, with a better message).
func (s *Server) requireTerminal(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if _, _, ok := sess.Pty(); !ok {
			fmt.Fprintf(sess.Stderr(), "tabletop needs a terminal: connect with ssh -t (e.g. %s)\r\n", sshCommand(sess))
			_ = sess.Exit(1)
			return
		}
		next(sess)
	}
}

// sshCommand is the command that reaches this session's server with a
// terminal: the port the client connected to (none for 22) and its
// "join CODE", if it gave one. The host name the client typed is not
// known here.
func sshCommand(sess ssh.Session) string {
	cmd := "ssh -t"
	if _, port, err := net.SplitHostPort(sess.LocalAddr().String()); err == nil && port != "22" {
		cmd += " -p " + port
	}
	cmd += " host"
	if code, ok := joinCommand(sess.Command()); ok {
		cmd += " join " + code
	}
	return cmd
}

// programHandler builds the client program for a session.
func (s *Server) programHandler(sess ssh.Session) *tea.Program {
	gs, ok := sess.(*gameSession)
	if !ok {
		return nil
	}
	// Colours are downsampled to the terminal's profile, found from the
	// session's environment as Wish does: nothing is asked of the
	// terminal before the first frame.
	env := append(gs.Environ(), "TERM="+gs.pty.Term)
	profile := colorprofile.Env(env)

	var store savefmt.SaveStore = &memorySave{max: s.cfg.MaxSaveBytes}
	if gs.player.ID != "" {
		store = s.saves.For(gs.player.ID)
	}
	s.seePlayer(gs.player)
	model := s.cfg.NewClient(ClientOptions{
		ColorProfile: profile,
		Player:       gs.player,
		Lobby:        gs.lobby,
		Store:        store,
		JoinCode:     gs.joinCode,
		AISlots:      s.aiSlots.For(gs.st.block.String()),
		// Ratings, when the rooms are kept in the storage layer.
		Standings:  s.standings(gs.player.ID),
		QuickMatch: s.quickMatchFor(gs.player, gs.lobby),
		// A guest has no key to answer for: no AI-only games (issue 11's
		// fair share of AI time), unless the operator allows them.
		NoAIOnlyGames: gs.player.ID == "" && !s.cfg.GuestAIGames,
		OnFinished:    s.recordsFor(gs.player),
		Context:       gs.ctx,
	})
	if model == nil {
		return nil
	}
	term := remoteterm.NewRenderer(gs.out, profile, gs.pty.Window.Width, gs.pty.Window.Height)
	opts := s.programOptions(gs, term, env, profile)
	p := tea.NewProgram(term.Model(panicWitness{Model: model, gs: gs}), opts...)
	gs.setProgram(p, term)
	s.followTurns(gs)
	return p
}

// programOptions are a session's program's options: no renderer and no
// input reader of its own (the session's line renderer draws its views
// and its pump decodes the keys, see internal/remoteterm for why), the
// terminal's size, environment and colours, and no signals.
func (s *Server) programOptions(gs *gameSession, term *remoteterm.Renderer, env []string, profile colorprofile.Profile) []tea.ProgramOption {
	maxW, maxH := s.cfg.MaxWidth, s.cfg.MaxHeight
	return []tea.ProgramOption{
		tea.WithoutRenderer(),
		tea.WithInput(nil),
		// What the program writes itself goes out between frames.
		tea.WithOutput(term.Raw()),
		// With no renderer the program's frame ticker only flushes what
		// the program writes itself (nothing, in tabletop): once a
		// second, not 60 times, per idle session.
		tea.WithFPS(1),
		tea.WithEnvironment(env),
		tea.WithWindowSize(gs.pty.Window.Width, gs.pty.Window.Height),
		tea.WithColorProfile(profile),
		// The server handles signals; 500 programs must not each grab SIGINT.
		tea.WithoutSignalHandler(),
		tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg {
			switch m := msg.(type) {
			case tea.SuspendMsg:
				return nil // there is no shell to suspend to
			case tea.WindowSizeMsg:
				m.Width = clampInt(m.Width, 1, maxW)
				m.Height = clampInt(m.Height, 1, maxH)
				return m
			}
			return msg
		}),
	}
}

// keepalive asks the client for a sign of life every quarter of the idle
// timeout and ends the session when none came for the whole timeout. (The
// connection's own idle deadline is refreshed by the server's writes, so
// it alone would not notice a client that vanished.) The janitor calls it;
// a goroutine exists only while a request is in flight.
func (s *Server) keepalive(gs *gameSession, now time.Time) {
	if gs.conn == nil {
		return
	}
	if now.Sub(time.Unix(0, gs.alive.Load())) > s.cfg.IdleTimeout {
		gs.end("idle: no answer from the client")
		return
	}
	if now.Sub(gs.pinged) < s.cfg.IdleTimeout/4 || gs.pinging.Swap(true) {
		return
	}
	gs.pinged = now
	s.spawn(gs.st, func() {
		defer gs.pinging.Store(false)
		if _, _, err := gs.conn.SendRequest("keepalive@openssh.com", true, nil); err == nil {
			gs.alive.Store(time.Now().UnixNano())
		}
	})
}

// janitor enforces the per-session time limits, and moves the memory
// limit with the sessions.
func (s *Server) janitor() {
	defer close(s.janitorDone)
	t := time.NewTicker(s.cfg.JanitorInterval)
	defer t.Stop()
	mem := newMemoryFollower(s.cfg.MemoryLimit)
	defer mem.stop()
	lastSweep := time.Now()
	for {
		select {
		case <-s.stopJanitor:
			return
		case now := <-t.C:
			mem.follow(s.Sessions(), now)
			s.sessions.Range(func(k, _ any) bool {
				s.check(k.(*gameSession), now)
				return true
			})
			if now.Sub(lastSweep) > time.Minute {
				s.sources.sweep(now)
				lastSweep = now
			}
		}
	}
}

func (s *Server) check(gs *gameSession, now time.Time) {
	if gs.closing.Load() || gs.scheduled.Load() {
		return
	}
	switch {
	case gs.out.stalledFor(now) > s.cfg.WriteStall:
		gs.end("client stopped reading")
	case now.Sub(gs.in.lastInput()) > s.cfg.AFKTimeout:
		gs.notice("away from the keyboard too long: closing")
		s.endSoon(gs, "away from keyboard")
	case now.Sub(gs.started) > s.cfg.MaxSessionTime:
		gs.notice("maximum session time reached: closing")
		s.endSoon(gs, "maximum session time")
	default:
		s.keepalive(gs, now)
	}
}

// endSoon ends a session after a short pause so its player can read why.
func (s *Server) endSoon(gs *gameSession, reason string) {
	if gs.scheduled.Swap(true) {
		return
	}
	time.AfterFunc(2*time.Second, func() { gs.end(reason) })
}

// Shutdown stops the server: no new connections, every player told the
// server is stopping, then every session closed. It returns when all
// session handlers have finished or ctx expires.
func (s *Server) Shutdown(ctx context.Context) error {
	s.stopOnce.Do(func() {
		s.stopErr = s.shutdown(ctx)
		close(s.stopped)
	})
	select {
	case <-s.stopped:
		return s.stopErr
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) shutdown(ctx context.Context) error {
	s.stopping.Store(true)
	s.lobby.Stopping() // the notice and the sessions' ends cost nobody's clock
	s.mu.Lock()
	l := s.listener
	s.mu.Unlock()
	if l != nil {
		_ = l.Close() // stop accepting now; ssh.Server.Close follows
	}
	n := 0
	s.sessions.Range(func(k, _ any) bool {
		k.(*gameSession).notice("server stopping — thanks for playing")
		n++
		return true
	})
	s.log.Info("stopping", "sessions", n)
	if n > 0 {
		select {
		case <-time.After(s.cfg.ShutdownNotice):
		case <-ctx.Done():
		}
	}
	s.sessions.Range(func(k, _ any) bool {
		k.(*gameSession).end("server stopping")
		return true
	})
	// Give programs a moment to restore the client's terminal, then close
	// every connection.
	quit := make(chan struct{})
	go func() { s.handlers.Wait(); close(quit) }()
	select {
	case <-quit:
	case <-time.After(500 * time.Millisecond):
	case <-ctx.Done():
	}
	err := s.ssh.Close()
	if errors.Is(err, net.ErrClosed) {
		err = nil
	}
	select {
	case <-quit:
	case <-ctx.Done():
		err = ctx.Err()
	}
	s.lobby.Close()
	close(s.stopJanitor)
	if l != nil {
		<-s.janitorDone
	}
	return err
}

// ErrServerClosed is returned by Serve after Shutdown.
var ErrServerClosed = ssh.ErrServerClosed

// IsLoopback reports whether host:port names a loopback address.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
