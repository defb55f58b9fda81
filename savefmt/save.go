package savefmt

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/table"
)

// SavedGame is a game in progress as written to a save file: the
// variant, who sits where, the starting position and the moves in KIF.
//
// The file is small readable text:
//
//	tabletop save 1
//	sheet sha256:3fa2… /home/ana/games/chess.kif   (a game from a sheet file)
//	variant quad7
//	seat x human Ana
//	seat o ai:hard
//	start -.....-/......./... x 5 5     (only when not the usual start)
//	clock 5m0s+3s 4m31s 4m58s           (a game with clocks: each seat's time left)
//	move (mark r3 c4)
//	move (block r2 c2)
//
// A turn where several roles choose at once is one move line with a KIF
// list of every role's move, in role order: move ((throw rock) (throw
// paper)). Games without such turns write what they always wrote.
//
// A game record (a finished game, see records.go) is the same file with
// how it ended after the moves:
//
//	result game over: x wins — x completes the square r2c2–r2c5–r5c5–r5c2
//	resigned o                          (only when someone resigned)
//	ended 2026-11-24T04:30:00Z
//	error 3 o no reply to play within 5.5s; played (mark r1 c1) instead
//
// An error line is a GGP player's failed start (step 0) or a move of it
// the table replaced (step N is the Nth move), as a GGP match record
// keeps its errors.
type SavedGame struct {
	// Sheet is the rule sheet file of a game read from one, else zero.
	Sheet   SheetRef
	Variant string
	Seats   []SeatConfig // in role order
	Start   string       // position string; "" is the variant's start
	Moves   []string     // KIF
	// Clock is a hot-seat game's time control, zero without one;
	// ClockLeft is each seat's time left, in role order, when it was
	// saved (a saved game's clocks stand still).
	Clock     roomapi.TimeControl
	ClockLeft []time.Duration

	Result   string      // a record's result line; "" in a save
	Resigned string      // the role that resigned, "" when none did
	Ended    time.Time   // when a record's game ended; zero in a save
	Errors   []MoveError // a GGP player's failed start and replaced moves

	// roles are the seats' roles as a save names them, when its game
	// could not be found (see ParseSave).
	roles []string
}

// MoveError is a GGP player's failed start (Step 0) or a move of it that
// the table replaced (Step N: the Nth move), and what went wrong.
type MoveError struct {
	Step int
	Role string
	Text string
}

const saveHeader = "tabletop save 1"

// Marshal writes the save file text.
func (sv SavedGame) Marshal(roles []string) []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, saveHeader)
	if sv.Sheet.Hash != "" {
		fmt.Fprintf(&b, "sheet %s %s\n", sv.Sheet.Hash, sv.Sheet.Path)
	}
	fmt.Fprintf(&b, "variant %s\n", sv.Variant)
	for i, s := range sv.Seats {
		role := fmt.Sprint(i)
		if i < len(roles) {
			role = roles[i]
		}
		fmt.Fprintf(&b, "seat %s %s\n", role, s.String())
	}
	if sv.Start != "" {
		fmt.Fprintf(&b, "start %s\n", sv.Start)
	}
	if sv.Clock.On() {
		fmt.Fprintf(&b, "clock %s", sv.Clock)
		for _, d := range sv.ClockLeft {
			fmt.Fprintf(&b, " %s", d)
		}
		b.WriteByte('\n')
	}
	for _, m := range sv.Moves {
		fmt.Fprintf(&b, "move %s\n", m)
	}
	if sv.Result != "" {
		fmt.Fprintf(&b, "result %s\n", strings.ReplaceAll(sv.Result, "\n", " "))
	}
	if sv.Resigned != "" {
		fmt.Fprintf(&b, "resigned %s\n", sv.Resigned)
	}
	if !sv.Ended.IsZero() {
		fmt.Fprintf(&b, "ended %s\n", sv.Ended.UTC().Format(time.RFC3339))
	}
	for _, e := range sv.Errors {
		fmt.Fprintf(&b, "error %d %s %s\n", e.Step, e.Role, strings.ReplaceAll(e.Text, "\n", " "))
	}
	return b.Bytes()
}

