package board

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/ui/common"
)

// roomControls are the board's keys and commands of a room: offers,
// chat, joining another room, and TV.
type roomControls struct{ b *BoardScreen }

// room is the board's roomControls.
func (b *BoardScreen) room() roomControls { return roomControls{b} }

// A room's own keys (match.Dealer): D offers or accepts a draw, T asks
// for or accepts a takeback, X aborts a game in its first moves, N
// declines the offer, R offers or accepts a rematch once the game is
// over (and then joins it), ' opens the prompt on "say " for a chat
// line. At the prompt: say TEXT, mute NAME, unmute NAME, chat off, chat on.

// roomKey handles a key of the room's; done is false for any other key.
func (ro roomControls) roomKey(msg tea.KeyPressMsg) (common.Screen, tea.Cmd, bool) {
	b := ro.b
	d := b.caps.Dealer
	if d == nil {
		return b, nil, false
	}
	k := &common.BoardKeys
	switch {
	case key.Matches(msg, k.Chat):
		b.cmdLine().openPrompt()
		b.Input.SetSuggestions(nil)
		b.Input.SetValue("say ")
		b.Input.CursorEnd()
		return b, nil, true
	case key.Matches(msg, k.ChatLog):
		b.joining = nil // its answer, untaken, is left (see suspend)
		return &chatScreen{c: b.Common, d: d, back: b}, nil, true
	case key.Matches(msg, k.Decline):
		return b, d.Decline(), true
	case key.Matches(msg, k.Rematch) && b.Ended():
		if code := d.Rematch(); code != "" {
			return b, ro.joinRoom(code, false), true
		}
		return b, d.Propose(roomapi.OfferRematch), true
	case b.Ended():
		return b, nil, false
	case key.Matches(msg, k.Draw):
		return b, d.Propose(roomapi.OfferDraw), true
	case key.Matches(msg, k.Takeback):
		b.Premove = "" // typed for a position that is going
		return b, d.Propose(roomapi.OfferTakeback), true
	case key.Matches(msg, k.Abort):
		return b, d.Abort(), true
	}
	return b, nil, false
}

// joinRoom asks the lobby for the room with the code (the rematch, TV's
// next game) in a command (see common.Entering); entered leaves this
// room for it once the lobby answers. While one join is out, keys that
// would join again wait for its answer.
func (ro roomControls) joinRoom(code string, tv bool) tea.Cmd {
	b := ro.b
	if b.Common.Opts.Lobby == nil || OpenRoom == nil {
		b.SetStatus("no rooms here", true)
		return nil
	}
	if b.joining != nil {
		return nil
	}
	var cmd tea.Cmd
	b.joining, cmd = common.JoinRoom(b.Common, code)
	b.joiningCode, b.joiningTV = code, tv
	b.SetStatus(b.joining.What, false)
	return cmd
}

// entered takes the lobby's answer to joinRoom: this room is left for
// the room entered, or the status says why not. An answer that is not
// this board's is not taken (the root model leaves its room).
func (b *BoardScreen) entered(msg common.EnteredMsg) (common.Screen, tea.Cmd) {
	room, err, ok := b.joining.Take(msg)
	if !ok {
		return b, nil
	}
	b.joining = nil
	if err != nil {
		b.SetStatus("room "+b.joiningCode+": "+err.Error(), true)
		return b, nil
	}
	leave := b.Leave()
	s, cmd := OpenRoom(b.Common, room)
	if next, ok := s.(*BoardScreen); ok && b.joiningTV {
		next.WatchTV()
	}
	return s, tea.Batch(leave, cmd)
}

// roomCommand takes a line typed at the prompt that is the room's: say,
// mute, unmute, chat off|on; ok is false for any other line.
func (ro roomControls) roomCommand(text string) (tea.Cmd, bool) {
	b := ro.b
	d := b.caps.Dealer
	if d == nil {
		return nil, false
	}
	word, rest, _ := strings.Cut(text, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(word) {
	case "say":
		return d.Say(rest), true
	case "mute", "unmute":
		if rest == "" {
			b.SetStatus(word+" whom? "+word+" NAME", true)
			return nil, true
		}
		b.SetStatus(d.Mute(rest, strings.EqualFold(word, "mute")), false)
		return nil, true
	case "chat":
		switch strings.ToLower(rest) {
		case "off", "on":
			b.SetStatus(d.Mute("", strings.EqualFold(rest, "off")), false)
		default:
			b.SetStatus("chat off or chat on", true)
		}
		return nil, true
	}
	return nil, false
}

// tvPause is how long TV shows a finished game before the next.
const tvPause = 5 * time.Second

// tvNextMsg asks TV for the top game other than the room from.
type tvNextMsg struct{ from string }

// WatchTV makes the board a TV: when the room's game is over, it moves
// on to the top live game (roomapi.Games.LiveGames), and so on.
func (b *BoardScreen) WatchTV() { b.tv = true }

// tvFollow asks for the next game once the one shown is over.
func (ro roomControls) tvFollow() tea.Cmd {
	b := ro.b
	if !b.tv || b.tvNext || b.caps.Dealer == nil || !b.Ended() {
		return nil
	}
	b.tvNext = true
	from := b.caps.Dealer.Code()
	return tea.Tick(tvPause, func(time.Time) tea.Msg { return tvNextMsg{from: from} })
}

// tvNextGame goes to the top live game, or waits for one.
func (ro roomControls) tvNextGame(msg tvNextMsg) (common.Screen, tea.Cmd) {
	b := ro.b
	games, _ := b.Common.Opts.Lobby.(roomapi.Games)
	if games == nil {
		return b, nil
	}
	for _, g := range games.LiveGames() {
		if g.Code != msg.from {
			return b, ro.joinRoom(g.Code, true)
		}
	}
	b.tvNext = false // ask again after the next pause
	b.SetStatus("TV: no other game goes on now; it comes on when one does", false)
	return b, ro.tvFollow()
}
