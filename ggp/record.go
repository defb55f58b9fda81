package ggp

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/table"
)

// Record is a match record in the JSON form GGP tools exchange (the match
// files of ggp-base and Tiltyard): the ids, clocks in seconds, start
// time in milliseconds since 1970, one joint move per step (one KIF move
// per role, in role order), the errors of the start and then of each step
// (one string per role, empty when the role answered; see Fault for the
// codes) and the goals.
//
// gameName, gameRoleNames and gameRulesheet are tabletop's additions, so
// that a record can be read without the game's repository: the match
// files of ggp-base name their game by gameMetaURL instead.
type Record struct {
	MatchID     string     `json:"matchId"`
	GameMetaURL string     `json:"gameMetaURL,omitempty"`
	GameName    string     `json:"gameName,omitempty"`
	Roles       []string   `json:"gameRoleNames,omitempty"`
	Rulesheet   string     `json:"gameRulesheet,omitempty"`
	PlayerNames []string   `json:"playerNamesFromHost,omitempty"`
	StartTime   int64      `json:"startTime"`
	StartClock  float64    `json:"startClock"`
	PlayClock   float64    `json:"playClock"`
	Moves       [][]string `json:"moves"`
	// Errors has one entry per state, as in ggp-base's records: the
	// start's, then each step's. Records of earlier tabletop versions
	// have one per step (no start entry).
	Errors [][]string `json:"errors"`
	// States are the positions before and after each step as GGP tools
	// write them, "( (cell 1 1 b) (control x) )", for games read from GDL;
	// empty for tabletop's own engines, whose positions are not facts.
	States      []string `json:"states,omitempty"`
	StateTimes  []int64  `json:"stateTimes,omitempty"`
	GoalValues  []int    `json:"goalValues,omitempty"`
	IsCompleted bool     `json:"isCompleted"`
	IsAborted   bool     `json:"isAborted"`
}

// ReadRecord reads a match record and checks that it is complete enough
// to replay: an id, and moves with one entry per role. Moves are brought
// to canonical KIF ("( mark 1 1 )" becomes "(mark 1 1)").
func ReadRecord(r io.Reader) (*Record, error) {
	var rec Record
	dec := json.NewDecoder(io.LimitReader(r, 64<<20))
	if err := dec.Decode(&rec); err != nil {
		return nil, fmt.Errorf("not a match record: %v", err)
	}
	if rec.MatchID == "" {
		return nil, fmt.Errorf("not a match record: no matchId")
	}
	for i, joint := range rec.Moves {
		if len(rec.Roles) > 0 && len(joint) != len(rec.Roles) {
			return nil, fmt.Errorf("match %s, step %d: %d moves for %d roles", rec.MatchID, i+1, len(joint), len(rec.Roles))
		}
		for k, mv := range joint {
			c, err := ParseReply([]byte(mv))
			if err != nil {
				return nil, fmt.Errorf("match %s, step %d: %v", rec.MatchID, i+1, err)
			}
			joint[k] = c
		}
	}
	if len(rec.GoalValues) > 0 && len(rec.Roles) > 0 && len(rec.GoalValues) != len(rec.Roles) {
		return nil, fmt.Errorf("match %s: %d goal values for %d roles", rec.MatchID, len(rec.GoalValues), len(rec.Roles))
	}
	return &rec, nil
}

// Replay plays the record's moves on a new game of v and returns the last
// position; an illegal move is an error naming its step.
func (rec *Record) Replay(v *game.Variant) (game.State, error) {
	t, err := rec.table(v)
	return t.Position(), err
}

// table replays the record's joint moves on a table of v (see
// table.ParseJoint), up to the first that does not play.
func (rec *Record) table(v *game.Variant) (*table.Table, error) {
	t, err := table.New(v.New(), make([]table.Seat, len(v.Roles)), 0)
	if err != nil {
		return nil, err
	}
	for i, joint := range rec.Moves {
		moves, err := table.ParseJoint(t.Position(), joint)
		if err == nil {
			err = t.PlayJoint(moves)
		}
		if err != nil {
			return t, fmt.Errorf("step %d: %v", i+1, err)
		}
	}
	return t, nil
}

