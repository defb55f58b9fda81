package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

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
		before := len(lm(b).moves)
		want := b.game().RandomMove(rng)
		if mouse {
			for _, c := range clicksForMove(b, want) {
				m.Update(c)
			}
		} else {
			for _, k := range keysForMove(b, want, ply) {
				m.Update(keyMsg(k))
			}
		}
		if m.cur != b {
			t.Fatalf("%s: the board screen was left", variant)
		}
		if len(lm(b).moves) <= before || lm(b).moves[before] != want {
			t.Fatalf("%s ply %d: wanted %s, history %v, status %q", variant, ply, b.game().FormatMove(want), lm(b).moves[before:], b.status)
		}
		checkLegal(t, b)
		if v := m.View(); strings.Contains(v, "too small") {
			t.Fatalf("%s: 80×24 is too small:\n%s", variant, v)
		}
	}
	if !strings.Contains(m.View(), "game over") {
		t.Fatalf("%s: end not shown:\n%s", variant, m.View())
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

// Keys typed in a burst arrive as one message; each must count.
func TestKeyBurst(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("hhk")})
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
	if !b.ended() || !strings.Contains(m.View(), "o resigned") {
		t.Fatalf("o (to move) should have resigned:\n%s", m.View())
	}
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
