package board

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/themes"
)

func TestFinishedGameIsKeptAndReopensForReview(t *testing.T) {
	dir := t.TempDir()
	v, _ := game.Lookup("quad5")
	opts := common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Start: common.Start{Variant: "quad5", Seats: uitest.HotSeat(v)},
		Seed: 1, AIDelay: -1, OnFinished: savefmt.KeepRecords(dir)}
	m := newClient(t, opts)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	b := m.Cur.(*BoardScreen)
	uitest.PlayTexts(t, b.Match, uitest.Quad5SquareMoves...)
	waitWrites(m)
	recs, err := savefmt.Records(dir)
	if err != nil || len(recs) != 1 {
		t.Fatalf("records: %v, %v", recs, err)
	}
	r := recs[0]
	if r.Problem != "" || r.Moves != len(uitest.Quad5SquareMoves) || !strings.Contains(r.Result, "x completes the square r2c2–r4c2–r4c4–r2c4") ||
		r.Players[0] != "x: x-player" || time.Since(r.Ended) > time.Hour {
		t.Fatalf("record: %+v", r)
	}
	if lm(b).Kept.KeptAs != r.Path || !strings.Contains(b.Status, "kept as") {
		t.Errorf("the board does not say where the game is kept: %q", b.Status)
	}

	// Open it as `tabletop games 1` does and step through it.
	m2 := openFile(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, AIDelay: -1}, r.Path)
	m2.Init()
	m2.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	b2, ok := m2.Cur.(*BoardScreen)
	if !ok || !b2.Reviewing() || b2.Review.Turn != len(uitest.Quad5SquareMoves) || !b2.Game().Terminal() {
		t.Fatalf("the record does not open in review at its end: %T", m2.Cur)
	}
	for i := len(uitest.Quad5SquareMoves) - 1; i >= 0; i-- {
		m2.Update(uitest.Key("left"))
		if got, want := b2.Game().String(), uitest.PositionAfter(t, "quad5", uitest.Quad5SquareMoves[:i]...); got != want {
			t.Fatalf("step back to move %d: %q, want %q", i, got, want)
		}
	}
	for i := 1; i <= len(uitest.Quad5SquareMoves); i++ {
		m2.Update(uitest.Key("right"))
		if got, want := b2.Game().String(), uitest.PositionAfter(t, "quad5", uitest.Quad5SquareMoves[:i]...); got != want {
			t.Fatalf("step forward to move %d: %q, want %q", i, got, want)
		}
	}
	m2.Update(uitest.Key("esc"))
	if b2.Reviewing() || !b2.Ended() || !strings.Contains(uitest.ViewText(m2), "x completes the square") {
		t.Fatalf("esc: not the finished game:\n%s", uitest.ViewText(m2))
	}
	// Leaving does not keep it a second time.
	b2.Leave()
	waitWrites(m2)
	if recs, _ := savefmt.Records(dir); len(recs) != 1 {
		t.Fatalf("reopening kept the game again: %d records", len(recs))
	}
}

func TestRecordWithResignationReopens(t *testing.T) {
	sv := savefmt.SavedGame{Variant: "quad5", Seats: []savefmt.SeatConfig{{}, {AI: true, Level: "max"}}, Moves: []string{"(mark r2 c2)"},
		Result: "x resigned: o wins", Resigned: "x", Ended: time.Date(2026, 11, 24, 5, 0, 0, 0, time.UTC)}
	data := sv.Marshal([]string{"x", "o"})
	back, err := savefmt.ParseSave(data)
	if err != nil || back.Resigned != "x" || back.Result != sv.Result || !back.Ended.Equal(sv.Ended) {
		t.Fatalf("round trip: %+v, %v\n%s", back, err, data)
	}
	b, err := BoardFromSave(&common.Common{Styles: &themes.Styles{}}, back)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Ended() || b.Resigned() != 0 || !b.Reviewing() {
		t.Fatalf("ended %v resigned %v reviewing %v", b.Ended(), b.Resigned(), b.Reviewing())
	}
	for _, bad := range []string{"resigned z", "ended yesterday"} {
		if _, err := savefmt.ParseSave(append(append([]byte(nil), data...), bad+"\n"...)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestSaveAsFile(t *testing.T) {
	m, b := newTestClient(t, "quad7", 120, 40)
	uitest.PlayTexts(t, b.Match, "r3c4", "r4c4")
	file := filepath.Join(t.TempDir(), "g.txt")
	typeLine := func(s string) {
		m.Update(uitest.Key(":"))
		uitest.Send(m, uitest.Typed(s)...)
		_, cmd := m.Update(uitest.Key("enter"))
		uitest.Drain(t, m, cmd) // the file is written, and the board told
	}
	typeLine("save " + file)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (status %q)", err, b.Status)
	}
	sv, err := savefmt.ParseSave(data)
	if err != nil || len(sv.Moves) != 2 || sv.Result != "" {
		t.Fatalf("saved %+v, %v", sv, err)
	}
	typeLine("save " + file)
	if !b.IsErr || !strings.Contains(b.Status, "exists") {
		t.Fatalf("a second save over the file: %q", b.Status)
	}
	if len(lm(b).Moves()) != 2 {
		t.Fatal("save played a move")
	}
}

// Issue 23, defect 8: a finished game over SSH (a room's, or a local
// one at the server) does not offer ": save FILE" in its key bar, which
// saveAs refuses there; a local client's finished game does.
func TestFinishedGameOffersSaveOnlyWhereItWorks(t *testing.T) {
	for _, remote := range []bool{false, true} {
		m := newClient(t, common.Options{ColorProfile: colorprofile.ASCII, Store: &uitest.MemStore{}, Remote: remote, Seed: 3, AIDelay: -1,
			Start: common.Start{Variant: "quad7", Seats: map[string]savefmt.SeatConfig{"o": {AI: true, Level: ai.Easy}}}})
		uitest.Drain(t, m, m.Init())
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		b := m.Cur.(*BoardScreen)
		m.Update(uitest.Key("r"))
		m.Update(uitest.Key("y"))
		if !b.Ended() {
			t.Fatal("the resignation did not end the game")
		}
		m.Update(uitest.Key("?"))
		if got := strings.Contains(uitest.ViewText(m), "save FILE"); got == remote {
			t.Errorf("remote %v: the key help offers save FILE: %v\n%s", remote, got, uitest.ViewText(m))
		}
	}
}
