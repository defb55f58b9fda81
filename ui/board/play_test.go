package board

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// playWhole plays random legal moves through input messages only, until
// the game ends, and checks every move arrived as intended.
func playWhole(t *testing.T, variant string, seed uint64, mouse bool) *BoardScreen {
	m, b := newTestClient(t, variant, 80, 24)
	rng := game.NewRand(seed)
	for ply := 0; !b.Game().Terminal(); ply++ {
		if ply > 2000 {
			t.Fatalf("%s: no end after %d moves", variant, ply)
		}
		if r := b.handOver().handingOver(); r != game.NoRole {
			// A joint turn among people: the board is hidden until the
			// person named takes the keyboard.
			if v := uitest.ViewText(m); !strings.Contains(v, "Pass the keyboard to "+b.variant.RoleName(r)) {
				t.Fatalf("%s: no hand-over screen for %s:\n%s", variant, b.variant.RoleName(r), v)
			}
			m.Update(uitest.Key("enter"))
		}
		before := len(lm(b).Moves())
		joint, chooser := game.JointTurn(lm(b).Table.Position()), b.Game().ToMove()
		want := b.Game().RandomMove(rng)
		clicks := clicksForMove(b, want)
		if mouse && clicks != nil {
			for _, c := range clicks {
				m.Update(c)
			}
		} else {
			for _, k := range keysForMove(b, want, ply) {
				uitest.Press(m, k)
			}
		}
		if m.Cur != b {
			t.Fatalf("%s: the board screen was left", variant)
		}
		if joint {
			choice, chosen := lm(b).Table.Choice(chooser)
			chosen = chosen && choice == want
			if played := len(lm(b).Moves()) > before && lm(b).Moves()[before+int(chooser)] == want; !chosen && !played {
				t.Fatalf("%s ply %d: %s chose %s, not kept or played (status %q)", variant, ply, b.variant.RoleName(chooser), b.Game().FormatMove(want), b.Status)
			}
		} else if len(lm(b).Moves()) <= before || lm(b).Moves()[before] != want {
			t.Fatalf("%s ply %d: wanted %s, history %v, status %q", variant, ply, b.Game().FormatMove(want), lm(b).Moves()[before:], b.Status)
		}
		uitest.CheckReplay(t, b.Game(), b.Match)
		if v := uitest.ViewText(m); strings.Contains(v, "too small") {
			t.Fatalf("%s: 80×24 is too small:\n%s", variant, v)
		}
	}
	if !strings.Contains(uitest.ViewText(m), "game over") {
		t.Fatalf("%s: end not shown:\n%s", variant, uitest.ViewText(m))
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
	if b.cursorCell != (adapters.Pos{Row: 2, Col: 1}) {
		t.Fatalf("cursor at %v after hhk from the centre", b.cursorCell)
	}
}

func TestResignAndRematch(t *testing.T) {
	m, b := newTestClient(t, "quad7", 80, 24)
	m.Update(uitest.Key("enter"))
	m.Update(uitest.Key("r"))
	if b.Ended() {
		t.Fatal("resign must ask first")
	}
	m.Update(uitest.Key("y"))
	if !b.Ended() || !strings.Contains(uitest.ViewText(m), "o resigned") {
		t.Fatalf("o (to move) should have resigned:\n%s", uitest.ViewText(m))
	}
	waitWrites(m)
	if _, err := b.Common.Store.Load(); err == nil {
		t.Fatal("a finished game should not stay saved")
	}
	m.Update(uitest.Key("enter")) // a late enter must not throw the end away
	if m.Cur != common.Screen(b) || !b.Ended() || !strings.Contains(b.Status, "R rematch") {
		t.Fatalf("enter on a finished board left it: %T, status %q", m.Cur, b.Status)
	}
	m.Update(uitest.Key("R")) // rematch
	nb, ok := m.Cur.(*BoardScreen)
	if !ok || nb == b || len(lm(nb).Moves()) != 0 || nb.Ended() {
		t.Fatalf("rematch did not start a fresh board: %T", m.Cur)
	}
	m.Update(uitest.Key("enter"))
	m.Update(uitest.Key("q"))
	if !strings.Contains(nb.Status, "quit?") {
		t.Fatalf("quitting a game in progress must ask: %q", nb.Status)
	}
	m.Update(uitest.Key("x"))
	if nb.Confirm != "" {
		t.Fatal("any other key must cancel the question")
	}
}
