package main

import (
	"context"
	"encoding/json"
	"flag"
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
func runAnalyze(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(stderr)
	position := fs.String("position", "", "the position string (default: the start of the game)")
	levelName := fs.String("level", "", "AI level: easy, medium, hard or max (default hard; max when only --budget is given)")
	budget := fs.Duration("budget", 0, "time to think (default: the level's)")
	threads := fs.Int("threads", 0, "worker goroutines (0: the level's choice)")
	multi := fs.String("multi", "", "search for games of more than two roles: brs (best reply), paranoid, maxn or uct (default at hard and max: "+ai.DefaultMulti.String()+"; easy and medium: brs)")
	seed := fs.Uint64("seed", 1, "seed for the noise of the easy and medium levels")
	asJSON := fs.Bool("json", false, "print one JSON object: move, turn, score, depth, pv, nodes")
	verbose := fs.Bool("v", false, "print each completed depth on stderr")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `Usage: tabletop analyze GAME [--position P] [--level hard | --budget 5s] [--json]

Prints the action the AI chooses in the position, the whole turn of the
side to move (Pentago: placement and rotation; Quad: blocks and mark), the
expected goal (0–100) of the side to move, the depth reached and the
principal variation.

Games: %s

Flags:
`, strings.Join(game.Names(), ", "))
		fs.PrintDefaults()
	}
	name, err := parseWithPositional(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if name == "" {
		fmt.Fprintln(stderr, "tabletop analyze: name the game, e.g. tabletop analyze pentago --position '...'")
		return 2
	}
	s, err := game.NewState(name, *position)
	if err != nil {
		fmt.Fprintf(stderr, "tabletop analyze: %v\n", err)
		return 2
	}
	if s.Terminal() {
		fmt.Fprintln(stderr, "tabletop analyze: the game is over in this position")
		return 1
	}
	level := ai.Hard
	if *levelName != "" {
		if level, err = ai.ParseLevel(*levelName); err != nil {
			fmt.Fprintf(stderr, "tabletop analyze: %v\n", err)
			return 2
		}
	} else if *budget > 0 {
		level = ai.Max
	}
	alg, err := ai.ParseAlgorithm(*multi)
	if err != nil {
		fmt.Fprintf(stderr, "tabletop analyze: --multi %q: want brs, paranoid, maxn or uct\n", *multi)
		return 2
	}
	opt := ai.Options{Level: level, Budget: *budget, Seed: *seed, Threads: *threads, Multi: alg}
	if *verbose {
		opt.Progress = func(p ai.Progress) {
			fmt.Fprintf(stderr, "depth %2d  score %6.2f  nodes %d  %.0f nodes/s  %v  %s\n", p.Depth, p.Score, p.Nodes, p.NPS,
				p.Time.Round(time.Millisecond), strings.Join(ai.FormatLine(s, p.PV), " "))
		}
	}
	start := time.Now()
	res := ai.Search(context.Background(), s, opt)
	elapsed := time.Since(start)
	out := analysisJSON{
		Move:  s.FormatMove(res.Move),
		Turn:  ai.FormatLine(s, res.Turn),
		Score: res.Score,
		Depth: res.Depth,
		PV:    ai.FormatLine(s, res.PV),
		Nodes: res.Nodes,
	}
	if *asJSON {
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			fmt.Fprintf(stderr, "tabletop analyze: %v\n", err)
			return 1
		}
		return 0
	}
	v := s.Variant()
	mover := v.RoleName(s.ToMove())
	fmt.Fprintf(stdout, "%s, %s to move (level %s)\n", v.Title, mover, level)
	fmt.Fprintf(stdout, "move:  %s\n", out.Move)
	fmt.Fprintf(stdout, "turn:  %s\n", strings.Join(out.Turn, " then "))
	note := "estimate"
	if res.Exact {
		note = "proven"
	}
	fmt.Fprintf(stdout, "score: %.2f (expected goal of %s, %s)\n", res.Score, mover, note)
	fmt.Fprintf(stdout, "depth: %d actions, %d nodes in %v (%.0f nodes/s)\n", res.Depth, res.Nodes,
		elapsed.Round(time.Millisecond), float64(res.Nodes)/max(elapsed.Seconds(), 1e-9))
	fmt.Fprintf(stdout, "pv:    %s\n", strings.Join(out.PV, " "))
	return 0
}
