package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl/prolog"
	"github.com/tabletop/tabletop/internal/sheets"
)

// benchConfig is what bench was asked for.
type benchConfig struct {
	duration time.Duration
	seed     uint64
	maxPlies int
	engine   string
	prolog   bool
	keep     string // directory for the Prolog translations, or ""
}

// runBench measures random-playout speed.
func runBench(c *commandLine, args []string) error {
	var cfg benchConfig
	c.flags.DurationVar(&cfg.duration, "duration", time.Second, "CPU time to spend on each variant (and as much in Prolog)")
	c.flags.Uint64Var(&cfg.seed, "seed", 1, "random seed for the playouts")
	c.flags.IntVar(&cfg.maxPlies, "max-plies", 10000, "plies after which a playout is stopped")
	c.flags.StringVar(&cfg.engine, "engine", "auto", "auto, lanes (many games at once) or state (one game at a time)")
	c.flags.BoolVar(&cfg.prolog, "prolog", false, "also play the rule sheet in a plain Prolog translation (swipl) and compare")
	c.flags.StringVar(&cfg.keep, "prolog-dir", "", "write the Prolog translations into this directory and keep them")
	c.help = `Usage: tabletop bench [--duration 1s] [--engine auto|lanes|state] [--prolog] [VARIANT...]

Plays uniformly random games from the start of every variant (or the ones
named, or the game of a rule sheet FILE.kif), on one goroutine, for
--duration of the process's CPU time (wall-clock time where the system
does not tell CPU time), and prints one line per variant:

  VARIANT PLIES plies/s (PLAYOUTS playouts/s, PLIES_PER_GAME plies/game, SECONDS CPU-s, HOW)

HOW is "one game at a time" (game.State) or "256 games at once" (the GDL
engine's lanes, game.Simulator), which --engine chooses (auto: lanes
where the game has them). With --prolog, a game read from a GDL rule
sheet is then played in SWI-Prolog (swipl on PATH), back to back, in a
plain translation of its rules (see prolog.WriteProlog) for as much CPU
time, and a second line gives its speed and the ratio:

  VARIANT prolog PLIES plies/s (...); tabletop RATIO× as fast

Without swipl the translation is written (into --prolog-dir, else the
system's temporary directory) and the line tells how to run it.

Flags:
`
	pos, err := c.parse(args, -1)
	if err != nil {
		return err
	}
	if cfg.duration <= 0 {
		return usagef("--duration must be positive")
	}
	if cfg.engine != "auto" && cfg.engine != "lanes" && cfg.engine != "state" {
		return usagef("--engine must be auto, lanes or state")
	}
	var variants []*game.Variant
	if len(pos) == 0 {
		variants = game.Variants()
	}
	for _, name := range pos {
		v, err := lookupGame(name)
		if err != nil {
			return err
		}
		variants = append(variants, v)
	}
	for _, v := range variants {
		if err := benchVariant(c.stdout, v, cfg); err != nil {
			return err
		}
	}
	return nil
}

// benchResult is what a measurement played.
type benchResult struct {
	plies, games int
	cpu          time.Duration
	how          string
}

func (r benchResult) pliesPerSecond() float64 { return float64(r.plies) / r.cpu.Seconds() }

func (r benchResult) String() string {
	return fmt.Sprintf("%.0f plies/s (%.0f playouts/s, %.1f plies/game, %.2f %s, %s)",
		r.pliesPerSecond(), float64(r.games)/r.cpu.Seconds(), float64(r.plies)/float64(max(r.games, 1)),
		r.cpu.Seconds(), cpuUnit, r.how)
}

// benchVariant measures v and, when asked, its Prolog translation.
func benchVariant(w io.Writer, v *game.Variant, cfg benchConfig) error {
	var res benchResult
	start := v.New()
	sim, lanes := start.(game.Simulator)
	if lanes && cfg.engine != "state" {
		res = benchLanes(start, sim, cfg)
	} else {
		if cfg.engine == "lanes" {
			return fmt.Errorf("%s: the game has no lanes (only ground GDL games have)", v.Name)
		}
		res = benchStates(v, cfg)
	}
	fmt.Fprintf(w, "%s %s\n", v.Name, res)
	if !cfg.prolog {
		return nil
	}
	src, ok := sheets.Source(v.Name)
	if !ok {
		fmt.Fprintf(w, "%s prolog: not a game read from a rule sheet\n", v.Name)
		return nil
	}
	pl, err := benchProlog(v.Name, src, cfg)
	if errors.Is(err, exec.ErrNotFound) {
		fmt.Fprintf(w, "%s prolog: swipl not found; the translation is %s, run: swipl -q -g 'bench(%g, %d, %d)' -t halt %s\n",
			v.Name, pl.how, cfg.duration.Seconds(), cfg.seed, cfg.maxPlies, pl.how)
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: prolog: %w", v.Name, err)
	}
	fmt.Fprintf(w, "%s prolog %s; tabletop %.0f× as fast\n", v.Name, pl, res.pliesPerSecond()/pl.pliesPerSecond())
	return nil
}

// benchStates plays random games of v one at a time through game.State
// and returns what they played in cfg.duration of CPU time. The clock is
// read after rounds of games that double in number until a round takes a
// few milliseconds, so that reading it costs nothing next to short games.
func benchStates(v *game.Variant, cfg benchConfig) benchResult {
	start := v.New()
	s := v.New()
	rng := game.NewRand(cfg.seed)
	p := &player{joint: make([]game.Move, len(v.Roles))}
	res := benchResult{how: "one game at a time"}
	begin := cpuNow()
	for round := 1; ; round = min(round*2, 1<<20) {
		for i := 0; i < round; i++ {
			s.CopyFrom(start)
			res.plies += p.playout(s, rng, cfg.maxPlies)
			res.games++
		}
		if res.cpu = cpuNow() - begin; res.cpu >= cfg.duration {
			return res
		}
		if res.cpu > cfg.duration/64 {
			round /= 2 // keep the last round short
		}
	}
}

