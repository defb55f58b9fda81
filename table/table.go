// Package table is tabletop's one game loop: the position, the moves
// (with undo and redo), the seats that play them, one commit path, one
// fallback for a seat that fails to answer, one replay of a game from
// its moves and one tally of a match. Local play, rooms, the match
// runner, the GGP Game Manager and the load test all drive their games
// through it.
//
// A Table is a plain value with no goroutines of its own, owned by one
// goroutine at a time (a client's Update, a room under its lock, Run):
// Pending says which seats are to be asked, Answer takes a seat's
// answer, Play a person's move. Asking a seat may take seconds, so the
// owner asks off its own goroutine (a Bubble Tea command, a room's AI
// goroutine, Run's workers) and hands the answer back. The table knows
// no terminal and no network.
package table

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tabletop/tabletop/game"
)

// Table is one game being played.
type Table struct {
	v     *game.Variant
	start game.State // the position the game started from; never played on
	pos   game.State // the current position
	steps []Step
	// undone are the steps taken back, the latest last.
	undone []Step
	seats  []Seat // by role
	rng    *game.Rand
	// choice collects the moves of a joint turn, by role, until every
	// role has chosen; chosen says which have.
	choice []game.Move
	chosen []bool
	// resigned is the role that resigned, or NoRole.
	resigned game.Role
	// version changes whenever the position does (a step played, taken
	// back or played again), so that an answer to a question about a
	// position the table has left is known for stale even when the turn
	// number has come round again.
	version uint64
}

// New sets up a table at start (which it does not modify) with one seat
// per role, in role order; seed drives the fallback (see Resolve). A nil
// seat is a Person.
func New(start game.State, seats []Seat, seed uint64) (*Table, error) {
	v := start.Variant()
	if len(seats) != len(v.Roles) {
		return nil, fmt.Errorf("%s has %d roles, got %d seats", v.Name, len(v.Roles), len(seats))
	}
	t := &Table{v: v, start: start.Clone(), pos: start.Clone(), seats: make([]Seat, len(seats)),
		rng: game.NewRand(seed), resigned: game.NoRole}
	for r, s := range seats {
		if s == nil {
			s = &Person{}
		}
		t.seats[r] = s
	}
	t.resetChoice()
	return t, nil
}

// Variant is the game played.
func (t *Table) Variant() *game.Variant { return t.v }

// Start is the position the game started from; callers must not modify
// it.
func (t *Table) Start() game.State { return t.start }

// Position is the current position; callers must not modify it (Clone
// it to search).
func (t *Table) Position() game.State { return t.pos }

// Steps are the steps played, oldest first; callers must not modify
// them.
func (t *Table) Steps() []Step { return t.steps }

// Turn is the number of steps played.
func (t *Table) Turn() int { return len(t.steps) }

// Version changes whenever the position does: a step played, taken back
// or played again.
func (t *Table) Version() uint64 { return t.version }

// Seat is the seat playing role r, nil when r is no role.
func (t *Table) Seat(r game.Role) Seat {
	if r < 0 || int(r) >= len(t.seats) {
		return nil
	}
	return t.seats[r]
}

// SetSeat gives role r to another seat from the next question on (a
// room's seat handed to the AI after its player stayed away).
func (t *Table) SetSeat(r game.Role, s Seat) {
	if s == nil {
		s = &Person{}
	}
	t.seats[r] = s
}

// ByHand reports whether role r is played by a Person.
func (t *Table) ByHand(r game.Role) bool {
	_, ok := t.Seat(r).(*Person)
	return ok
}

// Moves is every move played, flat: one entry per step, one per role on
// a joint turn (the form a local game keeps).
func (t *Table) Moves() []game.Move {
	var out []game.Move
	for _, s := range t.steps {
		out = append(out, s.played()...)
	}
	return out
}

