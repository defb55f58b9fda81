package cli

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/savefmt"
)

// GGP match records (the JSON files of `match --record`, ggp-base and
// Tiltyard) sit beside tabletop's own text records in `tabletop games`:
// listed from what the file says, and opened by replaying the moves with
// the game's rules and handing the client the game as a save.

// ggpFormat marks a listed record that is a GGP match record.
const ggpFormat = "ggp"

// listedRecord is one line of `tabletop games`: a text record of the
// client, or a GGP match record (Format "ggp").
type listedRecord struct {
	savefmt.Record
	Format string `json:"format,omitempty"`
}

// String is the record on one line, as `tabletop games` lists it; a
// match record says it is one.
func (r listedRecord) String() string {
	if r.Format == ggpFormat && r.Problem == "" {
		return r.Record.String() + "  [GGP record]"
	}
	return r.Record.String()
}

// ggpRecords lists the GGP match records (*.json) in dir; a file that is
// not one is listed with its problem.
func ggpRecords(dir string) ([]listedRecord, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var out []listedRecord
	for _, p := range paths {
		r := listedRecord{Record: savefmt.Record{Path: p}, Format: ggpFormat}
		rec, err := readGGPRecord(p)
		if err != nil {
			r.Problem = err.Error()
		} else {
			r.Record = summarizeGGPRecord(p, rec)
		}
		out = append(out, r)
	}
	return out, nil
}

// readGGPRecord reads and checks the match record at path.
func readGGPRecord(path string) (*ggp.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ggp.ReadRecord(f)
}

// summarizeGGPRecord is the record as `tabletop games` lists it, from
// what the file says: the moves are not replayed for a list.
func summarizeGGPRecord(path string, rec *ggp.Record) savefmt.Record {
	r := savefmt.Record{Path: path, Variant: rec.Name(), Ended: rec.Ended(), Moves: len(rec.Moves)}
	if r.Variant == "" {
		r.Variant = "?"
	}
	for i, role := range rec.Roles {
		who := "?"
		if i < len(rec.PlayerNames) && rec.PlayerNames[i] != "" {
			who = playerName(rec.PlayerNames[i])
		}
		r.Players = append(r.Players, role+": "+who)
	}
	r.Result = ggpResult(rec)
	for _, step := range rec.Errors {
		for _, e := range step {
			if e != "" {
				r.Errors++
			}
		}
	}
	return r
}

// ggpResult says how the match ended: its goal values, or why it has
// none.
func ggpResult(rec *ggp.Record) string {
	state := ""
	switch {
	case rec.IsAborted:
		state = "aborted"
	case !rec.IsCompleted:
		state = "unfinished"
	}
	if len(rec.GoalValues) == 0 {
		if state == "" {
			return "no goals recorded"
		}
		return state
	}
	goals := make([]string, len(rec.GoalValues))
	for i, g := range rec.GoalValues {
		role := strconv.Itoa(i)
		if i < len(rec.Roles) {
			role = rec.Roles[i]
		}
		goals[i] = role + " " + strconv.Itoa(g)
	}
	text := "goals " + strings.Join(goals, ", ")
	if state != "" {
		text += " (" + state + ")"
	}
	return text
}

// playerName shortens a GGP player's address to its host, as the client
// names such a seat; other names are kept.
func playerName(name string) string {
	if spec, ok := strings.CutPrefix(name, ggp.SeatPrefix); ok {
		if u, err := url.Parse(spec); err == nil && u.Host != "" {
			return "GGP " + u.Host
		}
	}
	return name
}

