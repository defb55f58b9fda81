// Package analysis is the board's live analysis of the shown position:
// the engine's value with its best line and the next best moves, from
// the same evaluation service as `tabletop analyze` (ai.Analyzer), so
// that the board and the command never disagree on a proven position.
// The analysis runs off the UI goroutine with a context the board
// cancels when the position changes or the board is left; its reports
// come back as messages (Msg) that the board hands to Live.Handle.
package analysis

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/themes"
)

// liveBudget is how long the live analysis of one position goes on: a
// player studying a position wants it deeper than a move's budget, and
// a proven position ends it at once.
const liveBudget = 20 * time.Second

// analysisMoves is how many of the best moves the panel lists.
const analysisMoves = 4

// Job is one live analysis in flight.
type Job struct {
	cancel  context.CancelFunc
	reports chan ai.Analysis // the latest report waiting; closed after the last
}

// Msg carries a report of job; closed says the job ended.
type Msg struct {
	job    *Job
	an     ai.Analysis
	closed bool
}

// Live is the panel's analysis of the shown position.
type Live struct {
	Enabled bool
	Job     *Job
	// key is the position analysed (variant and position string), st
	// the position itself; an is the latest report for it, has whether
	// there is one.
	key    string
	st     game.State
	report ai.Analysis
	has    bool
}

// PositionKey names a position for the analysis.
func PositionKey(s game.State) string { return s.Variant().Name + " " + s.String() }

// Follow analyses s when the analysis is on and s is not the position
// already analysed (a finished position is not analysed): the running
// analysis stops first.
func (a *Live) Follow(c *common.Common, s game.State) tea.Cmd {
	if !a.Enabled || s == nil {
		a.Stop()
		return nil
	}
	k := PositionKey(s)
	if k == a.key {
		return nil
	}
	a.Stop()
	a.key, a.st, a.report, a.has = k, s.Clone(), ai.Analysis{}, false
	if s.Terminal() {
		return nil
	}
	return a.start(c, ai.AnalysisOptions{Options: ai.Options{Level: ai.Max, Budget: liveBudget, Threads: c.Opts.AIThreads}, Moves: analysisMoves})
}

// start runs the analysis of a.st in a goroutine of its own, after a
// free AI slot where the client shares them (a server's sessions).
func (a *Live) start(c *common.Common, opt ai.AnalysisOptions) tea.Cmd {
	parent := c.Opts.Context
	if parent == nil {
		parent = context.Background()
	}
	ctx, cancel := context.WithCancel(parent)
	job := &Job{cancel: cancel, reports: make(chan ai.Analysis, 1)}
	a.Job = job
	s, an, slots := a.st.Clone(), c.Analyst(), c.Opts.AISlots
	go func() {
		defer close(job.reports)
		if slots != nil {
			if slots.Acquire(ctx) != nil {
				return
			}
			defer slots.Release()
		}
		an.Analyze(ctx, s, opt, func(r ai.Analysis) { offerLatest(job.reports, r) })
	}()
	return job.wait()
}

// offerLatest puts v in the one-slot channel ch, replacing a value
// waiting there: the analysis never waits for the UI, and the UI gets
// its newest report (and always the last).
func offerLatest[T any](ch chan T, v T) {
	for {
		select {
		case ch <- v:
			return
		default:
		}
		select {
		case <-ch:
		default:
		}
	}
}

// wait is a command that waits for the job's next report.
func (j *Job) wait() tea.Cmd {
	return func() tea.Msg {
		an, ok := <-j.reports
		return Msg{job: j, an: an, closed: !ok}
	}
}

// Stop cancels the analysis in flight; its goroutine ends soon after,
// and its late reports are dropped.
func (a *Live) Stop() {
	if a.Job != nil {
		a.Job.cancel()
		a.Job = nil
	}
	a.key = ""
}

// Toggle turns the analysis on or off for s.
func (a *Live) Toggle(c *common.Common, s game.State) tea.Cmd {
	a.Enabled = !a.Enabled
	return a.Follow(c, s)
}

// Handle keeps a report of the current job and waits for the next.
func (a *Live) Handle(msg Msg) tea.Cmd {
	if msg.job != a.Job || a.Job == nil {
		return nil
	}
	if msg.closed {
		a.Job = nil
		return nil
	}
	a.report, a.has = msg.an, true
	return msg.job.wait()
}

// Done reports whether the last analysis ended with a final report.
func (a *Live) Done() bool { return a.has && a.report.Done }

// Report is the latest report of the analysis of the position it last
// followed (the zero Analysis before the first).
func (a *Live) Report() ai.Analysis { return a.report }