// Texts is every step's text (Step.Text), the form saves and rooms keep.
func (t *Table) Texts() []string {
	out := make([]string, len(t.steps))
	for i, s := range t.steps {
		out[i] = s.Text()
	}
	return out
}

// Over reports whether the game is over: by its rules, or by a
// resignation.
func (t *Table) Over() bool { return t.pos.Terminal() || t.resigned != game.NoRole }

// Chooses reports whether role r has a say in the current turn and has
// not chosen yet: it is in control or, on a joint turn, has not chosen.
func (t *Table) Chooses(r game.Role) bool {
	switch {
	case t.Over() || r < 0 || int(r) >= len(t.seats):
		return false
	case Joint(t.pos):
		return !t.chosen[r]
	}
	return t.pos.ToMove() == r
}

// Chosen reports whether role r has chosen its move of the current
// joint turn; the move stays hidden until every role has.
func (t *Table) Chosen(r game.Role) bool {
	return r >= 0 && int(r) < len(t.chosen) && t.chosen[r]
}

// Pending returns the questions of the current turn for the seats the
// table asks (not Person seats, whose moves come by Play): the seat of
// the role in control or, on a joint turn, of every role that has not
// chosen, and every Attentive seat. It returns nil once the game is over.
func (t *Table) Pending() []Question {
	if t.Over() {
		return nil
	}
	var qs []Question
	for r := range t.seats {
		role := game.Role(r)
		if t.ByHand(role) || !(t.Chooses(role) || attentive(t.seats[r])) {
			continue
		}
		qs = append(qs, t.Question(role))
	}
	return qs
}

func attentive(s Seat) bool {
	a, ok := s.(Attentive)
	return ok && a.Attentive()
}

// Question is the current turn's question to role r's seat, asked or
// not (a client asks the AI for a hint with it).
func (t *Table) Question(r game.Role) Question {
	q := Question{Turn: len(t.steps), Version: t.version, Role: r, State: t.pos.Clone(), Legal: LegalOf(t.pos, r, nil)}
	if n := len(t.steps); n > 0 {
		q.Last = t.steps[n-1].Texts
	}
	return q
}

// Errors of Play and Commit. Each wraps what the player reads.
var (
	// ErrNotYourTurn is wrapped when a role moves out of turn.
	ErrNotYourTurn = errors.New("not your turn")
	// ErrStale is wrapped by an answer or a step for a turn already
	// played (or undone): nothing is played.
	ErrStale = errors.New("the game moved on")
)

// Check tells whether role r may play m now, with the reason when not
// (game.ErrGameOver, ErrNotYourTurn, or the game's words for an illegal
// move), and returns the step it makes: complete when it ends the turn
// (done), else the turn's joint choices so far. Nothing changes: a room
// stores the step before it commits it.
func (t *Table) Check(r game.Role, m game.Move) (step Step, done bool, err error) {
	if who, ok := game.Resigner(m); ok {
		step, err = t.checkRetire(r, who)
		return step, err == nil, err
	}
	switch {
	case t.Over():
		return Step{}, false, game.ErrGameOver
	case r < 0 || int(r) >= len(t.seats):
		return Step{}, false, fmt.Errorf("no role %d in %s", r, t.v.Name)
	case Joint(t.pos):
		if t.chosen[r] {
			return Step{}, false, fmt.Errorf("%w: %s has chosen this turn", ErrNotYourTurn, t.v.RoleName(r))
		}
		if !IsLegalFor(t.pos, r, m) {
			return Step{}, false, fmt.Errorf("%s is not a legal move for %s now", t.pos.FormatMove(m), t.v.RoleName(r))
		}
		moves := slices.Clone(t.choice)
		moves[r] = m
		done = true
		for i, c := range t.chosen {
			done = done && (c || game.Role(i) == r)
		}
		return makeStep(t.pos, len(t.steps), moves), done, nil
	case t.pos.ToMove() != r:
		return Step{}, false, fmt.Errorf("%w: it is %s's turn", ErrNotYourTurn, t.v.RoleName(t.pos.ToMove()))
	}
	if err := game.Check(t.pos, m); err != nil {
		return Step{}, false, err
	}
	moves := make([]game.Move, len(t.seats))
	moves[r] = m
	return makeStep(t.pos, len(t.steps), moves), true, nil
}

