package match

import (
	"context"
	"fmt"
	"time"

	"github.com/tabletop/tabletop/ui/common"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/table"
)

// seatDriver asks the match's seats through its table.Driver: the AI's
// jobs and their progress, answers and faults, hints.
type seatDriver struct{ l *LocalMatch }

// seats is the match's seatDriver.
func (l *LocalMatch) seats() seatDriver { return seatDriver{l} }

// The seats of a local match that are not people here: one
// table.Driver asks them, each question a job run in a tea.Cmd (never on
// the UI goroutine), and its event comes back as a SeatEventMsg for
// Driver.Handle, which plays the answer or, for a seat that failed, the
// table's one fallback. The AI's searches are followed for the panel
// (progress, the wait for a free AI slot); a search the position left is
// dropped by the table (its version), one stopped by the player (pause,
// undo, leaving) is recalled.

// seatRunner is what a local match keeps of its asked seats.
type seatRunner struct {
	driver *table.Driver
	// feeds carry each AI seat's progress reports, by role; nil where no
	// AI sits. lastAI is each AI seat's latest search.
	feeds  []*aiFeed
	lastAI []*aiJob
	// jobs are the AI's searches out (a seat's or a hint); Job is the one
	// the panel shows, progress its latest report.
	jobs     map[*aiJob]struct{}
	Job      *aiJob
	progress ai.Progress
	// ggp are the GGP players' states, nil when none sits (match_ggp.go).
	ggp *ggpPlayers
	// suspended is set while another screen is shown; held are the
	// seats' events that came meanwhile (see Suspend).
	suspended bool
	held      []SeatEventMsg
}

// SeatEventMsg is what one of the driver's jobs came to.
type SeatEventMsg struct {
	driver *table.Driver
	ai     *aiJob // the search followed, for an AI seat's question
	ev     table.Event
}

// aiJob is one search of this client's AI in flight: a seat's question
// (job) or a hint.
type aiJob struct {
	job     *table.Job // nil for a hint
	role    game.Role
	version uint64
	hint    bool
	// Ctx ends when the search is told to stop (move now, or no longer
	// wanted).
	Ctx    context.Context
	cancel context.CancelFunc
	feed   *aiFeed
	done   chan struct{}
	// Seen by the UI (read and written on the UI goroutine only).
	sawQueued, sawSlot bool
	// shown is the best move the board showed when the player said
	// "move now": that move is played, not whatever the search settled
	// on after its last report (an unfinished deeper iteration, a tie
	// break, the level's noise, or UCT's vote over all its trees).
	shown    game.Move
	hasShown bool
}

// running reports whether the search's command has not returned yet.
func (j *aiJob) running() bool {
	select {
	case <-j.done:
		return false
	default:
		return true
	}
}

// Waiting reports whether the search is waiting for a free AI slot.
func (j *aiJob) Waiting() bool { return j.sawQueued && !j.sawSlot }

// stop ends the search: it answers with its best move so far.
func (j *aiJob) stop() {
	j.cancel()
	if j.job != nil {
		j.job.Cancel()
	}
}

// aiFeed carries an AI search's reports to the UI: the latest progress
// only (a one-slot channel, so the search never blocks on the UI), and
// the start of a wait for a free AI slot.
type aiFeed struct {
	progress chan ai.Progress
	queued   chan struct{}
}

func newFeed() *aiFeed {
	return &aiFeed{progress: make(chan ai.Progress, 1), queued: make(chan struct{}, 1)}
}

func (f *aiFeed) report(p ai.Progress) {
	p.PV = nil
	for {
		select {
		case f.progress <- p:
			return
		default:
		}
		select {
		case <-f.progress:
		default:
		}
	}
}

func (f *aiFeed) queue() {
	select {
	case f.queued <- struct{}{}:
	default:
	}
}

// aiSlotMsg says a search started waiting for an AI slot.
type aiSlotMsg struct{ job *aiJob }

