package server

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/game"
	_ "github.com/tabletop/tabletop/game/all"
	"github.com/tabletop/tabletop/rooms"
	"github.com/tabletop/tabletop/rooms/roomstest"
)

// These tests drive the real client (ui.New) through real SSH sessions
// with PTYs: players type their moves at the board's ":" prompt. A test
// observer, a spectator joined through the Lobby API, reads the room's
// authoritative state to choose legal moves and to know when each one
// has been played.

var observer = rooms.Player{ID: "SHA256:observer", Name: "observer"}

type seat struct {
	name string
	key  gossh.Signer
	term *term
}

func (st *seat) join(t *testing.T, addr, code string) {
	st.term = openTerm(t, addr, termOpts{user: st.name, key: st.key, command: "join " + code})
}

// createRoom makes a room through the API with the observer watching.
func createRoom(t *testing.T, s *testServer, variant string, seats ...rooms.SeatSpec) rooms.Room {
	t.Helper()
	obs, err := s.Lobby().Create(observer, rooms.RoomSpec{Variant: variant, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(obs.Leave)
	return obs
}

func openSeats(n int) []rooms.SeatSpec {
	out := make([]rooms.SeatSpec, n)
	for i := range out {
		out[i] = rooms.SeatSpec{Kind: rooms.SeatOpen}
	}
	return out
}

// pickMove chooses a legal move in the room's position.
func pickMove(t *testing.T, v rooms.RoomView, rng *game.Rand) (short string, mover int) {
	t.Helper()
	st, err := game.NewState(v.Variant, v.Position)
	if err != nil {
		t.Fatal(err)
	}
	moves := st.Legal(nil)
	m := moves[rng.Intn(len(moves))]
	return st.ShortMove(m), int(st.ToMove())
}

// playOne has the mover type a legal move and waits until the room has
// it and every watcher's screen shows it.
func playOne(t *testing.T, obs rooms.Room, seats []*seat, watchers []*term, rng *game.Rand) {
	t.Helper()
	v := obs.View()
	short, mover := pickMove(t, v, rng)
	var marks []int
	for _, w := range watchers {
		marks = append(marks, w.mark())
	}
	n := len(v.Moves)
	// The mover's client has caught up with the room. Wait on the move
	// count, not on the room's note: the mailbox keeps only the latest
	// state, so a note replaced quickly (another spectator joining) may
	// legitimately never be drawn. On the screen as it is now: after a
	// takeback or in a rematch, an earlier frame showed the same count.
	seats[mover].term.waitScreen(fmt.Sprintf("Moves (%d)", n))
	seats[mover].term.typeMove(short)
	roomstest.WaitView(t, obs, fmt.Sprintf("move %d (%s by %s)", n+1, short, seats[mover].name), func(v rooms.RoomView) bool { return len(v.Moves) > n })
	for i, w := range watchers {
		if w == seats[mover].term {
			continue
		}
		if obs.View().Finished {
			w.waitFor(marks[i], "game over")
		} else {
			w.waitFor(marks[i], fmt.Sprintf("Moves (%d)", n+1))
		}
	}
}

func TestPentagoTwoPlayersSpectatorRejoin(t *testing.T) {
	s := startServer(t, func(c *Config) { c.WriteStall = time.Second })
	obs := createRoom(t, s, "pentago", openSeats(2)...)
	code := obs.Code()
	ana := &seat{name: "ana", key: newKey(t)}
	bob := &seat{name: "bob", key: newKey(t)}
	ana.join(t, s.addr, code)
	roomstest.WaitView(t, obs, "ana seated", func(v rooms.RoomView) bool { return v.Seats[0].Name == "ana" && v.Seats[0].Connected })
	bob.join(t, s.addr, code)
	roomstest.WaitView(t, obs, "bob seated", func(v rooms.RoomView) bool { return v.Seats[1].Name == "bob" && v.Seats[1].Connected })

	// A spectator who watches, and one whose client stops reading: the
	// game must go on regardless.
	cy := openTerm(t, s.addr, termOpts{user: "cy", key: newKey(t), command: "join " + code})
	stuck := openTerm(t, s.addr, termOpts{user: "stuck", command: "join " + code, width: 500, height: 200})
	stuck.waitOutput(0)
	stuck.pause()
	cy.waitFor(0, "watching")

	seats := []*seat{ana, bob}
	rng := game.NewRand(7)
	for ply := 0; !obs.View().Finished; ply++ {
		if ply == 12 {
			// bob's connection drops; his seat is held for his key.
			bob.term.close()
			roomstest.WaitView(t, obs, "bob's seat held", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatHeld })
			if obs.View().Seats[1].Connected {
				t.Fatal("held seat shown connected")
			}
			m := ana.term.mark()
			bob.join(t, s.addr, code)
			roomstest.WaitView(t, obs, "bob back", func(v rooms.RoomView) bool { return v.Seats[1].Kind == rooms.SeatPlayer && v.Seats[1].Connected })
			ana.term.waitFor(m, "bob is back")
		}
		playOne(t, obs, seats, []*term{ana.term, bob.term, cy}, rng)
	}
	v := obs.View()
	if len(v.Moves) < 9 {
		t.Fatalf("game over after only %d actions", len(v.Moves))
	}
	t.Logf("pentago over after %d actions: %s", len(v.Moves), v.Note)
}

func TestTicTacChessFourPlayers(t *testing.T) {
	s := startServer(t, nil)
	obs := createRoom(t, s, "tictacchess", openSeats(4)...)
	var seats []*seat
	var terms []*term
	for i, name := range []string{"ana", "bob", "cy", "dee"} {
		st := &seat{name: name, key: newKey(t)}
		st.join(t, s.addr, obs.Code())
		roomstest.WaitView(t, obs, name+" seated", func(v rooms.RoomView) bool { return v.Seats[i].Name == name && v.Seats[i].Connected })
		seats = append(seats, st)
		terms = append(terms, st.term)
	}
	rng := game.NewRand(11)
	for !obs.View().Finished {
		playOne(t, obs, seats, terms, rng)
	}
	t.Logf("tic-tac-chess over after %d actions: %s", len(obs.View().Moves), obs.View().Note)
}

func TestSinglePlayerAgainstAI(t *testing.T) {
	s := startServer(t, nil)
	obs := createRoom(t, s, "quad5", rooms.SeatSpec{Kind: rooms.SeatOpen}, rooms.SeatSpec{Kind: rooms.SeatAI, Level: "easy"})
	ana := &seat{name: "ana", key: newKey(t)}
	ana.join(t, s.addr, obs.Code())
	roomstest.WaitView(t, obs, "ana seated", func(v rooms.RoomView) bool { return v.Seats[0].Connected })
	rng := game.NewRand(3)
	for {
		v := roomstest.WaitView(t, obs, "ana's turn or the end", func(v rooms.RoomView) bool {
			if v.Finished {
				return true
			}
			st, err := game.NewState(v.Variant, v.Position)
			return err == nil && st.ToMove() == 0 && !v.Thinking
		})
		if v.Finished {
			break
		}
		playOne(t, obs, []*seat{ana}, nil, rng)
	}
	ana.term.waitFor(0, "AI (o) played") // the AI's moves reached the player's screen
	ana.term.waitFor(0, "game over")
	t.Logf("quad5 vs AI over after %d actions: %s", len(obs.View().Moves), obs.View().Note)
}

func TestHostileNameNeverReachesAnotherScreen(t *testing.T) {
	s := startServer(t, nil)
	obs := createRoom(t, s, "pentago", openSeats(2)...)
	ana := &seat{name: "ana", key: newKey(t)}
	ana.join(t, s.addr, obs.Code())
	roomstest.WaitView(t, obs, "ana seated", func(v rooms.RoomView) bool { return v.Seats[0].Connected })
	hostile := "\x1b]0;pwned\x07\x1b[2Jevil\u202e\u200bname\x1b[31m"
	evil := openTerm(t, s.addr, termOpts{user: hostile, key: newKey(t), command: "join " + obs.Code()})
	v := roomstest.WaitView(t, obs, "the hostile player seated", func(v rooms.RoomView) bool { return v.Seats[1].Connected })
	const clean = "0pwned2Jevilname"
	if v.Seats[1].Name != clean {
		t.Fatalf("seat name %q, want %q", v.Seats[1].Name, clean)
	}
	ana.term.waitFor(0, clean)
	// The hostile player moves, so its name is in the notes too.
	rng := game.NewRand(1)
	playOne(t, obs, []*seat{ana, {name: clean, term: evil}}, []*term{ana.term}, rng)
	playOne(t, obs, []*seat{ana, {name: clean, term: evil}}, []*term{ana.term}, rng)
	playOne(t, obs, []*seat{ana, {name: clean, term: evil}}, []*term{ana.term}, rng)
	raw := ana.term.raw()
	for _, bad := range []string{"\x1b]0;pwned", "\x1b[2Jevil", "\u202e", "\u200b", "pwned\x07"} {
		if bytes.Contains(raw, []byte(bad)) {
			t.Fatalf("ana's screen received %q", bad)
		}
	}
	if logs := s.logs.String(); bytes.ContainsAny([]byte(logs), "\x07\u202e\u200b") || bytes.Contains([]byte(logs), []byte("\x1b]0")) {
		t.Fatal("the log received raw hostile text")
	}
}
