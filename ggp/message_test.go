package ggp

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestParseMessageConformance reads the messages in the forms the Stanford
// GGP protocol specifies (and ggp-base sends): any case, any spacing,
// comments, nil on the first play.
func TestParseMessageConformance(t *testing.T) {
	tests := []struct {
		name string
		body string
		want Message
	}{
		{"info", "(info)", Message{Kind: Info}},
		{"info upper", "( INFO )", Message{Kind: Info}},
		{"start", "(start m1 white ((role white) (role black)) 30 10)", Message{
			Kind: Start, MatchID: "m1", Role: "white", Rules: []byte("(role white) (role black)"),
			StartClock: 30 * time.Second, PlayClock: 10 * time.Second}},
		{"start upper multi-line", "(START Match.7 WHITE (\n(ROLE white)\n; a comment\n(role black)) 30 1.5)", Message{
			Kind: Start, MatchID: "match.7", Role: "WHITE", Rules: []byte("\n(ROLE white)\n; a comment\n(role black)"),
			StartClock: 30 * time.Second, PlayClock: 1500 * time.Millisecond}},
		{"first play nil", "(play m1 nil)", Message{Kind: Play, MatchID: "m1"}},
		{"first play NIL", "(PLAY M1 NIL)", Message{Kind: Play, MatchID: "m1"}},
		{"play", "(play m1 ((mark 1 1) noop))", Message{Kind: Play, MatchID: "m1", Moves: []string{"(mark 1 1)", "noop"}}},
		{"play spaced", "( play  m1 ( ( MARK  1 1 )\tNOOP ) )", Message{Kind: Play, MatchID: "m1", Moves: []string{"(MARK 1 1)", "NOOP"}}},
		// ggp-base sends the role and the moves as the sheet writes them.
		{"sheet case", "( PLAY kif.1 ( ( play 1 1 x ) noop ) )", Message{Kind: Play, MatchID: "kif.1", Moves: []string{"(play 1 1 x)", "noop"}}},
		{"sheet case role", "( START kif.1 xPlayer ( (role xPlayer) ) 10 3)", Message{
			Kind: Start, MatchID: "kif.1", Role: "xPlayer", Rules: []byte(" (role xPlayer) "),
			StartClock: 10 * time.Second, PlayClock: 3 * time.Second}},
		{"castling", "(play m1 (castleKingside noop))", Message{Kind: Play, MatchID: "m1", Moves: []string{"castleKingside", "noop"}}},
		{"stop", "(stop m1 (noop (mark 3 3)))", Message{Kind: Stop, MatchID: "m1", Moves: []string{"noop", "(mark 3 3)"}}},
		{"stop nil", "(stop m1 nil)", Message{Kind: Stop, MatchID: "m1"}},
		{"abort", "(abort m1)", Message{Kind: Abort, MatchID: "m1"}},
		{"abort upper", "(ABORT m1)", Message{Kind: Abort, MatchID: "m1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseMessage([]byte(tt.body))
			if err != nil {
				t.Fatalf("ParseMessage(%q): %v", tt.body, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseMessage(%q) = %+v, want %+v", tt.body, got, tt.want)
			}
		})
	}
}

func TestParseMessageErrors(t *testing.T) {
	tests := []struct{ body, want string }{
		{"", "unexpected end"},
		{"hello", "a message is a list"},
		{"()", "a message is a list"},
		{"((info))", "a message is a list"},
		{"(info", "not closed"},
		{"(info))", "text after"},
		{")", "unexpected ')'"},
		{"(dance m1)", "unknown message \"dance\""},
		{"(info extra)", "takes 0 arguments"},
		{"(play m1)", "takes 2 arguments"},
		{"(play (m1) nil)", "match id must be a symbol"},
		{"(play m1 nothing)", "list or nil"},
		{"(play m1 ())", "one move per role"},
		{"(abort)", "takes 1 arguments"},
		{"(start m1 white ((role white)) 30)", "takes 5 arguments"},
		{"(start m1 (white) ((role white)) 30 10)", "role must be a symbol"},
		{"(start m1 white role 30 10)", "rules must be a list"},
		{"(start m1 white ((role white)) soon 10)", "start clock"},
		{"(start m1 white ((role white)) 30 -1)", "play clock"},
		{"(start m1 white ((role white)) 30 0)", "play clock"},
		{"(start m1 white ((role white)) 30 NaN)", "play clock"},
		{strings.Repeat("(", 300) + strings.Repeat(")", 300), "nest more than"},
	}
	for _, tt := range tests {
		_, err := ParseMessage([]byte(tt.body))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseMessage(%.40q) error = %v, want one containing %q", tt.body, err, tt.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseMessage(%.40q) error has more than one line: %q", tt.body, err)
		}
	}
}

