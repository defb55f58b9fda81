package rooms

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/tabletop/tabletop/roomapi"
)

// A room's chat: one line at a time, sanitized, rate-limited; the seated
// players write, spectators read (unless the room lets them write). The
// lines are stored with the room (TalkStore.AddChat), so that they reach
// the players on other nodes and survive a restart.

// MaxChatLen is the longest chat line, in characters.
const MaxChatLen = 140

// A writer may say chatBurst lines within any chatWindow.
const (
	chatBurst  = 4
	chatWindow = 10 * time.Second
)

var _ roomapi.Chatter = (*member)(nil)

// SanitizeChat makes text from a stranger safe to show on other players'
// screens as one line: control, format (bidirectional, zero-width) and
// private characters and combining marks go, every run of spaces (tabs,
// newlines) becomes one space, and the ends are trimmed. The result may
// be empty, or longer than MaxChatLen (Say refuses it then).
func SanitizeChat(text string) string {
	var b strings.Builder
	space := false
	for _, c := range text {
		switch {
		case unicode.IsSpace(c):
			space = b.Len() > 0
			continue
		case unicode.In(c, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs, unicode.Mn, unicode.Me) || !unicode.IsPrint(c):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Say implements roomapi.Chatter.
func (m *member) Say(text string) error {
	if m.room.host.cfg.Talk == nil {
		return errNoTalk
	}
	line := SanitizeChat(text)
	switch n := len([]rune(line)); {
	case n == 0:
		return errors.New("say something")
	case n > MaxChatLen:
		return fmt.Errorf("a chat line is at most %d characters, not %d", MaxChatLen, n)
	}
	r := m.room
	// The write lane is held across the store's write, the lock only
	// around it (as for a move): a slow store keeps no member from
	// reading the room meanwhile.
	r.writing.Lock()
	defer r.writing.Unlock()
	ln, err := r.chatLine(m, line)
	if err != nil {
		return err
	}
	l := r.host
	ctx, cancel := l.storeCtx()
	ver, err := l.cfg.Talk.AddChat(ctx, r.code, ln)
	cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		l.cfg.Logger.Error("room store", "op", "chat", "room", r.code, "err", err)
		return errNotStored
	}
	r.rec.Chat = append(r.rec.Chat, ln)
	if n := len(r.rec.Chat); n > ChatKept {
		r.rec.Chat = r.rec.Chat[n-ChatKept:]
	}
	if ver == r.rec.Version+1 {
		// Nobody else wrote meanwhile: this copy is the store's. (Else
		// the store's event brings the room up to date.)
		r.rec.Version = ver
		r.version.Store(ver)
	}
	r.changed("")
	return nil
}

// chatLine is m's line as the room will keep it, or why m may not say
// it now (the rate counts it). Called with writing held; takes mu.
func (r *room) chatLine(m *member, line string) (ChatLine, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seat := -1
	if mine := r.rolesOf(m); len(mine) > 0 {
		seat = int(mine[0])
	}
	now := time.Now()
	switch {
	case r.closed:
		return ChatLine{}, errors.New("the room has closed")
	case m.left:
		return ChatLine{}, errors.New("you left the room")
	case seat < 0 && !r.rec.SpectatorChat:
		return ChatLine{}, errors.New("spectators read the chat here but do not write")
	case !r.mayChat(m, now):
		return ChatLine{}, fmt.Errorf("slow down: at most %d lines in %s", chatBurst, humanDuration(chatWindow))
	}
	// The line keeps the store's precision (milliseconds, no monotonic
	// reading): a copy read back after a reload must be the Same line, or
	// clients take it for a new one.
	return ChatLine{Name: m.player.Name, Seat: seat, Text: line, At: now.Truncate(time.Millisecond)}, nil
}

// mayChat reports whether m may say a line at now, within the rate, and
// counts it. A key's sessions share their rate. Called with mu held.
func (r *room) mayChat(m *member, now time.Time) bool {
	who := m.player.ID
	if who == "" {
		who = fmt.Sprintf("guest %p", m)
	}
	if r.said == nil {
		r.said = map[string][]time.Time{}
	}
	kept := r.said[who][:0]
	for _, t := range r.said[who] {
		if now.Sub(t) < chatWindow {
			kept = append(kept, t)
		}
	}
	if len(kept) >= chatBurst {
		r.said[who] = kept
		return false
	}
	r.said[who] = append(kept, now)
	return true
}
