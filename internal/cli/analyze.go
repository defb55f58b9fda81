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
	Move  string   `json:"move"`  // first action, KIF
	Turn  []string `json:"turn"`  // every action of the mover's turn, KIF
	Score float64  `json:"score"` // expected goal (0–100) of the side to move
	Depth int      `json:"depth"`
	PV    []string `json:"pv"`
	Nodes int64    `json:"nodes"`
}

// runAnalyze lets the AI analyse one position.
func runAnalyze(c *commandLine, args []string) error {
	fs := c.flags
	position := fs.String("position", "", "the position string (default: the start of the game)")
	levelName := fs.String("level", "", "AI level: easy, medium, hard or max (default hard; max when only --budget is given)")
	budget := fs.Duration("budget", 0, "time to think (default: the level's)")
	threads := fs.Int("threads", 0, "worker goroutines (0: the level's choice)")
	multi := fs.String("multi", "", "search for games of more than two roles: brs (best reply), paranoid, maxn or uct (default at hard and max: "+ai.DefaultMulti.String()+"; easy and medium: brs)")
	seed := fs.Uint64("seed", 1, "seed for the noise of the easy and medium levels")
	asJSON := fs.Bool("json", false, "print one JSON object: move, turn, score, depth, pv, nodes")
	verbose := fs.Bool("v", false, "print each completed depth on stderr")
	roleName := fs.String("role", "", "the role to analyse for where several roles move at once (default: the first role)")
	c.help = `Usage: tabletop analyze GAME [--position P] [--level hard | --budget 5s] [--role R] [--json]

Prints the action the AI chooses in the position, the whole turn of the
side to move (Pentago: placement and rotation; Quad: blocks and mark), the
expected goal (0–100) of the side to move, the depth reached and the
principal variation. Where several roles move at once (a GDL game such
as rockpaperscissors) it analyses for --role, or the first role.

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
	if *verbose {
		opt.Progress = func(p ai.Progress) {
			fmt.Fprintf(c.stderr, "depth %2d  score %6.2f  nodes %d  %.0f nodes/s  %v  %s\n", p.Depth, p.Score, p.Nodes, p.NPS,
				p.Time.Round(time.Millisecond), strings.Join(ai.FormatLine(s, p.PV), " "))
		}
	}
	start := time.Now()
	res := ai.SearchFor(context.Background(), s, role, opt)
	out := newAnalysisJSON(s, res)
	if *asJSON {
		return json.NewEncoder(c.stdout).Encode(out)
	}
	writeAnalysis(c.stdout, s, role, opt.Level, res, out, time.Since(start))
	return nil
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
		return ai.Options{}, usagef("--multi %q: want brs, paranoid, maxn or uct", multi)
	}
	if err := multiFits(v, multi); err != nil {
		return ai.Options{}, usagef("--multi %v", err)
	}
	return ai.Options{Level: level, Budget: budget, Threads: threads, Multi: alg}, nil
}

// newAnalysisJSON is the search result res in s, in notation.
func newAnalysisJSON(s game.State, res ai.Result) analysisJSON {
	out := analysisJSON{
		Move:  s.FormatMove(res.Move),
		Turn:  ai.FormatLine(s, res.Turn),
		Score: res.Score,
		Depth: res.Depth,
		PV:    ai.FormatLine(s, res.PV),
		Nodes: res.Nodes,
	}
	if len(out.Turn) == 0 && res.Move != game.Noop {
		out.Turn = []string{out.Move} // a simultaneous turn is one action
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
func writeAnalysis(w io.Writer, s game.State, role game.Role, level ai.Level, res ai.Result, out analysisJSON, elapsed time.Duration) {
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
	if res.Exact {
		note = "proven"
	}
	fmt.Fprintf(w, "score: %.2f (expected goal of %s, %s)\n", res.Score, mover, note)
	fmt.Fprintf(w, "depth: %d actions, %d nodes in %v (%.0f nodes/s)\n", res.Depth, res.Nodes,
		elapsed.Round(time.Millisecond), float64(res.Nodes)/max(elapsed.Seconds(), 1e-9))
	fmt.Fprintf(w, "pv:    %s\n", strings.Join(out.PV, " "))
	if res.Depth > 0 && len(out.PV) > res.Depth {
		// Both figures are right: the search completed Depth actions and
		// the line shown goes on by the transposition table's best moves.
		fmt.Fprintf(w, "       (%s: past depth %d the line follows the transposition table)\n", plural(len(out.PV), "action"), res.Depth)
	}
}
