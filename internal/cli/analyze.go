package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// analysisJSON is the --json output of analyze.
type analysisJSON struct {
	Move   string     `json:"move"`   // first action, KIF
	Turn   []string   `json:"turn"`   // every action of the mover's turn, KIF
	Score  float64    `json:"score"`  // expected goal (0–100) of the side to move
	Proven bool       `json:"proven"` // score is the game-theoretic value
	Solver bool       `json:"solver"` // proven by the game's exact solver
	Book   bool       `json:"book"`   // the opening book's move
	Depth  int        `json:"depth"`
	PV     []string   `json:"pv"`
	Nodes  int64      `json:"nodes"`
	Moves  []moveJSON `json:"moves"` // the best moves, best first
}

// moveJSON is one of analyze's best moves.
type moveJSON struct {
	Move   string   `json:"move"` // first action, KIF
	Line   []string `json:"line"` // the line from it, KIF
	Score  float64  `json:"score"`
	Proven bool     `json:"proven"`
}

// runAnalyze lets the AI analyse one position.
func runAnalyze(c *commandLine, args []string) error {
	fs := c.flags
	position := fs.String("position", "", "the position string (default: the start of the game)")
	levelName := fs.String("level", "", "AI level: easy, medium, hard or max (default hard; max when only --budget is given)")
	budget := fs.Duration("budget", 0, "time to think (default: the level's)")
	threads := fs.Int("threads", 0, "worker goroutines (0: the level's choice)")
	multi := fs.String("multi", "", "search for games of more than two roles: brs (best reply), paranoid, maxn, uct, model (opponent model) or plan (the model with a tree of its own later moves) (default at hard and max: "+ai.DefaultMulti.String()+"; easy and medium: brs)")
	seed := fs.Uint64("seed", 1, "seed for the noise of the easy and medium levels")
	asJSON := fs.Bool("json", false, "print one JSON object: move, turn, score, proven, solver, depth, pv, nodes, moves")
	moves := fs.Int("moves", 3, "how many of the best moves to show with their values")
	verbose := fs.Bool("v", false, "print each completed depth on stderr")
	roleName := fs.String("role", "", "the role to analyse for where several roles move at once (default: the first role)")
	c.help = `Usage: tabletop analyze GAME [--position P] [--level hard | --budget 5s] [--moves N] [--role R] [--json]

Prints the action the AI chooses in the position, the whole turn of the
side to move (Pentago: placement and rotation; Quad: blocks and mark), the
expected goal (0–100) of the side to move, marked "proven" when it is the
game-theoretic value (settled by the game's exact solver, or by a search
that reached the end of every line), the depth reached, the principal
variation and the best few moves with their values. Where several roles
move at once (a GDL game such as rockpaperscissors) it analyses for
--role, or the first role. Pentago positions the exact solver can afford
within the budget (from about 20 stones at hard, 18–19 at max) are solved.

` + gameList() + `
Flags:
`
	s, err := c.gamePosition(args, position)
	if err != nil {
		return err
	}
	if s.Terminal() {
		return errors.New("the game is over in this position")
	}
	role, err := analysisRole(s, *roleName)
	if err != nil {
		return err
	}
	opt, err := analyzeOptions(s.Variant(), *levelName, *multi, *budget, *threads)
	if err != nil {
		return err
	}
	opt.Seed = *seed
	if *moves < 1 {
		return usagef("--moves %d: show at least 1 move", *moves)
	}
	var report func(ai.Analysis)
	if *verbose {
		report = func(an ai.Analysis) {
			if !an.Done {
				fmt.Fprintf(c.stderr, "depth %2d  score %6.2f%s  nodes %d  %v  %s\n", an.Depth, an.Score, provenMark(an.Proven, an.Solver),
					an.Nodes, an.Time.Round(time.Millisecond), strings.Join(ai.FormatLine(s, an.Line), " "))
			}
		}
	}
	an := ai.NewAnalyzer().Analyze(context.Background(), s, ai.AnalysisOptions{Options: opt, Moves: *moves, Role: role}, report)
	out := newAnalysisJSON(s, an)
	if *asJSON {
		return json.NewEncoder(c.stdout).Encode(out)
	}
	writeAnalysis(c.stdout, s, role, opt.Level, an, out)
	return nil
}

// provenMark is how the progress lines mark a proven score.
func provenMark(proven, solver bool) string {
	switch {
	case solver:
		return " (solved)"
	case proven:
		return " (proven)"
	}
	return ""
}

// analyzeOptions turns analyze's --level, --multi, --budget and --threads
// into search options for v, refusing values that make no sense.
func analyzeOptions(v *game.Variant, levelName, multi string, budget time.Duration, threads int) (ai.Options, error) {
	level := ai.Hard
	if levelName != "" {
		var err error
		if level, err = ai.ParseLevel(levelName); err != nil {
			return ai.Options{}, usageError{err.Error()}
		}
	} else if budget > 0 {
		level = ai.Max
	}
	switch {
	case budget < 0:
		return ai.Options{}, usagef("--budget must not be negative")
	case threads < 0:
		return ai.Options{}, usagef("--threads must not be negative")
	}
	alg, err := ai.ParseAlgorithm(multi)
	if err != nil {
		return ai.Options{}, usagef("--multi %q: want brs, paranoid, maxn, uct, model or plan", multi)
	}
	if err := multiFits(v, multi); err != nil {
		return ai.Options{}, usagef("--multi %v", err)
	}
	return ai.Options{Level: level, Budget: budget, Threads: threads, Multi: alg}, nil
}