// AIProgressMsg reports how far an AI search has gone, for the panel.
type AIProgressMsg struct {
	Job      *aiJob
	Progress ai.Progress
}

// hintMsg brings a hint's search back.
type hintMsg struct {
	job *aiJob
	res ai.Result
}

// newTable seats the game at start: a person here, the AI, or a GGP
// player, by l.Seats.
func (sd seatDriver) newTable(start game.State) *table.Table {
	l := sd.l
	n := len(l.v.Roles)
	seats := make([]table.Seat, n)
	l.feeds, l.lastAI = make([]*aiFeed, n), make([]*aiJob, n)
	for r := range seats {
		var sc savefmt.SeatConfig
		if r < len(l.Seats) {
			sc = l.Seats[r]
		}
		switch {
		case sc.GGP != "":
			seats[r] = l.ggpSeats().ggpSeat(game.Role(r), sc.GGP)
		case sc.AI:
			l.feeds[r] = newFeed()
			seats[r] = sd.aiSeat(game.Role(r))
		default:
			seats[r] = &table.Person{Who: sc.DisplayName()}
		}
	}
	t, _ := table.New(start, seats, l.c.Opts.Seed) // one seat per role: no error
	return t
}

// aiSeat is role r's AI seat with the options of now.
func (sd seatDriver) aiSeat(r game.Role) *table.AISeat {
	l := sd.l
	opt := l.aiOptions(r)
	opt.Progress = l.feeds[r].report
	return &table.AISeat{Options: opt, Slots: l.c.Opts.AISlots, Queued: l.feeds[r].queue}
}

// refreshAI seats the AI anew where the AI time per move changed since
// it sat down, or where its last search still runs (stopped, or for a
// position the game left): a seat answers one question at a time, and
// the old search's late reports go to the old seat's feed.
func (sd seatDriver) refreshAI() {
	l := sd.l
	for r := range l.feeds {
		s, ok := l.Table.Seat(game.Role(r)).(*table.AISeat)
		if ok && (s.Options.Budget != l.c.AITime || l.lastAI[r] != nil && l.lastAI[r].running()) {
			l.feeds[r] = newFeed()
			l.Table.SetSeat(game.Role(r), sd.aiSeat(game.Role(r)))
		}
	}
}

// driverNow is the driver of the seats, set up at the first question and
// again when an undo reopens a game whose driver finished.
func (sd seatDriver) driverNow() *table.Driver {
	l := sd.l
	if l.driver != nil && (!l.driver.Done() || l.Table.Over() || l.ggp != nil) {
		return l.driver
	}
	var g table.Game
	if l.ggp != nil {
		g = l.ggp.game
		if l.ggp.rulesErr != "" {
			l.Status.SetStatus(l.ggp.rulesErr, true)
		}
	}
	parent := l.c.Opts.Context
	if parent == nil {
		// A search ends with the client: nobody is left to see its move.
		parent = context.Background()
	}
	l.driver = table.NewDriver(parent, l.Table, g)
	return l.driver
}

// pump hands out the driver's jobs due: the GGP players' start, the
// questions of the turn, the end told (an abort after a resignation).
// With the AI paused its questions are recalled at once.
func (sd seatDriver) pump(afterMachine bool) tea.Cmd {
	l := sd.l
	if l.suspended {
		return nil
	}
	d := sd.driverNow()
	if l.Table.Resigned() != game.NoRole && !d.Done() {
		return sd.runJobs(d, d.Abort(), false)
	}
	sd.refreshAI()
	pos := l.Table.Position()
	delay := afterMachine && (!game.JointTurn(pos) || l.allAI())
	return sd.runJobs(d, d.Work(), delay)
}