// Play plays role r's move m — a person's, or an answer the caller has
// resolved — if Check allows it. On a joint turn it keeps the move until
// every role has chosen, then plays the turn. It returns the step when a
// turn was played.
func (t *Table) Play(r game.Role, m game.Move) (*Step, error) {
	step, done, err := t.Check(r, m)
	if err != nil {
		return nil, err
	}
	if !done {
		t.choice[r], t.chosen[r] = m, true
		return nil, nil
	}
	if err := t.Commit(step); err != nil {
		return nil, err
	}
	return &t.steps[len(t.steps)-1], nil
}

// Commit plays a complete step that Check returned, if the table is
// still at its turn: the one place a step joins the game. It forgets
// the undone steps (a new move ends redo) and the turn's choices.
func (t *Table) Commit(s Step) error {
	if s.Turn != len(t.steps) {
		return fmt.Errorf("step %d: %w (at step %d)", s.Turn+1, ErrStale, len(t.steps)+1)
	}
	if t.Over() {
		return game.ErrGameOver
	}
	Apply(t.pos, s.Moves)
	t.steps = append(t.steps, s)
	t.undone = nil
	t.resetChoice()
	t.version++
	return nil
}

func (t *Table) resetChoice() {
	t.choice, t.chosen = make([]game.Move, len(t.seats)), make([]bool, len(t.seats))
}

// Answer takes a seat's answer to q (its move, or the error it failed
// with) and plays it, or the fallback's move in its place (see
// Resolve). An answer about a position the table has left (a turn
// played, or taken back) is stale: nothing is
// played, but a wrong answer from a seat that only followed that turn is
// still a fault (a GGP player's record counts it). It returns the
// answer's fault, if any, and the step when a turn was played.
func (t *Table) Answer(q Question, m game.Move, err error) (*Step, *Fault, error) {
	mv, fault := t.Resolve(q, m, err)
	if q.Version != t.version {
		return nil, fault, fmt.Errorf("an answer for step %d: %w", q.Turn+1, ErrStale)
	}
	if !q.Chooses() {
		return nil, fault, nil // it only followed the turn
	}
	step, perr := t.Play(q.Role, mv)
	return step, fault, perr
}

// Resolve is the table's one fallback policy: it returns the move to
// play for a seat's answer to q — the answer when it is one of q's legal
// moves — and, when the seat failed (an error, no answer in time, or a
// move that is not legal for its role), a legal move of the role chosen
// uniformly at random with the table's seeded generator, and the fault.
// People are never replaced: their moves come by Play, which refuses an
// illegal one.
func (t *Table) Resolve(q Question, m game.Move, err error) (game.Move, *Fault) {
	return resolve(t.rng, q, m, err)
}

// Resign takes role r out of the game. In a game where a player who
// resigns drops out and the others play on (game.Retirer), and while no
// seat follows every turn (a GGP player could not be told), it is a step
// (see Retiring); otherwise it ends the game: r loses and every other
// role shares the win. Undo takes it back.
func (t *Table) Resign(r game.Role) error {
	switch {
	case r < 0 || int(r) >= len(t.seats):
		return fmt.Errorf("no role %d in %s", r, t.v.Name)
	case t.Over():
		return game.ErrGameOver
	case t.Retiring():
		_, err := t.Play(r, game.ResignMove(r))
		return err
	}
	t.resigned = r
	return nil
}

