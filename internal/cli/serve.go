package cli

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"charm.land/log/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/procstat"
	"github.com/tabletop/tabletop/internal/remoteterm"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/server/metrics"
)

// runServe serves tabletop over SSH.
//
//	tabletop serve [--listen 127.0.0.1:2222] [--host-key PATH] [--data DIR] [limits...]
//
// Every flag can also be set with an environment variable (shown in -h);
// a flag on the command line wins.
func runServe(c *commandLine, args []string) error {
	cfg, extra, err := serveConfig(c, args)
	if err != nil {
		return err
	}
	game.SetSolverMemory(int64(max(extra.solverMemory, 0)) << 20)
	db, err := openServeStore(&cfg, extra.store, extra.initStore)
	if err != nil {
		return err
	}
	defer db.Close()
	var m *metrics.Metrics
	if extra.metrics != "" {
		m = metrics.New()
		cfg.Metrics = m
	}
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	if m != nil {
		stop, err := serveMetrics(srv, m, extra.metrics, cfg.Logger)
		if err != nil {
			return err
		}
		defer stop()
	}
	if extra.pprof != "" {
		stop, err := servePprof(extra.pprof, cfg.Logger)
		if err != nil {
			return err
		}
		defer stop()
	}
	l, err := srv.Listen()
	if err != nil {
		return err
	}
	return serveUntilSignal(srv, l, cfg.Logger)
}

// serveExtras are serve's settings that are not the server's: the store
// to open (and whether it may start empty), where to serve metrics and
// profiles, and the memory of the AI's exact solvers (in MiB).
type serveExtras struct {
	store, metrics, pprof string
	initStore             bool
	solverMemory          int
	// memoryLimit is --memory-limit (auto, off or MiB);
	// memoryPerSession is in KiB.
	memoryLimit      string
	memoryPerSession int
	garbageWindow    time.Duration
}

// serveSolverMemory is serve's default memory for the exact solvers, in
// MiB, shared by every session and room: one retrograde analysis of a
// Pentago position with 19 stones (370 MB) or three of 20 stones at once,
// so hard plays perfectly from 20 stones; 18 stones (1.1 GB) need more.
const serveSolverMemory = 512

// serveConfig reads serve's flags and environment variables.
func serveConfig(c *commandLine, args []string) (server.Config, serveExtras, error) {
	cfg := server.Defaults()
	env := envReader{fs: c.flags}
	netBlock, startups, extra, gamesDir, logLevel := declareServeFlags(&env, &cfg)
	c.help = `Usage: tabletop serve [FLAGS]

Serves tabletop over SSH: players connect with  ssh -p PORT HOST  and
join a room directly with  ssh -t -p PORT HOST join CODE.
SIGTERM or SIGINT stops the server gracefully (players are told, at most 10 s);
SIGUSR1 logs a line of statistics (not on Windows, which has no such signal).

Flags (each also settable by the environment variable shown):
`
	if _, err := c.parse(args, 0); err != nil {
		return server.Config{}, serveExtras{}, err
	}
	if err := env.err; err != nil {
		return server.Config{}, serveExtras{}, usageError{err.Error()}
	}
	if err := checkPprofAddr(extra.pprof); err != nil {
		return server.Config{}, serveExtras{}, err
	}
	level, err := log.ParseLevel(*logLevel)
	if err != nil {
		return server.Config{}, serveExtras{}, usageError{err.Error()}
	}
	cfg.Logger = log.NewWithOptions(c.stderr, log.Options{ReportTimestamp: true, Level: level})
	if cfg.NetBlockV4, cfg.NetBlockV6, err = server.ParseNetBlock(*netBlock); err != nil {
		return server.Config{}, serveExtras{}, usageError{err.Error()}
	}
	if cfg.StartupsBegin, cfg.StartupsRate, cfg.StartupsFull, err = server.ParseStartups(*startups); err != nil {
		return server.Config{}, serveExtras{}, usageError{err.Error()}
	}
	if cfg.StartupsFull == 0 {
		cfg.StartupsFull = -1 // off (0 would mean the default)
	}
	if err := registerServedSheets(*gamesDir, cfg.Logger); err != nil {
		return server.Config{}, serveExtras{}, err
	}
	cfg.NewClient = server.UIClient
	if cfg.MemoryLimit, err = memoryLimit(extra.memoryLimit, extra.memoryPerSession, os.Getenv("GOMEMLIMIT") != ""); err != nil {
		return server.Config{}, serveExtras{}, err
	}
	if cfg.MemoryLimit.PerSession > 0 {
		cfg.MemoryLimit.GarbageWindow = extra.garbageWindow
	}
	return cfg, *extra, nil
}

