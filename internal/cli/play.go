package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/themes"
	"github.com/tabletop/tabletop/ui"
)

// seatFlags collects repeated --seat ROLE=SPEC flags.
type seatFlags []string

func (s *seatFlags) String() string     { return strings.Join(*s, ",") }
func (s *seatFlags) Set(v string) error { *s = append(*s, v); return nil }

// runPlay opens the interactive client: the menu, or directly a game.
//
//	tabletop play [VARIANT] [--seat ROLE=human|ai:LEVEL[:NAME]|ggp:URL]... [--position P]
//	              [--load FILE] [--no-mouse] [--ascii] [--theme NAME] [--budget TIME]
//	              [--records DIR] [--startclock D] [--playclock D]
func runPlay(c *commandLine, args []string) error {
	var seats seatFlags
	c.flags.Var(&seats, "seat", "who plays a role: ROLE=human[:NAME], ROLE=ai:LEVEL[:NAME] or ROLE=ggp:URL, a GGP player (repeatable)")
	startClock := c.flags.Duration("startclock", 10*time.Second, "GGP start clock for ggp: seats")
	playClock := c.flags.Duration("playclock", 5*time.Second, "GGP play clock for ggp: seats")
	position := c.flags.String("position", "", "start from this position string (the format is in README.md, \"Position strings\")")
	load := c.flags.String("load", "", "open a saved game file")
	noMouse := c.flags.Bool("no-mouse", false, "do not capture the mouse (keeps the terminal's text selection)")
	ascii := c.flags.Bool("ascii", false, "7-bit characters and no colour")
	theme := c.flags.String("theme", "", "colour theme: "+strings.Join(themes.Names(), ", "))
	records := c.flags.String("records", ui.DefaultRecordDir(), "keep every finished game as a file in this directory (\"\" keeps none; tabletop games lists them)")
	budget := c.flags.Duration("budget", 0, "the AI's time per move, e.g. 5s (default: the last one set, else each level's own)")
	c.help = "Usage: tabletop play [VARIANT] [FLAGS]   (no variant opens the menu)\n\n" +
		"The rules of every game: RULES.md in the tabletop repository.\n\n" +
		gameList() + "\nFlags:\n"
	pos, err := c.parse(args, 1)
	if err != nil {
		return err
	}
	registerUserSheets(c.stderr)
	if *budget < 0 {
		return usagef("--budget %s: want a positive time such as 5s", *budget)
	}
	if *startClock <= 0 || *playClock <= 0 {
		return usagef("the clocks must be positive")
	}
	opts := ui.Options{Mouse: !*noMouse, ASCII: *ascii, Theme: *theme, AIBudget: *budget,
		GGPStartClock: *startClock, GGPPlayClock: *playClock}
	if *theme != "" {
		if _, ok := themes.Lookup(*theme); !ok {
			return usagef("unknown theme %q (known: %s)", *theme, strings.Join(themes.Names(), ", "))
		}
	}
	if *load != "" {
		if len(pos) > 0 || len(seats) > 0 || *position != "" {
			return usagef("--load cannot be combined with a variant, --seat or --position")
		}
		data, err := os.ReadFile(*load)
		if err != nil {
			return fmt.Errorf("cannot open saved game: %v", err)
		}
		if _, err := ui.ParseSave(data); err != nil {
			return fmt.Errorf("%s is not a usable saved game: %v", *load, err)
		}
		opts.Start.Load = *load
	}
	if len(pos) == 0 && (len(seats) > 0 || *position != "") {
		return usagef("--seat and --position need a variant, e.g. tabletop play pentago --seat black=ai:hard")
	}
	if len(pos) > 0 {
		if err := startGame(&opts.Start, pos, *position, seats); err != nil {
			return err
		}
	}
	if *records != "" {
		opts.OnFinished = ui.KeepRecords(*records)
	}
	return runClient(c, opts)
}

// runClient runs the interactive client with opts on the command's
// streams.
func runClient(c *commandLine, opts ui.Options) error {
	if u := os.Getenv("USER"); u != "" {
		opts.Player = rooms.Player{Name: u}
	}
	// The program finds the terminal's colour profile and tells the
	// client (tea.ColorProfileMsg); the view asks for the alternate
	// screen.
	var popts []tea.ProgramOption
	if f, ok := c.stdout.(*os.File); !ok || f != os.Stdout {
		popts = append(popts, tea.WithOutput(c.stdout))
	}
	if f, ok := c.stdin.(*os.File); !ok || f != os.Stdin {
		popts = append(popts, tea.WithInput(c.stdin))
	}
	_, err := tea.NewProgram(ui.New(opts), popts...).Run()
	return err
}

// startGame fills start with the game named in pos, its position and
// seats, as given on the command line.
func startGame(start *ui.Start, pos []string, position string, seats seatFlags) error {
	v, err := lookupGame(pos[0])
	if err != nil {
		return err
	}
	if position != "" {
		if _, err := v.ParsePosition(position); err != nil {
			return usagef("bad %s position: %v", v.Name, err)
		}
	}
	start.Variant, start.Position = v.Name, position
	start.Seats = map[string]ui.SeatConfig{}
	for _, s := range seats {
		role, spec, ok := strings.Cut(s, "=")
		if !ok {
			return usagef("--seat %q: want ROLE=human, ROLE=ai:LEVEL or ROLE=ggp:URL", s)
		}
		if v.RoleIndex(role) == game.NoRole {
			return usagef("%s has no role %q (roles: %s)", v.Name, role, strings.Join(v.Roles, ", "))
		}
		sc, err := ui.ParseSeat(spec)
		if err != nil {
			return usageError{err.Error()}
		}
		if sc.GGP != "" && position != "" {
			return usagef("--position cannot be used with ggp: seats (GGP games start from the rules' start)")
		}
		start.Seats[role] = sc
	}
	return nil
}

// registerUserSheets adds the rule sheets of the user's games folder to
// the menu, simultaneous games too (played hot-seat); a sheet that does
// not load is reported and left out.
func registerUserSheets(stderr io.Writer) {
	dir, err := sheets.UserDir()
	if err != nil {
		return
	}
	if _, err := sheets.RegisterDir(dir, nil); err != nil {
		fmt.Fprintf(stderr, "tabletop: rule sheets in %s left out: %v\n", dir, err)
	}
}