// runJobs runs each job in a command that reports its event.
func (sd seatDriver) runJobs(d *table.Driver, jobs []*table.Job, delay bool) tea.Cmd {
	l := sd.l
	cmds := make([]tea.Cmd, 0, len(jobs))
	for _, j := range jobs {
		if j.Kind != table.JobAsk || !l.isAI(j.Role) {
			l.ggpSeats().ggpJobOut(j)
			cmds = append(cmds, func() tea.Msg { return SeatEventMsg{driver: d, ev: j.Run()} })
			continue
		}
		if l.Paused || l.joint().chooser() != game.NoRole {
			// Paused; or on a joint turn, the AI chooses once every
			// person here has (as before a person's eyes, its search
			// would say the turn is the AI's).
			d.Recall(j)
			continue
		}
		cmds = append(cmds, sd.runAI(d, j, delay))
	}
	return tea.Batch(cmds...)
}

// runAI runs an AI seat's question, after the visible delay when the AI
// plays on after a machine's move, so that AI-vs-AI games can be
// followed.
func (sd seatDriver) runAI(d *table.Driver, j *table.Job, delay bool) tea.Cmd {
	l := sd.l
	aj := sd.track(&aiJob{job: j, role: j.Role, feed: l.feeds[j.Role]})
	l.lastAI[j.Role] = aj
	wait := time.Duration(0)
	if delay {
		wait = sd.aiDelay()
	}
	run := func() tea.Msg {
		defer close(aj.done)
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-aj.Ctx.Done():
				t.Stop()
			}
		}
		return SeatEventMsg{driver: d, ai: aj, ev: j.Run()}
	}
	return tea.Batch(run, sd.waitProgress(aj), l.SpinTick())
}

func (sd seatDriver) aiDelay() time.Duration {
	l := sd.l
	switch d := l.c.Opts.AIDelay; {
	case d == 0:
		return 600 * time.Millisecond
	case d < 0:
		return 0
	default:
		return d
	}
}

// track follows a search for the panel; a seat's search takes the panel
// from a hint.
func (sd seatDriver) track(aj *aiJob) *aiJob {
	l := sd.l
	aj.version = l.ver
	aj.Ctx, aj.cancel = context.WithCancel(context.Background())
	aj.done = make(chan struct{})
	if l.jobs == nil {
		l.jobs = map[*aiJob]struct{}{}
	}
	if l.Job != nil && l.Job.hint {
		sd.untrack(l.Job)
	}
	l.jobs[aj] = struct{}{}
	if l.Job == nil {
		l.Job, l.progress = aj, ai.Progress{}
	}
	return aj
}

// untrack forgets a search; the panel shows another one out, if any.
func (sd seatDriver) untrack(aj *aiJob) {
	l := sd.l
	aj.stop()
	delete(l.jobs, aj)
	if l.Job != aj {
		return
	}
	l.Job, l.progress = nil, ai.Progress{}
	for other := range l.jobs {
		l.Job = other
		break
	}
}

// waitProgress waits for the search's next report: progress, or the
// start of a wait for an AI slot.
func (sd seatDriver) waitProgress(aj *aiJob) tea.Cmd {
	f := aj.feed
	return func() tea.Msg {
		select {
		case p := <-f.progress:
			return AIProgressMsg{Job: aj, Progress: p}
		case <-f.queued:
			return aiSlotMsg{job: aj}
		case <-aj.done:
			return nil
		}
	}
}

// CancelJob stops the AI's searches and recalls their questions: their
// answers will be dropped, and the questions asked again by the next
// pump.
func (l *LocalMatch) CancelJob() {
	for aj := range l.jobs {
		aj.stop()
		if aj.job != nil && l.driver != nil {
			l.driver.Recall(aj.job)
		}
	}
	clear(l.jobs)
	l.Job, l.progress = nil, ai.Progress{}
}

