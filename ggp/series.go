package ggp

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
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

// SeriesConfig describes a series of games run by the Game Manager, the
// form `tabletop match` takes when a seat is a remote GGP player or the
// games are recorded.
type SeriesConfig struct {
	Variant *game.Variant
	Rules   []byte // the GDL sent to remote players
	// Specs are the seats of the first game in role order (see ParseSeat);
	// they rotate by one seat from game to game, as in ai.RunMatch.
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
	GameDone func(ai.GameRecord)
}

// RunSeries plays the series and tallies it as ai.RunMatch does, so that
// the results print the same way.
func RunSeries(ctx context.Context, cfg SeriesConfig) (ai.MatchResult, error) {
	n := len(cfg.Variant.Roles)
	if len(cfg.Specs) != n {
		return ai.MatchResult{}, fmt.Errorf("%s has %d roles, got %d player specs", cfg.Variant.Name, n, len(cfg.Specs))
	}
	seats := make([]Seat, n)
	res := ai.MatchResult{}
	statsOf := map[string]*seriesStats{}
	for i, spec := range cfg.Specs {
		s, err := ParseSeat(spec, cfg.Seed+uint64(i)*7919, cfg.Budget)
		if err != nil {
			return res, err
		}
		seats[i] = s
		if statsOf[s.Name] == nil {
			statsOf[s.Name] = &seriesStats{PlayerStats: &ai.PlayerStats{Spec: s.Name}}
			res.Players = append(res.Players, statsOf[s.Name].PlayerStats)
		}
	}
	stamp := time.Now().Unix()
	for g := 0; g < cfg.Games; g++ {
		gm := Game{MatchID: fmt.Sprintf("tabletop.%s.%d.%d", cfg.Variant.Name, stamp, g+1),
			Variant: cfg.Variant, Rules: cfg.Rules, Seats: make([]Seat, n),
			StartClock: cfg.StartClock, PlayClock: cfg.PlayClock, Seed: cfg.Seed + uint64(g), Report: cfg.Report}
		for r := range gm.Seats {
			i := ((r-g)%n + n) % n
			gm.Seats[r] = seats[i]
			if gs, ok := seats[i].Local.(ai.GameStarter); ok {
				gs.NewGame(cfg.Seed + uint64(g)*1000003 + uint64(i)*7919)
			}
		}
		rec, err := RunGame(ctx, gm)
		if rec != nil && cfg.RecordDir != "" {
			if _, werr := rec.WriteFile(cfg.RecordDir); werr != nil && err == nil {
				err = werr
			}
		}
		if err != nil {
			return res, err
		}
		tally(cfg.Variant, gm.Seats, rec, statsOf)
		res.Games++
		if cfg.GameDone != nil {
			cfg.GameDone(gameRecord(g, gm.Seats, rec))
		}
	}
	return res, nil
}

// seriesStats is one spec's running totals.
type seriesStats struct {
	*ai.PlayerStats
	goals, plies, moves int
	thinking            time.Duration
}

// tally adds a finished game to the stats: a win for the unique highest
// goal, a draw for a shared highest goal, else a loss; a seat's moves
// are the steps where its role had a choice, timed by the record.
func tally(v *game.Variant, seats []Seat, rec *Record, statsOf map[string]*seriesStats) {
	best, count := -1, 0
	for _, g := range rec.GoalValues {
		if g > best {
			best, count = g, 1
		} else if g == best {
			count++
		}
	}
	moves, thinking := choiceTimes(v, rec)
	for r, seat := range seats {
		st := statsOf[seat.Name]
		switch {
		case rec.GoalValues[r] < best:
			st.Losses++
		case count == 1:
			st.Wins++
		default:
			st.Draws++
		}
		st.Seats++
		st.goals += rec.GoalValues[r]
		st.plies += len(rec.Moves)
		st.moves += moves[r]
		st.thinking += thinking[r]
		st.MeanGoal = float64(st.goals) / float64(st.Seats)
		st.MeanPlies = float64(st.plies) / float64(st.Seats)
		st.MoveTime = st.thinking / time.Duration(max(st.moves, 1))
	}
}

// choiceTimes replays rec and returns, per role, the steps where it had
// more than one legal move and the time those steps took.
func choiceTimes(v *game.Variant, rec *Record) ([]int, []time.Duration) {
	n := len(v.Roles)
	moves, thinking := make([]int, n), make([]time.Duration, n)
	s := v.New()
	for i, joint := range rec.Moves {
		var took time.Duration
		if i+1 < len(rec.StateTimes) {
			took = time.Duration(rec.StateTimes[i+1]-rec.StateTimes[i]) * time.Millisecond
		}
		for r := 0; r < n; r++ {
			if len(legalTexts(s, game.Role(r), nil)) > 1 {
				moves[r]++
				thinking[r] += took
			}
		}
		if applyJoint(s, joint) != nil {
			break
		}
	}
	return moves, thinking
}

// gameRecord is a record in the form ai.RunMatch reports games: the
// moves of the roles that had a choice, one per step.
func gameRecord(index int, seats []Seat, rec *Record) ai.GameRecord {
	gr := ai.GameRecord{Index: index, Goals: rec.GoalValues, Plies: len(rec.Moves)}
	for _, s := range seats {
		gr.Specs = append(gr.Specs, s.Name)
	}
	for _, joint := range rec.Moves {
		gr.Moves = append(gr.Moves, strings.Join(nonNoop(joint), " "))
	}
	return gr
}

func nonNoop(joint []string) []string {
	var out []string
	for _, m := range joint {
		if !game.IsNoop(m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return []string{"noop"}
	}
	return out
}