// ParseSave reads a save file and replays it with the game, so that every
// problem (unknown game, bad seat, illegal move) is reported with its line.
// A game read from a sheet file is found among the registered games by
// its sheet's hash; when it is not there, the error is a *SheetError and
// the save is read as far as it can be without the game (its variant,
// seats, moves and result, unchecked), so that a record stays readable.
// ParseSave reads no file; OpenSave also reopens the sheet.
func ParseSave(data []byte) (SavedGame, error) {
	r := saveReader{seats: map[game.Role]SeatConfig{}}
	if err := scanEntries(data, saveHeader, "save", r.entry); err != nil {
		return r.sv, err
	}
	if r.sheetErr != nil {
		return r.sv, r.sheetErr
	}
	sv, v := r.sv, r.v
	if v == nil {
		return sv, errors.New("no variant line: the file is empty or not a save file")
	}
	sv.Seats = make([]SeatConfig, len(v.Roles))
	for i := range sv.Seats {
		s, ok := r.seats[game.Role(i)]
		if !ok {
			return sv, fmt.Errorf("no seat for role %s", v.Roles[i])
		}
		sv.Seats[i] = s
	}
	if sv.Clock.On() && len(sv.ClockLeft) != len(v.Roles) {
		return sv, fmt.Errorf("clock: %d times left for %d seats", len(sv.ClockLeft), len(v.Roles))
	}
	if _, _, err := sv.Replay(); err != nil {
		return sv, err
	}
	return sv, nil
}

// saveReader reads a save's entries one by one.
type saveReader struct {
	sv    SavedGame
	v     *game.Variant
	seats map[game.Role]SeatConfig
	// sheetErr is set when the save's sheet is not loaded: the entries
	// that follow are kept unchecked.
	sheetErr *SheetError
}

func (r *saveReader) entry(word, rest string) error {
	sv := &r.sv
	if r.sheetErr != nil {
		return r.unchecked(word, rest)
	}
	switch word {
	case "sheet":
		hash, path, ok := strings.Cut(rest, " ")
		if !ok || !strings.HasPrefix(hash, "sha256:") || r.v != nil {
			return errors.New("want sheet sha256:HASH PATH, before the variant")
		}
		sv.Sheet = SheetRef{Hash: hash, Path: path}
	case "variant":
		return r.variant(rest)
	case "seat":
		if r.v == nil {
			return errors.New("seat before variant")
		}
		return readSeat(r.v, rest, r.seats)
	case "start":
		if r.v == nil {
			return errors.New("start before variant")
		}
		if _, err := r.v.ParsePosition(rest); err != nil {
			return fmt.Errorf("bad start position: %w", err)
		}
		sv.Start = rest
	case "move":
		sv.Moves = append(sv.Moves, rest)
	case "clock":
		return sv.clockLine(rest)
	default:
		return sv.recordLine(r.v, word, rest)
	}
	return nil
}

// clockLine reads a clock entry: "CONTROL LEFT…", the time control and
// each seat's time left.
func (sv *SavedGame) clockLine(rest string) error {
	f := strings.Fields(rest)
	if len(f) == 0 {
		return errors.New("clock: want a time control (5m0s+3s) and each seat's time left")
	}
	tc, err := roomapi.ParseTimeControl(f[0])
	if err != nil {
		return err
	}
	sv.Clock, sv.ClockLeft = tc, nil
	for _, text := range f[1:] {
		d, err := time.ParseDuration(text)
		if err != nil || d < 0 {
			return fmt.Errorf("clock: %q is not a time left like 4m31s", text)
		}
		sv.ClockLeft = append(sv.ClockLeft, d)
	}
	return nil
}