// Update handles the seats' messages.
func (l *LocalMatch) Update(msg tea.Msg) (tea.Cmd, bool) {
	l.saves().readKept()
	switch msg := msg.(type) {
	case KeptMsg:
		return nil, true // read above
	case localClockMsg:
		return l.clocks().onClockTick(msg), true
	case SeatEventMsg:
		if l.suspended {
			l.held = append(l.held, msg)
			return nil, true
		}
		return l.seats().onSeatEvent(msg), true
	case hintMsg:
		return l.seats().onHint(msg), true
	case AIProgressMsg:
		return l.seats().onProgress(msg), true
	case aiSlotMsg:
		if _, ok := l.jobs[msg.job]; ok {
			msg.job.sawQueued = true
			return l.seats().waitProgress(msg.job), true
		}
		return nil, true
	case common.ResultPreparedMsg:
		// The result says more now (the cells that decided it).
		if s, isErr := l.Status.CurrentStatus(); msg.Version == l.ver && l.Ended() && (s == "" || !isErr) {
			l.Status.SetStatus(l.saves().endStatus(), false)
		}
		return nil, true
	}
	return nil, false
}

func (sd seatDriver) onProgress(msg AIProgressMsg) tea.Cmd {
	l := sd.l
	if _, ok := l.jobs[msg.Job]; !ok {
		return nil
	}
	msg.Job.sawSlot = true // it reports: it searches
	if msg.Job == l.Job {
		// UCT reports the length of its current best line, which can
		// shrink; the board shows the deepest reached so far.
		msg.Progress.Depth = max(msg.Progress.Depth, l.progress.Depth)
		l.progress = msg.Progress
	}
	return sd.waitProgress(msg.Job)
}

// resumeSeats takes back the events that came while another screen was
// shown.
func (sd seatDriver) resumeSeats() []tea.Cmd {
	l := sd.l
	l.suspended = false
	var cmds []tea.Cmd
	for _, msg := range l.held {
		cmds = append(cmds, sd.onSeatEvent(msg))
	}
	l.held = nil
	return cmds
}

// abortSeats calls the game off when it is left unfinished: what is out
// is cancelled and abort goes out to the GGP players off the UI
// goroutine.
func (sd seatDriver) abortSeats() {
	l := sd.l
	if l.driver == nil || l.driver.Done() {
		return
	}
	for _, j := range l.driver.Abort() {
		go j.Run()
	}
}

// Suspend stops the AI while another screen is shown; the seats' events
// that arrive meanwhile are kept for start.
func (l *LocalMatch) Suspend() {
	l.clocks().stopClock()
	l.CancelJob()
	l.suspended = true
}

// UpdateSuspended keeps the seats' events that come while suspended for
// start; the rest is for the board once it is back.
func (l *LocalMatch) UpdateSuspended(msg tea.Msg) tea.Cmd {
	if ev, ok := msg.(SeatEventMsg); ok {
		l.held = append(l.held, ev)
	}
	return nil
}

// MoveNow makes the AI's searches return their best moves so far.
func (l *LocalMatch) MoveNow() {
	if l.Job == nil || l.Job.hint {
		return
	}
	if l.progress.Depth > 0 && !l.Job.hasShown {
		l.Job.shown, l.Job.hasShown = l.progress.Best, true
	}
	for aj := range l.jobs {
		aj.stop()
	}
}

// onSeatEvent takes what a job came to to the driver, which plays the
// answer (or the fallback's move in its place); then whatever comes
// next.
func (sd seatDriver) onSeatEvent(msg SeatEventMsg) tea.Cmd {
	l := sd.l
	if msg.driver != l.driver {
		return nil // a driver set aside
	}
	ev := msg.ev
	if aj := msg.ai; aj != nil {
		sd.untrack(aj)
		if aj.hasShown && table.IsLegalFor(l.Table.Position(), aj.role, aj.shown) {
			ev.Move, ev.Err = aj.shown, nil
		}
	}
	before := jointBefore(l.Table.Position())
	out := l.driver.Handle(ev)
	if out.Kind != table.JobAsk {
		return l.ggpSeats().onGGPNews(out)
	}
	sd.noteAnswer(out)
	if out.Step == nil {
		return l.next(false) // stale, followed, or a choice kept
	}
	l.changed()
	// A word to the person stays through the machine's move, unless
	// that move ends the game: then the result is what matters.
	if _, isErr := l.Status.CurrentStatus(); !isErr || l.Table.Position().Terminal() || before != nil {
		l.Status.SetStatus(playedStatus(before, out.Step), false)
	}
	return tea.Batch(l.saves().save(), l.next(true))
}

