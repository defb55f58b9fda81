package match

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// saveControl keeps a local match: the save written on the I/O queue,
// what it reads back, the game as a save, and the end's words.
type saveControl struct{ l *LocalMatch }

// saves is the match's saveControl.
func (l *LocalMatch) saves() saveControl { return saveControl{l} }

// How a local game is kept: in progress, in its own slot of a
// savefmt.SlotStore (several games wait under Continue), or in the one
// save of a plain savefmt.SaveStore, which the game replaces only when the
// player said yes. A finished game is handed to Options.OnFinished before
// its save goes. Every write runs on the client's I/O queue (see
// ioQueue), never in Update: the match sends what is to be kept, its
// keeper writes it in order, and the match learns what came of it from
// the keeper's report.

// replaceAnswer is the player's answer to replacing another saved game.
type replaceAnswer int

const (
	replaceUnasked replaceAnswer = iota
	replaceAsking
	replaceYes
	replaceNo
)

// gameKeeper keeps one local game in the client's store and hands it over
// once finished. Its state is touched only by its operations, which the
// I/O queue runs one at a time; what the match may know of it is its
// report (keptView).
type gameKeeper struct {
	store savefmt.SaveStore
	hook  func(savefmt.FinishedGame) (string, error)
	v     *game.Variant

	// Saved is set once this game has written the store: only then may
	// it remove what is there (a fresh game with no moves leaves the
	// previous save alone). slot is its name in a SlotStore, "" until its
	// first save. replace is the answer to "replace the saved game?" for
	// a store of one game. HandedOver is set once the finished game went
	// to the hook.
	Saved      bool
	Slot       string
	replace    replaceAnswer
	HandedOver bool
	view       keptView

	mu        sync.Mutex
	published keptView
}

// keptView is what the match knows of its keeper: the report of its
// last operation.
type keptView struct {
	seq uint64
	// saveErr is a lasting problem with the save, "" when there is none.
	saveErr string
	// KeptAs is where the hook kept the finished game.
	KeptAs string
	// replace is the keeper's answer to replacing another game, and
	// other describes that game (for the question).
	replace replaceAnswer
	other   string
	Saved   bool
	Slot    string
}

// keepReq is one thing to keep: the game as it is now.
type keepReq struct {
	data     []byte // the save file
	ended    bool
	empty    bool                 // no move yet
	finished savefmt.FinishedGame // the record, when ended
	reopened bool                 // an undone end: the next end is kept again
	answer   replaceAnswer        // the player's answer, when one came
	noStore  bool                 // a game with a GGP player: never saved
}

// KeptMsg says the keeper has done an operation: the match reads its
// report.
type KeptMsg struct{}

// newKeeper keeps a game of v in store (nil: nothing is saved); hook is
// Options.OnFinished.
func newKeeper(store savefmt.SaveStore, hook func(savefmt.FinishedGame) (string, error), v *game.Variant) *gameKeeper {
	return &gameKeeper{store: store, hook: hook, v: v}
}

// report is the keeper's latest report.
func (k *gameKeeper) report() keptView {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.published
}

// keep writes the game, hands a finished one over and removes its save,
// or removes a game undone back to no moves, so that Continue offers
// only games in progress. It runs on the I/O queue.
func (k *gameKeeper) keep(req keepReq) {
	if req.reopened {
		k.HandedOver, k.view.KeptAs = false, ""
	}
	if req.answer != replaceUnasked {
		k.replace = req.answer
		if req.answer == replaceNo {
			k.view.saveErr = "this game is not saved: the other saved game is kept"
		}
	}
	kept := !req.ended || k.handOver(req.finished)
	k.write(req, kept)
	k.mu.Lock()
	k.view.seq = k.published.seq + 1
	k.view.replace, k.view.Saved, k.view.Slot = k.replace, k.Saved, k.Slot
	k.published = k.view
	k.mu.Unlock()
}

// write writes or removes the save as keep decided.
func (k *gameKeeper) write(req keepReq, kept bool) {
	if k.store == nil || req.noStore {
		return
	}
	var err error
	switch {
	case req.ended || req.empty:
		if !k.Saved || !kept {
			return // nothing of this game's to remove, or its record failed
		}
		err = k.remove()
		k.Saved = false
	case !k.mayWrite():
		return
	default:
		k.Saved = true
		err = k.writeSave(req.data)
	}
	k.view.saveErr = ""
	if err != nil {
		k.view.saveErr = "could not save: " + err.Error()
	}
}

// mayWrite reports whether the game may write its save: always with
// slots or once it owns the one save; else only when nothing is saved
// or the player agreed to replace it (the question is asked on the
// board, see ReplaceQuestion).
func (k *gameKeeper) mayWrite() bool {
	if _, ok := k.store.(savefmt.SlotStore); ok || k.Saved {
		return true
	}
	switch k.replace {
	case replaceYes:
		return true
	case replaceNo, replaceAsking:
		return false
	}
	// Only a game that can be resumed is worth a question: the menu
	// already said an unreadable save will be replaced.
	data, err := k.store.Load()
	if errors.Is(err, os.ErrNotExist) {
		return true
	}
	sv, perr := savefmt.ParseSave(data)
	if err == nil && perr != nil {
		return true
	}
	k.replace, k.view.other = replaceAsking, "another game"
	if err == nil {
		k.view.other = "your saved game (" + sv.Summary() + ")"
	}
	return false
}