// memoryLimit reads --memory-limit: "auto" follows the sessions (unless
// the operator set GOMEMLIMIT, which then stands), "off" sets nothing, a
// number of MiB is a fixed limit (a floor with no allowance per session).
func memoryLimit(flag string, perSessionKiB int, goMemLimitSet bool) (server.MemoryLimit, error) {
	switch flag {
	case "auto":
		if goMemLimitSet || perSessionKiB <= 0 {
			return server.MemoryLimit{}, nil
		}
		return server.MemoryLimit{PerSession: int64(perSessionKiB) << 10, Floor: server.DefaultMemoryFloor}, nil
	case "off":
		return server.MemoryLimit{}, nil
	}
	mib, err := strconv.Atoi(flag)
	if err != nil || mib <= 0 {
		return server.MemoryLimit{}, usageError{fmt.Sprintf("--memory-limit %q: auto, off or a number of MiB", flag)}
	}
	return server.MemoryLimit{Floor: int64(mib) << 20}, nil
}

// declareServeFlags declares serve's flags, each with its environment
// variable: those of the server's settings write into cfg (its values are
// the defaults); the others are returned, to be read after parsing.
func declareServeFlags(env *envReader, cfg *server.Config) (netBlock, startups *string, extra *serveExtras, gamesDir, logLevel *string) {
	env.StringVar(&cfg.Listen, "listen", "TABLETOP_LISTEN", "address to listen on (use :2222 or 0.0.0.0:2222 to serve the internet)")
	env.StringVar(&cfg.DataDir, "data", "TABLETOP_DATA", "data directory: host key and saved games")
	env.StringVar(&cfg.HostKeyPath, "host-key", "TABLETOP_HOST_KEY", "host key file, created on first start (default DATA/host_ed25519)")
	cfg.AllowGuests = env.Bool("guests", "TABLETOP_GUESTS", *cfg.AllowGuests, "let people in without an SSH key (as guests who cannot save or rejoin)")
	env.BoolVar(&cfg.GuestAIGames, "guest-ai-games", "TABLETOP_GUEST_AI_GAMES", "let guests start local games with AI seats only (AI against AI), which take AI time from people playing")
	env.DurationVar(&cfg.HandshakeTimeout, "handshake-timeout", "TABLETOP_HANDSHAKE_TIMEOUT", "time to authenticate and open a session")
	env.IntVar(&cfg.MaxConnsPerIP, "max-conns-per-ip", "TABLETOP_MAX_CONNS_PER_IP", "concurrent connections per IP address (-1 = unlimited)")
	env.IntVar(&cfg.ConnsPerMinute, "conns-per-minute", "TABLETOP_CONNS_PER_MINUTE", "new connections per minute per IP address (-1 = unlimited)")
	netBlock = env.String("per-source-netblock", "TABLETOP_PER_SOURCE_NETBLOCK", fmt.Sprintf("%d:%d", cfg.NetBlockV4, cfg.NetBlockV6), "IPv4:IPv6 prefix lengths addresses are grouped by for the per-source limits (like OpenSSH's PerSourceNetBlockSize)")
	env.IntVar(&cfg.MaxSources, "max-sources", "TABLETOP_MAX_SOURCES", "network blocks whose connection rate is remembered; when full the one seen longest ago is forgotten")
	startups = env.String("max-startups", "TABLETOP_MAX_STARTUPS", fmt.Sprintf("%d:%d:%d", cfg.StartupsBegin, cfg.StartupsRate, cfg.StartupsFull), "start:rate:full for connections not yet in a session: beyond start, new ones are dropped with probability rate %, rising to 100 % at full (like OpenSSH's MaxStartups; 0 = off)")
	env.IntVar(&cfg.MaxSessions, "max-sessions", "TABLETOP_MAX_SESSIONS", "sessions in all; beyond it players see \"server full\"")
	env.IntVar(&cfg.MaxRooms, "max-rooms", "TABLETOP_MAX_ROOMS", "rooms in all")
	env.IntVar(&cfg.MaxWidth, "max-width", "TABLETOP_MAX_WIDTH", "largest window width laid out; bigger windows are clamped")
	env.IntVar(&cfg.MaxHeight, "max-height", "TABLETOP_MAX_HEIGHT", "largest window height laid out")
	env.IntVar(&cfg.InputRate, "input-rate", "TABLETOP_INPUT_RATE", "bytes per second a client may send (-1 = unlimited)")
	env.IntVar(&cfg.InputBurst, "input-burst", "TABLETOP_INPUT_BURST", "bytes a client may send in a burst")
	env.IntVar(&cfg.KeyRate, "key-rate", "TABLETOP_KEY_RATE", "keys per second a session's program is given (a paste counts as one; faster keys wait) (-1 = unlimited)")
	env.IntVar(&cfg.KeyBurst, "key-burst", "TABLETOP_KEY_BURST", "keys a session may send at once before --key-rate paces them")
	env.DurationVar(&cfg.AFKTimeout, "afk-timeout", "TABLETOP_AFK_TIMEOUT", "no keypress for this long ends a session")
	env.DurationVar(&cfg.IdleTimeout, "idle-timeout", "TABLETOP_IDLE_TIMEOUT", "no answer from the client for this long ends a session")
	env.DurationVar(&cfg.MaxSessionTime, "max-session", "TABLETOP_MAX_SESSION", "longest session")
	env.DurationVar(&cfg.WriteStall, "write-stall", "TABLETOP_WRITE_STALL", "a client that reads nothing for this long is dropped")
	env.DurationVar(&cfg.SeatHold, "seat-hold", "TABLETOP_SEAT_HOLD", "a disconnected player's seat is held this long for their key")
	env.DurationVar(&cfg.AdjournedExpiry, "adjourned-expiry", "TABLETOP_ADJOURNED_EXPIRY", "a game with moves whose players all stayed away past the seat hold is adjourned: it waits this long for them (a running clock may end it first), then it is recorded as abandoned")
	env.DurationVar(&cfg.NodeTTL, "node-ttl", "TABLETOP_NODE_TTL", "with a PostgreSQL store: a node whose heartbeat is this old (it crashed) has its players' seats held by the other nodes")
	env.DurationVar(&cfg.AIBudget, "ai-budget", "TABLETOP_AI_BUDGET", "time per AI move in rooms (0 = the level's default)")
	env.IntVar(&cfg.AIConcurrency, "ai-concurrency", "TABLETOP_AI_CONCURRENCY", "AI searches running at once, rooms and single-player games together (default: the number of cores); others wait for a free slot")
	env.IntVar(&cfg.AIPerSource, "ai-per-source", "TABLETOP_AI_PER_SOURCE", "AI searches of single-player games one network block (see --per-source-netblock) runs at once; more wait, and a freed slot goes to the waiting addresses in turn (-1 = no bound)")
	env.IntVar(&cfg.MaxSaves, "max-saves", "TABLETOP_MAX_SAVES", "saved games kept on disk (one per player key); beyond it the least recently saved are deleted")
	env.IntVar(&cfg.MaxSaveBytes, "max-save-bytes", "TABLETOP_MAX_SAVE_BYTES", "largest saved game in bytes")
	extra = &serveExtras{solverMemory: serveSolverMemory, memoryLimit: "off", memoryPerSession: server.DefaultMemoryPerSession >> 10}
	env.StringVar(&extra.memoryLimit, "memory-limit", "TABLETOP_MEMORY_LIMIT", "the Go runtime's soft memory limit: off (the default: Go's own pacing), auto (the memory at start plus --memory-per-session for each session, at least 128 MiB, with room for 10 s of allocations at the recent rate; left to GOMEMLIMIT when that is set; it costs CPU under load: two nodes of 1 000 rooms each took 0.79-1.03 ms a move against 0.56 without it), or a fixed number of MiB")
	extra.garbageWindow = server.DefaultGarbageWindow
	env.DurationVar(&extra.garbageWindow, "memory-garbage-window", "TABLETOP_MEMORY_GARBAGE_WINDOW", "with --memory-limit auto, the limit leaves room for this long's allocations at the recent rate (shorter: less memory, more collections when busy)")
	env.IntVar(&extra.memoryPerSession, "memory-per-session", "TABLETOP_MEMORY_PER_SESSION", "KiB each session adds to the memory limit, with --memory-limit auto")
	env.IntVar(&extra.solverMemory, "solver-memory", "TABLETOP_SOLVER_MEMORY", "MiB the AI's exact solvers (Pentago from about 20 stones) may use at once, shared by all sessions and rooms; a solve that does not fit is left to the search (0 = no exact solving beyond a 1 MiB table)")
	env.StringVar(&extra.store, "store", "TABLETOP_STORE", "where rooms, players and ratings are kept: a postgres:// URL (several nodes share it) or an SQLite file (default DATA/tabletop.db)")
	env.BoolVar(&extra.initStore, "init-store", "TABLETOP_INIT_STORE", "start even though the store is missing or empty while the data directory shows it was used (host key, saves): without it such a start is refused")
	env.StringVar(&extra.metrics, "metrics", "TABLETOP_METRICS", "serve Prometheus metrics and /healthz over HTTP on this address, e.g. 127.0.0.1:9100 (default: off)")
	env.StringVar(&extra.pprof, "pprof", "TABLETOP_PPROF", "serve Go's CPU, heap and allocation profiles (net/http/pprof, /debug/pprof/) over HTTP on this loopback address, e.g. 127.0.0.1:6060 (default: off)")
	gamesDir = env.String("games", "TABLETOP_GAMES", "", "folder of GDL rule sheets (*.kif) offered in rooms besides the built-in games")
	logLevel = env.String("log-level", "TABLETOP_LOG_LEVEL", "info", "debug, info, warn or error")
	return netBlock, startups, extra, gamesDir, logLevel
}