// benchLanes plays random games of start's game in the lanes sim makes,
// loading start again into every lane whose game ends.
func benchLanes(start game.State, sim game.Simulator, cfg benchConfig) benchResult {
	l := sim.NewSimulation()
	rng := game.NewRand(cfg.seed)
	for lane := 0; lane < l.Lanes(); lane++ {
		l.Load(lane, start, cfg.maxPlies)
	}
	res := benchResult{how: fmt.Sprintf("%d games at once", l.Lanes())}
	var ended []int
	begin := cpuNow()
	for {
		for i := 0; i < 64; i++ {
			ended = l.Step(rng, ended[:0])
			for _, lane := range ended {
				res.plies += l.Plies(lane)
				res.games++
				l.Load(lane, start, cfg.maxPlies)
			}
		}
		if res.cpu = cpuNow() - begin; res.cpu >= cfg.duration && res.games > 0 {
			return res
		}
	}
}

// benchProlog writes the Prolog translation of src and plays it in swipl
// for cfg.duration of its CPU time: the plain translation, or where its
// recursion does not end (it runs out of stack), the one with tabling.
// Without swipl it returns exec.ErrNotFound and the translation's path
// in how.
func benchProlog(name string, src []byte, cfg benchConfig) (benchResult, error) {
	dir := cfg.keep
	if dir == "" {
		tmp, err := os.MkdirTemp("", "tabletop-bench-")
		if err != nil {
			return benchResult{}, err
		}
		dir = tmp
	}
	base := filepath.Join(dir, strings.NewReplacer(":", "_", "/", "_").Replace(name))
	file, err := writeProlog(base+".pl", src, false)
	if err != nil {
		return benchResult{}, err
	}
	swipl, err := exec.LookPath("swipl")
	if err != nil {
		return benchResult{how: file}, err
	}
	if cfg.keep == "" {
		defer os.RemoveAll(dir)
	}
	res, err := runProlog(swipl, file, cfg)
	if err != nil && strings.Contains(err.Error(), "Stack limit") {
		if file, err = writeProlog(base+"-tabled.pl", src, true); err != nil {
			return benchResult{}, err
		}
		res, err = runProlog(swipl, file, cfg)
		res.how += ", recursive relations tabled"
	}
	return res, err
}

// writeProlog writes the Prolog translation of src into file.
func writeProlog(file string, src []byte, tabling bool) (string, error) {
	var text bytes.Buffer
	if err := prolog.WriteProlog(&text, src, tabling); err != nil {
		return "", err
	}
	return file, os.WriteFile(file, text.Bytes(), 0o644)
}

// runProlog runs the translation's bench in swipl, with a stack of 256
// MB (left recursion exhausts it fast) and a deadline well past the
// duration.
func runProlog(swipl, file string, cfg benchConfig) (benchResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*cfg.duration+time.Minute)
	defer cancel()
	goal := fmt.Sprintf("bench(%g, %d, %d)", cfg.duration.Seconds(), cfg.seed, cfg.maxPlies)
	out, err := exec.CommandContext(ctx, swipl, "--stack-limit=256m", "-q", "-g", goal, "-t", "halt", file).CombinedOutput()
	if err != nil {
		return benchResult{}, fmt.Errorf("%v: %s", err, bytes.TrimSpace(out))
	}
	return parsePrologBench(out)
}

// parsePrologBench reads the driver's line "prolog GAMES PLIES SECONDS".
func parsePrologBench(out []byte) (benchResult, error) {
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 || f[0] != "prolog" {
			continue
		}
		games, err1 := strconv.Atoi(f[1])
		plies, err2 := strconv.Atoi(f[2])
		secs, err3 := strconv.ParseFloat(f[3], 64)
		if err := errors.Join(err1, err2, err3); err != nil || secs <= 0 {
			return benchResult{}, fmt.Errorf("unreadable result %q", line)
		}
		return benchResult{plies: plies, games: games, cpu: time.Duration(secs * float64(time.Second)), how: "swipl"}, nil
	}
	return benchResult{}, fmt.Errorf("no result in %q", bytes.TrimSpace(out))
}

// player is the scratch of playout.
type player struct {
	joint, buf []game.Move
}

// playout plays s to its end at random, for at most maxPlies plies, and
// returns the plies played. On a turn where several roles choose at once
// (a GDL game's), each plays a random legal move of its own.
func (p *player) playout(s game.State, rng *game.Rand, maxPlies int) int {
	js, ok := s.(game.JointState)
	if !ok {
		return game.Playout(s, rng, maxPlies)
	}
	roles, joint, buf := len(p.joint), p.joint, p.buf
	defer func() { p.buf = buf }()
	plies := 0
	for ; !s.Terminal() && plies < maxPlies; plies++ {
		if s.ToMove() != game.NoRole {
			s.Apply(s.RandomMove(rng))
			continue
		}
		for r := 0; r < roles; r++ {
			buf = js.LegalOf(game.Role(r), buf[:0])
			joint[r] = game.Noop
			if len(buf) > 0 {
				joint[r] = buf[rng.Intn(len(buf))]
			}
		}
		js.ApplyJoint(joint)
	}
	return plies
}