func (k *gameKeeper) writeSave(data []byte) error {
	slots, ok := k.store.(savefmt.SlotStore)
	if !ok {
		return k.store.Save(data)
	}
	if k.Slot == "" {
		k.Slot = slots.NewSlot(k.v.Name)
	}
	return slots.SaveSlot(k.Slot, data)
}

func (k *gameKeeper) remove() error {
	if slots, ok := k.store.(savefmt.SlotStore); ok {
		if k.Slot == "" {
			return nil
		}
		return slots.RemoveSlot(k.Slot)
	}
	return k.store.Remove()
}

// HandOver gives the finished game to the hook, once; false when it
// could not be kept, so that its save must stay.
func (k *gameKeeper) handOver(fg savefmt.FinishedGame) bool {
	if k.hook == nil || k.HandedOver {
		return true
	}
	where, err := k.hook(fg)
	if err != nil {
		k.view.saveErr = "the finished game was not kept (" + err.Error() + "): its save stays"
		return false
	}
	k.HandedOver, k.view.KeptAs = true, where
	return true
}

// save sends the game as it is now to its keeper, on the I/O queue; the
// command reports when it is kept.
func (sc saveControl) save() tea.Cmd {
	return sc.keepCmd(keepReq{})
}

// keepCmd sends the game with req's flags to the keeper.
func (sc saveControl) keepCmd(req keepReq) tea.Cmd {
	l := sc.l
	req.ended, req.empty, req.noStore = l.Ended(), l.Table.Turn() == 0, l.ggpSeats().hasGGPSeat()
	if req.ended {
		req.finished = savefmt.FinishedGame{Game: sc.savedGame(), Result: l.Result(), Ended: time.Now()}
		if r := l.Table.Resigned(); r != game.NoRole {
			req.finished.Resigned = l.v.RoleName(r)
		}
	} else if !req.empty && !req.noStore && l.c.Store != nil {
		req.data = sc.savedGame().Marshal(l.v.Roles)
	}
	k := l.Keeper
	return l.c.IO.Do(func() tea.Msg {
		k.keep(req)
		return KeptMsg{}
	})
}

// readKept takes the keeper's latest report, and says the end again once
// the finished game is kept (where, or why not).
func (sc saveControl) readKept() {
	l := sc.l
	r := l.Keeper.report()
	if r.seq <= l.Kept.seq {
		return
	}
	was := l.Kept
	l.Kept = r
	if l.replace != replaceYes && l.replace != replaceNo {
		// The player's answer stands: a report of a save queued before
		// it still says the question is open.
		l.replace = r.replace
	}
	if l.Ended() && (r.KeptAs != was.KeptAs || r.saveErr != was.saveErr) {
		if s, isErr := l.Status.CurrentStatus(); s == "" || !isErr {
			l.Status.SetStatus(sc.endStatus(), false)
		}
	}
}

// savedGame is the game as a save file holds it.
func (sc saveControl) savedGame() savefmt.SavedGame {
	l := sc.l
	sv := savefmt.SavedGame{Sheet: savefmt.SheetOf(l.v), Variant: l.v.Name, Seats: l.Seats, Start: l.startPos,
		Moves: l.Table.Texts()}
	sv.Clock, sv.ClockLeft = l.clocks().clockLeft()
	if l.ggp != nil {
		for _, e := range l.ggp.errors {
			// An error of the turn in play is the record's once the
			// turn is.
			if e.Step <= len(sv.Moves) {
				sv.Errors = append(sv.Errors, e)
			}
		}
	}
	return sv
}

// Record is the game as a save, with how it ended once it did.
func (l *LocalMatch) Record() savefmt.SavedGame {
	sv := l.saves().savedGame()
	if l.Ended() {
		sv.Result, sv.Ended = l.Result(), time.Now()
		if r := l.Table.Resigned(); r != game.NoRole {
			sv.Resigned = l.v.RoleName(r)
		}
	}
	return sv
}

// endStatus is the result, what the GGP players got wrong, and where
// the finished game is kept.
func (sc saveControl) endStatus() string {
	l := sc.l
	text := l.Result()
	if l.ggp != nil && len(l.ggp.errors) > 0 {
		text += " · GGP errors: " + errorSummary(l.ggp.errors)
	}
	switch {
	case l.Kept.saveErr != "":
		return text + " · " + l.Kept.saveErr
	case l.Kept.KeptAs != "":
		return text + " · kept as " + l.Kept.KeptAs
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

// ReplaceQuestion is the question to ask before this game replaces the
// saved game of a store of one, or "".
func (l *LocalMatch) ReplaceQuestion() string {
	if l.replace != replaceAsking {
		return ""
	}
	return "save this game over " + l.Kept.other + "? y replaces it, n plays on without saving"
}

// AnswerReplace takes the answer to ReplaceQuestion: the keeper saves
// the game, or keeps the other one.
func (l *LocalMatch) AnswerReplace(yes bool) tea.Cmd {
	if l.replace != replaceAsking {
		return nil
	}
	l.replace = replaceNo
	if yes {
		l.replace = replaceYes
	}
	return l.saves().keepCmd(keepReq{answer: l.replace})
}
