// Package ai plays every tabletop game through the game.State interface:
// time-bounded search, difficulty levels, and reference opponents.
package ai

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/ai/modelsearch"
	"github.com/tabletop/tabletop/game"
)

// Level is a difficulty level.
type Level string

// The difficulty levels, weakest first.
const (
	Easy   Level = "easy"
	Medium Level = "medium"
	Hard   Level = "hard"
	Max    Level = "max"
)

// Levels lists the levels weakest first, for menus.
var Levels = []Level{Easy, Medium, Hard, Max}

// ParseLevel reads a level name.
func ParseLevel(s string) (Level, error) {
	l := Level(strings.ToLower(strings.TrimSpace(s)))
	for _, k := range Levels {
		if l == k {
			return l, nil
		}
	}
	return "", fmt.Errorf("unknown AI level %q (want easy, medium, hard or max)", s)
}

// Progress reports the state of a search in progress.
type Progress struct {
	Depth int           // completed iterative-deepening depth
	Best  game.Move     // best first action so far
	Score float64       // expected goal, 0–100, of the side to move
	Nodes int64         // nodes searched so far
	NPS   float64       // nodes per second
	PV    []game.Move   // principal variation (owned by the receiver)
	Time  time.Duration // time spent so far
	// Moves are the best root moves with their values, best first, when
	// Options.MultiPV asks for them (owned by the receiver).
	Moves []MoveValue
}

// Result is the outcome of a search.
type Result struct {
	Move game.Move // the chosen action; always legal in the searched position
	// Turn is every action of the mover's turn, starting with Move; the
	// general player returns Move alone and searches each action anew.
	Turn  []game.Move
	Score float64     // expected goal, 0–100, of the side to move
	Depth int         // deepest completed iteration
	PV    []game.Move // principal variation, starting with Move
	Nodes int64       // nodes searched
	// Exact is set when the search reached the end of the game on every
	// line: Score is then the game-theoretic value.
	Exact bool
	// Moves are the best root moves with their values, best first, when
	// Options.MultiPV asks for them.
	Moves []MoveValue
	// Book says the move came from an opening book, without a search.
	Book bool
}

// FormatLine returns the KIF text of each action of line, played from s
// (which is not modified); it stops at the first action that is illegal.
func FormatLine(s game.State, line []game.Move) []string {
	out := make([]string, 0, len(line))
	t := s.Clone()
	for _, m := range line {
		if t.Terminal() || !t.IsLegal(m) {
			break
		}
		out = append(out, t.FormatMove(m))
		t.Apply(m)
	}
	return out
}

// Options configures a search.
type Options struct {
	Level  Level         // difficulty; empty means Hard
	Budget time.Duration // time budget; 0 means the level's default
	Seed   uint64        // seed for the level's deliberate imperfection
	// Threads caps the worker goroutines; 0 means the level's choice.
	Threads int
	// Progress, when set, is called from a search goroutine after each
	// completed depth (UCT: about ten times a second). It must be quick
	// and must not block.
	Progress func(Progress)
	// Multi selects the search for games of more than two roles:
	// Paranoid, MaxN, BestReply (which needs game.Skipper, else Paranoid
	// is used) or UCT (which has no depth cap and no root noise); ByLevel
	// (the zero value) means the level's default (DefaultMulti at hard
	// and max). General asks for the general player on any game, of any
	// number of roles; games without hand-written help (GDL games) get it
	// whatever Multi says.
	Multi Algorithm
	// MaxDepth, when positive, caps the iterative deepening (in actions).
	MaxDepth int
	// Playouts, when positive, caps the playouts of the general player
	// (games without hand-written help, or Multi == General), summed over
	// its threads; 0 means the level's cap (easy and medium) or none.
	// With Threads 1 such a search is reproducible for a Seed. It caps
	// UCT's playouts (Multi == UCT) as well, summed over its trees, and
	// replaces the model search's simulations (Multi == Model or Plan), so that
	// a measurement does not depend on the machine's load.
	Playouts int
	// Nodes, when positive, caps the alpha-beta search at that many
	// nodes, summed over its workers. Without a Budget it replaces the
	// clock: the search stops at the cap (or sooner, when more depth
	// cannot change its result), a root solve by the game's solver is
	// tried wherever the solver can settle the position in its memory
	// and runs to its end, and the Monte Carlo searches take Nodes as
	// their Playouts unless those are set. With Threads 1 the result
	// then does not depend on the machine's speed or load (tests and
	// measurements).
	Nodes int64
	// MultiPV, when positive, asks for the values of that many of the
	// best root moves (Result.Moves, Progress.Moves): alpha-beta then
	// searches every root move with a full window, which costs depth.
	MultiPV int
	// NoSolver keeps hard and max from using the game's exact solver
	// (game.SolverFor), at the root and inside the search: for
	// comparisons, and for callers that must not take its memory.
	NoSolver bool
	// NoBook keeps hard and max from playing an opening book's move (the
	// game's, game.Opener, or the AI's own): for the search that makes a
	// book, and for comparisons.
	NoBook bool
	// rootSolved tells the search that the root's solve was tried
	// already (an analysis), so only the probes are left to it.
	rootSolved bool
	// simOthers, when set, replaces the model search's model of the other
	// roles (modelsearch.Options.Others): a measurement's oracle.
	simOthers func(game.State, uint64) game.Move
	// simTune, when set, adjusts the model search's options: for
	// measurements of its settings.
	simTune func(*modelsearch.Options)
}

// Search chooses a move for the role in control of s, which must not be
// terminal (on a turn where several roles choose at once, see SearchFor). It stops at the budget or when ctx is cancelled and returns
// the best move found so far; s itself is not modified.
//
// Search borrows a Searcher from a pool; callers that search many
// positions of one game (a match, a UI session) can keep their own
// Searcher to reuse its transposition table.
func Search(ctx context.Context, s game.State, opt Options) Result {
	sr := searcherPool.Get().(*Searcher)
	defer searcherPool.Put(sr)
	return sr.Search(ctx, s, opt)
}

var searcherPool = sync.Pool{New: func() any { return NewSearcher() }}
