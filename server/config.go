package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/log/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/server/metrics"
	"github.com/tabletop/tabletop/ui"
)

// ClientOptions is what the server gives the client program it starts for
// one session.
type ClientOptions struct {
	// ColorProfile is the colour profile of the session's terminal, from
	// its environment (TERM, NO_COLOR): the program downsamples to it.
	ColorProfile colorprofile.Profile
	Player       rooms.Player
	Lobby        rooms.Lobby
	Store        savefmt.SaveStore
	JoinCode     string // from "ssh host join CODE": open this room directly
	// AISlots is shared by every session and room of the server: it
	// bounds the AI searches running at once.
	AISlots *ai.Slots
	// Standings serves the ratings screens; nil without a store that
	// keeps ratings.
	Standings ui.Standings
	// QuickMatch is the session's "play anyone"; nil for guests and
	// without the storage layer.
	QuickMatch ui.QuickMatch
	// NoAIOnlyGames refuses local games with AI seats only: a guest's
	// AI-against-AI game would take AI time from people playing.
	NoAIOnlyGames bool
	// OnFinished keeps a key holder's finished local games in the
	// store's history; nil for guests and without the storage layer.
	OnFinished func(savefmt.FinishedGame) (string, error)
	// Context ends with the session: whatever the client started (AI
	// searches, running or waiting for a slot) ends with it.
	Context context.Context
}

// ClientFactory builds the client model for a session (ui.New over SSH).
type ClientFactory func(ClientOptions) tea.Model

// Config holds every setting of a server. The zero value of a field means
// its default (see Defaults), except where noted.
type Config struct {
	Listen      string // address to listen on
	DataDir     string // host key, SQLite store, legacy save files
	HostKeyPath string // default DataDir/host_ed25519

	HandshakeTimeout time.Duration // to authenticate and open a session
	MaxConnsPerIP    int           // concurrent connections per address; <0 unlimited
	ConnsPerMinute   int           // new connections per minute per address; <0 unlimited
	MaxSessions      int           // sessions in all
	MaxRooms         int           // rooms in all
	MaxWidth         int           // window width clamp
	MaxHeight        int           // window height clamp
	InputRate        int           // bytes per second a client may send; <0 unlimited
	InputBurst       int           // bytes a client may send at once
	KeyRate          int           // keys (events: a paste is one) per second a session's program is given; <0 unlimited
	KeyBurst         int           // keys a session may send at once before KeyRate paces them
	AFKTimeout       time.Duration // no keypress for this long ends the session
	IdleTimeout      time.Duration // no sign of life from the client for this long
	MaxSessionTime   time.Duration // absolute session limit
	WriteStall       time.Duration // a write blocked this long drops the session
	SeatHold         time.Duration // a disconnected player's seat is held this long
	AdjournedExpiry  time.Duration // a game every player left waits this long, then is recorded as abandoned
	AllowGuests      *bool         // accept clients without a public key (default true)
	GuestAIGames     bool          // let guests start local AI-against-AI games (default off)
	AIBudget         time.Duration // per AI move; 0 means the level's default
	AIConcurrency    int           // AI searches running at once, rooms and single-player games together (default: the number of cores)
	AIPerSource      int           // AI searches one source (network block) runs at once; the others wait their turn; <0 unbounded
	ShutdownNotice   time.Duration // how long players see "server stopping"
	JanitorInterval  time.Duration // how often limits are checked
	MaxSaveBytes     int           // largest saved game
	MaxSaves         int           // saved games kept (one per player key, in the store when there is one); the oldest go first

	// MaxSources bounds the per-source table of rate buckets; when full the
	// source seen longest ago is forgotten.
	MaxSources int
	// NetBlockV4, NetBlockV6: the prefix lengths addresses are grouped by
	// for the per-source limits (OpenSSH's PerSourceNetBlockSize).
	NetBlockV4, NetBlockV6 int
	// MaxStartups is start:rate:full for connections that have not
	// started a session yet (OpenSSH's MaxStartups); full < 0 turns it off.
	StartupsBegin, StartupsRate, StartupsFull int

	Logger    *log.Logger
	NewClient ClientFactory // default UIClient
	// Store keeps room records, and the nodes' heartbeats when it is
	// also a rooms.NodeStore (see rooms.NodesOf); default an in-memory
	// store (see NewRoomStore for the database).
	Store rooms.RecordStore
	// AILeaseTTL is how long a node's claim on a room's AI seats lasts
	// unless renewed: another node takes over that long after a crash.
	// Default 10 s.
	AILeaseTTL time.Duration
	// NodeTTL is how long this node's heartbeat in a shared store lasts
	// unless renewed: that long after a crash, the other nodes hold its
	// players' seats as after a disconnect. Default 10 s.
	NodeTTL time.Duration
	// Metrics receives refusals, store latency and moves; default none.
	Metrics metrics.Recorder
	// MemoryLimit, when set, has the runtime's soft memory limit follow
	// the sessions (process-wide: one server a process); default off.
	MemoryLimit MemoryLimit
}

