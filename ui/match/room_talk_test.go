package match

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/quad"
	"github.com/tabletop/tabletop/roomapi"
)

// talkRoom is a room whose view a test sets, and which records the
// offers and chat lines it is sent.
type talkRoom struct {
	view roomapi.RoomView
	sent []string
}

func (r *talkRoom) Code() string             { return r.view.Code }
func (r *talkRoom) Updates() <-chan struct{} { return nil }
func (r *talkRoom) View() roomapi.RoomView   { return r.view }
func (r *talkRoom) Play(game.Move) error     { return nil }
func (r *talkRoom) Leave()                   {}
func (r *talkRoom) Decline() error           { r.sent = append(r.sent, "decline"); return nil }
func (r *talkRoom) Abort() error             { return errors.New("too late to abort") }
func (r *talkRoom) Say(text string) error    { r.sent = append(r.sent, "say "+text); return nil }
func (r *talkRoom) Propose(k roomapi.OfferKind) error {
	r.sent = append(r.sent, "propose "+string(k))
	return nil
}

// lastStatus is a status line that keeps the latest status.
type lastStatus struct {
	text  string
	isErr bool
}

func (s *lastStatus) SetStatus(text string, isErr bool) { s.text, s.isErr = text, isErr }
func (s *lastStatus) SetTurnStatus(text string)         { s.text = text }
func (s *lastStatus) CurrentStatus() (string, bool)     { return s.text, s.isErr }

func talkMatch(t *testing.T) (*RoomMatch, *talkRoom, *lastStatus) {
	t.Helper()
	v, err := game.Lookup("quad5")
	if err != nil {
		t.Fatal(err)
	}
	room := &talkRoom{view: roomapi.RoomView{Code: "K7QX", Variant: "quad5", Start: v.New().String(), You: []game.Role{0},
		Seats: []roomapi.SeatView{{Role: "x", Kind: roomapi.SeatPlayer, Name: "ana", Connected: true, Rating: 1512},
			{Role: "o", Kind: roomapi.SeatPlayer, Name: "bob", Connected: true}}}}
	st := &lastStatus{}
	return NewRoomMatch(v, room, st, func() tea.Cmd { return nil }), room, st
}

// show has the match take the room's next view.
func show(r *RoomMatch, room *talkRoom, change func(v *roomapi.RoomView)) {
	change(&room.view)
	room.view.Version++
	r.Update(roomUpdateMsg{gen: r.waitGen, view: room.view})
}

// The room's match shows each player's rating beside the name, another
// player's offer with the keys that answer it, the chat's new lines but
// not the player's own, nor a muted player's, nor any with the chat off,
// and a rated game's end with how the ratings moved.
func TestRoomTalkOnTheStatusLine(t *testing.T) {
	r, room, st := talkMatch(t)
	if got := r.SeatName(0); got != "ana 1512" {
		t.Fatalf("seat name %q, want the rating beside it", got)
	}
	if got := r.SeatName(1); got != "bob" {
		t.Fatalf("unrated seat name %q", got)
	}
	show(r, room, func(v *roomapi.RoomView) {
		v.Note = "bob offers a draw"
		v.Offer = roomapi.Offer{Kind: roomapi.OfferDraw, From: 1, Agreed: []bool{false, true}}
	})
	if st.text != "bob offers a draw — D accepts, N declines" {
		t.Fatalf("status after bob's offer %q", st.text)
	}
	show(r, room, func(v *roomapi.RoomView) {
		v.Chat = append(v.Chat, roomapi.ChatLine{Name: "bob", Seat: 1, Text: "your move"})
	})
	if st.text != "bob: your move" {
		t.Fatalf("status after bob's line %q", st.text)
	}
	show(r, room, func(v *roomapi.RoomView) {
		v.Chat = append(v.Chat, roomapi.ChatLine{Name: "ana", Seat: 0, Text: "thinking"})
	})
	if st.text != "bob: your move" {
		t.Fatalf("the player's own line was shown: %q", st.text)
	}
	if got := r.Mute("bob", true); !strings.Contains(got, "hidden") {
		t.Fatalf("mute says %q", got)
	}
	show(r, room, func(v *roomapi.RoomView) {
		v.Chat = append(v.Chat, roomapi.ChatLine{Name: "bob", Seat: 1, Text: "hurry"})
	})
	if st.text == "bob: hurry" {
		t.Fatal("a muted player's line was shown")
	}
	r.Mute("bob", false)
	r.Mute("", true)
	show(r, room, func(v *roomapi.RoomView) {
		v.Chat = append(v.Chat, roomapi.ChatLine{Name: "bob", Seat: 1, Text: "hello?"})
	})
	if st.text == "bob: hello?" {
		t.Fatal("a line was shown with the chat off")
	}
	show(r, room, func(v *roomapi.RoomView) {
		v.Finished, v.Rated, v.Result = true, true, "game drawn by agreement"
		v.Changes = []roomapi.RatingChange{{Seat: 0, Before: 1512, After: 1509}, {Seat: 1, Before: 1500, After: 1503}}
	})
	const rated = "game drawn by agreement — ratings: ana 1512→1509, bob 1500→1503"
	if got := r.Result(); got != rated {
		t.Fatalf("result %q", got)
	}
	if st.text != rated {
		t.Fatalf("status once the store rated the game %q", st.text)
	}
}

