package ggp

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/table"
)

// SeatPrefix marks a player spec that is a remote GGP player:
// "ggp:http://127.0.0.1:9147".
const SeatPrefix = "ggp:"

// IsRemoteSpec reports whether a player spec names a remote GGP player.
func IsRemoteSpec(spec string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(spec)), SeatPrefix)
}

// ParseSeat reads a player spec: "ggp:URL" for a remote GGP player, or
// any spec ai.ParsePlayer reads for one of tabletop's players.
func ParseSeat(spec string, seed uint64, budget time.Duration) (Seat, error) {
	spec = strings.TrimSpace(spec)
	if IsRemoteSpec(spec) {
		u, err := ParseRemoteURL(spec[len(SeatPrefix):])
		if err != nil {
			return Seat{}, err
		}
		return Seat{Name: SeatPrefix + u, Remote: &Remote{URL: u}}, nil
	}
	p, err := ai.ParsePlayer(spec, seed, budget)
	if err != nil {
		return Seat{}, fmt.Errorf("%v, or ggp:URL for a GGP player", err)
	}
	return Seat{Name: strings.ToLower(spec), Local: p}, nil
}

// NewSeat is the table seat of a player spec (see ParseSeat); rules, in
// WireRules' form, go to a remote player at the start.
func NewSeat(spec string, seed uint64, budget time.Duration, rules []byte, report func(string)) (table.Seat, error) {
	s, err := ParseSeat(spec, seed, budget)
	if err != nil {
		return nil, err
	}
	return s.tableSeat(rules, report), nil
}

// SeriesConfig describes a series of games run by the Game Manager, the
// form `tabletop match` takes when a seat is a remote GGP player or the
// games are recorded.
type SeriesConfig struct {
	Variant *game.Variant
	Rules   []byte // the GDL sent to remote players
	// Specs are the seats of the first game in role order (see ParseSeat);
	// they rotate by one seat from game to game, as in table.RunMatch.
	Specs                 []string
	Games                 int
	Seed                  uint64
	Budget                time.Duration // local players' time per move (0: level defaults)
	StartClock, PlayClock time.Duration
	// RecordDir, when set, gets each game's record (see Record.WriteFile).
	RecordDir string
	// Report gets the manager's reports (see Game.Report).
	Report func(string)
	// GameDone, when set, is called after each game.
	GameDone func(table.GameRecord)
}

// RunSeries plays the series with table.RunMatch — the one match runner
// and tally — each game as RunGame plays one, with its record.
func RunSeries(ctx context.Context, cfg SeriesConfig) (table.MatchResult, error) {
	var wire []byte
	if len(cfg.Rules) > 0 {
		var err error
		if wire, err = WireRules(cfg.Rules); err != nil {
			return table.MatchResult{}, fmt.Errorf("%s cannot be sent to GGP players: %v", cfg.Variant.Name, err)
		}
	}
	stamp := time.Now().Unix()
	return table.RunMatch(ctx, table.MatchConfig{
		Variant: cfg.Variant.Name, Specs: cfg.Specs, Games: cfg.Games, Seed: cfg.Seed, Budget: cfg.Budget,
		NewSeat: func(spec string, seed uint64, budget time.Duration) (table.Seat, error) {
			s, err := NewSeat(spec, seed, budget, wire, cfg.Report)
			if err == nil && len(wire) == 0 {
				if _, remote := s.(*RemoteSeat); remote {
					return nil, fmt.Errorf("a remote player needs the game's rules")
				}
			}
			return s, err
		},
		Play: func(ctx context.Context, g int, t *table.Table, h table.Hooks) error {
			id := fmt.Sprintf("tabletop.%s.%d.%d", cfg.Variant.Name, stamp, g+1)
			return playRecorded(ctx, t, id, cfg, h)
		},
		GameDone: cfg.GameDone,
	})
}

// playRecorded plays one game of a series on t as the Game Manager,
// keeping and writing its record.
func playRecorded(ctx context.Context, t *table.Table, id string, cfg SeriesConfig, h table.Hooks) error {
	seats := make([]table.Seat, len(t.Variant().Roles))
	for r := range seats {
		seats[r] = t.Seat(game.Role(r))
	}
	rec := newRecord(t.Variant(), cfg.Rules, id, seats, cfg.StartClock, cfg.PlayClock, time.Now())
	own := rec.hooks(t, cfg.Report)
	h.Started = own.Started
	stepped := h.Stepped
	h.Stepped = func(s table.Step, faults []table.Fault) {
		own.Stepped(s, faults)
		if stepped != nil {
			stepped(s, faults)
		}
	}
	tg := table.Game{ID: id, StartClock: cfg.StartClock, Clock: cfg.PlayClock, Grace: DefaultGrace}
	err := table.Run(ctx, t, tg, h)
	if err != nil {
		rec.IsAborted = true
	}
	if cfg.RecordDir != "" {
		if _, werr := rec.WriteFile(cfg.RecordDir); werr != nil && err == nil {
			err = werr
		}
	}
	return err
}
