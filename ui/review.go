package ui

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// review shows a position of the game's history on the board without
// touching the live game: a local game goes on (the AI may move), a
// room goes on for everyone else. The positions are rebuilt with the
// game from the match's start and moves, never kept from play.
type review struct {
	on bool
	at int // turns played: 0 is the start, len(history) the live position
	// st is the position after at turns.
	st game.State

	// evals[i] is the first role's expected goal ×100 (0–10000) in the
	// position after i moves, -1 while it is not known; evalFor is the
	// match version they are for, and evalJob the evaluation under way.
	evals   []int
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
	Open:    bind([]string{"v"}, "v", "review"),
	Back:    bind([]string{"left", "h", "a", ","}, "←/,", "back"),
	Forward: bind([]string{"right", "l", "d", "."}, "→/.", "forward"),
	First:   bind([]string{"home", "<"}, "home", "start"),
	Last:    bind([]string{"end", ">"}, "end", "last move"),
	Return:  bind([]string{"esc", "v"}, "esc/v", "back to the game"),
}

func (b *boardScreen) reviewing() bool { return b.rv.on }

// reviewTo shows the position after at moves (clamped) and starts the
// evaluations when they are missing or stale.
func (b *boardScreen) reviewTo(at int) tea.Cmd {
	b.showReview(at)
	return b.requestEvals()
}

// showReview shows the position after at moves (clamped).
func (b *boardScreen) showReview(at int) {
	start, moves := b.m.replay()
	steps := game.SplitTurns(start, moves)
	at = min(max(at, 0), len(steps))
	s := start.Clone()
	for _, step := range steps[:at] {
		game.ApplyTurn(s, step)
	}
	b.rv.on, b.rv.at, b.rv.st = true, at, s
	b.clearChoices()
	b.setStatus("", false)
	b.followReview()
}