// TestMessageStringRoundTrip checks that what the manager sends reads back.
func TestMessageStringRoundTrip(t *testing.T) {
	msgs := []Message{
		{Kind: Info},
		{Kind: Start, MatchID: "tabletop.quad5.1", Role: "x", Rules: []byte("(role x) (role o)"), StartClock: 10 * time.Second, PlayClock: 1500 * time.Millisecond},
		{Kind: Play, MatchID: "m"},
		{Kind: Play, MatchID: "m", Moves: []string{"(mark 1 1)", "noop"}},
		{Kind: Stop, MatchID: "m", Moves: []string{"noop", "(rotate 1 cw)"}},
		{Kind: Abort, MatchID: "m"},
	}
	for _, m := range msgs {
		got, err := ParseMessage([]byte(m.String()))
		if err != nil {
			t.Errorf("%s: %v", m, err)
			continue
		}
		if !reflect.DeepEqual(got, m) {
			t.Errorf("%s read back as %+v", m, got)
		}
	}
}

// TestStartWithACommentLast: a sheet ending in a comment still makes a
// message that closes.
func TestStartWithACommentLast(t *testing.T) {
	m := Message{Kind: Start, MatchID: "m", Role: "x", Rules: []byte("(role x) ; the end"), StartClock: time.Second, PlayClock: time.Second}
	got, err := ParseMessage([]byte(m.String()))
	if err != nil || got.PlayClock != time.Second || !strings.HasPrefix(string(got.Rules), "(role x) ; the end") {
		t.Errorf("read back as %+v, %v", got, err)
	}
}

func TestReplies(t *testing.T) {
	if got := InfoReply("tabletop", false); got != "((name tabletop) (status available))" {
		t.Errorf("InfoReply = %q", got)
	}
	tests := []struct{ reply, status string }{
		{"((name tabletop) (status available))", "available"},
		{"((NAME x) (STATUS Busy))", "busy"},
		{"available", "available"},
		{"((name x))", ""},
		{"(((", ""},
	}
	for _, tt := range tests {
		if got := InfoStatus(tt.reply); got != tt.status {
			t.Errorf("InfoStatus(%q) = %q, want %q", tt.reply, got, tt.status)
		}
	}
	if got, err := ParseReply([]byte("  ( MARK 1  1 )\n")); err != nil || got != "(MARK 1 1)" || !SameMove(got, "(mark 1 1)") {
		t.Errorf("ParseReply = %q, %v", got, err)
	}
	if _, err := ParseReply([]byte("(mark 1")); err == nil {
		t.Errorf("ParseReply of a broken move: no error")
	}
}

// TestPreview: ggp-base's Game Manager may send (preview (RULES) CLOCK)
// before a match; the player reads the rules and answers ready.
func TestPreview(t *testing.T) {
	m, err := ParseMessage([]byte("( PREVIEW ( (role x) (init (p)) ) 30 )"))
	if err != nil || m.Kind != Preview || string(m.Rules) != " (role x) (init (p)) " || m.StartClock != 30*time.Second {
		t.Fatalf("ParseMessage: %+v, %v", m, err)
	}
	if back, err := ParseMessage([]byte(m.String())); err != nil || back.Kind != Preview {
		t.Errorf("written back as %q: %v", m.String(), err)
	}
	_, srv, _ := newTestPlayer(t, PlayerConfig{})
	_, rules := sheet(t, "tictactoe")
	if status, reply := post(t, srv.URL, "(preview ("+string(rules)+") 5)"); status != 200 || reply != "ready" {
		t.Errorf("preview: %d %q", status, reply)
	}
	if status, reply := post(t, srv.URL, "(preview ((role x) (init (p)) 5)"); status != 400 {
		t.Errorf("preview of broken rules: %d %q", status, reply)
	}
}

// camelSheet is a two-move game whose roles and moves the sheet writes
// in mixed case, as many published sheets do.
const camelSheet = `(role xPlayer) (role oPlayer)
(init (control xPlayer))
(<= (legal xPlayer castleKingside) (true (control xPlayer)))
(<= (legal oPlayer noop) (true (control xPlayer)))
(<= (legal oPlayer (moveBoth a ?x)) (true (control oPlayer)) (side ?x))
(<= (legal xPlayer noop) (true (control oPlayer)))
(side north) (side southEast)
(<= (next (control oPlayer)) (true (control xPlayer)))
(<= (next (played ?m)) (does oPlayer ?m) (distinct ?m noop))
(<= terminal (true (played ?m)))
(<= (goal ?r 50) (role ?r))`

// TestPlayerAnswersInTheSheetsCase: a match as ggp-base's Game Manager
// sends it (keywords in capitals, spaces inside parentheses, the roles
// and the moves in the sheet's case) is followed, and answered with
// moves in the sheet's case, which ggp-base compares exactly.
func TestPlayerAnswersInTheSheetsCase(t *testing.T) {
	_, srv, _ := newTestPlayer(t, PlayerConfig{})
	wire, err := WireRules([]byte(camelSheet))
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct{ body, want string }{
		{"( START kif.7 oPlayer ( " + string(wire) + " ) 2 1)", "ready"},
		{"( PLAY kif.7 NIL )", "noop"},
		{"( PLAY kif.7 ( castleKingside noop ) )", "(moveBoth a "},
	}
	for _, st := range steps {
		if status, reply := post(t, srv.URL, st.body); status != 200 || !strings.HasPrefix(reply, st.want) {
			t.Fatalf("%s: %d %q, want %q", st.body, status, reply, st.want)
		}
	}
}