// Retiring reports whether a resignation here lets the others play on:
// the game is a game.Retirer and no seat is Attentive. The resignation is
// then a step of the game, game.ResignMove played by the role resigning
// whoever is in control, which saves and rooms keep with the moves; the
// role's turns are passed from then on and its goal is 0.
func (t *Table) Retiring() bool {
	if _, ok := t.pos.(game.Retirer); !ok {
		return false
	}
	for _, s := range t.seats {
		if attentive(s) {
			return false
		}
	}
	return true
}

// checkRetire checks role r's resignation as role who and returns its
// step.
func (t *Table) checkRetire(r, who game.Role) (Step, error) {
	switch {
	case r != who:
		return Step{}, fmt.Errorf("%s cannot resign for %s", t.v.RoleName(r), t.v.RoleName(who))
	case !t.Retiring():
		return Step{}, fmt.Errorf("in %s with these seats a resignation ends the game; nobody drops out", t.v.Title)
	case t.Over():
		return Step{}, game.ErrGameOver
	}
	if err := game.CheckResign(t.pos, r); err != nil {
		return Step{}, err
	}
	moves := make([]game.Move, len(t.seats))
	moves[r] = game.ResignMove(r)
	st := makeStep(t.pos, len(t.steps), moves)
	st.Mover = r
	st.Texts[r] = t.pos.FormatMove(moves[r])
	return st, nil
}

// Resigned is the role whose resignation ended the game, or
// game.NoRole (a role that dropped out is known to the position, see
// Retiring).
func (t *Table) Resigned() game.Role { return t.resigned }

// Goals are every role's goal: the rules' in a finished game (where a
// role that resigned and dropped out has 0, see Retiring); after a
// resignation that ended the game 0 for the role that resigned and
// game.MaxGoal for the others; nil while the game goes on.
func (t *Table) Goals() []int {
	if !t.Over() {
		return nil
	}
	goals := make([]int, len(t.seats))
	for r := range goals {
		switch {
		case t.resigned == game.NoRole:
			goals[r] = t.pos.Goal(game.Role(r))
		case game.Role(r) != t.resigned:
			goals[r] = game.MaxGoal
		}
	}
	return goals
}

// Undo takes back the last thing done: a resignation, else the last
// step (which Redo plays again), and reports whether there was one.
func (t *Table) Undo() bool {
	if t.resigned != game.NoRole {
		t.resigned = game.NoRole
		return true
	}
	if len(t.steps) == 0 {
		return false
	}
	last := t.steps[len(t.steps)-1]
	t.steps = t.steps[:len(t.steps)-1]
	t.undone = append(t.undone, last)
	t.rebuild()
	return true
}

// Redo plays the last step taken back again, if it is still legal, and
// reports whether it did.
func (t *Table) Redo() bool {
	if len(t.undone) == 0 || t.Over() {
		return false
	}
	s := t.undone[len(t.undone)-1]
	if s.Turn != len(t.steps) || !legalStep(t.pos, s.Moves) {
		t.undone = nil
		return false
	}
	undone := t.undone[:len(t.undone)-1]
	Apply(t.pos, s.Moves)
	t.steps = append(t.steps, s)
	t.undone = undone
	t.resetChoice()
	t.version++
	return true
}

// CanRedo reports whether there is a step to play again.
func (t *Table) CanRedo() bool { return len(t.undone) > 0 }

// rebuild replays the steps from the start; the turn's choices go.
func (t *Table) rebuild() {
	t.pos = t.start.Clone()
	for _, s := range t.steps {
		Apply(t.pos, s.Moves)
	}
	t.resetChoice()
	t.version++
}

// legalStep reports whether moves (one per role) may be played in s.
func legalStep(s game.State, moves []game.Move) bool {
	if s.Terminal() || len(moves) != len(s.Variant().Roles) {
		return false
	}
	if r, ok := resignation(moves); ok {
		return game.CheckResign(s, r) == nil
	}
	if !Joint(s) {
		return s.IsLegal(moves[s.ToMove()])
	}
	for r, m := range moves {
		if !IsLegalFor(s, game.Role(r), m) {
			return false
		}
	}
	return true
}
