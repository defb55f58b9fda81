package game

import (
	"fmt"
	"strings"
)

// Retirer is an optional capability of a game for three or more players
// in which a player who resigns drops out while the others play on, as
// in four-player chess: the resigner's turns are passed from then on,
// its goal is 0 (its pieces stay where they are), and the game ends when
// one player remains, who wins, or when its rules end it. In a game
// without it a resignation ends the game for everyone.
//
// A resignation is an entry of the game's move list, ResignMove(r), so
// that whatever replays a game's moves (a save, a room, review) replays
// the resignations with them: Apply plays it whoever is in control. It
// is never among Legal's moves and IsLegal refuses it, because it is
// not a move of the role in control; PlayResign checks and plays it.
// Like the other capabilities it is asked of a State (s.(Retirer)) and
// does not repeat State's methods.
type Retirer interface {
	// Retired reports whether role r has resigned and dropped out.
	Retired(r Role) bool
}

// resignFlag marks the moves that record a resignation: far above any
// game's own encoding, with the role in the low byte.
const resignFlag Move = 0xFFFF_FF00

// ResignMove is the move-list entry of role r's resignation from a
// Retirer's game.
func ResignMove(r Role) Move { return resignFlag | Move(uint8(r)) }

// Resigner returns the role whose resignation m records, with ok false
// when m is any other move.
func Resigner(m Move) (r Role, ok bool) {
	if m&resignFlag != resignFlag {
		return NoRole, false
	}
	return Role(int8(uint8(m))), true
}

// CanRetire reports whether role r may resign from s and drop out while
// the game goes on: s is a Retirer's position that is not over and r is
// still in the game.
func CanRetire(s State, r Role) bool { return CheckResign(s, r) == nil }

// IsRetired reports whether role r has resigned from s and dropped out
// (see Retirer).
func IsRetired(s State, r Role) bool {
	rt, ok := s.(Retirer)
	return ok && rt.Retired(r)
}

// PlayResign plays role r's resignation from a Retirer's game, or says
// why it cannot.
func PlayResign(s State, r Role) error {
	if err := CheckResign(s, r); err != nil {
		return err
	}
	s.Apply(ResignMove(r))
	return nil
}

// CheckResign says why role r cannot resign from s and drop out, nil
// when it can.
func CheckResign(s State, r Role) error {
	v := s.Variant()
	rt, ok := s.(Retirer)
	switch {
	case !ok:
		return fmt.Errorf("in %s a resignation ends the game; nobody drops out", v.Title)
	case s.Terminal():
		return ErrGameOver
	case r < 0 || int(r) >= len(v.Roles):
		return fmt.Errorf("no role %d in %s", r, v.Name)
	case rt.Retired(r):
		return fmt.Errorf("%s has resigned already", v.RoleName(r))
	}
	return nil
}

// FormatResign is the KIF text of role r's resignation, "(resign blue)":
// how saves, records and rooms write it among the moves.
func FormatResign(v *Variant, r Role) string { return "(resign " + v.RoleName(r) + ")" }

// ShortResign is a resignation as a move list shows it: "blue resigns".
func ShortResign(v *Variant, r Role) string { return v.RoleName(r) + " resigns" }

// ParseResign reads a resignation written by FormatResign (any case and
// spacing, the parentheses optional, or "blue resigns") and checks that
// the role may resign from s now. ok is false when text is not a
// resignation at all, so that a game reads it as a move instead.
func ParseResign(s State, text string) (m Move, ok bool, err error) {
	f := strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(strings.ToLower(text)))
	if len(f) != 2 || (f[0] != "resign" && f[1] != "resigns") {
		return Noop, false, nil
	}
	name := f[1]
	if f[1] == "resigns" {
		name = f[0]
	}
	r := s.Variant().RoleIndexFold(name)
	if r == NoRole {
		return Noop, true, fmt.Errorf("%q: %s has no role %q", strings.TrimSpace(text), s.Variant().Name, name)
	}
	if err := CheckResign(s, r); err != nil {
		return Noop, true, err
	}
	return ResignMove(r), true, nil
}
