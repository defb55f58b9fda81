package ggp

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Kind is the type of a Game Manager's message.
type Kind int

// The messages of the protocol.
const (
	Info    Kind = iota + 1 // (info): who are you, are you free
	Start                   // (start ID ROLE (RULES...) STARTCLOCK PLAYCLOCK)
	Play                    // (play ID MOVES), MOVES nil on the first turn
	Stop                    // (stop ID MOVES): the game is over
	Abort                   // (abort ID): the game is called off
	Preview                 // (preview (RULES...) PREVIEWCLOCK): a look at the rules before a match
)

var kindNames = map[Kind]string{Info: "info", Start: "start", Play: "play", Stop: "stop", Abort: "abort", Preview: "preview"}

// String returns the message's keyword.
func (k Kind) String() string {
	if s, ok := kindNames[k]; ok {
		return s
	}
	return "unknown"
}

// Message is one message from a Game Manager to a player. Symbols are
// case-insensitive in the protocol: the keywords and the match id are read
// in any case (the id in lower case), the role and the moves keep the case
// they were sent in, for replies in the rule sheet's own case.
type Message struct {
	Kind    Kind
	MatchID string
	// Role, Rules and the clocks are set on Start. Rules is the text of
	// the rule sheet as sent (the inside of the rules list).
	Role       string
	Rules      []byte
	StartClock time.Duration
	PlayClock  time.Duration
	// Moves is the last joint move, one move per role in role order, in
	// canonical KIF in the case sent; nil on the first Play ("nil" in the
	// message).
	Moves []string
}

// ParseMessage reads a message in any case and spacing. The error is one
// line saying what is wrong.
func ParseMessage(body []byte) (Message, error) {
	n, err := parseOne(body)
	if err != nil {
		return Message{}, err
	}
	if !n.isLst || len(n.list) == 0 || n.list[0].isLst {
		return Message{}, fmt.Errorf("a message is a list that starts with its keyword, e.g. (info)")
	}
	args := n.list[1:]
	var m Message
	switch kw := strings.ToLower(n.list[0].atom); kw {
	case "info":
		m.Kind = Info
		return m, wantArgs(kw, args, 0)
	case "start":
		return parseStart(body, args)
	case "preview":
		return parsePreview(body, args)
	case "play", "stop":
		m.Kind = Play
		if kw == "stop" {
			m.Kind = Stop
		}
		if err := wantArgs(kw, args, 2); err != nil {
			return Message{}, err
		}
		if m.MatchID, err = matchID(args[0]); err != nil {
			return Message{}, err
		}
		m.Moves, err = jointMove(args[1])
		return m, err
	case "abort":
		m.Kind = Abort
		if err := wantArgs(kw, args, 1); err != nil {
			return Message{}, err
		}
		m.MatchID, err = matchID(args[0])
		return m, err
	default:
		return Message{}, fmt.Errorf("unknown message %q (want info, preview, start, play, stop or abort)", kw)
	}
}

func wantArgs(kw string, args []*node, n int) error {
	if len(args) != n {
		return fmt.Errorf("(%s ...) takes %d arguments, got %d", kw, n, len(args))
	}
	return nil
}

func matchID(n *node) (string, error) {
	if n.isLst {
		return "", fmt.Errorf("the match id must be a symbol, not %s", n)
	}
	return strings.ToLower(n.atom), nil
}

// parseStart reads (start ID ROLE (RULES...) STARTCLOCK PLAYCLOCK).
func parseStart(body []byte, args []*node) (Message, error) {
	if err := wantArgs("start", args, 5); err != nil {
		return Message{}, err
	}
	m := Message{Kind: Start}
	var err error
	if m.MatchID, err = matchID(args[0]); err != nil {
		return Message{}, err
	}
	if args[1].isLst {
		return Message{}, fmt.Errorf("the role must be a symbol, not %s", args[1])
	}
	m.Role = args[1].atom
	if !args[2].isLst {
		return Message{}, fmt.Errorf("the rules must be a list of sentences, not %s", args[2])
	}
	// The inside of the list, as sent, so that the GDL reader's line
	// numbers point into the rules.
	m.Rules = body[args[2].start+1 : args[2].end-1]
	if m.StartClock, err = clock("start", args[3]); err != nil {
		return Message{}, err
	}
	if m.PlayClock, err = clock("play", args[4]); err != nil {
		return Message{}, err
	}
	return m, nil
}