// WriteFile writes the record as DIR/MATCHID.json.
func (rec *Record) WriteFile(dir string) (string, error) {
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == os.PathSeparator || r == ':' {
			return '_'
		}
		return r
	}, rec.MatchID)
	path := filepath.Join(dir, name+".json")
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return "", err
	}
	return path, os.WriteFile(path, append(data, '\n'), 0o644)
}

// newRecord starts the record of game matchID of v, played by seats.
func newRecord(v *game.Variant, rules []byte, matchID string, seats []table.Seat, startClock, playClock time.Duration, start time.Time) *Record {
	rec := &Record{
		MatchID:    matchID,
		GameName:   v.Name,
		Roles:      append([]string(nil), v.Roles...),
		Rulesheet:  string(rules),
		StartTime:  start.UnixMilli(),
		StartClock: startClock.Seconds(),
		PlayClock:  playClock.Seconds(),
		Moves:      [][]string{},
		Errors:     [][]string{},
	}
	for _, s := range seats {
		rec.PlayerNames = append(rec.PlayerNames, s.Name())
	}
	return rec
}

// hooks keep the record of the game t plays, and tell report (when set)
// each answer the fallback replaced: the start's errors (a missing reply
// only, as ggp-base counts), then each step's joint move, errors,
// position and time; the goals at the end.
func (rec *Record) hooks(t *table.Table, report func(string)) table.Hooks {
	n := len(t.Variant().Roles)
	return table.Hooks{
		Started: func(errs []error) {
			codes := make([]string, n)
			for r, err := range errs {
				codes[r] = StartFault(err)
			}
			rec.Errors = append(rec.Errors, codes)
			rec.addState(t.Start(), time.Now())
		},
		Stepped: func(s table.Step, faults []table.Fault) {
			codes := make([]string, n)
			for _, f := range faults {
				codes[f.Role] = FaultCode(f)
				if report != nil {
					report(rec.MatchID + ": " + f.Describe(t.Variant(), t.Seat(f.Role).Name()))
				}
			}
			rec.Moves = append(rec.Moves, s.Texts)
			rec.Errors = append(rec.Errors, codes)
			rec.addState(t.Position(), time.Now())
			if t.Over() {
				rec.GoalValues, rec.IsCompleted = t.Goals(), true
			}
		},
	}
}

// addState notes a position and its time.
func (rec *Record) addState(s game.State, at time.Time) {
	if gdl.IsGDL(s.Variant()) {
		rec.States = append(rec.States, "( "+s.String()+" )")
	}
	rec.StateTimes = append(rec.StateTimes, at.UnixMilli())
}

// Turns replays the record on a new game of v like Replay, and returns
// each turn's moves as one KIF text (table.Step.Text): the mover's move
// on a turn one role plays (the others' noops dropped), or the list of
// every role's move, in role order, on a turn the roles play at once
// ("((throw rock) (throw paper))"), as saves write them.
func (rec *Record) Turns(v *game.Variant) ([]string, game.State, error) {
	t, err := rec.table(v)
	if err != nil {
		return nil, t.Position(), err
	}
	return t.Texts(), t.Position(), nil
}

// Ended is when the match ended as far as the record tells: its last
// state's time, else its start; zero when it tells neither.
func (rec *Record) Ended() time.Time {
	at := rec.StartTime
	if n := len(rec.StateTimes); n > 0 {
		at = rec.StateTimes[n-1]
	}
	if at <= 0 {
		return time.Time{}
	}
	return time.UnixMilli(at)
}

// Name is the record's game: gameName, else the game's name in
// gameMetaURL (ggp-base's repositories file a game as .../NAME/vN/),
// else "".
func (rec *Record) Name() string {
	if rec.GameName != "" {
		return rec.GameName
	}
	u, err := url.Parse(rec.GameMetaURL)
	if err != nil {
		return ""
	}
	parts := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	if n := len(parts); n > 1 && isVersion(parts[n-1]) {
		parts = parts[:n-1]
	}
	if len(parts) == 0 {
		return ""
	}
	return parts[len(parts)-1]
}

// isVersion reports whether a path segment is a version, v0 or v12.
func isVersion(seg string) bool {
	digits, ok := strings.CutPrefix(seg, "v")
	if !ok || digits == "" {
		return false
	}
	return strings.Trim(digits, "0123456789") == ""
}