// noteAnswer says what went wrong with an answer: an AI's move the
// table's fallback replaced, or a GGP player's fault (match_ggp.go).
func (sd seatDriver) noteAnswer(out table.Outcome) {
	l := sd.l
	if l.ggpSeats().isGGP(out.Role) {
		l.ggpSeats().noteGGPAnswer(out)
		return
	}
	f := out.Fault
	if f == nil || out.Stale || !out.Question.Chooses() {
		return
	}
	if f.Answered && !game.JointTurn(out.Question.State) {
		l.Status.SetStatus(fmt.Sprintf("AI returned an illegal move (%s); playing a random one", f.AnswerText), true)
		return
	}
	l.Status.SetStatus(fmt.Sprintf("AI gave no legal move for %s; playing a random one", l.v.RoleName(out.Role)), true)
}

// Hint asks the AI for a move for the person to move.
func (l *LocalMatch) Hint() tea.Cmd {
	pos := l.Table.Position()
	if game.JointTurn(pos) {
		l.Status.SetStatus("no hints when all choose at once", true)
		return nil
	}
	if !l.mine(pos.ToMove()) {
		l.Status.SetTurnStatus("hints are for your own turn")
		return nil
	}
	if l.Job != nil {
		return nil
	}
	l.Status.SetStatus("looking for a hint…", false)
	feed := newFeed()
	seat := &table.AISeat{Options: ai.Options{Level: ai.Medium, Budget: 1500 * time.Millisecond,
		Seed: l.c.Opts.Seed + uint64(l.Table.Turn()), Threads: l.c.Opts.AIThreads, Progress: feed.report},
		Slots: l.c.Opts.AISlots, Queued: feed.queue}
	q := l.Table.Question(pos.ToMove())
	aj := l.seats().track(&aiJob{hint: true, role: q.Role, feed: feed})
	run := func() tea.Msg {
		defer close(aj.done)
		m, _ := seat.Choose(aj.Ctx, q)
		res := seat.Last
		if res.Move != m {
			res = ai.Result{Move: m}
		}
		return hintMsg{job: aj, res: res}
	}
	return tea.Batch(run, l.seats().waitProgress(aj), l.SpinTick())
}

func (sd seatDriver) onHint(msg hintMsg) tea.Cmd {
	l := sd.l
	if _, ok := l.jobs[msg.job]; !ok {
		return nil // stale: a newer search or none is wanted
	}
	sd.untrack(msg.job)
	if msg.job.version != l.ver || l.Ended() {
		return nil
	}
	l.Hinted, l.hintVer, l.HasHint = msg.res.Move, l.ver, true
	l.Status.SetStatus("hint: "+common.TurnText(l.Table.Position(), msg.res.Move, msg.res.Turn), false)
	return nil
}

// HintMove is part of hinter.
func (l *LocalMatch) HintMove() (game.Move, bool) {
	return l.Hinted, l.HasHint && l.hintVer == l.ver
}

// AI is part of Match.
func (l *LocalMatch) AI() aiView {
	a := aiView{Paused: l.Paused, HasSeat: l.hasAISeat(), Clocks: l.clock.Clocks != nil}
	if l.Job != nil {
		a.Searching, a.ForHint, a.Waiting = true, l.Job.hint, l.Job.Waiting()
		a.Depth, a.Best = l.progress.Depth, l.progress.Best
	}
	return a
}
