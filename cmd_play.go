package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/tabletop/tabletop/game"
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
//	tabletop play [VARIANT] [--seat ROLE=human|ai:LEVEL[:NAME]]... [--position P]
//	              [--load FILE] [--no-mouse] [--ascii] [--theme NAME]
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var seats seatFlags
	fs.Var(&seats, "seat", "who plays a role: ROLE=human[:NAME] or ROLE=ai:LEVEL[:NAME] (repeatable)")
	position := fs.String("position", "", "start from this position string (see RULES.md)")
	load := fs.String("load", "", "open a saved game file")
	noMouse := fs.Bool("no-mouse", false, "do not capture the mouse (keeps the terminal's text selection)")
	ascii := fs.Bool("ascii", false, "7-bit characters and no colour")
	theme := fs.String("theme", "", "colour theme: "+strings.Join(themes.Names(), ", "))
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: tabletop play [VARIANT] [FLAGS]   (no variant opens the menu)")
		fmt.Fprintln(stderr, "Variants: "+strings.Join(game.Names(), ", "))
		fs.PrintDefaults()
	}
	var variant string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		variant, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if rest := fs.Args(); len(rest) > 0 {
		if variant != "" || len(rest) > 1 {
			fmt.Fprintf(stderr, "tabletop play: unexpected arguments %q\n", rest)
			return 2
		}
		variant = rest[0]
	}
	opts := ui.Options{Mouse: !*noMouse, ASCII: *ascii, Theme: *theme}
	if *theme != "" {
		if _, ok := themes.Lookup(*theme); !ok {
			fmt.Fprintf(stderr, "tabletop play: unknown theme %q (known: %s)\n", *theme, strings.Join(themes.Names(), ", "))
			return 2
		}
	}
	if *load != "" {
		if variant != "" || len(seats) > 0 || *position != "" {
			fmt.Fprintln(stderr, "tabletop play: --load cannot be combined with a variant, --seat or --position")
			return 2
		}
		data, err := os.ReadFile(*load)
		if err != nil {
			fmt.Fprintf(stderr, "tabletop play: cannot open saved game: %v\n", err)
			return 1
		}
		if _, err := ui.ParseSave(data); err != nil {
			fmt.Fprintf(stderr, "tabletop play: %s is not a usable saved game: %v\n", *load, err)
			return 1
		}
		opts.Start.Load = *load
	}
	if variant == "" && (len(seats) > 0 || *position != "") {
		fmt.Fprintln(stderr, "tabletop play: --seat and --position need a variant, e.g. tabletop play pentago --seat black=ai:hard")
		return 2
	}
	if variant != "" {
		v, err := game.Lookup(variant)
		if err != nil {
			fmt.Fprintf(stderr, "tabletop play: %v\n", err)
			return 2
		}
		if *position != "" {
			if _, err := v.ParsePosition(*position); err != nil {
				fmt.Fprintf(stderr, "tabletop play: bad %s position: %v\n", v.Name, err)
				return 2
			}
		}
		opts.Start.Variant, opts.Start.Position = v.Name, *position
		opts.Start.Seats = map[string]ui.SeatConfig{}
		for _, s := range seats {
			role, spec, ok := strings.Cut(s, "=")
			if !ok {
				fmt.Fprintf(stderr, "tabletop play: --seat %q: want ROLE=human or ROLE=ai:LEVEL\n", s)
				return 2
			}
			if v.RoleIndex(role) == game.NoRole {
				fmt.Fprintf(stderr, "tabletop play: %s has no role %q (roles: %s)\n", v.Name, role, strings.Join(v.Roles, ", "))
				return 2
			}
			sc, err := ui.ParseSeat(spec)
			if err != nil {
				fmt.Fprintf(stderr, "tabletop play: %v\n", err)
				return 2
			}
			opts.Start.Seats[role] = sc
		}
	}
	if u := os.Getenv("USER"); u != "" {
		opts.Player = rooms.Player{Name: u}
	}
	popts := []tea.ProgramOption{tea.WithAltScreen()}
	if f, ok := stdout.(*os.File); ok && f == os.Stdout {
		opts.Renderer = lipgloss.DefaultRenderer()
	} else {
		opts.Renderer = lipgloss.NewRenderer(stdout)
		popts = append(popts, tea.WithOutput(stdout))
	}
	if f, ok := stdin.(*os.File); !ok || f != os.Stdin {
		popts = append(popts, tea.WithInput(stdin))
	}
	if _, err := tea.NewProgram(ui.New(opts), popts...).Run(); err != nil {
		fmt.Fprintf(stderr, "tabletop play: %v\n", err)
		return 1
	}
	return 0
}