// The offers and the chat line go to the room in commands, off the UI's
// goroutine; a refusal comes back as an error on the status line.
func TestRoomOffersRunInCommands(t *testing.T) {
	r, room, st := talkMatch(t)
	cmd := r.Propose(roomapi.OfferTakeback)
	if len(room.sent) != 0 {
		t.Fatal("the offer was made in Update, not in its command")
	}
	r.Update(cmd())
	r.Update(r.Say("hi")())
	if strings.Join(room.sent, ",") != "propose takeback,say hi" {
		t.Fatalf("sent %v", room.sent)
	}
	r.Update(r.Abort()())
	if st.text != "too late to abort" || !st.isErr {
		t.Fatalf("status %q (error %v)", st.text, st.isErr)
	}
	if cmd := r.Decline(); cmd != nil || !st.isErr {
		t.Fatal("declined an offer that is not there")
	}
}

// The chat so far leaves out the lines of muted players.
func TestRoomChatLinesLeaveOutTheMuted(t *testing.T) {
	r, room, _ := talkMatch(t)
	show(r, room, func(v *roomapi.RoomView) {
		v.Chat = []roomapi.ChatLine{{Name: "bob", Seat: 1, Text: "hi"}, {Name: "cy", Seat: -1, Text: "spam"}, {Name: "ana", Seat: 0, Text: "hello"}}
	})
	r.Mute("cy", true)
	var got []string
	for _, l := range r.Lines() {
		got = append(got, l.Name+": "+l.Text)
	}
	if strings.Join(got, " | ") != "bob: hi | ana: hello" {
		t.Fatalf("lines %v", got)
	}
}

// A line read back from the store (after a node reloads the room, as at
// a game's end) is the same line: it is not announced again over the
// room's note. Its time has lost its monotonic reading there, which made
// == tell them apart.
func TestRoomChatLineReadBackIsNotNew(t *testing.T) {
	r, room, st := talkMatch(t)
	said := time.Now()
	show(r, room, func(v *roomapi.RoomView) {
		v.Chat = []roomapi.ChatLine{{Name: "bob", Seat: 1, Text: "good luck", At: said}}
	})
	if st.text != "bob: good luck" {
		t.Fatalf("status after bob's line %q", st.text)
	}
	show(r, room, func(v *roomapi.RoomView) {
		v.Note, v.Finished, v.Result = "o resigned: x wins", true, "o resigned: x wins"
		v.Chat = []roomapi.ChatLine{{Name: "bob", Seat: 1, Text: "good luck", At: said.Round(0).UTC()}}
	})
	if st.text != "o resigned: x wins" {
		t.Fatalf("status after the end %q, want the room's note", st.text)
	}
}
