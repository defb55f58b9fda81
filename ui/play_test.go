package ui

import (
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// playWhole plays random legal moves through input messages only, until
// the game ends, and checks every move arrived as intended.
func playWhole(t *testing.T, variant string, seed uint64, mouse bool) *boardScreen {
	m, b := newTestClient(t, variant, 80, 24)
	rng := game.NewRand(seed)
	for ply := 0; !b.game().Terminal(); ply++ {
		if ply > 2000 {
			t.Fatalf("%s: no end after %d moves", variant, ply)
		}
		if r := b.handingOver(); r != game.NoRole {
			// A joint turn among people: the board is hidden until the
			// person named takes the keyboard.
			if v := viewText(m); !strings.Contains(v, "Pass the keyboard to "+b.v.RoleName(r)) {
				t.Fatalf("%s: no hand-over screen for %s:\n%s", variant, b.v.RoleName(r), v)
			}
			m.Update(keyMsg("enter"))
		}
		before := len(lm(b).moves)
		joint, chooser := game.JointTurn(lm(b).st), b.game().ToMove()
		want := b.game().RandomMove(rng)
		clicks := clicksForMove(b, want)
		if mouse && clicks != nil {
			for _, c := range clicks {
				m.Update(c)
			}
		} else {
			for _, k := range keysForMove(b, want, ply) {
				sendKey(m, k)
			}
		}
		if m.cur != b {
			t.Fatalf("%s: the board screen was left", variant)
		}
		if joint {
			chosen := lm(b).joint.chosen[chooser] && lm(b).joint.moves[chooser] == want
			if played := len(lm(b).moves) > before && lm(b).moves[before+int(chooser)] == want; !chosen && !played {
				t.Fatalf("%s ply %d: %s chose %s, not kept or played (status %q)", variant, ply, b.v.RoleName(chooser), b.game().FormatMove(want), b.status)
			}
		} else if len(lm(b).moves) <= before || lm(b).moves[before] != want {
			t.Fatalf("%s ply %d: wanted %s, history %v, status %q", variant, ply, b.game().FormatMove(want), lm(b).moves[before:], b.status)
		}
		checkLegal(t, b)
		if v := viewText(m); strings.Contains(v, "too small") {
			t.Fatalf("%s: 80×24 is too small:\n%s", variant, v)
		}
	}
	if !strings.Contains(viewText(m), "game over") {
		t.Fatalf("%s: end not shown:\n%s", variant, viewText(m))
	}
	return b
}

func TestWholeGamesByKeys(t *testing.T) {
	for _, v := range game.Variants() {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(v.Name, func(t *testing.T) { playWhole(t, v.Name, seed, false) })
		}
	}
}

func TestWholeGamesByMouse(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(v.Name, func(t *testing.T) { playWhole(t, v.Name, 7, true) })
	}
}

// Keys typed in a burst reach the program in one read; each must count.
func TestKeyBurst(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	in, keys := io.Pipe()
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithWindowSize(80, 24), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	// ctrl+c leaves the unplayed game, so the program ends after them.
	if _, err := keys.Write([]byte("hhk\x03")); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		p.Kill()
		t.Fatal("the program did not end after ctrl+c")
	}
	if b.cur != (pos{2, 1}) {
		t.Fatalf("cursor at %v after hhk from the centre", b.cur)
	}
}

func TestResignAndRematch(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	m.Update(keyMsg("enter"))
	m.Update(keyMsg("r"))
	if b.ended() {
		t.Fatal("resign must ask first")
	}
	m.Update(keyMsg("y"))
	if !b.ended() || !strings.Contains(viewText(m), "o resigned") {
		t.Fatalf("o (to move) should have resigned:\n%s", viewText(m))
	}
	waitWrites(m)
	if _, err := b.c.store.Load(); err == nil {
		t.Fatal("a finished game should not stay saved")
	}
	m.Update(keyMsg("enter")) // a late enter must not throw the end away
	if m.cur != screen(b) || !b.ended() || !strings.Contains(b.status, "R rematch") {
		t.Fatalf("enter on a finished board left it: %T, status %q", m.cur, b.status)
	}
	m.Update(keyMsg("R")) // rematch
	nb, ok := m.cur.(*boardScreen)
	if !ok || nb == b || len(lm(nb).moves) != 0 || nb.ended() {
		t.Fatalf("rematch did not start a fresh board: %T", m.cur)
	}
	m.Update(keyMsg("enter"))
	m.Update(keyMsg("q"))
	if !strings.Contains(nb.status, "quit?") {
		t.Fatalf("quitting a game in progress must ask: %q", nb.status)
	}
	m.Update(keyMsg("x"))
	if nb.confirm != "" {
		t.Fatal("any other key must cancel the question")
	}
}