// registerServedSheets makes the operator's rule sheets games of every
// room (players never send sheets: they choose among these). A sheet that
// does not load is logged and left out; a folder that cannot be read
// stops the server before it starts.
func registerServedSheets(dir string, logger *log.Logger) error {
	if dir == "" {
		return nil
	}
	if _, err := os.Stat(dir); err != nil {
		return fmt.Errorf("--games: %v", err)
	}
	vs, err := sheets.RegisterDir(dir, sheets.TurnTaking)
	for _, v := range vs {
		logger.Info("rule sheet", "game", v.Name, "title", v.Title)
	}
	if err != nil {
		logger.Warn("rule sheets left out", "err", err)
	}
	return nil
}

// serveUntilSignal serves on l until the server fails or a signal stops
// it; the stats signal logs a line of statistics.
func serveUntilSignal(srv *server.Server, l net.Listener, logger *log.Logger) error {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, serveSignals...)
	defer signal.Stop(sigs)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	for {
		select {
		case err := <-served:
			logger.Error("serve", "err", err)
			return exitStatus(1)
		case sig := <-sigs:
			if statsSignal != nil && sig == statsSignal {
				logStats(logger, srv)
				continue
			}
			logger.Info("signal: shutting down", "signal", sig.String())
			// The whole stop must fit in 10 s; a second signal stops at once.
			ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
			go func() {
				select {
				case s := <-sigs:
					if statsSignal == nil || s != statsSignal {
						logger.Warn("second signal: exiting now")
						os.Exit(1)
					}
				case <-ctx.Done():
				}
			}()
			err := srv.Shutdown(ctx)
			cancel()
			if err != nil {
				logger.Error("shutdown", "err", err)
				return exitStatus(1)
			}
			logger.Info("stopped")
			return nil
		}
	}
}

