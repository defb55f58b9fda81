package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/table"
)

// seatSpec checks a player spec of --seat and returns it normalised:
// tabletop's players in lower case, a GGP player's URL as given.
func seatSpec(spec string, budget time.Duration) (string, error) {
	s, err := ggp.ParseSeat(spec, 0, budget)
	return s.Name, err
}

// managedMatch holds match's flags for games run by the Game Manager.
type managedMatch struct {
	record                *string
	startClock, playClock *time.Duration
}

func managedFlags(fs *flag.FlagSet) managedMatch {
	return managedMatch{
		record:     fs.String("record", "", "write each game as a GGP match record (JSON) in this directory"),
		startClock: fs.Duration("startclock", 10*time.Second, "GGP start clock for ggp: seats (whole seconds for players other than tabletop's)"),
		playClock:  fs.Duration("playclock", 5*time.Second, "GGP play clock for ggp: seats (whole seconds for players other than tabletop's)"),
	}
}

// wanted reports whether the games go through the Game Manager: when a
// seat is a GGP player or the games are recorded.
func (m managedMatch) wanted(specs []string) bool {
	for _, s := range specs {
		if ggp.IsRemoteSpec(s) {
			return true
		}
	}
	return *m.record != ""
}

// run plays the match through the Game Manager.
func (m managedMatch) run(c *commandLine, v *game.Variant, cfg table.MatchConfig, position string) (table.MatchResult, error) {
	switch {
	case position != "":
		return table.MatchResult{}, usagef("--position cannot be used with ggp: seats or --record (GGP games start from the rules' start)")
	case *m.startClock <= 0 || *m.playClock <= 0:
		return table.MatchResult{}, usagef("the clocks must be positive")
	}
	rules, ok := gameRules(v.Name)
	if !ok {
		return table.MatchResult{}, fmt.Errorf("%s has no GDL description to send to GGP players", v.Name)
	}
	if (*m.startClock%time.Second != 0 || *m.playClock%time.Second != 0) && slices.ContainsFunc(cfg.Specs, ggp.IsRemoteSpec) {
		// ggp-base reads a clock as a whole number: such a start is
		// never answered.
		fmt.Fprintf(c.stderr, "tabletop match: warning: clocks of %s and %s are not whole seconds, which players other than tabletop's (ggp-base's) cannot read\n", *m.startClock, *m.playClock)
	}
	if *m.record != "" {
		if err := os.MkdirAll(*m.record, 0o755); err != nil {
			return table.MatchResult{}, err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return ggp.RunSeries(ctx, ggp.SeriesConfig{
		Variant: v, Rules: rules, Specs: cfg.Specs, Games: cfg.Games, Seed: cfg.Seed, Budget: cfg.Budget,
		StartClock: *m.startClock, PlayClock: *m.playClock, RecordDir: *m.record, GameDone: cfg.GameDone,
		Report: func(s string) { fmt.Fprintln(c.stderr, s) },
	})
}

// gameRules is the GDL description of a game: the project's own for a
// bundled game, else the sheet it was read from (match FILE.kif).
func gameRules(name string) ([]byte, bool) {
	if sheet, ok := games.Lookup(name); ok {
		return sheet.Source, true
	}
	return sheets.Source(name)
}

// runGGPPlayer serves tabletop as a General Game Playing player.
func runGGPPlayer(c *commandLine, args []string) error {
	listen := c.flags.String("listen", "127.0.0.1:9147", "address to listen on")
	level := c.flags.String("level", "hard", "AI level: easy, medium, hard or max")
	name := c.flags.String("name", "tabletop", "the player's name in info replies")
	maxMatches := c.flags.Int("max-matches", 8, "matches played at once (more are answered busy)")
	maxBody := c.flags.Int64("max-body", ggp.DefaultMaxBody, "largest message (and rule sheet) accepted, in bytes")
	c.help = `Usage: tabletop ggp-player [--listen 127.0.0.1:9147] [--level hard]

Plays General Game Playing matches: a Game Manager (ggp-base, a GGP
course's server, or tabletop match --seat ROLE=ggp:URL) posts the
protocol's messages (info, start, play, stop, abort) to this address.
Any valid GDL rule sheet is played; tabletop's own games are recognised by
how they play and use tabletop's engines. Every answer comes before the
play clock, less a safety margin. One log line per message on stderr.

Flags:
`
	if _, err := c.parse(args, 0); err != nil {
		return err
	}
	lv, err := ai.ParseLevel(*level)
	if err != nil {
		return usageError{err.Error()}
	}
	if *maxMatches < 1 || *maxBody < 1024 {
		return usagef("--max-matches must be at least 1 and --max-body at least 1024")
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(c.stderr, nil))
	player := ggp.NewPlayer(ggp.PlayerConfig{Name: *name, Level: lv, Logger: logger, MaxMatches: *maxMatches, MaxBody: *maxBody})
	defer player.Close()
	srv := &http.Server{Handler: player, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	logger.Info("ggp player listening", "addr", "http://"+ln.Addr().String(), "level", lv)
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