// isGGPRecordFile reports whether the file at path is meant as a match
// record rather than a text save: it is named *.json, or looks like JSON.
func isGGPRecordFile(path string) bool {
	if strings.EqualFold(filepath.Ext(path), ".json") {
		return true
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := f.Read(head)
	head = bytes.TrimLeft(head[:n], " \t\r\n\ufeff")
	return len(head) > 0 && (head[0] == '{' || head[0] == '[')
}

// ggpRecordGame turns the match record at path into a game the client
// opens like a record of its own: the moves replayed with the game's
// rules, one turn per entry.
func ggpRecordGame(path string) (savefmt.SavedGame, error) {
	rec, err := readGGPRecord(path)
	if err != nil {
		return savefmt.SavedGame{}, err
	}
	v, turns, err := ggpRecordRules(rec)
	if err != nil {
		return savefmt.SavedGame{}, err
	}
	sv := savefmt.SavedGame{Variant: v.Name, Moves: turns, Result: ggpResult(rec), Ended: rec.Ended()}
	sv.Seats = make([]savefmt.SeatConfig, len(v.Roles))
	// The client checks the game as it checks a save, seats aside: a GGP
	// player's name is not a seat it could parse back.
	if _, err := savefmt.ParseSave(sv.Marshal(v.Roles)); err != nil {
		return savefmt.SavedGame{}, err
	}
	for i := range sv.Seats {
		if i < len(rec.PlayerNames) {
			sv.Seats[i].Name = playerName(rec.PlayerNames[i])
		}
	}
	return sv, nil
}

// ggpRecordRules finds the rules the record's moves replay on: the game
// registered under the record's game name when its roles and moves fit, else the
// record's own rule sheet, registered for this run. It returns the game
// and each turn's moves.
func ggpRecordRules(rec *ggp.Record) (*game.Variant, []string, error) {
	var known error
	if name := rec.Name(); name != "" {
		v, err := game.Lookup(name)
		if err != nil {
			err = fmt.Errorf("%s is not a game known here", name)
		}
		if err == nil && !sameRoles(v, rec.Roles) {
			err = fmt.Errorf("%s has roles %s, the record %s", v.Name, strings.Join(v.Roles, " "), strings.Join(rec.Roles, " "))
		}
		if err == nil {
			var turns []string
			if turns, _, err = rec.Turns(v); err == nil {
				return v, turns, nil
			}
		}
		known = err
	}
	if rec.Rulesheet == "" {
		if known == nil {
			known = fmt.Errorf("it names no game")
		}
		return nil, nil, fmt.Errorf("%v, and it has no gameRulesheet to replay it with", known)
	}
	if len(rec.Rulesheet) > sheets.MaxFileBytes {
		return nil, nil, fmt.Errorf("its gameRulesheet is larger than %d bytes", sheets.MaxFileBytes)
	}
	v, err := registerRecordSheet(rec)
	if err != nil {
		return nil, nil, err
	}
	turns, _, err := rec.Turns(v)
	if err != nil {
		return nil, nil, fmt.Errorf("the moves do not replay on its rule sheet: %v", err)
	}
	return v, turns, nil
}

// registerRecordSheet registers the record's rule sheet under its game's
// name, or under the match's id when another sheet has that name or it
// names none.
func registerRecordSheet(rec *ggp.Record) (*game.Variant, error) {
	name := rec.Name()
	if name == "" {
		return sheets.Register("match:"+rec.MatchID, []byte(rec.Rulesheet))
	}
	v, err := sheets.Register(name, []byte(rec.Rulesheet))
	if err == nil {
		return v, nil
	}
	// The name may be another sheet's; a sheet that does not compile
	// says so under its own name.
	if v, again := sheets.Register("match:"+rec.MatchID, []byte(rec.Rulesheet)); again == nil {
		return v, nil
	}
	return nil, err
}

// sameRoles reports whether v's roles are the record's (a record without
// roles fits any game; the replay still checks the moves).
func sameRoles(v *game.Variant, roles []string) bool {
	if len(roles) == 0 {
		return true
	}
	if len(roles) != len(v.Roles) {
		return false
	}
	for i, r := range roles {
		if !strings.EqualFold(r, v.Roles[i]) {
			return false
		}
	}
	return true
}