// variant finds the save's game: by its sheet's hash when it names one.
func (r *saveReader) variant(name string) error {
	r.sv.Variant = name
	if r.sv.Sheet.Hash == "" {
		v, err := game.Lookup(name)
		if err != nil {
			return err
		}
		r.v, r.sv.Variant = v, v.Name
		return nil
	}
	v, ok := sheets.ByHash(r.sv.Sheet.Hash)
	if !ok {
		r.sheetErr = &SheetError{Sheet: r.sv.Sheet, Err: ErrSheetNotLoaded}
		return nil
	}
	r.v, r.sv.Variant = v, v.Name
	return nil
}

// unchecked keeps what can be read of an entry without the game.
func (r *saveReader) unchecked(word, rest string) error {
	sv := &r.sv
	switch word {
	case "seat":
		role, spec, _ := strings.Cut(rest, " ")
		s, err := ParseSeat(spec)
		if err != nil {
			return err
		}
		sv.Seats = append(sv.Seats, s)
		sv.roles = append(sv.roles, role)
	case "start":
		sv.Start = rest
	case "move":
		sv.Moves = append(sv.Moves, rest)
	case "resigned":
		sv.Resigned = rest
	case "clock":
		return sv.clockLine(rest)
	default:
		return sv.recordLine(nil, word, rest)
	}
	return nil
}

// SheetRef names the rule sheet file a game was played with: its path
// and the hash of its text (see sheets.Hash). A save writes it before the
// variant, "sheet sha256:HASH PATH", so that the game can be reopened in
// another run, and never with another text.
type SheetRef struct{ Path, Hash string }

// RoleName is the role of seat i: the game's, or as the save names it
// when its game could not be found.
func (sv SavedGame) RoleName(i int) string {
	if v, err := game.Lookup(sv.Variant); err == nil && sv.roles == nil {
		return v.RoleName(game.Role(i))
	}
	if i < len(sv.roles) {
		return sv.roles[i]
	}
	return "?"
}

// SheetOf is the sheet file v was read from, zero for a game read from
// none.
func SheetOf(v *game.Variant) SheetRef {
	path, hash, ok := sheets.Origin(v.Name)
	if !ok {
		return SheetRef{}
	}
	return SheetRef{Path: path, Hash: hash}
}

// ErrSheetNotLoaded is why ParseSave cannot find a save's game: its
// sheet is not among the registered games (OpenSave loads it).
var ErrSheetNotLoaded = errors.New("its rule sheet is not loaded")

// SheetError says why the game of a save from a sheet file cannot be
// opened; Err is ErrSheetNotLoaded, or wraps sheets.ErrSheetGone or
// sheets.ErrSheetChanged.
type SheetError struct {
	Sheet SheetRef
	Err   error
}

// Error says what became of the sheet, in words a player can act on.
func (e *SheetError) Error() string {
	switch {
	case errors.Is(e.Err, sheets.ErrSheetGone):
		return "its rule sheet " + e.Sheet.Path + " is gone"
	case errors.Is(e.Err, sheets.ErrSheetChanged):
		return "its rule sheet " + e.Sheet.Path + " has changed since"
	case errors.Is(e.Err, ErrSheetNotLoaded):
		return "its rule sheet " + e.Sheet.Path + " is not loaded"
	}
	return "its rule sheet " + e.Sheet.Path + ": " + e.Err.Error()
}

// Unwrap gives the cause, so errors.Is finds ErrSheetGone and the others.
func (e *SheetError) Unwrap() error { return e.Err }

// OpenSave is ParseSave for this machine's own saves and records: a
// game played from a sheet file is reopened from the file first, if its
// text is still the one the game was played with. The server never
// calls it: it reads no file a save names.
func OpenSave(data []byte) (SavedGame, error) {
	sv, err := ParseSave(data)
	var se *SheetError
	if !errors.As(err, &se) || !errors.Is(err, ErrSheetNotLoaded) {
		return sv, err
	}
	if _, rerr := sheets.Reopen(se.Sheet.Path, se.Sheet.Hash); rerr != nil {
		return sv, &SheetError{Sheet: se.Sheet, Err: rerr}
	}
	return ParseSave(data)
}

