package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
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
	records := c.flags.String("records", savefmt.DefaultRecordDir(), "keep every finished game as a file in this directory (\"\" keeps none; tabletop games lists them)")
	budget := c.flags.Duration("budget", 0, "the AI's time per move, e.g. 5s (default: the last one set, else each level's own)")
	c.help = "Usage: tabletop play [VARIANT] [FLAGS]   (no variant opens the menu)\n\n" +
		"The rules of every game: RULES.md in the tabletop repository.\n\n" +
		gameList() + "\nFlags:\n"
	pos, err := c.parse(args, 1)
	if err != nil {
		return err
	}
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
		if err := checkSave(*load); err != nil {
			return err
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
		opts.OnFinished = savefmt.KeepRecords(*records)
	}
	opts.SheetDir, _ = sheets.UserDir()
	return runClient(c, opts)
}

// checkSave checks that a save file can be opened, before the client
// starts: a game played from a sheet file whose sheet is not loaded yet
// is fine when the file still has the text it was played with (the
// client loads it with a progress line).
func checkSave(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("cannot open saved game: %v", err)
	}
	sv, err := savefmt.ParseSave(data)
	if errors.Is(err, savefmt.ErrSheetNotLoaded) {
		if cerr := sheets.Check(sv.Sheet.Path, sv.Sheet.Hash); cerr != nil {
			err = &savefmt.SheetError{Sheet: sv.Sheet, Err: cerr}
		} else {
			err = nil
		}
	}
	if err != nil {
		return fmt.Errorf("%s is not a usable saved game: %v", path, err)
	}
	return nil
}

// runClient runs the interactive client with opts on the command's
// streams.
func runClient(c *commandLine, opts ui.Options) error {
	if err := needTerminal(c.stdin, c.stdout); err != nil {
		return err
	}
	if u := os.Getenv("USER"); u != "" {
		opts.Player = roomapi.Player{Name: u}
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

// errNoTerminal is returned when the client is started without a
// terminal to draw in or to read keys from.
var errNoTerminal = errors.New("the game client needs a terminal")

// needTerminal refuses to start the client when its output is the
// process's own stdout and not a terminal (redirected to a file or a
// pipe), or when its input is stdin, not a terminal, and no terminal can
// be opened for the keys: Bubble Tea would fail with "could not open a
// new TTY", which says nothing of what to do. Streams other than the
// process's own are the caller's choice and pass.
func needTerminal(in io.Reader, out io.Writer) error {
	if f, ok := out.(*os.File); ok && f == os.Stdout && !term.IsTerminal(f.Fd()) {
		return fmt.Errorf("%w to draw in, but its output goes to a file or a pipe: run it in a terminal", errNoTerminal)
	}
	if f, ok := in.(*os.File); ok && f == os.Stdin && !term.IsTerminal(f.Fd()) {
		ttyIn, ttyOut, err := tea.OpenTTY()
		if err != nil {
			return fmt.Errorf("%w for its keys, but its input is a file or a pipe and no terminal could be opened: run it in a terminal", errNoTerminal)
		}
		ttyIn.Close()
		if ttyOut != ttyIn {
			ttyOut.Close()
		}
	}
	return nil
}

// startGame fills start with the game named in pos, its position and
// seats, as given on the command line. A rule sheet's file is loaded by
// the client, which shows its progress; its roles and position are
// checked once it is loaded. A name that is no game but a sheet of the
// user's games folder is that sheet.
func startGame(start *ui.Start, pos []string, position string, seats seatFlags) error {
	if path, ok := sheetFile(pos[0]); ok {
		start.Sheet, start.Position = path, position
		return readSeats(start, nil, position, seats)
	}
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
	return readSeats(start, v, position, seats)
}

// sheetFile is the rule sheet file a game argument names: a FILE.kif
// that exists, or NAME.kif in the user's games folder when no game is
// called NAME.
func sheetFile(arg string) (string, bool) {
	if sheets.IsSheetPath(arg) {
		_, err := os.Stat(arg)
		return arg, err == nil
	}
	if _, err := game.Lookup(arg); err == nil {
		return "", false
	}
	dir, err := sheets.UserDir()
	if err != nil {
		return "", false
	}
	path := filepath.Join(dir, arg+".kif")
	_, err = os.Stat(path)
	return path, err == nil
}

// readSeats reads the --seat flags into start; the roles are checked
// against v when it is known.
func readSeats(start *ui.Start, v *game.Variant, position string, seats seatFlags) error {
	start.Seats = map[string]savefmt.SeatConfig{}
	for _, s := range seats {
		role, spec, ok := strings.Cut(s, "=")
		if !ok {
			return usagef("--seat %q: want ROLE=human, ROLE=ai:LEVEL or ROLE=ggp:URL", s)
		}
		if v != nil && v.RoleIndexFold(role) == game.NoRole {
			return usagef("%s has no role %q (roles: %s)", v.Name, role, strings.Join(v.Roles, ", "))
		}
		sc, err := savefmt.ParseSeat(spec)
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
