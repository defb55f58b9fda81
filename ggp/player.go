package ggp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
)

// DefaultMaxBody bounds a message (and so a rule sheet) in bytes: ample
// for published games, whose sheets are a few hundred kilobytes at most.
const DefaultMaxBody = 4 << 20

// PlayerConfig configures a Player.
type PlayerConfig struct {
	// Name is the player's name in info replies; "tabletop" when empty.
	Name string
	// Level is the AI level; Hard when empty. Easy and medium also keep
	// their level's time budget; hard and max think for the play clock.
	Level ai.Level
	// Logger gets one line per message; slog.Default() when nil.
	Logger *slog.Logger
	// MaxBody bounds a message in bytes; DefaultMaxBody when 0.
	MaxBody int64
	// MaxMatches bounds the matches played at once (a start beyond it is
	// answered busy); 8 when 0.
	MaxMatches int
	// Limits bound the grounding of a rule sheet; gdl.DefaultLimits when
	// zero. A sheet still loading when the start clock runs out goes on
	// loading within them while the player answers.
	Limits gdl.Limits
}

// Player answers a Game Manager's messages over HTTP for any number of
// matches at once: it is an http.Handler.
type Player struct {
	cfg    PlayerConfig
	log    *slog.Logger
	ctx    context.Context // cancelled by Close: every search stops
	cancel context.CancelFunc

	// loadRules turns a sheet into its game: gdl.LoadWithLimits, or a
	// stand-in in tests (a sheet that takes a long time to load).
	loadRules func(src []byte, lim gdl.Limits) (*game.Variant, error)

	mu      sync.Mutex
	matches map[string]*match
	ended   map[string]time.Time // recently stopped or aborted, for repeats
}

// NewPlayer returns a Player with cfg's defaults filled in.
func NewPlayer(cfg PlayerConfig) *Player {
	if cfg.Name == "" {
		cfg.Name = "tabletop"
	}
	if cfg.Level == "" {
		cfg.Level = ai.Hard
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.MaxMatches <= 0 {
		cfg.MaxMatches = 8
	}
	if cfg.Limits == (gdl.Limits{}) {
		cfg.Limits = gdl.DefaultLimits
	}
	ctx, cancel := context.WithCancel(context.Background())
	load := func(src []byte, lim gdl.Limits) (*game.Variant, error) { return gdl.LoadWithLimits("ggp", src, lim) }
	return &Player{cfg: cfg, log: cfg.Logger, ctx: ctx, cancel: cancel, loadRules: load,
		matches: map[string]*match{}, ended: map[string]time.Time{}}
}

// Close stops every search in progress; the Player answers no more moves.
func (p *Player) Close() { p.cancel() }

// Margin is the time a player keeps in hand before a clock runs out, for
// the reply's trip and for a busy machine's scheduling delays: a fifth of
// the clock, at least 200 ms, at most 2 s.
func Margin(clock time.Duration) time.Duration {
	return min(max(clock/5, 200*time.Millisecond), 2*time.Second)
}

// ServeHTTP reads one message and writes the reply, or a status 400 (413
// for a message over the size limit) with a one-line reason.
func (p *Player) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	received := time.Now()
	h := w.Header()
	// Browser-based managers (ggp.org's) post from another origin.
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", "POST, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Content-Type, Receiver, Sender")
	if r.Method == http.MethodOptions {
		return
	}
	var msg Message
	reply, note, status, err := "", "", http.StatusOK, error(nil)
	if r.Method != http.MethodPost {
		status, err = http.StatusMethodNotAllowed, errors.New("send GGP messages with POST")
	} else if body, rerr := io.ReadAll(http.MaxBytesReader(w, r.Body, p.cfg.MaxBody)); rerr != nil {
		status, err = http.StatusBadRequest, fmt.Errorf("unreadable message: %v", rerr)
		var tooBig *http.MaxBytesError
		if errors.As(rerr, &tooBig) {
			status, err = http.StatusRequestEntityTooLarge, fmt.Errorf("message larger than %d bytes", p.cfg.MaxBody)
		}
	} else if msg, err = ParseMessage(body); err != nil {
		status = http.StatusBadRequest
	} else if reply, note, err = p.handle(msg, received); err != nil {
		status = http.StatusBadRequest
	}
	if err != nil {
		reply = oneLine(err.Error())
	}
	h.Set("Content-Type", "text/acl")
	w.WriteHeader(status)
	io.WriteString(w, reply)
	p.logMessage(msg, status, reply, note, time.Since(received))
}