// parsePreview reads (preview (RULES...) PREVIEWCLOCK), which ggp-base's
// Game Manager may send before a match; the clock is StartClock.
func parsePreview(body []byte, args []*node) (Message, error) {
	if err := wantArgs("preview", args, 2); err != nil {
		return Message{}, err
	}
	if !args[0].isLst {
		return Message{}, fmt.Errorf("the rules must be a list of sentences, not %s", args[0])
	}
	m := Message{Kind: Preview, Rules: body[args[0].start+1 : args[0].end-1]}
	var err error
	m.StartClock, err = clock("preview", args[1])
	return m, err
}

// clock reads a clock in seconds (a whole or decimal number, positive).
func clock(which string, n *node) (time.Duration, error) {
	if n.isLst {
		return 0, fmt.Errorf("the %s clock must be a number of seconds, not %s", which, n)
	}
	s, err := strconv.ParseFloat(n.atom, 64)
	if err != nil || math.IsNaN(s) || s <= 0 || s > 24*3600 {
		return 0, fmt.Errorf("the %s clock must be a positive number of seconds up to a day, not %s", which, n.atom)
	}
	return time.Duration(s * float64(time.Second)), nil
}

// jointMove reads nil or a list of moves.
func jointMove(n *node) ([]string, error) {
	if !n.isLst {
		if n.is("nil") {
			return nil, nil
		}
		return nil, fmt.Errorf("the moves must be a list or nil, not %s", n.atom)
	}
	if len(n.list) == 0 {
		return nil, fmt.Errorf("the moves must be a list with one move per role, or nil")
	}
	moves := make([]string, len(n.list))
	for i, c := range n.list {
		moves[i] = c.String()
	}
	return moves, nil
}

// String writes the message as a Game Manager sends it.
func (m Message) String() string {
	switch m.Kind {
	case Info:
		return "(info)"
	case Start:
		rules := string(m.Rules)
		if strings.Contains(rules, ";") && !strings.HasSuffix(rules, "\n") {
			rules += "\n" // a comment on the last line must not swallow the ')'
		}
		return fmt.Sprintf("(start %s %s (%s) %s %s)", m.MatchID, m.Role, rules, seconds(m.StartClock), seconds(m.PlayClock))
	case Play, Stop:
		moves := "nil"
		if m.Moves != nil {
			moves = "(" + strings.Join(m.Moves, " ") + ")"
		}
		return fmt.Sprintf("(%s %s %s)", m.Kind, m.MatchID, moves)
	case Abort:
		return fmt.Sprintf("(abort %s)", m.MatchID)
	case Preview:
		return fmt.Sprintf("(preview (%s) %s)", m.Rules, seconds(m.StartClock))
	}
	return "(unknown)"
}

// seconds writes a clock as whole seconds when it is one, else decimals.
func seconds(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10)
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// The replies of a player that are not moves.
const (
	ReplyReady   = "ready"
	ReplyDone    = "done"
	ReplyAborted = "aborted"
	ReplyBusy    = "busy"
)

// InfoReply is the answer to (info): the player's name and whether it
// takes a new match.
func InfoReply(name string, busy bool) string {
	status := "available"
	if busy {
		status = "busy"
	}
	return fmt.Sprintf("((name %s) (status %s))", name, status)
}

// ParseReply reads a player's reply (a move, ready, done ...) into its
// canonical KIF, single spaces, in the case sent; compare it without case
// (see SameMove), as the protocol's symbols are.
func ParseReply(body []byte) (string, error) {
	n, err := parseOne(body)
	if err != nil {
		return "", fmt.Errorf("unreadable reply %q: %v", clip(body), err)
	}
	return n.String(), nil
}

// InfoStatus reads the status from an (info) reply: the list form
// ((name N) (status S)) or a bare word such as "available".
func InfoStatus(reply string) string {
	n, err := parseOne([]byte(reply))
	if err != nil {
		return ""
	}
	if !n.isLst {
		return strings.ToLower(n.atom)
	}
	for _, c := range n.list {
		if c.isLst && len(c.list) == 2 && c.list[0].is("status") {
			return strings.ToLower(c.list[1].String())
		}
	}
	return ""
}

// clip shortens a body for an error message.
func clip(b []byte) string {
	const max = 80
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}