// newAnalysisJSON is the analysis an of s, in notation.
func newAnalysisJSON(s game.State, an ai.Analysis) analysisJSON {
	out := analysisJSON{
		Turn:   ai.FormatLine(s, an.Turn),
		Score:  an.Score,
		Proven: an.Proven,
		Solver: an.Solver,
		Book:   an.Book,
		Depth:  an.Depth,
		PV:     ai.FormatLine(s, an.Line),
		Nodes:  an.Nodes,
		Moves:  []moveJSON{},
	}
	if len(an.Turn) > 0 {
		out.Move = s.FormatMove(an.Turn[0])
	}
	if len(out.Turn) == 0 && out.Move != "" {
		out.Turn = []string{out.Move} // a simultaneous turn is one action
	}
	for _, mv := range an.Moves {
		out.Moves = append(out.Moves, moveJSON{Move: s.FormatMove(mv.Move), Line: ai.FormatLine(s, mv.Line), Score: mv.Score, Proven: mv.Proven})
	}
	return out
}

// analysisRole is the role analysed: the one to move on a turn-taking
// turn, else --role or the first role.
func analysisRole(s game.State, name string) (game.Role, error) {
	v := s.Variant()
	r := game.Role(0)
	if name != "" {
		if r = v.RoleIndex(name); r == game.NoRole {
			return r, usagef("--role %q: %s has the roles %s", name, v.Name, strings.Join(v.Roles, ", "))
		}
	}
	switch to := s.ToMove(); {
	case to == game.NoRole:
		return r, nil
	case name != "" && r != to:
		return r, usagef("--role %s: %s is to move in this position", name, v.RoleName(to))
	default:
		return to, nil
	}
}

// writeAnalysis prints the analysis for a reader.
func writeAnalysis(w io.Writer, s game.State, role game.Role, level ai.Level, an ai.Analysis, out analysisJSON) {
	v := s.Variant()
	mover := v.RoleName(role)
	if s.ToMove() == game.NoRole {
		fmt.Fprintf(w, "%s, all roles move at once; for %s (level %s)\n", v.Title, mover, level)
	} else {
		fmt.Fprintf(w, "%s, %s to move (level %s)\n", v.Title, mover, level)
	}
	fmt.Fprintf(w, "move:  %s\n", out.Move)
	fmt.Fprintf(w, "turn:  %s\n", strings.Join(out.Turn, " then "))
	note := "estimate"
	switch {
	case an.Solver:
		note = "proven by the exact solver"
	case an.Proven:
		note = "proven"
	}
	fmt.Fprintf(w, "score: %.2f (expected goal of %s, %s)\n", an.Score, mover, note)
	switch {
	case an.Solver && an.Depth == 0:
		fmt.Fprintf(w, "solve: %v\n", an.Time.Round(time.Millisecond))
	case an.Book:
		fmt.Fprintf(w, "book:  the opening book's move (%v)\n", an.Time.Round(time.Millisecond))
	default:
		fmt.Fprintf(w, "depth: %d actions, %d nodes in %v (%.0f nodes/s)\n", an.Depth, an.Nodes,
			an.Time.Round(time.Millisecond), float64(an.Nodes)/max(an.Time.Seconds(), 1e-9))
	}
	fmt.Fprintf(w, "pv:    %s\n", strings.Join(out.PV, " "))
	if an.Depth > 0 && len(out.PV) > an.Depth {
		// Both figures are right: the search completed Depth actions and
		// the line shown goes on by the transposition table's best moves.
		fmt.Fprintf(w, "       (%s: past depth %d the line follows the transposition table)\n", plural(len(out.PV), "action"), an.Depth)
	}
	writeBestMoves(w, out.Moves)
}

// writeBestMoves prints the best moves with their values, one a line.
func writeBestMoves(w io.Writer, moves []moveJSON) {
	if len(moves) == 0 {
		return
	}
	fmt.Fprintln(w, "moves:")
	width := 0
	for _, mv := range moves {
		width = max(width, len(movesText(mv)))
	}
	for i, mv := range moves {
		note := "estimate"
		if mv.Proven {
			note = "proven"
		}
		fmt.Fprintf(w, "  %d. %-*s  %6.2f %s\n", i+1, width, movesText(mv), mv.Score, note)
	}
}

// movesText is a best move as shown: its line up to 4 actions.
func movesText(mv moveJSON) string {
	line := mv.Line
	if len(line) == 0 {
		line = []string{mv.Move}
	}
	if len(line) > 4 {
		return strings.Join(line[:4], " ") + " …"
	}
	return strings.Join(line, " ")
}