// requestEvals evaluates the next position whose value is missing (the
// reviewed one first, then from the end back, where the search's table
// and proofs help the positions before), unless one is under way.
func (b *boardScreen) requestEvals() tea.Cmd {
	n := len(b.history())
	if b.rv.evalFor != b.m.version() || len(b.rv.evals) != n+1 {
		b.stopEvals()
		b.rv.evals, b.rv.evalFor = make([]int, n+1), b.m.version()
		for i := range b.rv.evals {
			b.rv.evals[i] = -1
		}
	}
	at := b.rv.at
	if j := b.rv.evalJob; j != nil && j.at != at && b.rv.evals[at] < 0 {
		b.stopEvals() // the reviewed position comes first
	}
	if b.rv.evalJob != nil {
		return nil
	}
	if b.rv.evals[at] >= 0 {
		at = lastUnknown(b.rv.evals)
	}
	if at < 0 {
		return nil
	}
	start, moves := b.m.replay()
	return b.evaluate(start, moves, at)
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
func (b *boardScreen) stopEvals() {
	if b.rv.evalJob != nil {
		b.rv.evalJob.cancel()
		b.rv.evalJob = nil
	}
}

// leaveReview returns to the live game.
func (b *boardScreen) leaveReview() {
	b.stopEvals()
	b.rv.on, b.rv.st = false, nil
	b.moveScroll = 0
	b.setStatus("", false)
}

// followReview scrolls the move list so that the reviewed move shows.
func (b *boardScreen) followReview() {
	l := b.layout()
	n := len(b.history())
	if l.listH <= 0 {
		return
	}
	// Line at-1 is visible when it lies in [n-listH-scroll, n-scroll).
	line := max(b.rv.at-1, 0)
	if line < n-l.listH-b.moveScroll || line >= n-b.moveScroll {
		b.moveScroll = max(min(n-line-l.listH/2-1, n-l.listH), 0)
	}
}

// evaluate values the position after at moves of the game with the
// evaluation of `tabletop analyze` (the client's Analyst at analyze's
// default level and budget), in a command, with a context that
// stopEvals cancels: the UI never waits for it.
func (b *boardScreen) evaluate(start game.State, moves []game.Move, at int) tea.Cmd {
	parent := b.c.opts.Context
	if parent == nil {
		parent = context.Background()
	}
	ctx, cancel := context.WithCancel(parent)
	job := &evalJob{at: at, cancel: cancel}
	b.rv.evalJob = job
	s := start.Clone()
	for _, step := range game.SplitTurns(start, moves)[:at] {
		game.ApplyTurn(s, step)
	}
	an, slots, ver := b.c.analyst(), b.c.opts.AISlots, b.m.version()
	if b.analysisOff() != "" {
		an, slots = nil, nil // a room's game going on: no engine
	}
	opt := ai.AnalysisOptions{Options: ai.Options{Level: ai.Hard, Threads: b.c.opts.AIThreads}, Role: 0}
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
func positionValue(ctx context.Context, an Analyst, s game.State, opt ai.AnalysisOptions) int {
	if s.Terminal() {
		return s.Goal(0) * 100
	}
	if an == nil || !firstRoleKnown(s) {
		return estimate(s, make([]int, len(s.Variant().Roles)))
	}
	return firstRoleValue(s, an.Analyze(ctx, s, opt, nil))
}

// estimate is the first role's expected goal ×100 in s by the game's
// own estimate.
func estimate(s game.State, est []int) int {
	if e, ok := s.(game.Evaluator); ok {
		e.Estimate(est)
		return min(max(est[0], 0), 10000)
	}
	return 5000
}

// gotEvals keeps an evaluation for the current game, and asks for the
// next while the game is reviewed.
func (b *boardScreen) gotEvals(msg evalMsg) tea.Cmd {
	if msg.job != b.rv.evalJob {
		return nil // stopped: a newer one or none is wanted
	}
	b.rv.evalJob = nil
	if msg.ver == b.rv.evalFor && !msg.cancelled && msg.job.at < len(b.rv.evals) {
		b.rv.evals[msg.job.at] = msg.value
	}
	if !b.reviewing() {
		return nil
	}
	return b.requestEvals()
}

// reviewKey handles a key in review mode: the review's own, then the
// keys of the screen (quit, help, theme, rules, menu) as usual; the
// keys that play or change the game do nothing.
func (b *boardScreen) reviewKey(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	k := reviewKeys
	switch {
	case key.Matches(msg, k.Return):
		b.leaveReview()
		return b, nil
	case key.Matches(msg, k.Back):
		return b, b.reviewTo(b.rv.at - 1)
	case key.Matches(msg, k.Forward):
		return b, b.reviewTo(b.rv.at + 1)
	case key.Matches(msg, k.First):
		return b, b.reviewTo(0)
	case key.Matches(msg, k.Last):
		return b, b.reviewTo(len(b.history()))
	}
	if s, cmd, done := b.screenKey(msg); done {
		return s, cmd
	}
	if charKey(msg) || key.Matches(msg, boardKeys.Act) {
		b.setStatus("reviewing: esc or v returns to the game", true)
	}
	return b, nil
}

// reviewHelp is the key bar of review mode.
func (b *boardScreen) reviewHelp() keyHelp {
	k, bk := reviewKeys, boardKeys
	short := []key.Binding{k.Back, k.Forward, analysisKey, k.First, k.Last, k.Return, bk.HelpAll, bk.Quit}
	other := []key.Binding{analysisBoardKey, bk.Scroll, bk.Theme, bk.Mouse, bk.Rules, bk.Menu, bk.Quit, bk.HelpAll}
	return keyHelp{short: short, full: [][]key.Binding{short[:6], other}}
}

// reviewStatus says which move is shown and how to get back.
func (b *boardScreen) reviewStatus() string {
	n := len(b.history())
	s := fmt.Sprintf("reviewing move %d of %d", b.rv.at, n)
	if b.rv.at == 0 {
		s = fmt.Sprintf("reviewing the start (%d moves)", n)
	}
	if b.rv.at > 0 && b.rv.at <= n {
		pm := b.history()[b.rv.at-1]
		s += " (" + pm.mover + " " + pm.text + ")"
	}
	s += " — ←/→ step, home/end, esc returns to the game"
	if b.atEnd() {
		s = b.m.result() + " · " + s
	}
	return s
}

// atEnd reports whether review shows the last position of a game that
// is over.
func (b *boardScreen) atEnd() bool {
	return b.reviewing() && b.m.ended() && b.rv.at == len(b.history())
}

// clickMove reviews the position after the move on line y of the move
// list, as the list is drawn.
func (b *boardScreen) clickMove(l boardLayout, y int) tea.Cmd {
	n := len(b.history())
	top := max(n-l.listH-b.moveScroll, 0)
	i := top + y - l.listY
	if i < 0 || i >= n {
		return nil
	}
	return b.reviewTo(i + 1)
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
func (b *boardScreen) evalLine(inner int) string {
	st := b.c.st
	role := b.v.RoleName(0)
	if b.rv.evals == nil || b.rv.at >= len(b.rv.evals) {
		return st.Muted.Render("eval: …")
	}
	v := b.rv.evals[b.rv.at]
	head := fmt.Sprintf("%s %2d%% ", role, (v+50)/100)
	switch {
	case v < 0:
		head = role + " …% "
	case lastUnknown(b.rv.evals) >= 0:
		head = fmt.Sprintf("%s %2d%%… ", role, (v+50)/100) // more to come
	}
	l, c, r := sparkline(b.rv.evals, b.rv.at, inner-len(head), b.c.ascii)
	return st.Muted.Render(head) + st.Text.Render(l) + st.Accent.Render(c) + st.Text.Render(r)
}

// moveEval is the evaluation after move i (0-based) for the move list,
// "" when it is not known.
func (b *boardScreen) moveEval(i int) string {
	if !b.reviewing() || i+1 >= len(b.rv.evals) || b.rv.evals[i+1] < 0 {
		return ""
	}
	return fmt.Sprintf(" %3d", (b.rv.evals[i+1]+50)/100)
}

// reviewMoveLine is line i of the move list in review mode: the move,
// its evaluation once known, and a marker on the move reviewed.
func (b *boardScreen) reviewMoveLine(i int, pm playedMove) string {
	st := b.c.st
	mark := "  "
	if i == b.rv.at-1 {
		mark = st.Accent.Render("▶ ")
		if b.c.ascii {
			mark = st.Accent.Render("> ")
		}
	}
	text := fmt.Sprintf("%3d. ", i+1) + b.pieceText(b.v.RoleIndex(pm.mover), padRight(pm.mover, 6)) + " " + padRight(pm.text, 6)
	return mark + text + st.Muted.Render(b.moveEval(i))
}
