package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/pentago"
)

// runBook makes an opening book: Pentago's, game/pentago/book.txt.
func runBook(c *commandLine, args []string) error {
	stones := c.flags.Int("stones", 2, "book every position with up to this many stones")
	depth := c.flags.Int("depth", 12, "depth, in actions, of the search that chooses each turn")
	out := c.flags.String("out", "", "write the book to this file (default: standard output)")
	c.help = `Usage: tabletop book pentago [--stones 2] [--depth 12] [--out game/pentago/book.txt]

Makes Pentago's opening book: every position of the standard variant with
up to --stones stones that the turns from the start reach, once per set
of positions that are the same up to a symmetry of the board, each with
the turn a search of --depth actions on one thread chooses (the level max
without the book or the solver, and no time limit, so the book is the
same on every machine). Progress goes to standard error. The book is
built into the program (game/pentago/book.go) and hard and max play it.

Flags:
`
	pos, err := c.parse(args, 1)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "pentago" {
		return usagef("only pentago has a book maker")
	}
	switch {
	case *stones < 0 || *stones > 6:
		return usagef("--stones %d: want 0 to 6", *stones)
	case *depth < 1:
		return usagef("--depth %d: want at least 1", *depth)
	}
	w := c.stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	return makePentagoBook(w, c.stderr, *stones, *depth)
}

// makePentagoBook writes the book of the positions with up to stones
// stones, each searched to depth.
func makePentagoBook(w, progress io.Writer, stones, depth int) error {
	positions := pentagoBookPositions(stones)
	fmt.Fprintf(w, "# Pentago opening book: %d positions with up to %d stones (one per symmetry class),\n", len(positions), stones)
	fmt.Fprintf(w, "# each with the turn a search of %d actions on one thread chose.\n", depth)
	fmt.Fprintf(w, "# Made by: tabletop book pentago --stones %d --depth %d --out game/pentago/book.txt\n", stones, depth)
	start := time.Now()
	for i, s := range positions {
		opt := ai.Options{Level: ai.Max, Budget: 24 * time.Hour, Threads: 1, MaxDepth: depth, NoSolver: true, NoBook: true}
		res := ai.NewSearcher().Search(context.Background(), s, opt)
		if len(res.Turn) != 2 {
			return fmt.Errorf("%s: the search's turn %v is not a placement and a rotation", s, ai.FormatLine(s, res.Turn))
		}
		after := s.Clone()
		after.Apply(res.Turn[0])
		rows, _, _ := strings.Cut(s.String(), " ")
		fmt.Fprintf(w, "%s %s %s %.0f\n", rows, s.ShortMove(res.Turn[0]), after.ShortMove(res.Turn[1]), res.Score)
		fmt.Fprintf(progress, "%d/%d %s: %s (%.1f) after %v\n", i+1, len(positions), s, strings.Join(ai.FormatLine(s, res.Turn), " "), res.Score, time.Since(start).Round(time.Second))
	}
	return nil
}

// pentagoBookPositions returns the place-phase positions of the standard
// variant with up to stones stones that turns from the start reach, each
// as the canonical image of its symmetry class, by stones then position.
func pentagoBookPositions(stones int) []*pentago.State {
	v, _ := game.Lookup("pentago")
	start := v.New().(*pentago.State)
	seen := map[string]*pentago.State{}
	level := []*pentago.State{start.Transform(start.Canonical())}
	for n := 0; n <= stones && len(level) > 0; n++ {
		var next []*pentago.State
		for _, s := range level {
			seen[s.String()] = s
			if n == stones {
				continue
			}
			for _, t := range pentagoTurns(s) {
				c := t.Transform(t.Canonical())
				if _, dup := seen[c.String()]; !dup && !c.Terminal() {
					seen[c.String()] = c
					next = append(next, c)
				}
			}
		}
		level = next
	}
	out := make([]*pentago.State, 0, len(seen))
	for _, s := range seen {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		ri, bi := out[i].Stones()
		rj, bj := out[j].Stones()
		if ri+bi != rj+bj {
			return ri+bi < rj+bj
		}
		return out[i].String() < out[j].String()
	})
	return out
}

// pentagoTurns returns the positions after each whole turn of s.
func pentagoTurns(s *pentago.State) []*pentago.State {
	var out []*pentago.State
	for _, p := range s.Legal(nil) {
		a := s.Clone().(*pentago.State)
		a.Apply(p)
		if a.Terminal() {
			continue
		}
		for _, r := range a.Legal(nil) {
			b := a.Clone().(*pentago.State)
			b.Apply(r)
			out = append(out, b)
		}
	}
	return out
}