// Replay rebuilds the start and the moves with the game, through the
// one replay of a game from its moves' texts (table.ReplayVariant).
func (sv SavedGame) Replay() (start game.State, moves []game.Move, err error) {
	t, err := table.ReplayVariant(sv.Variant, sv.Start, sv.Moves)
	if err != nil {
		return nil, nil, err
	}
	return t.Start(), t.Moves(), nil
}

// readSeat reads a seat line's "ROLE SPEC" into seats; a role has one.
func readSeat(v *game.Variant, rest string, seats map[game.Role]SeatConfig) error {
	role, spec, _ := strings.Cut(rest, " ")
	r := v.RoleIndex(role)
	if r == game.NoRole {
		return fmt.Errorf("%s has no role %q", v.Name, role)
	}
	if _, dup := seats[r]; dup {
		return fmt.Errorf("a second seat for %s", role)
	}
	s, err := ParseSeat(spec)
	if err != nil {
		return err
	}
	seats[r] = s
	return nil
}

// recordLine reads the entries only a game record has (see SavedGame).
func (sv *SavedGame) recordLine(v *game.Variant, word, rest string) error {
	switch word {
	case "result":
		sv.Result = rest
	case "resigned":
		if v == nil || v.RoleIndex(rest) == game.NoRole {
			return fmt.Errorf("resigned: no role %q", rest)
		}
		sv.Resigned = rest
	case "error":
		return sv.errorLine(v, rest)
	case "ended":
		t, err := time.Parse(time.RFC3339, rest)
		if err != nil {
			return fmt.Errorf("ended: want a time like 2026-11-24T04:30:00Z, got %q", rest)
		}
		// Written back in UTC to the second, as Marshal does.
		sv.Ended = t.UTC().Truncate(time.Second)
	default:
		return fmt.Errorf("unknown entry %q", word)
	}
	return nil
}

// errorLine reads an error entry: "STEP ROLE TEXT".
func (sv *SavedGame) errorLine(v *game.Variant, rest string) error {
	f := strings.SplitN(rest, " ", 3)
	if len(f) < 3 {
		return fmt.Errorf("error: want STEP ROLE TEXT, got %q", rest)
	}
	step, err := strconv.Atoi(f[0])
	if err != nil || step < 0 || step > len(sv.Moves) {
		return fmt.Errorf("error: step %q is not 0 or one of the %d moves", f[0], len(sv.Moves))
	}
	if v != nil && v.RoleIndex(f[1]) == game.NoRole {
		return fmt.Errorf("error: no role %q", f[1])
	}
	sv.Errors = append(sv.Errors, MoveError{Step: step, Role: f[1], Text: f[2]})
	return nil
}

// Summary is the save on one line, as the menu offers it: "quad7, 3
// moves: Ana vs AI hard".
func (sv SavedGame) Summary() string {
	names := make([]string, len(sv.Seats))
	for i, s := range sv.Seats {
		names[i] = s.DisplayName()
	}
	return fmt.Sprintf("%s, %s: %s", sv.Variant, plural(len(sv.Moves), "move"), strings.Join(names, " vs "))
}

// SheetLoaded reports whether the sheet ref names is a registered game.
func SheetLoaded(ref SheetRef) bool {
	_, ok := sheets.ByHash(ref.Hash)
	return ok
}

// SheetCheck says, without compiling it, whether a save's sheet can be
// reopened: nil, or a *SheetError saying it is gone or changed.
func SheetCheck(ref SheetRef) error {
	if err := sheets.Check(ref.Path, ref.Hash); err != nil {
		return &SheetError{Sheet: ref, Err: err}
	}
	return nil
}
