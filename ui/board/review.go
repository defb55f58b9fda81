package board

import (
	"context"
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/ui/board/analysis"
	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// reviewNav is the board's review: stepping through the game's
// positions, their values (evaluations) and the move list's lines in
// review.
type reviewNav struct{ b *BoardScreen }

// nav is the board's reviewNav.
func (b *BoardScreen) nav() reviewNav { return reviewNav{b} }

// review shows a position of the game's history on the board without
// touching the live game: a local game goes on (the AI may move), a
// room goes on for everyone else. The positions are rebuilt with the
// game from the match's start and moves, never kept from play.
type review struct {
	on   bool
	Turn int // turns played: 0 is the start, len(history) the live position
	// st is the position after at turns.
	st game.State

	// Evals[i] is the first role's expected goal ×100 (0–10000) in the
	// position after i moves, -1 while it is not known; evalFor is the
	// match version they are for, and evalJob the evaluation under way.
	Evals   []int
	evalFor uint64
	evalJob *evalJob
}

// evalJob is the evaluation of one position of the game, off the UI
// goroutine; cancel stops it.
type evalJob struct {
	at     int
	cancel context.CancelFunc
}

// evalMsg carries the evaluation of the position after at moves (job's)
// of the game at version ver; cancelled ones carry no value.
type evalMsg struct {
	job       *evalJob
	ver       uint64
	value     int
	cancelled bool
}

// reviewKeys are the keys of review mode.
var reviewKeys = struct {
	Open, Back, Forward, First, Last, Return key.Binding
}{
	Open:    common.Bind([]string{"v"}, "v", "review"),
	Back:    common.Bind([]string{"left", "h", "a", ","}, "←/,", "back"),
	Forward: common.Bind([]string{"right", "l", "d", "."}, "→/.", "forward"),
	First:   common.Bind([]string{"home", "<"}, "home", "start"),
	Last:    common.Bind([]string{"end", ">"}, "end", "last move"),
	Return:  common.Bind([]string{"esc", "v"}, "esc/v", "back to the game"),
}

// Reviewing reports whether the board shows a past position (review).
func (b *BoardScreen) Reviewing() bool { return b.Review.on }

// reviewTo shows the position after at moves (clamped) and starts the
// evaluations when they are missing or stale.
func (nv reviewNav) reviewTo(at int) tea.Cmd {
	b := nv.b
	b.ShowReview(at)
	return nv.requestEvals()
}

// ShowReview shows the position after at moves (clamped).
func (b *BoardScreen) ShowReview(at int) {
	start, moves := b.Match.Replay()
	steps := game.SplitTurns(start, moves)
	at = min(max(at, 0), len(steps))
	s := start.Clone()
	for _, step := range steps[:at] {
		game.ApplyTurn(s, step)
	}
	b.Review.on, b.Review.Turn, b.Review.st = true, at, s
	b.clearChoices()
	b.SetStatus("", false)
	b.nav().followReview()
}

// requestEvals evaluates the next position whose value is missing (the
// reviewed one first, then from the end back, where the search's table
// and proofs help the positions before), unless one is under way.
func (nv reviewNav) requestEvals() tea.Cmd {
	b := nv.b
	n := len(b.History())
	if b.Review.evalFor != b.Match.Version() || len(b.Review.Evals) != n+1 {
		nv.stopEvals()
		b.Review.Evals, b.Review.evalFor = make([]int, n+1), b.Match.Version()
		for i := range b.Review.Evals {
			b.Review.Evals[i] = -1
		}
	}
	at := b.Review.Turn
	if j := b.Review.evalJob; j != nil && j.at != at && b.Review.Evals[at] < 0 {
		nv.stopEvals() // the reviewed position comes first
	}
	if b.Review.evalJob != nil {
		return nil
	}
	if b.Review.Evals[at] >= 0 {
		at = lastUnknown(b.Review.Evals)
	}
	if at < 0 {
		return nil
	}
	start, moves := b.Match.Replay()
	return nv.evaluate(start, moves, at)
}

// lastUnknown is the last index of an unknown (negative) value, -1
// when all are known.
func lastUnknown(evals []int) int {
	for i := len(evals) - 1; i >= 0; i-- {
		if evals[i] < 0 {
			return i
		}
	}
	return -1
}

// stopEvals cancels the evaluation under way: its result is dropped.
func (nv reviewNav) stopEvals() {
	b := nv.b
	if b.Review.evalJob != nil {
		b.Review.evalJob.cancel()
		b.Review.evalJob = nil
	}
}

// leaveReview returns to the live game.
func (nv reviewNav) leaveReview() {
	b := nv.b
	nv.stopEvals()
	b.Review.on, b.Review.st = false, nil
	b.moveScroll = 0
	b.SetStatus("", false)
}

// followReview scrolls the move list so that the reviewed move shows.
func (nv reviewNav) followReview() {
	b := nv.b
	l := b.Layout()
	lines := b.moveLines()
	n := len(lines)
	if l.listH <= 0 {
		return
	}
	// The line of move turn-1 is visible when it lies in
	// [n-ListH-scroll, n-scroll).
	line := max(lineOf(lines, b.Review.Turn-1), 0)
	if line < n-l.listH-b.moveScroll || line >= n-b.moveScroll {
		b.moveScroll = max(min(n-line-l.listH/2-1, n-l.listH), 0)
	}
}

// evaluate values the position after at moves of the game with the
// evaluation of `tabletop analyze` (the client's Analyst at analyze's
// default level and budget), in a command, with a context that
// stopEvals cancels: the UI never waits for it.
func (nv reviewNav) evaluate(start game.State, moves []game.Move, at int) tea.Cmd {
	b := nv.b
	parent := b.Common.Opts.Context
	if parent == nil {
		parent = context.Background()
	}
	ctx, cancel := context.WithCancel(parent)
	job := &evalJob{at: at, cancel: cancel}
	b.Review.evalJob = job
	s := start.Clone()
	for _, step := range game.SplitTurns(start, moves)[:at] {
		game.ApplyTurn(s, step)
	}
	an, slots, ver := b.Common.Analyst(), b.Common.Opts.AISlots, b.Match.Version()
	if b.analysis().analysisOff() != "" {
		an, slots = nil, nil // a room's game going on: no engine
	}
	opt := ai.AnalysisOptions{Options: ai.Options{Level: ai.Hard, Threads: b.Common.Opts.AIThreads}, Role: 0}
	return func() tea.Msg {
		defer cancel()
		if slots != nil {
			if slots.Acquire(ctx) != nil {
				return evalMsg{job: job, ver: ver, cancelled: true}
			}
			defer slots.Release()
		}
		v := positionValue(ctx, an, s, opt)
		return evalMsg{job: job, ver: ver, value: v, cancelled: ctx.Err() != nil}
	}
}

// positionValue is the first role's expected goal ×100 in s: its goal
// once the game is over, else by the analysis; without an Analyst, or in
// a game of more than two roles where another role moves, whose value
// for the first role the analysis does not give, the game's own
// estimate.
func positionValue(ctx context.Context, an common.Analyst, s game.State, opt ai.AnalysisOptions) int {
	if s.Terminal() {
		return s.Goal(0) * 100
	}
	if an == nil || !analysis.FirstRoleKnown(s) {
		return Estimate(s, make([]int, len(s.Variant().Roles)))
	}
	return analysis.FirstRoleValue(s, an.Analyze(ctx, s, opt, nil))
}

// Estimate is the first role's expected goal ×100 in s by the game's
// own estimate.
func Estimate(s game.State, est []int) int {
	if e, ok := s.(game.Evaluator); ok {
		e.Estimate(est)
		return min(max(est[0], 0), 10000)
	}
	return 5000
}

// gotEvals keeps an evaluation for the current game, and asks for the
// next while the game is reviewed.
func (nv reviewNav) gotEvals(msg evalMsg) tea.Cmd {
	b := nv.b
	if msg.job != b.Review.evalJob {
		return nil // stopped: a newer one or none is wanted
	}
	b.Review.evalJob = nil
	if msg.ver == b.Review.evalFor && !msg.cancelled && msg.job.at < len(b.Review.Evals) {
		b.Review.Evals[msg.job.at] = msg.value
	}
	if !b.Reviewing() {
		return nil
	}
	return nv.requestEvals()
}

// reviewKey handles a key in review mode: the review's own, then the
// keys of the screen (quit, help, theme, rules, menu) as usual; the
// keys that play or change the game do nothing.
func (nv reviewNav) reviewKey(msg tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	b := nv.b
	k := reviewKeys
	switch {
	case key.Matches(msg, k.Return):
		nv.leaveReview()
		return b, nil
	case key.Matches(msg, k.Back):
		return b, nv.reviewTo(b.Review.Turn - 1)
	case key.Matches(msg, k.Forward):
		return b, nv.reviewTo(b.Review.Turn + 1)
	case key.Matches(msg, k.First):
		return b, nv.reviewTo(0)
	case key.Matches(msg, k.Last):
		return b, nv.reviewTo(len(b.History()))
	}
	if s, cmd, done := b.keyIn().screenKey(msg); done {
		return s, cmd
	}
	if charKey(msg) || key.Matches(msg, common.BoardKeys.Act) {
		b.SetStatus("reviewing: esc or v returns to the game", true)
	}
	return b, nil
}

// reviewHelp is the key bar of review mode.
func (nv reviewNav) reviewHelp() common.KeyHelp {
	k, bk := reviewKeys, common.BoardKeys
	short := []key.Binding{k.Back, k.Forward, analysisKey, k.First, k.Last, k.Return, bk.HelpAll, bk.Quit}
	other := []key.Binding{analysisBoardKey, bk.Scroll, bk.Theme, bk.Mouse, bk.Rules, bk.Menu, bk.Quit, bk.HelpAll}
	return common.KeyHelp{Short: short, Full: [][]key.Binding{short[:6], other}}
}

// reviewStatus says which move is shown and how to get back.
func (nv reviewNav) reviewStatus() string {
	b := nv.b
	n := len(b.History())
	s := fmt.Sprintf("reviewing move %d of %d", b.Review.Turn, n)
	if b.Review.Turn == 0 {
		s = fmt.Sprintf("reviewing the start (%d moves)", n)
	}
	if b.Review.Turn > 0 && b.Review.Turn <= n {
		pm := b.History()[b.Review.Turn-1]
		s += " (" + pm.Mover + " " + pm.Text + ")"
	}
	s += " — ←/→ step, home/end, esc returns to the game"
	if nv.atEnd() {
		s = b.Match.Result() + " · " + s
	}
	return s
}

// atEnd reports whether review shows the last position of a game that
// is over.
func (nv reviewNav) atEnd() bool {
	b := nv.b
	return b.Reviewing() && b.Match.Ended() && b.Review.Turn == len(b.History())
}

// clickMove reviews the position after the move on line y of the move
// list, as the list is drawn.
func (nv reviewNav) clickMove(l boardLayout, y int) tea.Cmd {
	b := nv.b
	lines := b.moveLines()
	n := len(lines)
	top := max(n-l.listH-b.moveScroll, 0)
	i := top + y - l.listY
	if i < 0 || i >= n {
		return nil
	}
	return nv.reviewTo(lines[i].last + 1)
}

// sparkBars draws values 0–10000 as a sparkline.
var sparkBars = []rune("▁▂▃▄▅▆▇█")

// sparkline draws evals in at most width cells, a window around the
// reviewed position at when they do not all fit; the reviewed position
// is returned apart so that it can be styled.
func sparkline(evals []int, at, width int, ascii bool) (before, cur, after string) {
	if len(evals) == 0 || width <= 0 {
		return "", "", ""
	}
	from := 0
	if len(evals) > width {
		from = min(max(at-width/2, 0), len(evals)-width)
	}
	to := min(from+width, len(evals))
	bar := func(v int) string {
		if v < 0 {
			return " " // not known yet
		}
		if ascii {
			return string("_.-=^"[min(v*5/10001, 4)])
		}
		return string(sparkBars[min(v*len(sparkBars)/10001, len(sparkBars)-1)])
	}
	var sb strings.Builder
	for i := from; i < to; i++ {
		if i == at {
			before, sb = sb.String(), strings.Builder{}
			cur = bar(evals[i])
			continue
		}
		sb.WriteString(bar(evals[i]))
	}
	if at >= from && at < to {
		return before, cur, sb.String()
	}
	return sb.String(), "", ""
}

// evalLine is the panel's line under the move list in review mode: the
// evaluation of every position as a sparkline, and the reviewed one's.
func (nv reviewNav) evalLine(inner int) string {
	b := nv.b
	st := b.Common.Styles
	role := b.variant.RoleName(0)
	if b.Review.Evals == nil || b.Review.Turn >= len(b.Review.Evals) {
		return st.Muted.Render("eval: …")
	}
	v := b.Review.Evals[b.Review.Turn]
	head := fmt.Sprintf("%s %2d%% ", role, (v+50)/100)
	switch {
	case v < 0:
		head = role + " …% "
	case lastUnknown(b.Review.Evals) >= 0:
		head = fmt.Sprintf("%s %2d%%… ", role, (v+50)/100) // more to come
	}
	l, c, r := sparkline(b.Review.Evals, b.Review.Turn, inner-len(head), b.Common.ASCII)
	return st.Muted.Render(head) + st.Text.Render(l) + st.Accent.Render(c) + st.Text.Render(r)
}

// moveEval is the evaluation after move i (0-based) for the move list,
// "" when it is not known.
func (nv reviewNav) moveEval(i int) string {
	b := nv.b
	if !b.Reviewing() || i+1 >= len(b.Review.Evals) || b.Review.Evals[i+1] < 0 {
		return ""
	}
	return fmt.Sprintf(" %3d", (b.Review.Evals[i+1]+50)/100)
}

// reviewMoveLine is line i of the move list in review mode: the move,
// its evaluation once known, and a marker on the move reviewed.
func (nv reviewNav) reviewMoveLine(ml moveLine) string {
	b := nv.b
	st := b.Common.Styles
	mark := "  "
	if at := b.Review.Turn - 1; at >= ml.first && at <= ml.last {
		mark = st.Accent.Render("▶ ")
		if b.Common.ASCII {
			mark = st.Accent.Render("> ")
		}
	}
	text := ml.numbered() + b.grid().pieceText(b.variant.RoleIndex(ml.mover), common.PadRight(ml.mover, 6)) + " " + common.PadRight(ml.text, 6)
	return mark + text + st.Muted.Render(nv.moveEval(ml.last))
}
