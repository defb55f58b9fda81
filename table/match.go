package table

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
)

// MatchConfig describes a headless match: games of one variant whose
// seats rotate from game to game.
type MatchConfig struct {
	Variant  string
	Position string // starting position; empty for the variant's start
	// Specs are the player specs of the first game, one per role in role
	// order. From game to game the specs rotate one seat, so that over a
	// multiple of len(Specs) games every spec plays every side equally.
	Specs  []string
	Games  int
	Seed   uint64
	Budget time.Duration // time per action for tabletop's players (0: defaults)
	// NewSeat makes the seat of a spec, once per spec for the whole
	// match; nil reads the specs of ai.ParsePlayer (ParsePlayerSeat).
	// The GGP package's reads ggp:URL too.
	NewSeat func(spec string, seed uint64, budget time.Duration) (Seat, error)
	// Play plays game index on its table, passing h on to Run; nil runs
	// it with Run and no clock. The GGP Game Manager's series passes its
	// own, which talks to remote players and keeps the game's record.
	Play func(ctx context.Context, index int, t *Table, h Hooks) error
	// Report, when set, is told in one line each answer the fallback
	// replaced (see Table.Resolve).
	Report func(string)
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
	// Faults are the answers the fallback replaced.
	Faults []Fault
}

// RunMatch plays the match and tallies it (see MatchResult). It fails on
// a bad configuration, or when ctx ends; a seat that fails to answer gets
// the table's fallback, reported, and the game goes on.
func RunMatch(ctx context.Context, cfg MatchConfig) (MatchResult, error) {
	v, err := game.Lookup(cfg.Variant)
	if err != nil {
		return MatchResult{}, err
	}
	n := len(v.Roles)
	switch {
	case len(cfg.Specs) != n:
		return MatchResult{}, fmt.Errorf("%s has %d roles, got %d player specs", v.Name, n, len(cfg.Specs))
	case cfg.Games <= 0:
		return MatchResult{}, fmt.Errorf("the number of games must be positive")
	}
	if _, err := game.NewState(v.Name, cfg.Position); err != nil {
		return MatchResult{}, err
	}
	seats, err := matchSeats(cfg)
	if err != nil {
		return MatchResult{}, err
	}
	res := newMatchResult(v, cfg.Specs)
	for g := 0; g < cfg.Games; g++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		rec, err := playMatchGame(ctx, cfg, g, seats)
		if err != nil {
			return res, err
		}
		res.add(rec)
		if cfg.GameDone != nil {
			cfg.GameDone(rec.GameRecord)
		}
	}
	return res, nil
}

// matchSeats makes one seat per spec of the first game; it follows its
// spec around the table as the seats rotate.
func matchSeats(cfg MatchConfig) ([]Seat, error) {
	newSeat := cfg.NewSeat
	if newSeat == nil {
		newSeat = func(spec string, seed uint64, budget time.Duration) (Seat, error) {
			return ParsePlayerSeat(spec, seed, budget)
		}
	}
	seats := make([]Seat, len(cfg.Specs))
	for i, spec := range cfg.Specs {
		s, err := newSeat(spec, cfg.Seed+uint64(i)*7919, cfg.Budget)
		if err != nil {
			return nil, err
		}
		seats[i] = s
	}
	return seats, nil
}

// matchGame is a finished game with its players' counts, by role.
type matchGame struct {
	GameRecord
	moves    []int           // questions with a choice answered
	thinking []time.Duration // time those answers took
}

// playMatchGame plays game g, seats[(r-g) mod n] playing role r.
func playMatchGame(ctx context.Context, cfg MatchConfig, g int, seats []Seat) (matchGame, error) {
	n := len(seats)
	start, _ := game.NewState(cfg.Variant, cfg.Position)
	rec := matchGame{GameRecord: GameRecord{Index: g, Specs: make([]string, n)},
		moves: make([]int, n), thinking: make([]time.Duration, n)}
	byRole := make([]Seat, n)
	for r := range byRole {
		i := ((r-g)%n + n) % n
		byRole[r], rec.Specs[r] = seats[i], cfg.Specs[i]
		if gs, ok := seats[i].(interface{ NewGame(uint64) }); ok {
			gs.NewGame(cfg.Seed + uint64(g)*1000003 + uint64(i)*7919)
		}
	}
	t, err := New(start, byRole, cfg.Seed+uint64(g))
	if err != nil {
		return rec, err
	}
	h := Hooks{
		Answered: func(q Question, _ game.Move, _ error, took time.Duration) {
			if q.Chooses() && len(q.Legal) > 1 {
				rec.moves[q.Role]++
				rec.thinking[q.Role] += took
			}
		},
		Stepped: func(s Step, faults []Fault) {
			rec.Faults = append(rec.Faults, faults...)
			if cfg.Report != nil {
				for _, f := range faults {
					cfg.Report(fmt.Sprintf("game %d: %s", g+1, f.Describe(t.Variant(), rec.Specs[f.Role])))
				}
			}
		},
	}
	play := cfg.Play
	if play == nil {
		play = func(ctx context.Context, _ int, t *Table, h Hooks) error { return Run(ctx, t, Game{}, h) }
	}
	if err := play(ctx, g, t, h); err != nil {
		return rec, err
	}
	rec.Goals, rec.Plies = t.Goals(), t.Turn()
	for _, s := range t.Steps() {
		rec.Moves = append(rec.Moves, matchText(t.Variant(), s))
	}
	return rec, nil
}

