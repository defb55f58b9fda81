package ai

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
)

// MatchConfig describes a headless match.
type MatchConfig struct {
	Variant  string
	Position string // starting position; empty for the variant's start
	// Specs are the player specs of the first game, one per role in role
	// order. From game to game the specs rotate one seat, so that over a
	// multiple of len(Specs) games every spec plays every side equally.
	Specs  []string
	Games  int
	Seed   uint64
	Budget time.Duration // time per action for every player (0: defaults)
	// GameDone, when set, is called after each game.
	GameDone func(GameRecord)
}

// GameRecord is one finished game of a match.
type GameRecord struct {
	Index int
	Specs []string // spec per role
	Goals []int    // goal per role
	Plies int
	// Moves are the actions in KIF form; a turn on which several roles
	// chose at once is one entry, a JSON object from each role to its
	// move, e.g. {"left":"(throw rock)","right":"(throw paper)"}.
	Moves []string
}

// PlayerStats is the result of one spec over a match. A game is a win for
// the seat with the unique highest goal, a draw for the seats sharing the
// highest goal, and a loss otherwise.
type PlayerStats struct {
	Spec     string  `json:"spec"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	MeanGoal float64 `json:"mean_goal"`

	Seats     int           `json:"-"` // seat-games played
	MeanPlies float64       `json:"-"` // mean length of its games, in actions
	MoveTime  time.Duration `json:"-"` // mean time per action
	goalSum   int
	plySum    int
	moves     int
	thinking  time.Duration
}

// MatchResult is the outcome of a match, in the JSON form of
// `tabletop match --json`.
type MatchResult struct {
	Games   int            `json:"games"`
	Players []*PlayerStats `json:"players"`
}

// RunMatch plays the match. It fails on a bad configuration, or if a
// player returns an illegal action (which is a bug).
func RunMatch(ctx context.Context, cfg MatchConfig) (MatchResult, error) {
	v, err := game.Lookup(cfg.Variant)
	if err != nil {
		return MatchResult{}, err
	}
	n := len(v.Roles)
	if len(cfg.Specs) != n {
		return MatchResult{}, fmt.Errorf("%s has %d roles, got %d player specs", v.Name, n, len(cfg.Specs))
	}
	if _, err := game.NewState(v.Name, cfg.Position); err != nil {
		return MatchResult{}, err
	}
	if cfg.Games <= 0 {
		return MatchResult{}, fmt.Errorf("the number of games must be positive")
	}
	// One player per seat of the first game; it follows its spec around
	// the table as the seats rotate.
	players := make([]Player, n)
	res := MatchResult{}
	statsOf := map[string]*PlayerStats{}
	for i, spec := range cfg.Specs {
		p, err := ParsePlayer(spec, cfg.Seed+uint64(i)*7919, cfg.Budget)
		if err != nil {
			return MatchResult{}, err
		}
		players[i] = p
		if statsOf[spec] == nil {
			statsOf[spec] = &PlayerStats{Spec: spec}
			res.Players = append(res.Players, statsOf[spec])
		}
	}
	for g := 0; g < cfg.Games; g++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		// seat[r] is the index (into players/cfg.Specs) playing role r.
		seat := make([]int, n)
		for r := range seat {
			seat[r] = ((r-g)%n + n) % n
		}
		for i, p := range players {
			if gs, ok := p.(GameStarter); ok {
				gs.NewGame(cfg.Seed + uint64(g)*1000003 + uint64(i)*7919)
			}
		}
		rec, err := playGame(ctx, cfg, v, g, players, seat, statsOf)
		if err != nil {
			return res, err
		}
		res.Games++
		for _, st := range res.Players {
			st.MeanGoal = float64(st.goalSum) / float64(max(st.Seats, 1))
			st.MeanPlies = float64(st.plySum) / float64(max(st.Seats, 1))
			st.MoveTime = st.thinking / time.Duration(max(st.moves, 1))
		}
		if cfg.GameDone != nil {
			cfg.GameDone(rec)
		}
	}
	return res, nil
}

// playGame plays game g of the match, players[seat[r]] playing role r,
// and adds its outcome and the players' thinking time to statsOf.
func playGame(ctx context.Context, cfg MatchConfig, v *game.Variant, g int, players []Player, seat []int, statsOf map[string]*PlayerStats) (GameRecord, error) {
	n := len(seat)
	s, _ := game.NewState(v.Name, cfg.Position)
	rec := GameRecord{Index: g, Specs: make([]string, n), Goals: make([]int, n)}
	for r := range seat {
		rec.Specs[r] = cfg.Specs[seat[r]]
	}
	thinking := make([]time.Duration, n)
	moves := make([]int, n)
	for !s.Terminal() {
		if js, ok := s.(game.JointState); ok && s.ToMove() == game.NoRole {
			text, err := playJoint(ctx, js, g, players, seat, thinking, moves)
			if err != nil {
				return rec, err
			}
			rec.Moves = append(rec.Moves, text)
			rec.Plies++
			continue
		}
		r := s.ToMove()
		p := players[seat[r]]
		t0 := time.Now()
		m := p.Choose(ctx, s)
		thinking[seat[r]] += time.Since(t0)
		moves[seat[r]]++
		if !s.IsLegal(m) {
			if ctx.Err() != nil {
				return rec, ctx.Err()
			}
			return rec, fmt.Errorf("game %d: %s played the illegal action %s in %s", g, p.Name(), s.FormatMove(m), s.String())
		}
		rec.Moves = append(rec.Moves, s.FormatMove(m))
		s.Apply(m)
		rec.Plies++
	}
	best, count := -1, 0
	for r := 0; r < n; r++ {
		rec.Goals[r] = s.Goal(game.Role(r))
		if rec.Goals[r] > best {
			best, count = rec.Goals[r], 1
		} else if rec.Goals[r] == best {
			count++
		}
	}
	for r := 0; r < n; r++ {
		st := statsOf[cfg.Specs[seat[r]]]
		switch {
		case rec.Goals[r] < best:
			st.Losses++
		case count == 1:
			st.Wins++
		default:
			st.Draws++
		}
		st.Seats++
		st.goalSum += rec.Goals[r]
		st.plySum += rec.Plies
		st.moves += moves[seat[r]]
		st.thinking += thinking[seat[r]]
	}
	return rec, nil
}

// playJoint plays a turn on which several roles choose at once: every
// role with a choice asks its player (a JointPlayer), the others play
// their only move, and the moves are applied together. It adds the time
// and the move to the seats' counts and returns the turn's text, a JSON
// object from each role to its move (the form the rules protocol reads).
func playJoint(ctx context.Context, s game.JointState, g int, players []Player, seat []int, thinking []time.Duration, moves []int) (string, error) {
	v := s.Variant()
	joint := make([]game.Move, len(v.Roles))
	parts := make([]string, len(v.Roles))
	var legal []game.Move
	for r := range v.Roles {
		role := game.Role(r)
		legal = s.LegalOf(role, legal[:0])
		if len(legal) == 0 {
			return "", fmt.Errorf("game %d: %s has no legal move in %s", g, v.Roles[r], s.String())
		}
		m := legal[0]
		if len(legal) > 1 {
			p := players[seat[r]]
			jp, ok := p.(JointPlayer)
			if !ok {
				return "", fmt.Errorf("game %d: %s cannot play a turn where several roles choose at once", g, p.Name())
			}
			t0 := time.Now()
			m = jp.ChooseFor(ctx, s, role)
			thinking[seat[r]] += time.Since(t0)
			moves[seat[r]]++
			if !slices.Contains(legal, m) {
				if ctx.Err() != nil {
					return "", ctx.Err()
				}
				return "", fmt.Errorf("game %d: %s played the illegal action %s for %s in %s", g, p.Name(), s.FormatMove(m), v.Roles[r], s.String())
			}
		}
		joint[r] = m
		parts[r] = fmt.Sprintf("%q:%q", v.Roles[r], s.FormatMove(m))
	}
	s.ApplyJoint(joint)
	return "{" + strings.Join(parts, ",") + "}", nil
}

// WriteTable prints the match result as a table.
func (r MatchResult) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "%-22s %6s %6s %6s %7s %10s %10s %10s\n", "player", "seats", "wins", "draws", "losses", "mean goal", "mean plies", "ms/action")
	for _, p := range r.Players {
		fmt.Fprintf(w, "%-22s %6d %6d %6d %7d %10.1f %10.1f %10.1f\n", p.Spec, p.Seats, p.Wins, p.Draws, p.Losses,
			p.MeanGoal, p.MeanPlies, float64(p.MoveTime.Microseconds())/1000)
	}
	if r.Games == 1 {
		fmt.Fprintln(w, "1 game")
	} else {
		fmt.Fprintf(w, "%d games\n", r.Games)
	}
}