// Defaults returns the server's default settings and limits, as documented in serve -h and the README.
func Defaults() Config {
	yes := true
	return Config{
		Listen:           "127.0.0.1:2222",
		DataDir:          DefaultDataDir(),
		HandshakeTimeout: 10 * time.Second,
		MaxConnsPerIP:    4,
		ConnsPerMinute:   10,
		MaxSessions:      500,
		MaxRooms:         1000,
		MaxWidth:         500,
		MaxHeight:        200,
		InputRate:        16 << 10,
		InputBurst:       64 << 10,
		KeyRate:          defaultKeyRate,
		KeyBurst:         defaultKeyBurst,
		AFKTimeout:       10 * time.Minute,
		IdleTimeout:      120 * time.Second,
		MaxSessionTime:   4 * time.Hour,
		WriteStall:       10 * time.Second,
		SeatHold:         2 * time.Minute,
		AdjournedExpiry:  rooms.DefaultAdjournedExpiry,
		NodeTTL:          10 * time.Second,
		AllowGuests:      &yes,
		AIConcurrency:    runtime.NumCPU(),
		AIPerSource:      1,
		ShutdownNotice:   2 * time.Second,
		JanitorInterval:  time.Second,
		MaxSaveBytes:     256 << 10,
		MaxSaves:         10000,
		MaxSources:       20000,
		NetBlockV4:       32,
		NetBlockV6:       64,
		StartupsBegin:    10,
		StartupsRate:     30,
		StartupsFull:     100,
	}
}

// A session's keys are paced to a human rate: a person types a few keys
// a second, in bursts of a dozen, and a held key repeats about 30 times a
// second, which 20 a second with bursts of 40 holds back only after more
// than a second of holding. A client sending thousands a second (each a
// redraw) gets 20: with 16 such clients the server spent 57–66 % of a
// core at 40 a second, 37–39 % at 20 (TestKeyFloodBesideAPlayer). A
// paste is one key.
const (
	defaultKeyRate  = 20
	defaultKeyBurst = 40
)

// DefaultDataDir is $XDG_DATA_HOME/tabletop-server, or
// ~/.local/share/tabletop-server.
func DefaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "tabletop-server")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "tabletop-server")
	}
	return "tabletop-server"
}

// withDefaults fills unset fields from Defaults.
func (c Config) withDefaults() Config {
	d := Defaults()
	setDur := func(v *time.Duration, def time.Duration) {
		if *v == 0 {
			*v = def
		}
	}
	setInt := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	if c.Listen == "" {
		c.Listen = d.Listen
	}
	if c.DataDir == "" {
		c.DataDir = d.DataDir
	}
	if c.HostKeyPath == "" {
		c.HostKeyPath = filepath.Join(c.DataDir, "host_ed25519")
	}
	setDur(&c.HandshakeTimeout, d.HandshakeTimeout)
	setInt(&c.MaxConnsPerIP, d.MaxConnsPerIP)
	setInt(&c.ConnsPerMinute, d.ConnsPerMinute)
	setInt(&c.MaxSessions, d.MaxSessions)
	setInt(&c.MaxRooms, d.MaxRooms)
	setInt(&c.MaxWidth, d.MaxWidth)
	setInt(&c.MaxHeight, d.MaxHeight)
	setInt(&c.InputRate, d.InputRate)
	setInt(&c.InputBurst, d.InputBurst)
	setInt(&c.KeyRate, d.KeyRate)
	setInt(&c.KeyBurst, d.KeyBurst)
	setDur(&c.AFKTimeout, d.AFKTimeout)
	setDur(&c.IdleTimeout, d.IdleTimeout)
	setDur(&c.MaxSessionTime, d.MaxSessionTime)
	setDur(&c.WriteStall, d.WriteStall)
	setDur(&c.SeatHold, d.SeatHold)
	setDur(&c.AdjournedExpiry, d.AdjournedExpiry)
	setInt(&c.AIConcurrency, d.AIConcurrency)
	setInt(&c.AIPerSource, d.AIPerSource)
	setDur(&c.ShutdownNotice, d.ShutdownNotice)
	setDur(&c.JanitorInterval, d.JanitorInterval)
	setInt(&c.MaxSaveBytes, d.MaxSaveBytes)
	setInt(&c.MaxSaves, d.MaxSaves)
	setInt(&c.MaxSources, d.MaxSources)
	setInt(&c.NetBlockV4, d.NetBlockV4)
	setInt(&c.NetBlockV6, d.NetBlockV6)
	if c.StartupsFull == 0 {
		c.StartupsBegin, c.StartupsRate, c.StartupsFull = d.StartupsBegin, d.StartupsRate, d.StartupsFull
	}
	if c.AllowGuests == nil {
		c.AllowGuests = d.AllowGuests
	}
	if c.Logger == nil {
		c.Logger = log.NewWithOptions(os.Stderr, log.Options{ReportTimestamp: true})
	}
	if c.Store == nil {
		c.Store = rooms.NewMemoryStore()
	}
	if c.Metrics == nil {
		c.Metrics = metrics.Nop{}
	}
	return c
}

// secureDataDir makes sure no one else can list the data directory (it
// holds the host key and the players' saves): a directory that others can
// read or enter is narrowed to 0700, with a warning. Windows has no such
// mode bits.
func secureDataDir(dir string, logger *log.Logger) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	info, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		if err := os.Chmod(dir, perm&0o700); err != nil {
			return fmt.Errorf("data directory %s has mode %04o and cannot be narrowed: %w", dir, perm, err)
		}
		logger.Warn("data directory was open to others; narrowed", "dir", dir, "was", fmt.Sprintf("%04o", perm), "now", fmt.Sprintf("%04o", perm&0o700))
	}
	return nil
}