// logStats logs the figures an operator (or the load test) wants.
func logStats(logger *log.Logger, srv *server.Server) {
	mem := procstat.ReadMemory()
	cpu, _ := procstat.CPUTime()
	drawn := remoteterm.Totals()
	st := srv.Stats()
	logger.Info("stats",
		"sessions", st.Sessions,
		"rooms", srv.Lobby().Len(),
		"conns", st.Conns,
		"startups", st.Startups,
		"goroutines", st.Goroutines,
		"conn_goroutines", st.ConnTracked,
		// Goroutines of connections that have closed: they belong to no
		// session and should be 0 a moment after any disconnect.
		"stray_goroutines", st.Strays,
		// Renderer workers kept idle for the next sessions' calls (at
		// most a few per core): not left over from any session.
		"idle_workers", remoteterm.IdleWorkers(),
		"sources", st.SourceBuckets,
		"heap_kb", mem.HeapKB,
		// What the last collection found live (none is forced) and the
		// goroutines' stacks: what the sessions hold, apart from garbage.
		"live_heap_kb", mem.LiveHeapKB,
		"stack_kb", mem.StackKB,
		"stack_start", mem.StartingStack,
		"gcs", mem.GCs,
		"rss_kb", procstat.RSSKB(os.Getpid()),
		// The process's CPU time so far, for CPU per key or per move.
		"cpu_ms", cpu.Milliseconds(),
		// The sessions' views, the frames written and their bytes.
		"views", drawn.Views,
		"frames", drawn.Frames,
		"frame_bytes", drawn.Bytes,
	)
}

