package table

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// scripted is a seat that answers with fn, counting its lifecycle calls.
type scripted struct {
	name              string
	fn                func(q Question) (game.Move, error)
	mu                sync.Mutex
	started, finished int
	aborted           bool
}

func (s *scripted) Name() string { return s.name }
func (s *scripted) Choose(_ context.Context, q Question) (game.Move, error) {
	return s.fn(q)
}
func (s *scripted) Start(context.Context, Game, game.Role) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.started++
	return nil
}
func (s *scripted) Finish(_ context.Context, _ Game, _ Step, aborted bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.finished++
	s.aborted = aborted
	return nil
}

func firstLegal(q Question) (game.Move, error) { return q.Legal[0], nil }

func TestRunReplacesAFailedAnswerAndGoesOn(t *testing.T) {
	failing := map[string]func(q Question) (game.Move, error){
		"error":   func(Question) (game.Move, error) { return game.Noop, errors.New("no idea") },
		"illegal": func(Question) (game.Move, error) { return game.Move(1 << 30), nil },
		"panic":   func(Question) (game.Move, error) { panic("bug") },
	}
	for name, fn := range failing {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			bad := &scripted{name: "bad", fn: fn}
			good := &scripted{name: "good", fn: firstLegal}
			tb := newTable(t, "quad5", bad, good)
			var faults []Fault
			var steps int
			err := Run(context.Background(), tb, Game{}, Hooks{Stepped: func(s Step, f []Fault) {
				steps++
				faults = append(faults, f...)
			}})
			if err != nil {
				t.Fatal(err)
			}
			if !tb.Over() || steps != tb.Turn() {
				t.Fatalf("over %v, %d steps seen of %d", tb.Over(), steps, tb.Turn())
			}
			if len(faults) == 0 || faults[0].Role != 0 || faults[0].Text == "" {
				t.Fatalf("faults %+v", faults)
			}
			for _, f := range faults {
				if got := tb.Steps()[f.Turn].Move(); got != f.Played {
					t.Errorf("step %d played %v, the fault says %v", f.Turn+1, got, f.Played)
				}
			}
			if bad.started != 1 || bad.finished != 1 || bad.aborted {
				t.Errorf("lifecycle: started %d finished %d aborted %v", bad.started, bad.finished, bad.aborted)
			}
		})
	}
}

func TestRunAbortsWhenTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	slow := &scripted{name: "slow", fn: func(q Question) (game.Move, error) {
		cancel()
		return q.Legal[0], nil
	}}
	tb := newTable(t, "quad5", slow, slow)
	if err := Run(ctx, tb, Game{}, Hooks{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
	if !slow.aborted || slow.finished != 2 {
		t.Errorf("finishers: aborted %v, told %d times", slow.aborted, slow.finished)
	}
}

func TestRunRefusesAPersonsTurn(t *testing.T) {
	tb := newTable(t, "quad5", nil, &scripted{fn: firstLegal})
	if err := Run(context.Background(), tb, Game{}, Hooks{}); !errors.Is(err, ErrNoAnswer) {
		t.Errorf("Run with a person to move: %v", err)
	}
}

// A seat that has not answered by the clock and the grace has failed.
func TestRunClockMakesALateSeatFail(t *testing.T) {
	lateCtx := &ctxSeat{}
	tb := newTable(t, "quad5", lateCtx, &scripted{fn: firstLegal})
	var faults []Fault
	g := Game{Clock: 20 * time.Millisecond, Grace: 10 * time.Millisecond}
	err := Run(context.Background(), tb, g, Hooks{Stepped: func(_ Step, f []Fault) { faults = append(faults, f...) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(faults) == 0 || !errors.Is(faults[0].Err, context.DeadlineExceeded) {
		t.Errorf("faults %+v", faults)
	}
}

// ctxSeat waits for its context to end and answers nothing.
type ctxSeat struct{}

func (ctxSeat) Name() string { return "waits" }
func (ctxSeat) Choose(ctx context.Context, q Question) (game.Move, error) {
	if q.Deadline.IsZero() {
		return game.Noop, errors.New("no deadline")
	}
	<-ctx.Done()
	return game.Noop, ctx.Err()
}

func TestMatchRunner(t *testing.T) {
	res, err := RunMatch(context.Background(), MatchConfig{
		Variant: "quad5", Specs: []string{"ai:medium", "random"}, Games: 4, Seed: 1, Budget: 50 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 4 || len(res.Players) != 2 {
		t.Fatalf("%+v", res)
	}
	for _, p := range res.Players {
		if p.Seats != 4 || p.Wins+p.Draws+p.Losses != 4 || p.Faults != 0 {
			t.Errorf("%s: %+v", p.Spec, p)
		}
	}
	if res.Players[0].Wins < 3 {
		t.Errorf("medium won only %d of 4 against random", res.Players[0].Wins)
	}
	if _, err := RunMatch(context.Background(), MatchConfig{Variant: "quad5", Specs: []string{"ai:hard"}, Games: 1}); err == nil {
		t.Error("a match with a missing seat was accepted")
	}
	var out strings.Builder
	res.WriteTable(&out)
	if !strings.Contains(out.String(), "ai:medium") || !strings.HasSuffix(out.String(), "4 games\n") {
		t.Errorf("table:\n%s", out.String())
	}
}

// A match of the simultaneous game finishes, every player (the general
// AI, mcts and random) giving legal moves on the joint turns.
func TestMatchOfASimultaneousGame(t *testing.T) {
	v := sheet(t, "rockpaperscissors")
	var recs []GameRecord
	for _, specs := range [][]string{{"ai:hard", "mcts"}, {"random", "ai:easy"}} {
		res, err := RunMatch(context.Background(), MatchConfig{
			Variant: v.Name, Specs: specs, Games: 2, Seed: 3,
			Budget: 20 * time.Millisecond, GameDone: func(r GameRecord) { recs = append(recs, r) },
		})
		if err != nil {
			t.Fatal(err)
		}
		if res.Games != 2 {
			t.Fatalf("games %d", res.Games)
		}
	}
	for _, r := range recs {
		if r.Plies != 5 || len(r.Moves) != 5 || r.Goals[0]+r.Goals[1] != 100 || len(r.Faults) != 0 {
			t.Errorf("game %+v", r)
		}
		if !strings.HasPrefix(r.Moves[0], `{"left":"(throw `) {
			t.Errorf("joint turn written %s", r.Moves[0])
		}
	}
}

// A match reports and counts an answer the fallback replaced, and goes on.
func TestMatchReportsFaults(t *testing.T) {
	var reports []string
	res, err := RunMatch(context.Background(), MatchConfig{
		Variant: "quad5", Specs: []string{"bad", "random"}, Games: 1, Seed: 1,
		NewSeat: func(spec string, seed uint64, budget time.Duration) (Seat, error) {
			if spec == "bad" {
				return &scripted{name: "bad", fn: func(Question) (game.Move, error) { return game.Noop, errors.New("no idea") }}, nil
			}
			return ParsePlayerSeat(spec, seed, budget)
		},
		Report: func(s string) { reports = append(reports, s) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Players[0].Faults == 0 || len(reports) != res.Players[0].Faults {
		t.Fatalf("faults %d, reports %d", res.Players[0].Faults, len(reports))
	}
	if !strings.HasPrefix(reports[0], "game 1: bad (x), step 1: no idea; played (mark ") {
		t.Errorf("report %q", reports[0])
	}
}

// The AI seat answers the second move of a turn it planned (Pentago's
// rotation after its placement) from its plan, without searching again.
func TestAISeatPlaysItsPlannedTurn(t *testing.T) {
	seat := &AISeat{Options: ai.Options{Level: ai.Easy, Budget: 50 * time.Millisecond, Seed: 1}}
	tb := newTable(t, "pentago", seat, nil)
	q := tb.Question(0)
	m, err := seat.Choose(context.Background(), q)
	if err != nil || !tb.Position().IsLegal(m) {
		t.Fatalf("placement: %v", err)
	}
	if len(seat.Last.Turn) < 2 {
		t.Skip("the search planned no rotation")
	}
	searched := seat.Last
	tb.Play(0, m)
	m2, err := seat.Choose(context.Background(), tb.Question(0))
	if err != nil || m2 != searched.Turn[1] {
		t.Errorf("rotation %v (%v), want the plan's %v", m2, err, searched.Turn[1])
	}
}

// TestMatchTableRows: the table has one row per player, two players of
// one spec told apart by their first role, and a long name keeps the
// figures' columns in line.
func TestMatchTableRows(t *testing.T) {
	long := "ggp:http://a-player-with-a-long-address.example.org:9147/"
	for _, tc := range []struct {
		name  string
		specs []string
		rows  []string
	}{
		{"two of one spec", []string{"random", "random"}, []string{"random (x first)", "random (o first)"}},
		{"a long name", []string{long, "random"}, []string{long, "random"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, _ := game.Lookup("quad5")
			res := newMatchResult(v, tc.specs)
			for g := 0; g < 4; g++ {
				res.add(matchGame{GameRecord: GameRecord{Index: g, Specs: tc.specs, Goals: []int{100, 0}, Plies: 9},
					moves: make([]int, 2), thinking: make([]time.Duration, 2)})
			}
			var out strings.Builder
			res.WriteTable(&out)
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != len(tc.rows)+2 {
				t.Fatalf("table:\n%s", out.String())
			}
			col := strings.Index(lines[0], "seats") + len("seats")
			for i, want := range tc.rows {
				row := lines[i+1]
				if !strings.HasPrefix(row, want+" ") || len(row) < col || row[col-1] != '4' {
					t.Errorf("row %d %q: want %q with 4 seats under \"seats\"\n%s", i, row, want, out.String())
				}
			}
			// Each player won the games it began as x: two of four.
			if res.Players[0].Wins != 2 || res.Players[1].Wins != 2 {
				t.Errorf("wins %d and %d, want 2 each", res.Players[0].Wins, res.Players[1].Wins)
			}
		})
	}
}