// Of reports whether s is the position the analysis follows.
func (a *Live) Of(s game.State) bool { return a.key != "" && a.key == PositionKey(s) }

// Ended waits until the job's goroutine has ended (its channel closes
// last), dropping its reports: for tests that check no job is left.
func (j *Job) Ended() {
	for range j.reports {
	}
}

// Lines draws the analysis of a.st in lines of width w, at most
// h of them: the value for the side to move (marked proven), its best
// line, then the best moves with their values.
func Lines(st *themes.Styles, a *Live, w, h int) []string {
	var out []string
	add := func(s string) {
		if len(out) < h {
			out = append(out, common.CutANSI(s, w))
		}
	}
	s := a.st
	switch {
	case s == nil:
		return nil
	case s.Terminal():
		add(st.Muted.Render("the game is over in this position"))
		return out
	case !a.has:
		add(st.Muted.Render("analysing…"))
		return out
	}
	an := a.report
	v := s.Variant()
	mover := v.RoleName(s.ToMove())
	if s.ToMove() == game.NoRole {
		mover = v.RoleName(0)
	}
	add(st.Text.Render(fmt.Sprintf("%s %s", mover, scoreText(an.Score))) + " " + analysisNote(st, an))
	if line := lineNames(s, an.Line); len(line) > 0 {
		// Two lines at most: the best moves must fit under it.
		for _, l := range common.WrapLines("line: "+strings.Join(line, " "), w, 2) {
			add(st.Text.Render(l))
		}
	}
	if len(an.Moves) > 0 {
		add(st.Muted.Render("best moves:"))
	}
	for i, mv := range an.Moves {
		mark := ""
		if mv.Proven {
			mark = " proven"
		}
		name := s.FormatMove(mv.Move) // on a turn where all move
		if n := lineNames(s, turnOf(s, mv)); len(n) > 0 {
			name = strings.Join(n, " ")
		}
		add(fmt.Sprintf("%d. %-8s %s", i+1, name, scoreText(mv.Score)) + st.Muted.Render(mark))
	}
	return out
}

// lineNames names the moves of line played from s, as the move list
// does; it stops at a turn where all roles move, or a move not legal.
func lineNames(s game.State, line []game.Move) []string {
	var out []string
	t := s.Clone()
	for _, m := range line {
		if t.Terminal() || game.JointTurn(t) || !t.IsLegal(m) {
			break
		}
		out = append(out, common.MoveName(t, m))
		t.Apply(m)
	}
	return out
}

// turnOf is the mover's whole turn that starts with mv, as far as its
// line says (Pentago: the placement and its rotation).
func turnOf(s game.State, mv ai.MoveValue) []game.Move {
	line := mv.Line
	if len(line) == 0 || line[0] != mv.Move {
		return []game.Move{mv.Move}
	}
	t := s.Clone()
	for i, m := range line {
		if t.Terminal() || t.ToMove() != s.ToMove() || !t.IsLegal(m) {
			return line[:i]
		}
		t.Apply(m)
	}
	return line
}

// scoreText is an expected goal as shown: whole where it is.
func scoreText(v float64) string {
	if v == float64(int(v)) {
		return fmt.Sprintf("%3d", int(v))
	}
	return fmt.Sprintf("%5.1f", v)
}

// analysisNote says how far the analysis has gone: proven (by the
// solver), the book's, or the depth searched so far.
func analysisNote(st *themes.Styles, an ai.Analysis) string {
	var note string
	switch {
	case an.Solver:
		note = st.Accent.Render("proven (solver)")
	case an.Proven:
		note = st.Accent.Render("proven")
	case an.Book:
		note = st.Muted.Render("book")
	case an.Depth > 0:
		note = st.Muted.Render(fmt.Sprintf("depth %d", an.Depth))
	}
	if !an.Done {
		note += st.Muted.Render(" …")
	}
	return note
}

// FirstRoleKnown reports whether an analysis of s gives the first
// role's value: the analysis is the mover's (or, on a turn where all
// move, the first role's), and in a two-role game the other role's
// value is the rest of 100, as the AI's search takes it; another role's
// value in a larger game says nothing of the first role's.
func FirstRoleKnown(s game.State) bool {
	to := s.ToMove()
	return to == 0 || to == game.NoRole || len(s.Variant().Roles) == 2
}

// FirstRoleValue is the first role's expected goal ×100 (0–10000) in s
// by the analysis an of s (see FirstRoleKnown).
func FirstRoleValue(s game.State, an ai.Analysis) int {
	v := min(max(int(an.Score*100+0.5), 0), 10000)
	if to := s.ToMove(); to != 0 && to != game.NoRole {
		return 10000 - v
	}
	return v
}
