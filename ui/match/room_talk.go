package match

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
)

// A room's offers and chat, as the board reaches them (Dealer): the
// room's calls run in commands, off the UI goroutine (they write to the
// server's store), and come back as roomActedMsg.

// Dealer is a match whose players deal with each other beside their
// moves: offers (a draw, a takeback, a rematch), the abort of a game in
// its first moves, a chat. A room's match is one.
type Dealer interface {
	// Propose makes an offer, or accepts the same offer of another.
	Propose(kind roomapi.OfferKind) tea.Cmd
	// Decline turns down (or withdraws) the waiting offer.
	Decline() tea.Cmd
	// Abort ends the game in its first moves, unrated.
	Abort() tea.Cmd
	// Say writes a line in the room's chat.
	Say(text string) tea.Cmd
	// Mute hides (mute) or shows again the chat lines of the player
	// named; "" is everyone: the chat off, or on again.
	Mute(name string, mute bool) string
	// Rematch is the rematch's room once both agreed to one, else "".
	Rematch() string
	// Code is the room's code.
	Code() string
	// Lines is the room's chat so far, oldest first, without the lines
	// of the players muted.
	Lines() []roomapi.ChatLine
}

var _ Dealer = (*RoomMatch)(nil)

// roomActedMsg is the answer of the room to an offer or a chat line.
type roomActedMsg struct{ err error }

// act runs the room's call f in a command.
func (r *RoomMatch) act(f func() error) tea.Cmd {
	return func() tea.Msg { return roomActedMsg{err: f()} }
}

// Propose implements Dealer.
func (r *RoomMatch) Propose(kind roomapi.OfferKind) tea.Cmd {
	d, ok := r.room.(roomapi.Dealer)
	if !ok {
		r.status.SetStatus("this room takes no offers", true)
		return nil
	}
	return r.act(func() error { return d.Propose(kind) })
}

// Decline implements Dealer.
func (r *RoomMatch) Decline() tea.Cmd {
	d, ok := r.room.(roomapi.Dealer)
	if !ok || r.view.Offer.Kind == "" || r.view.Rematch != "" {
		r.status.SetStatus("there is no offer to answer", true)
		return nil
	}
	return r.act(d.Decline)
}

// Abort implements Dealer.
func (r *RoomMatch) Abort() tea.Cmd {
	d, ok := r.room.(roomapi.Dealer)
	if !ok {
		r.status.SetStatus("this room cannot be aborted", true)
		return nil
	}
	return r.act(d.Abort)
}

// Say implements Dealer.
func (r *RoomMatch) Say(text string) tea.Cmd {
	c, ok := r.room.(roomapi.Chatter)
	if !ok {
		r.status.SetStatus("this room has no chat", true)
		return nil
	}
	return r.act(func() error { return c.Say(text) })
}

// Mute implements Dealer and says what it did.
func (r *RoomMatch) Mute(name string, mute bool) string {
	switch {
	case name == "" && mute:
		r.chatOff = true
		return "chat off: chat on shows it again"
	case name == "":
		r.chatOff = false
		return "chat on"
	case mute:
		if !slices.Contains(r.muted, name) {
			r.muted = append(r.muted, name)
		}
		return name + "'s chat lines are hidden: unmute " + name + " shows them"
	}
	r.muted = slices.DeleteFunc(r.muted, func(m string) bool { return m == name })
	return name + "'s chat lines are shown"
}

// Rematch implements Dealer.
func (r *RoomMatch) Rematch() string { return r.view.Rematch }

// Code implements Dealer.
func (r *RoomMatch) Code() string { return r.view.Code }

// Lines implements Dealer.
func (r *RoomMatch) Lines() []roomapi.ChatLine {
	out := make([]roomapi.ChatLine, 0, len(r.view.Chat))
	for _, l := range r.view.Chat {
		if !slices.Contains(r.muted, l.Name) {
			out = append(out, l)
		}
	}
	return out
}

// talk tells the player, in the status line, what is new in rv beside
// its note: another player's offer (and the keys that answer it), the
// rematch's room, the latest chat line. Called by apply before it takes
// rv.
func (r *RoomMatch) talk(rv roomapi.RoomView) {
	old := r.view
	if o := rv.Offer; o.Kind != "" && rv.Rematch == "" && (o.Kind != old.Offer.Kind || !slices.Equal(o.Agreed, old.Offer.Agreed)) && !r.agreed(o) {
		r.status.SetStatus(fmt.Sprintf("%s %s", rv.Note, offerAnswer[o.Kind]), false)
	}
	if rv.Rematch != "" && old.Rematch == "" {
		r.status.SetStatus("the rematch is in room "+rv.Rematch+": R joins it", false)
	}
	if len(rv.Changes) > 0 && len(old.Changes) == 0 {
		r.status.SetStatus(resultText(rv), false) // the store rated the game
	}
	if line, ok := r.newLine(old.Chat, rv); ok {
		r.status.SetStatus(line.Name+": "+line.Text, false)
	}
}

// offerAnswer names the keys that answer an offer of each kind.
var offerAnswer = map[roomapi.OfferKind]string{
	roomapi.OfferDraw:     "— D accepts, N declines",
	roomapi.OfferTakeback: "— T accepts, N declines",
	roomapi.OfferRematch:  "— R accepts, N declines",
}

// agreed reports whether this client agreed to o already (it made it).
func (r *RoomMatch) agreed(o roomapi.Offer) bool {
	for _, y := range r.view.You {
		if int(y) < len(o.Agreed) && o.Agreed[y] {
			return true
		}
	}
	return len(r.view.You) == 0 // a spectator answers nothing
}

// newLine is the latest line of rv's chat that was not in had, if the
// player shows it (not theirs, the chat on, its writer not muted).
func (r *RoomMatch) newLine(had []roomapi.ChatLine, rv roomapi.RoomView) (roomapi.ChatLine, bool) {
	now := rv.Chat
	if len(now) == 0 || r.chatOff {
		return roomapi.ChatLine{}, false
	}
	line := now[len(now)-1]
	if len(had) > 0 && had[len(had)-1].Same(line) {
		return line, false
	}
	if slices.Contains(r.muted, line.Name) || (line.Seat >= 0 && slices.Contains(rv.You, game.Role(line.Seat))) {
		return line, false
	}
	return line, true
}

// ratingText is a seat's rating beside its name, "" for none.
func ratingText(s roomapi.SeatView) string {
	if s.Rating == 0 {
		return ""
	}
	return fmt.Sprintf(" %d", s.Rating)
}

// resultText is the end of the room's game in view rv in words, as the
// room recorded it, with how the ratings moved.
func resultText(rv roomapi.RoomView) string {
	res := rv.Result
	if res == "" {
		res = "game over"
	}
	return withRatings(res, rv)
}

// withRatings adds to the result res, in a game the store rated (rv's
// Changes), how the ratings moved ("ana 1500→1512").
func withRatings(res string, rv roomapi.RoomView) string {
	if res == "" {
		return ""
	}
	var moved []string
	for _, c := range rv.Changes {
		name := "?"
		if c.Seat < len(rv.Seats) {
			name = rv.Seats[c.Seat].Name
		}
		moved = append(moved, fmt.Sprintf("%s %d→%d", name, c.Before, c.After))
	}
	if len(moved) > 0 {
		res += " — ratings: " + strings.Join(moved, ", ")
	}
	return res
}
