package ui

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// How a local game is kept: in progress, in its own slot of a savefmt.SlotStore
// (several games wait under Continue), or in the one save of a plain
// savefmt.SaveStore, which the game replaces only when the player said yes. A
// finished game is handed to Options.OnFinished before its save goes.

// replaceAnswer is the player's answer to replacing another saved game.
type replaceAnswer int

const (
	replaceUnasked replaceAnswer = iota
	replaceAsking
	replaceYes
	replaceNo
)

// save writes the game to the store once a move has been made; a
// finished game is handed over (see handOver) and its save removed, as
// is a game undone back to no moves, so that Continue offers only games
// in progress.
func (l *localMatch) save() {
	kept := !l.ended() || l.handOver()
	if l.c.store == nil || l.hasGGPSeat() {
		return // a GGP player cannot resume a match: such games are not saved
	}
	var err error
	switch {
	case l.ended() || len(l.moves) == 0:
		if !l.saved || !kept {
			return // nothing of this game's to remove, or its record failed
		}
		err = l.removeSave()
		l.saved = false
	case !l.mayWrite():
		return
	default:
		l.saved = true
		err = l.writeSave(l.savedGame().Marshal(l.v.Roles))
	}
	l.saveErr = ""
	if err != nil {
		l.saveErr = "could not save: " + err.Error()
	}
}

// savedGame is the game as a save file holds it.
func (l *localMatch) savedGame() savefmt.SavedGame {
	sv := savefmt.SavedGame{Sheet: savefmt.SheetOf(l.v), Variant: l.v.Name, Seats: l.seats, Start: l.startPos}
	s := l.begin.Clone()
	for _, step := range game.SplitTurns(l.begin, l.moves) {
		if game.JointTurn(s) {
			sv.Moves = append(sv.Moves, game.JointText(s, step))
		} else {
			sv.Moves = append(sv.Moves, s.FormatMove(step[0]))
		}
		game.ApplyTurn(s, step)
	}
	if l.gm != nil {
		for _, e := range l.gm.errors {
			// An error of the turn in play is the record's once the
			// turn is.
			if e.Step <= len(sv.Moves) {
				sv.Errors = append(sv.Errors, e)
			}
		}
	}
	return sv
}

// record is the game as a save, with how it ended once it did.
func (l *localMatch) record() savefmt.SavedGame {
	sv := l.savedGame()
	if l.ended() {
		sv.Result, sv.Ended = l.result(), time.Now()
		if l.loser != game.NoRole {
			sv.Resigned = l.v.RoleName(l.loser)
		}
	}
	return sv
}

// mayWrite reports whether the game may write its save: always with
// slots or once it owns the one save; else only when nothing is saved
// or the player agreed to replace it (the question is asked on the
// board, see replaceQuestion).
func (l *localMatch) mayWrite() bool {
	if _, ok := l.c.store.(savefmt.SlotStore); ok || l.saved {
		return true
	}
	switch l.replace {
	case replaceYes:
		return true
	case replaceNo, replaceAsking:
		return false
	}
	// Only a game that can be resumed is worth a question: the menu
	// already said an unreadable save will be replaced.
	data, err := l.c.store.Load()
	if errors.Is(err, os.ErrNotExist) {
		return true
	}
	if _, perr := savefmt.ParseSave(data); err == nil && perr != nil {
		return true
	}
	l.replace = replaceAsking
	return false
}

func (l *localMatch) writeSave(data []byte) error {
	slots, ok := l.c.store.(savefmt.SlotStore)
	if !ok {
		return l.c.store.Save(data)
	}
	if l.slot == "" {
		l.slot = slots.NewSlot(l.v.Name)
	}
	return slots.SaveSlot(l.slot, data)
}

func (l *localMatch) removeSave() error {
	if slots, ok := l.c.store.(savefmt.SlotStore); ok {
		if l.slot == "" {
			return nil
		}
		return slots.RemoveSlot(l.slot)
	}
	return l.c.store.Remove()
}

// handOver gives the finished game to Options.OnFinished, once; false
// when it could not be kept, so that its save must stay.
func (l *localMatch) handOver() bool {
	hook := l.c.opts.OnFinished
	if hook == nil || l.handedOver {
		return true
	}
	fg := savefmt.FinishedGame{Game: l.savedGame(), Result: l.result(), Resigned: "", Ended: time.Now()}
	if l.loser != game.NoRole {
		fg.Resigned = l.v.RoleName(l.loser)
	}
	where, err := hook(fg)
	if err != nil {
		l.saveErr = "the finished game was not kept (" + err.Error() + "): its save stays"
		return false
	}
	l.handedOver, l.keptAs = true, where
	return true
}

// endStatus is the result, what the GGP players got wrong, and where
// the finished game is kept.
func (l *localMatch) endStatus() string {
	text := l.result()
	if l.gm != nil && len(l.gm.errors) > 0 {
		text += " · GGP errors: " + errorSummary(l.gm.errors)
	}
	switch {
	case l.saveErr != "":
		return text + " · " + l.saveErr
	case l.keptAs != "":
		return text + " · kept as " + l.keptAs
	}
	return text
}

// errorSummary counts the errors by role: "red 3, black 1".
func errorSummary(errs []savefmt.MoveError) string {
	var roles []string
	count := map[string]int{}
	for _, e := range errs {
		if count[e.Role] == 0 {
			roles = append(roles, e.Role)
		}
		count[e.Role]++
	}
	parts := make([]string, len(roles))
	for i, r := range roles {
		parts[i] = fmt.Sprintf("%s %d", r, count[r])
	}
	return strings.Join(parts, ", ")
}

// replaceQuestion is the question to ask before this game replaces the
// saved game of a store of one, or "".
func (l *localMatch) replaceQuestion() string {
	if l.replace != replaceAsking {
		return ""
	}
	what := "another game"
	if data, err := l.c.store.Load(); err == nil {
		if sv, err := savefmt.ParseSave(data); err == nil {
			what = "your saved game (" + sv.Summary() + ")"
		}
	}
	return "save this game over " + what + "? y replaces it, n plays on without saving"
}

// answerReplace takes the answer to replaceQuestion.
func (l *localMatch) answerReplace(yes bool) {
	if l.replace != replaceAsking {
		return
	}
	l.replace = replaceNo
	if yes {
		l.replace = replaceYes
		l.save()
		return
	}
	l.saveErr = "this game is not saved: the other saved game is kept"
}
