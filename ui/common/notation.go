package common

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// What people read of moves and results, where a game's own notation
// says less than its board can: an adapter's file registers a namer (a
// game read from a rule sheet names its moves by the board's cells) and
// an explainer of results. Generic code asks through MoveName,
// ParseMove and ResultWithReason, and never learns which game it was.

// moveNamers name a move for people: ok is false when a namer has no
// name for it (not its game, or a move that names no cell).
var moveNamers []func(s game.State, m game.Move) (name string, ok bool)

// resultExplainers say why a finished game ended as it did, for games
// that cannot say it themselves (see game.Explainer).
var resultExplainers []func(s game.State) (why string, ok bool)

// resultPreparers give the work explainers need for a finished position
// that is too slow for the UI goroutine (see PrepareResult): ok is false
// when there is none.
var resultPreparers []func(s game.State) (work func(), ok bool)

// RegisterResultPreparer adds a preparer of results; an adapter's file
// calls it from init.
func RegisterResultPreparer(f func(game.State) (func(), bool)) {
	resultPreparers = append(resultPreparers, f)
}

// ResultPreparedMsg says the work for the result of the position of
// version is done: the result may say more now.
type ResultPreparedMsg struct{ Version uint64 }

// PrepareResult runs the preparers' work for the finished position s
// (a copy: the work runs off the UI goroutine) in a command that reports
// ResultPreparedMsg; nil when there is no work.
func PrepareResult(s game.State, version uint64) tea.Cmd {
	var works []func()
	for _, f := range resultPreparers {
		if w, ok := f(s); ok {
			works = append(works, w)
		}
	}
	if len(works) == 0 {
		return nil
	}
	return func() tea.Msg {
		for _, w := range works {
			w()
		}
		return ResultPreparedMsg{version}
	}
}

// RegisterMoveNamer adds a namer of moves; an adapter's file calls it
// from init.
func RegisterMoveNamer(f func(game.State, game.Move) (string, bool)) {
	moveNamers = append(moveNamers, f)
}

// RegisterResultExplainer adds an explainer of results; an adapter's
// file calls it from init.
func RegisterResultExplainer(f func(game.State) (string, bool)) {
	resultExplainers = append(resultExplainers, f)
}

// MoveName is m in s as people read it: a namer's name, else the game's
// short notation.
func MoveName(s game.State, m game.Move) string {
	for _, f := range moveNamers {
		if name, ok := f(s, m); ok {
			return name
		}
	}
	return s.ShortMove(m)
}

// HintText is a hinted move: its name and its KIF when they differ (what
// a person may type either way), once when they do not; a move a namer
// names is shown by that name alone, which the prompt reads too.
func HintText(s game.State, m game.Move) string {
	for _, f := range moveNamers {
		if name, ok := f(s, m); ok {
			return name
		}
	}
	short, kif := s.ShortMove(m), s.FormatMove(m)
	if short == kif {
		return kif
	}
	return short + "  " + kif
}

// TurnText names a whole turn (a Pentago placement and its rotation) as
// a hint shows it: each action named as HintText names it, in order; a
// turn of one action, or none, is m alone.
func TurnText(s game.State, m game.Move, turn []game.Move) string {
	if len(turn) < 2 || turn[0] != m {
		return HintText(s, m)
	}
	t := s.Clone()
	parts := make([]string, 0, len(turn))
	for _, a := range turn {
		if t.Terminal() || !t.IsLegal(a) {
			break
		}
		parts = append(parts, HintText(t, a))
		t.Apply(a)
	}
	return strings.Join(parts, ", then ")
}

// ParseMove reads a move typed at the prompt: in the game's own
// notation, else by the name MoveName gives a legal move (in any case
// and spacing), else by the end of one: "c3" for "mark c3", when one
// legal move's name alone ends so (players type what the board shows
// beside its cells).
func ParseMove(s game.State, text string) (game.Move, error) {
	m, err := s.ParseMove(text)
	if err == nil || len(moveNamers) == 0 || s.Terminal() {
		return m, err
	}
	want := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	var ends []game.Move
	var names []string
	for _, cand := range s.Legal(nil) {
		name := MoveName(s, cand)
		switch lower := strings.ToLower(name); {
		case lower == want:
			return cand, nil
		case want != "" && strings.HasSuffix(lower, " "+want):
			ends, names = append(ends, cand), append(names, name)
		}
	}
	switch {
	case len(ends) == 1:
		return ends[0], nil
	case len(ends) > 1:
		return m, fmt.Errorf("%q could be %s: type the whole move", strings.TrimSpace(text), strings.Join(names, " or "))
	}
	return m, err
}

