package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tabletop/tabletop/game"
)

// Seat plays one role of a table: the AI, a GGP player, or a person
// (Person: someone at this client's keyboard, or a player in a room,
// whose moves come to the table by Table.Play instead of being asked).
//
// Optional capabilities, checked with a type assertion in the style of
// io.WriterTo: Attentive (asked on every turn), Starter (told of the
// game before its first turn) and Finisher (told of its end).
type Seat interface {
	// Name names who plays, e.g. "ana", "ai:hard" or "ggp:http://…".
	Name() string
	// Choose returns the seat's move for the question's role. It may
	// block until ctx ends; the question's deadline, when set, is the
	// seat's clock. An error, or a move that is not legal for the role,
	// is a failure to answer, which the table's fallback covers (see
	// Resolve).
	Choose(ctx context.Context, q Question) (game.Move, error)
}

// Attentive is implemented by seats that must hear every turn, also those
// where their role only follows: a GGP player gets a play message with
// the last joint move on every turn and answers it (with its only move,
// usually noop, when it does not choose).
type Attentive interface {
	Seat
	// Attentive reports whether the seat is asked on every turn.
	Attentive() bool
}

// Starter is implemented by seats that must be told of a game before its
// first turn (a GGP player gets start with the rules and its role, and
// its start clock to get ready).
type Starter interface {
	Seat
	// Start tells the seat that it plays role r of the game described
	// by g, starting from the table's start position.
	Start(ctx context.Context, g Game, r game.Role) error
}

// Finisher is implemented by seats that must be told that a game ended
// (a GGP player gets stop with the last joint move) or was called off
// (abort).
type Finisher interface {
	Seat
	// Finish tells the seat the game is over: last is its last step
	// (the zero Step when none was played); aborted says it was called
	// off unfinished.
	Finish(ctx context.Context, g Game, last Step, aborted bool) error
}

// Game describes a game that Run plays, for the seats' Start and Finish.
type Game struct {
	// ID names the game, e.g. a GGP match id.
	ID string
	// Variant is the game's; the driver sets it from the table.
	Variant *game.Variant
	// StartClock is how long Starter seats have to get ready; 0 lets
	// them take as long as ctx allows.
	StartClock time.Duration
	// Clock is each turn's time (a GGP play clock): a seat that has not
	// answered when it runs out has failed to answer. 0: no clock.
	Clock time.Duration
	// Grace is allowed on top of each clock for a remote seat's message
	// and its reply.
	Grace time.Duration
}

// Question is what a seat is asked: its role's move on a turn.
type Question struct {
	// Turn is the number of steps played before this turn.
	Turn int
	// Version is the table's version of the position (Table.Version):
	// an answer is for this position only.
	Version uint64
	// Role is the role to answer for.
	Role game.Role
	// State is a copy of the position, the seat's own to keep or search.
	State game.State
	// Legal are the role's legal moves: one (its only move) when it does
	// not choose.
	Legal []game.Move
	// Last is the previous step's move of every role in KIF (Step.Texts),
	// as a GGP play message carries it; nil on the first turn.
	Last []string
	// Deadline, when not zero, is when the answer is due.
	Deadline time.Time
}

// Chooses reports whether the question's role has a say in this turn:
// it is in control, or every role chooses at once.
func (q Question) Chooses() bool {
	return Joint(q.State) || q.State.ToMove() == q.Role
}

// Person is a seat played by hand: someone at this client's keyboard, or
// a player in a room. The table never asks it; its moves come by
// Table.Play, and an illegal one is refused with the reason, never
// replaced.
type Person struct {
	// Who is the person's name, "" when it has none.
	Who string
}

// Name implements Seat.
func (p *Person) Name() string { return p.Who }

// Choose implements Seat: a person is never asked.
func (p *Person) Choose(context.Context, Question) (game.Move, error) {
	return game.Noop, ErrByHand
}

// ErrByHand is Person.Choose's answer: its moves come by Table.Play.
var ErrByHand = errors.New("this seat plays by hand")

// Fault is a seat's failure to answer a question: an error, no answer
// in time, or a move that is not legal for its role. On a turn where the
// role chooses, the table's fallback played Played instead.
type Fault struct {
	Turn int
	Role game.Role
	// Err says what went wrong; errors.Is(Err, ErrIllegal) for an
	// answer that is not a legal move (Answer holds it).
	Err error
	// Answer is the seat's move when it answered one, and AnswerText
	// its KIF.
	Answer     game.Move
	AnswerText string
	// Answered reports whether the seat answered a move at all.
	Answered bool
	// Played is the move played for the role instead, and Text its KIF.
	Played game.Move
	Text   string
}

// ErrIllegal is wrapped by a Fault's error when the seat's move was not
// legal for its role.
var ErrIllegal = errors.New("not a legal move")

// fallback is the one policy for a seat that fails to answer: a legal
// move of its role chosen uniformly at random with the table's seeded
// generator. Random, as ggp-base's Game Manager replaces a late or
// illegal move (so tabletop's GGP records read as its records do), and
// not the first legal move, which a seat could count on by failing on
// purpose; seeded, so that a match replays the same.
func fallback(rng *game.Rand, legal []game.Move) game.Move {
	if len(legal) == 0 {
		return game.Noop
	}
	return legal[rng.Intn(len(legal))]
}

// resolve checks a seat's answer to q and returns the move to play: the
// answer when it is one of q's legal moves, else the fallback's move
// and the fault.
func resolve(rng *game.Rand, q Question, m game.Move, err error) (game.Move, *Fault) {
	if err == nil {
		for _, l := range q.Legal {
			if l == m {
				return m, nil
			}
		}
		err = fmt.Errorf("%s: %w for %s", q.State.FormatMove(m), ErrIllegal, q.State.Variant().RoleName(q.Role))
	}
	f := &Fault{Turn: q.Turn, Role: q.Role, Err: err, Answer: m, Answered: errors.Is(err, ErrIllegal)}
	if f.Answered {
		f.AnswerText = q.State.FormatMove(m)
	}
	f.Played = fallback(rng, q.Legal)
	f.Text = q.State.FormatMove(f.Played)
	return f.Played, f
}