// matchText is a step as a match record writes it: the mover's move, or a
// JSON object from each role to its move on a joint turn (the form the
// rules protocol reads).
func matchText(v *game.Variant, s Step) string {
	if !s.Joint() {
		return s.Text()
	}
	parts := make([]string, len(s.Texts))
	for r, text := range s.Texts {
		k, _ := json.Marshal(v.Roles[r])
		m, _ := json.Marshal(text)
		parts[r] = string(k) + ":" + string(m)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// Describe says in one line what the fault was and what was played
// instead, naming the seat's player.
func (f Fault) Describe(v *game.Variant, player string) string {
	return fmt.Sprintf("%s (%s), step %d: %v; played %s instead", player, v.RoleName(f.Role), f.Turn+1, f.Err, f.Text)
}

// PlayerStats is the result of one player (a seat of the first game,
// rotating after each) over a match. A game is a win for the seat with
// the unique highest goal, a draw for the seats sharing the highest goal,
// and a loss otherwise.
type PlayerStats struct {
	Spec string `json:"spec"`
	// FirstRole is the role the player had in the first game: two
	// players of one spec are told apart by it.
	FirstRole string  `json:"first_role"`
	Wins      int     `json:"wins"`
	Draws     int     `json:"draws"`
	Losses    int     `json:"losses"`
	MeanGoal  float64 `json:"mean_goal"`
	// Faults counts its answers the fallback replaced.
	Faults int `json:"faults,omitempty"`

	Seats     int           `json:"-"` // seat-games played
	MeanPlies float64       `json:"-"` // mean length of its games, in actions
	MoveTime  time.Duration `json:"-"` // mean time per action
	goalSum   int
	plySum    int
	moves     int
	thinking  time.Duration
}

// MatchResult is the outcome of a match, in the JSON form of
// `tabletop match --json`: one entry per player, in the order of the
// roles of the first game.
type MatchResult struct {
	Games   int            `json:"games"`
	Players []*PlayerStats `json:"players"`
}

func newMatchResult(v *game.Variant, specs []string) MatchResult {
	var res MatchResult
	for i, spec := range specs {
		res.Players = append(res.Players, &PlayerStats{Spec: spec, FirstRole: v.RoleName(game.Role(i))})
	}
	return res
}

// label is the player's name in the table: its spec, with the role it
// had in the first game when another player has the same spec.
func (res MatchResult) label(p *PlayerStats) string {
	for _, q := range res.Players {
		if q != p && q.Spec == p.Spec {
			return fmt.Sprintf("%s (%s first)", p.Spec, p.FirstRole)
		}
	}
	return p.Spec
}

// add tallies a finished game: the one win/draw/loss tally of a match.
func (res *MatchResult) add(g matchGame) {
	res.Games++
	best, count := -1, 0
	for _, goal := range g.Goals {
		if goal > best {
			best, count = goal, 1
		} else if goal == best {
			count++
		}
	}
	n := len(g.Specs)
	for r := range g.Specs {
		st := res.Players[((r-g.Index)%n+n)%n] // as playMatchGame seated them
		switch {
		case g.Goals[r] < best:
			st.Losses++
		case count == 1:
			st.Wins++
		default:
			st.Draws++
		}
		st.Seats++
		st.goalSum += g.Goals[r]
		st.plySum += g.Plies
		st.moves += g.moves[r]
		st.thinking += g.thinking[r]
		for _, f := range g.Faults {
			if int(f.Role) == r {
				st.Faults++
			}
		}
		st.MeanGoal = float64(st.goalSum) / float64(st.Seats)
		st.MeanPlies = float64(st.plySum) / float64(st.Seats)
		st.MoveTime = st.thinking / time.Duration(max(st.moves, 1))
	}
}

// WriteTable prints the match result as a table.
func (res MatchResult) WriteTable(w io.Writer) {
	// The first column is as wide as the longest name, so that a long
	// ggp:URL keeps the figures in line.
	width := 22
	for _, p := range res.Players {
		width = max(width, len(res.label(p)))
	}
	fmt.Fprintf(w, "%-*s %6s %6s %6s %7s %10s %10s %10s\n", width, "player", "seats", "wins", "draws", "losses", "mean goal", "mean plies", "ms/action")
	for _, p := range res.Players {
		fmt.Fprintf(w, "%-*s %6d %6d %6d %7d %10.1f %10.1f %10.1f\n", width, res.label(p), p.Seats, p.Wins, p.Draws, p.Losses,
			p.MeanGoal, p.MeanPlies, float64(p.MoveTime.Microseconds())/1000)
	}
	if res.Games == 1 {
		fmt.Fprintln(w, "1 game")
	} else {
		fmt.Fprintf(w, "%d games\n", res.Games)
	}
}