// ParseTurn reads what was typed at the prompt as one move, or else as
// a whole turn of the same player written as the move list writes one:
// "133 3ccw" or "133, 3ccw" in Pentago, a placement and then its
// rotation. Each part is read as ParseMove reads a move, in the
// position the parts before it leave, and every part but the last must
// leave the same player to move. It returns the moves in order; the
// error is ParseMove's for the whole text when no reading fits.
func ParseTurn(s game.State, text string) ([]game.Move, error) {
	m, err := ParseMove(s, text)
	if err == nil {
		return []game.Move{m}, nil
	}
	fields := strings.Fields(strings.ReplaceAll(text, ",", " "))
	if len(fields) < 2 || s.Terminal() {
		return nil, err
	}
	if turn, ok := parseTurnFields(s.Clone(), fields); ok {
		return turn, nil
	}
	if why := endingLead(s, fields); why != nil {
		return nil, why
	}
	if why := illegalLead(s, fields); why != nil {
		return nil, why
	}
	return nil, err
}

// endingLead says so when a leading run of fields is a legal move that
// ends the game, so that the rest would be played after its end (a
// Pentago placement that makes five, typed with its rotation); nil
// otherwise.
func endingLead(s game.State, fields []string) error {
	for n := 1; n < len(fields); n++ {
		lead := strings.Join(fields[:n], " ")
		m, err := ParseMove(s, lead)
		if err != nil || !s.IsLegal(m) {
			continue
		}
		t := s.Clone()
		t.Apply(m)
		if t.Terminal() {
			return fmt.Errorf("%s ends the game, so %s cannot follow it: type %s alone", lead, strings.Join(fields[n:], " "), lead)
		}
	}
	return nil
}

// illegalLead is why the turn's first part is refused when no leading
// run of fields is a legal move ("132 1cw" on a taken cell: the cell is
// taken), from the longest run, which is the likeliest move meant; nil
// when some leading run is legal, so the rest is what is wrong and the
// whole line's refusal says so.
func illegalLead(s game.State, fields []string) error {
	var why error
	for n := 1; n < len(fields); n++ {
		m, err := ParseMove(s, strings.Join(fields[:n], " "))
		if err == nil {
			err = game.Check(s, m)
		}
		if err == nil {
			return nil
		}
		why = err
	}
	return why
}

// parseTurnFields reads fields as a turn in t, which it plays on: the
// shortest leading run of fields that is a legal move, then the rest in
// the position it leaves, while the same role is still to move.
func parseTurnFields(t game.State, fields []string) ([]game.Move, bool) {
	for n := 1; n < len(fields); n++ {
		m, err := ParseMove(t, strings.Join(fields[:n], " "))
		if err != nil || !t.IsLegal(m) {
			continue
		}
		mover := t.ToMove()
		t.Apply(m)
		if t.Terminal() || t.ToMove() != mover {
			return nil, false
		}
		if last, err := ParseMove(t, strings.Join(fields[n:], " ")); err == nil && t.IsLegal(last) {
			return []game.Move{m, last}, true
		}
		rest, ok := parseTurnFields(t, fields[n:])
		return append([]game.Move{m}, rest...), ok
	}
	return nil, false
}

// ResultWithReason is game.ResultWithReason, with an explainer's reason
// for a game that gives none itself.
func ResultWithReason(s game.State) string {
	text := game.ResultWithReason(s)
	if text == "" || game.ResultReason(s) != "" {
		return text
	}
	for _, f := range resultExplainers {
		if why, ok := f(s); ok && why != "" {
			return text + " — " + why
		}
	}
	return text
}
