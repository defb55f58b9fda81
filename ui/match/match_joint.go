package match

import (
	"github.com/tabletop/tabletop/game"
)

// jointTurn is the keyboard on joint turns among people at this client:
// who chooses now, how many people play.
type jointTurn struct{ l *LocalMatch }

// joint is the match's jointTurn.
func (l *LocalMatch) joint() jointTurn { return jointTurn{l} }

// How a local match plays a turn where several roles choose at once:
// each person at the keyboard chooses in role order, the others not
// seeing it (with more than one person, a hand-over screen asks to pass
// the keyboard before each one chooses); the AI and GGP seats are asked
// by the driver. The table keeps every choice hidden until all have
// chosen, then plays the turn: the choices are neither shown, saved nor
// kept by undo before.

// chooser is the person's role that chooses next on a joint turn, or
// NoRole when every person chose (or the turn is not joint).
func (jt jointTurn) chooser() game.Role {
	l := jt.l
	if !game.JointTurn(l.Table.Position()) || l.Table.Over() {
		return game.NoRole
	}
	for r := range l.v.Roles {
		if l.mine(game.Role(r)) && !l.Table.Chosen(game.Role(r)) {
			return game.Role(r)
		}
	}
	return game.NoRole
}

// people is how many seats are people at this keyboard.
func (jt jointTurn) people() int {
	l := jt.l
	n := 0
	for r := range l.v.Roles {
		if l.mine(game.Role(r)) {
			n++
		}
	}
	return n
}

// PassTo is the role the keyboard must be passed to before it chooses,
// or NoRole: with several people, each chooses behind a hand-over screen
// so that nobody sees another's choice.
func (l *LocalMatch) PassTo() game.Role {
	c := l.joint().chooser()
	if c == game.NoRole || l.joint().people() < 2 || l.holder == c || l.Ended() {
		return game.NoRole
	}
	return c
}

// TakeKeyboard says the role PassTo named has the keyboard.
func (l *LocalMatch) TakeKeyboard() {
	if c := l.PassTo(); c != game.NoRole {
		l.holder = c
		l.ver++
	}
}