func (p *Player) logMessage(msg Message, status int, reply, note string, took time.Duration) {
	attrs := []any{"msg", msg.Kind.String(), "status", status, "reply", reply, "ms", took.Milliseconds()}
	if msg.MatchID != "" {
		attrs = append(attrs, "match", msg.MatchID)
	}
	if note != "" {
		attrs = append(attrs, "note", note)
	}
	p.log.Info("ggp", attrs...)
}

// oneLine keeps an error to one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// handle answers one message; note says how (for the log).
func (p *Player) handle(msg Message, received time.Time) (reply, note string, err error) {
	switch msg.Kind {
	case Info:
		p.mu.Lock()
		busy := len(p.matches) >= p.cfg.MaxMatches
		p.mu.Unlock()
		return InfoReply(p.cfg.Name, busy), "", nil
	case Start:
		return p.start(msg, received)
	case Preview:
		// A look at the rules before a match: they are read, so that a
		// sheet tabletop cannot read is said now; the match's start
		// loads them.
		if _, err := gdl.Parse(msg.Rules); err != nil {
			return "", "", fmt.Errorf("rules refused: %v", err)
		}
		return ReplyReady, "", nil
	}
	m, ended, err := p.lookup(msg.MatchID, received)
	switch {
	case ended && msg.Kind == Stop:
		return ReplyDone, "repeated", nil
	case ended && msg.Kind == Abort:
		return ReplyAborted, "repeated", nil
	case ended:
		return "", "", fmt.Errorf("match %s is over", msg.MatchID)
	case err != nil:
		return "", "", err
	}
	switch msg.Kind {
	case Play:
		return m.play(msg.Moves, received)
	case Stop:
		note = m.stop(msg.Moves)
		p.end(m, received)
		return ReplyDone, note, nil
	default: // Abort
		m.abort()
		p.end(m, received)
		return ReplyAborted, "", nil
	}
}

// lookup finds a match in play, or says it has ended.
func (p *Player) lookup(id string, now time.Time) (m *match, ended bool, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sweep(now)
	if m := p.matches[id]; m != nil {
		m.lastSeen = now
		return m, false, nil
	}
	if _, ok := p.ended[id]; ok {
		return nil, true, nil
	}
	return nil, false, fmt.Errorf("no match %s here (never started, or expired)", id)
}

// end forgets a match, remembering its id for repeated messages.
func (p *Player) end(m *match, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.matches[m.id] == m {
		delete(p.matches, m.id)
	}
	p.ended[m.id] = now
}

// sweep drops matches whose manager went quiet and old ended ids.
func (p *Player) sweep(now time.Time) {
	for id, m := range p.matches {
		if now.Sub(m.lastSeen) > 20*m.playClock+time.Minute {
			m.abort()
			delete(p.matches, id)
			p.log.Info("ggp", "msg", "expire", "match", id)
		}
	}
	for id, t := range p.ended {
		if now.Sub(t) > time.Hour || len(p.ended) > 4096 {
			delete(p.ended, id)
		}
	}
}

// start loads the rules and answers ready by the start clock: a sheet
// that takes longer goes on loading in the background (see match.load),
// so that the manager never waits for this player. A sheet refused
// before the deadline is refused.
func (p *Player) start(msg Message, received time.Time) (reply, note string, err error) {
	p.mu.Lock()
	p.sweep(received)
	if m := p.matches[msg.MatchID]; m != nil {
		p.mu.Unlock()
		if !strings.EqualFold(m.roleName, msg.Role) {
			return "", "", fmt.Errorf("match %s was started with role %s", msg.MatchID, m.roleName)
		}
		return ReplyReady, "repeated", nil
	}
	if len(p.matches) >= p.cfg.MaxMatches {
		p.mu.Unlock()
		return ReplyBusy, fmt.Sprintf("%d matches in play", len(p.matches)), nil
	}
	delete(p.ended, msg.MatchID)
	m := newMatch(p.ctx, msg, received)
	p.matches[msg.MatchID] = m
	p.mu.Unlock()
	deadline := received.Add(msg.StartClock - Margin(msg.StartClock))
	go m.load(p.loadRules, p.cfg, deadline)
	note, err = m.awaitStart(deadline)
	if err != nil {
		p.mu.Lock()
		if p.matches[msg.MatchID] == m {
			delete(p.matches, msg.MatchID)
		}
		p.mu.Unlock()
		return "", "", err
	}
	return ReplyReady, note, nil
}