// envReader defines flags whose defaults come from environment variables.
type envReader struct {
	fs  *flag.FlagSet
	err error
}

func (e *envReader) note(name, envVar string) string { return " [$" + envVar + "]" }

// StringVar, IntVar, BoolVar and DurationVar declare a flag that writes
// into p; the default is p's value, or the environment variable's.
func (e *envReader) StringVar(p *string, name, envVar, usage string) {
	if v, ok := os.LookupEnv(envVar); ok {
		*p = v
	}
	e.fs.StringVar(p, name, *p, usage+e.note(name, envVar))
}

func (e *envReader) IntVar(p *int, name, envVar, usage string) {
	if v, ok := os.LookupEnv(envVar); ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		e.envErr(envVar, err)
		*p = n
	}
	e.fs.IntVar(p, name, *p, usage+e.note(name, envVar))
}

func (e *envReader) BoolVar(p *bool, name, envVar, usage string) {
	if v, ok := os.LookupEnv(envVar); ok {
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		e.envErr(envVar, err)
		*p = b
	}
	e.fs.BoolVar(p, name, *p, usage+e.note(name, envVar))
}

func (e *envReader) DurationVar(p *time.Duration, name, envVar, usage string) {
	if v, ok := os.LookupEnv(envVar); ok {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		e.envErr(envVar, err)
		*p = d
	}
	e.fs.DurationVar(p, name, *p, usage+e.note(name, envVar))
}

// envErr keeps the first bad environment variable's error.
func (e *envReader) envErr(envVar string, err error) {
	if err != nil && e.err == nil {
		e.err = fmt.Errorf("$%s: %v", envVar, err)
	}
}

// String and Bool are StringVar and BoolVar into a new variable.
func (e *envReader) String(name, envVar, def, usage string) *string {
	p := &def
	e.StringVar(p, name, envVar, usage)
	return p
}

func (e *envReader) Bool(name, envVar string, def bool, usage string) *bool {
	p := &def
	e.BoolVar(p, name, envVar, usage)
	return p
}
