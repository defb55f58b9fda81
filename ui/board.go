package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/rooms"
)

// boardScreen plays one game: locally (seats and the AI in this client)
// or in a shared room (room != nil; the host runs the AI and checks moves).
type boardScreen struct {
	c  *common
	v  *game.Variant
	vu variantUI

	start    game.State // the position the game started from
	startPos string     // its string when not the variant's start, else ""
	st       game.State // the current position
	moves    []game.Move
	redo     []game.Move
	seats    []SeatConfig
	resigned game.Role // NoRole unless someone resigned

	// version changes with every change of position; AI results carry
	// the version they were computed for, so stale ones are dropped.
	version uint64

	cur    pos
	sel    *pos
	status string
	isErr  bool

	job      *aiJob
	progress ai.Progress
	hint     game.Move
	hintVer  uint64
	hasHint  bool
	paused   bool
	spin     spinner.Model
	confirm  string // "quit" or "resign" while asking
	prompt   bool
	input    textinput.Model
	movesVP  viewport.Model
	// moveScroll is how many lines the move list is scrolled up from
	// its end (0 follows the game).
	moveScroll int
	help       help.Model
	saveErr    string
	// saved is set once this game has written the store: only then may
	// it remove what is there (a fresh game with no moves leaves the
	// previous save alone).
	saved bool

	room         rooms.Room
	roomView     rooms.RoomView
	roomMoves    []string
	roomMovers   []string
	lastRoomMove []pos
	lastRoomQuad int
	waitGen      int
}

// aiJob is one search in flight.
type aiJob struct {
	version  uint64
	hint     bool
	ctx      context.Context
	cancel   context.CancelCauseFunc
	progress chan ai.Progress
	done     chan struct{}
	// queued is closed when the search has to wait for a free AI slot,
	// slotted when it has one (both only with Options.AISlots).
	queued, slotted chan struct{}
	// Seen by the UI (read and written on the UI goroutine only).
	sawQueued, sawSlot bool
}

// waiting reports whether the search is waiting for a free AI slot.
func (j *aiJob) waiting() bool { return j.sawQueued && !j.sawSlot }

// Why a search was cancelled: the player wants its move now, or the
// result is no longer wanted.
var (
	errMoveNow = errors.New("move now")
	errStale   = errors.New("no longer wanted")
)

// aiSlotMsg says a search started waiting for an AI slot (queued) or got one.
type aiSlotMsg struct {
	job    *aiJob
	queued bool
}

type aiDoneMsg struct {
	job *aiJob
	res ai.Result
}

type aiProgressMsg struct {
	job *aiJob
	p   ai.Progress
}

// aiStartMsg starts the AI after the visible delay, if nothing changed.
type aiStartMsg struct{ version uint64 }

func newBoard(c *common, v *game.Variant, position string, seats []SeatConfig) (*boardScreen, error) {
	start, err := game.NewState(v.Name, position)
	if err != nil {
		return nil, err
	}
	if len(seats) != len(v.Roles) {
		return nil, fmt.Errorf("%s needs %d seats, got %d", v.Name, len(v.Roles), len(seats))
	}
	b, err := newBoardShell(c, v)
	if err != nil {
		return nil, err
	}
	b.start = start
	if strings.TrimSpace(position) != "" {
		b.startPos = start.String()
	}
	b.st = start.Clone()
	b.seats = append([]SeatConfig(nil), seats...)
	b.centreCursor()
	// Nothing is saved before the first move: an empty game is not worth
	// offering under Continue, and must not replace the game saved there.
	return b, nil
}

// boardFromSave resumes a saved game exactly.
func boardFromSave(c *common, sv SavedGame) (*boardScreen, error) {
	v, err := game.Lookup(sv.Variant)
	if err != nil {
		return nil, err
	}
	start, moves, err := sv.replay()
	if err != nil {
		return nil, err
	}
	b, err := newBoardShell(c, v)
	if err != nil {
		return nil, err
	}
	b.start, b.startPos = start, sv.Start
	b.seats = append([]SeatConfig(nil), sv.Seats...)
	b.moves = moves
	b.saved = true // the save in the store is this game's
	b.rebuild()
	b.centreCursor()
	b.status = fmt.Sprintf("resumed after %d moves", len(moves))
	return b, nil
}

func newBoardShell(c *common, v *game.Variant) (*boardScreen, error) {
	vu := newVariantUI(v)
	if vu == nil {
		return nil, fmt.Errorf("%s cannot be shown: this client has no board for it", v.Name)
	}
	b := &boardScreen{c: c, v: v, vu: vu, resigned: game.NoRole}
	b.spin = spinner.New()
	b.spin.Spinner = spinner.MiniDot
	if c.ascii {
		b.spin.Spinner = spinner.Line
	}
	b.spin.Style = c.st.Accent
	b.input = newInput(c, ": ", 40)
	b.input.Placeholder = "move, e.g. r3c4 or (mark r3 c4)"
	b.movesVP = viewport.New(20, 5)
	b.movesVP.KeyMap = viewport.KeyMap{} // the board owns the keys
	b.help = c.newHelp()
	return b, nil
}

func (b *boardScreen) centreCursor() {
	rows, cols := b.vu.dims()
	b.cur = pos{rows / 2, cols / 2}
}

// rebuild replays the moves from the start.
func (b *boardScreen) rebuild() {
	b.st = b.start.Clone()
	for _, m := range b.moves {
		b.st.Apply(m)
	}
	b.version++
	b.clearChoices()
}

// clearChoices forgets the selection, the adapter's pending choice and
// the hint: the position changed.
func (b *boardScreen) clearChoices() {
	b.sel, b.hasHint = nil, false
	b.vu.clearChoice()
}

// ended reports whether the game is over (terminal or resigned).
func (b *boardScreen) ended() bool {
	if b.room != nil {
		return b.roomView.Finished || b.st.Terminal()
	}
	return b.st.Terminal() || b.resigned != game.NoRole
}

// isAI reports whether role r is played by the AI of this client.
func (b *boardScreen) isAI(r game.Role) bool {
	if b.room != nil || r < 0 || int(r) >= len(b.seats) {
		return false
	}
	return b.seats[r].AI
}

// mine reports whether the person at this client may act for role r.
func (b *boardScreen) mine(r game.Role) bool {
	if b.room != nil {
		for _, y := range b.roomView.You {
			if y == r {
				return true
			}
		}
		return false
	}
	return !b.isAI(r)
}

func (b *boardScreen) allAI() bool {
	for i := range b.seats {
		if !b.isAI(game.Role(i)) {
			return false
		}
	}
	return b.room == nil
}

func (b *boardScreen) seatName(r game.Role) string {
	if b.room != nil {
		if int(r) < len(b.roomView.Seats) {
			sv := b.roomView.Seats[r]
			switch sv.Kind {
			case rooms.SeatOpen:
				return "(open)"
			case rooms.SeatAI:
				return "AI " + sv.Name
			}
			name := sv.Name
			if sv.Kind == rooms.SeatHeld || !sv.Connected {
				name += " (away)"
			}
			return name
		}
		return "?"
	}
	if int(r) < len(b.seats) {
		return b.seats[r].displayName()
	}
	return "?"
}

func (b *boardScreen) setStatus(s string, isErr bool) { b.status, b.isErr = s, isErr }

// init resumes the game: the AI if it is to move, room updates.
func (b *boardScreen) init() tea.Cmd {
	if b.room != nil {
		b.waitGen++
		b.refreshRoom()
		return b.waitRoom()
	}
	return b.next(false)
}

// save writes the game to the store once a move has been made; a
// finished game, or one undone back to no moves, is removed so that
// Continue is only offered for a game in progress.
func (b *boardScreen) save() {
	if b.room != nil || b.c.store == nil {
		return
	}
	var err error
	if b.ended() || len(b.moves) == 0 {
		if !b.saved {
			return
		}
		err = b.c.store.Remove()
		b.saved = false
	} else {
		b.saved = true
		sv := SavedGame{Variant: b.v.Name, Seats: b.seats, Start: b.startPos}
		s := b.start.Clone()
		for _, m := range b.moves {
			sv.Moves = append(sv.Moves, s.FormatMove(m))
			s.Apply(m)
		}
		err = b.c.store.Save(sv.Marshal(b.v.Roles))
	}
	b.saveErr = ""
	if err != nil {
		b.saveErr = "could not save: " + err.Error()
	}
}

// quitPrompt asks to confirm quitting a game in progress and says truly
// what becomes of it.
func (b *boardScreen) quitPrompt() string {
	const choice = "; y to quit, any other key to stay"
	switch {
	case b.room != nil:
		return "leave the room and quit? y to quit, any other key to stay"
	case b.c.store == nil:
		return "quit? this game is not saved" + choice
	case b.saveErr != "":
		return "quit? the game is not saved (" + b.saveErr + ")" + choice
	case sessionOnly(b.c.store):
		return "quit? without an SSH key the game ends with this session" + choice
	default:
		return "quit? the game is saved for Continue" + choice
	}
}

// play applies a move of the person at this client (or submits it to the
// room) and starts whatever comes next.
func (b *boardScreen) play(m game.Move) tea.Cmd {
	if b.room != nil {
		if err := b.room.Play(m); err != nil {
			b.setStatus(err.Error(), true)
			return nil
		}
		b.clearChoices()
		b.refreshRoom()
		return nil
	}
	if err := game.Play(b.st, m); err != nil {
		b.setStatus(err.Error(), true)
		return nil
	}
	b.moves = append(b.moves, m)
	b.redo = nil
	b.version++
	b.clearChoices()
	b.setStatus("", false)
	b.save()
	return b.next(b.isAI(b.moverOf(len(b.moves) - 1)))
}

// moverOf returns the role that played move i.
func (b *boardScreen) moverOf(i int) game.Role {
	s := b.start.Clone()
	for _, m := range b.moves[:i] {
		s.Apply(m)
	}
	return s.ToMove()
}

// next starts what the new position needs: the end message, a forced
// pass, or the AI (after a short delay when an AI just moved, so that
// AI-vs-AI games can be followed).
func (b *boardScreen) next(afterAI bool) tea.Cmd {
	if b.room != nil {
		return nil
	}
	if b.ended() {
		b.cancelJob()
		if b.status == "" || !b.isErr {
			b.setStatus(b.resultText(), false)
		}
		return nil
	}
	mover := b.st.ToMove()
	if !b.isAI(mover) {
		legal := b.st.Legal(nil)
		if len(legal) == 1 && legal[0] == game.Noop {
			name := b.v.RoleName(mover)
			cmd := b.play(game.Noop)
			b.setStatus(name+" has no legal move and passes", false)
			return cmd
		}
		return nil
	}
	if b.paused || b.job != nil {
		return nil
	}
	delay := b.c.opts.AIDelay
	if delay == 0 {
		delay = 600 * time.Millisecond
	}
	if afterAI && delay > 0 {
		v := b.version
		return tea.Tick(delay, func(time.Time) tea.Msg { return aiStartMsg{v} })
	}
	return b.startAI(false)
}

// startAI searches in a tea.Cmd with a cancellable context. Progress is
// passed through a one-slot channel that keeps only the latest report,
// so the search never blocks on the UI. With Options.AISlots the search
// first waits for a free slot, cancellably.
func (b *boardScreen) startAI(hint bool) tea.Cmd {
	b.cancelJob()
	ctx, cancel := context.WithCancelCause(context.Background())
	job := &aiJob{version: b.version, hint: hint, ctx: ctx, cancel: cancel,
		progress: make(chan ai.Progress, 1), done: make(chan struct{}),
		queued: make(chan struct{}), slotted: make(chan struct{})}
	b.job = job
	b.progress = ai.Progress{}
	opt := ai.Options{Seed: b.c.opts.Seed + uint64(len(b.moves)), Threads: b.c.opts.AIThreads}
	if hint {
		opt.Level, opt.Budget = ai.Medium, 1500*time.Millisecond
	} else {
		opt.Level = b.seats[b.st.ToMove()].level()
	}
	opt.Progress = func(p ai.Progress) {
		p.PV = nil
		for {
			select {
			case job.progress <- p:
				return
			default:
			}
			select {
			case <-job.progress:
			default:
			}
		}
	}
	s := b.st.Clone()
	slots := b.c.opts.AISlots
	search := func() tea.Msg {
		defer close(job.done)
		if slots != nil {
			if !slots.TryAcquire() {
				close(job.queued)
				if err := slots.Acquire(ctx); err != nil {
					if context.Cause(ctx) != errMoveNow {
						return aiDoneMsg{job: job}
					}
					// Told to move now before a slot was free: a search
					// with its context already cancelled answers at once
					// with a quick move, so it needs no slot.
					return aiDoneMsg{job: job, res: ai.Search(ctx, s, opt)}
				}
			}
			defer slots.Release()
			close(job.slotted)
		}
		return aiDoneMsg{job: job, res: ai.Search(ctx, s, opt)}
	}
	return tea.Batch(search, b.waitProgress(job), b.spin.Tick)
}

// waitProgress waits for the search's next report: progress, or a change
// of its wait for an AI slot.
func (b *boardScreen) waitProgress(job *aiJob) tea.Cmd {
	var queued, slotted <-chan struct{}
	if b.c.opts.AISlots != nil {
		if !job.sawQueued {
			queued = job.queued
		}
		if !job.sawSlot {
			slotted = job.slotted
		}
	}
	return func() tea.Msg {
		select {
		case p := <-job.progress:
			return aiProgressMsg{job: job, p: p}
		case <-slotted:
			return aiSlotMsg{job: job}
		case <-queued:
			return aiSlotMsg{job: job, queued: true}
		case <-job.done:
			return nil
		}
	}
}

// cancelJob stops the search in flight and forgets it: its result will
// be dropped.
func (b *boardScreen) cancelJob() {
	if b.job != nil {
		b.job.cancel(errStale)
		b.job = nil
	}
}

func (b *boardScreen) onAIDone(msg aiDoneMsg) tea.Cmd {
	if msg.job != b.job {
		return nil // stale: a newer search or none is wanted
	}
	b.job = nil
	if msg.job.version != b.version || b.ended() {
		return nil
	}
	if msg.job.hint {
		b.hint, b.hintVer, b.hasHint = msg.res.Move, b.version, true
		b.setStatus("hint: "+b.st.ShortMove(msg.res.Move)+"  "+b.st.FormatMove(msg.res.Move), false)
		return nil
	}
	m := msg.res.Move
	if !b.st.IsLegal(m) {
		// Never stall on a faulty engine: say so and play a legal move.
		b.setStatus(fmt.Sprintf("AI returned an illegal move (%s); playing a random one", b.st.FormatMove(m)), true)
		m = b.st.RandomMove(game.NewRand(b.c.opts.Seed + b.version))
	}
	b.st.Apply(m)
	b.moves = append(b.moves, m)
	b.redo = nil
	b.version++
	b.hasHint = false
	if !b.isErr {
		b.setStatus("", false)
	}
	b.save()
	return b.next(true)
}

// undo goes back one action; against the AI it goes back to the last
// position where a person was to move.
func (b *boardScreen) undo() {
	if b.resigned != game.NoRole {
		// The resignation is the last thing done: take it back alone.
		b.resigned = game.NoRole
		b.save()
		b.setStatus("resignation taken back", false)
		return
	}
	if len(b.moves) == 0 {
		b.setStatus("nothing to undo", true)
		return
	}
	b.cancelJob()
	b.resigned = game.NoRole
	pop := func() {
		b.redo = append(b.redo, b.moves[len(b.moves)-1])
		b.moves = b.moves[:len(b.moves)-1]
	}
	pop()
	b.rebuild()
	if !b.allAI() {
		for len(b.moves) > 0 && (b.isAI(b.st.ToMove()) || b.forcedPass()) {
			pop()
			b.rebuild()
		}
	} else {
		b.paused = true
	}
	b.save()
	b.setStatus(fmt.Sprintf("undone: back to move %d", len(b.moves)), false)
}

func (b *boardScreen) forcedPass() bool {
	legal := b.st.Legal(nil)
	return len(legal) == 1 && legal[0] == game.Noop
}

// redo replays undone actions up to the next position where a person is
// to move.
func (b *boardScreen) redoMove() tea.Cmd {
	if len(b.redo) == 0 {
		b.setStatus("nothing to redo", true)
		return nil
	}
	b.cancelJob()
	step := func() bool {
		m := b.redo[len(b.redo)-1]
		if !b.st.IsLegal(m) {
			b.redo = nil
			return false
		}
		b.redo = b.redo[:len(b.redo)-1]
		b.st.Apply(m)
		b.moves = append(b.moves, m)
		return true
	}
	if step() {
		for len(b.redo) > 0 && !b.st.Terminal() && (b.isAI(b.st.ToMove()) || b.forcedPass()) && !b.allAI() {
			if !step() {
				break
			}
		}
	}
	b.version++
	b.clearChoices()
	b.save()
	b.setStatus(fmt.Sprintf("redone: move %d", len(b.moves)), false)
	if len(b.redo) == 0 {
		return b.next(false)
	}
	return nil
}

// resignable returns the roles a person at this client may resign for.
func (b *boardScreen) resignable() []game.Role {
	var out []game.Role
	for i := range b.v.Roles {
		if b.mine(game.Role(i)) {
			out = append(out, game.Role(i))
		}
	}
	return out
}

// resignQuestion asks to confirm a resignation. With several people at
// the keyboard it asks who resigns, the role to move (if a person's)
// being the default.
func (b *boardScreen) resignQuestion() string {
	def := b.v.RoleName(b.humanRole())
	roles := b.resignable()
	if len(roles) < 2 {
		return "resign as " + def + "? y to resign, any other key to play on"
	}
	var who []string
	for i, r := range roles {
		who = append(who, fmt.Sprintf("%d %s", i+1, b.v.RoleName(r)))
	}
	return "who resigns? " + strings.Join(who, ", ") + " (y: " + def + "; other keys play on)"
}

// resign ends the game: role r loses and every other role shares the win.
func (b *boardScreen) resign(r game.Role) {
	if r == game.NoRole {
		return
	}
	b.resigned = r
	b.cancelJob()
	b.save()
	b.setStatus(b.resultText(), false)
}

// winnersAfterResign names the roles that share the win after a
// resignation.
func (b *boardScreen) winnersAfterResign() []string {
	var out []string
	for i, r := range b.v.Roles {
		if game.Role(i) != b.resigned {
			out = append(out, r)
		}
	}
	return out
}

// joinNames writes "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// resultText describes the end of the game.
func (b *boardScreen) resultText() string {
	if b.resigned != game.NoRole {
		w := b.winnersAfterResign()
		if len(w) == 1 {
			return b.v.RoleName(b.resigned) + " resigned: " + w[0] + " wins"
		}
		return b.v.RoleName(b.resigned) + " resigned: " + joinNames(w) + " share the win"
	}
	return game.ResultText(b.st)
}

// humanRole is the role a person at this client resigns for.
func (b *boardScreen) humanRole() game.Role {
	if b.mine(b.st.ToMove()) {
		return b.st.ToMove()
	}
	for i := range b.v.Roles {
		if b.mine(game.Role(i)) {
			return game.Role(i)
		}
	}
	return game.NoRole
}

// Board keys.
var (
	keyAct     = bind([]string{"enter", " "}, "enter/space", "act")
	keyCancel  = bind([]string{"esc"}, "esc", "cancel")
	keyMoveNow = bind([]string{" ", "esc"}, "space/esc", "move now")
	keyType    = bind([]string{":"}, ":", "type a move")
	keyUndo    = bind([]string{"u"}, "u", "undo")
	keyRedo    = bind([]string{"U", "ctrl+r"}, "U/ctrl+r", "redo")
	keyHint    = bind([]string{"H"}, "H", "hint")
	keyResign  = bind([]string{"r"}, "r", "resign")
	keyNew     = bind([]string{"n"}, "n", "new game")
	// Not enter: a player still pressing enter as the game ends would
	// throw the finished board away.
	keyRematch = bind([]string{"R"}, "R", "rematch")
	keyMenu    = bind([]string{"m"}, "m", "menu")
	keyPause   = bind([]string{"p"}, "p", "pause AI")
	keyRules   = bind([]string{"i"}, "i", "rules")
	keyScroll  = bind([]string{"pgup", "pgdown"}, "pgup/pgdn", "scroll moves")
	keyMoveCur = bind([]string{"up", "down", "left", "right", "h", "j", "k", "l", "w", "a", "s", "d"}, "←↓↑→ hjkl wasd", "move")
)

// keys returns the bindings that apply now; help shows exactly these.
func (b *boardScreen) keys() keyHelp {
	local := b.room == nil
	var play []key.Binding
	ended := b.ended()
	thinking := b.job != nil && !b.job.hint
	if thinking {
		play = append(play, keyMoveNow)
	}
	if !ended && b.mine(b.st.ToMove()) {
		play = append(play, keyAct)
		play = append(play, b.vu.playKeys(b.st, b.sel)...)
		play = append(play, keyType)
	}
	var game []key.Binding
	if ended {
		if local {
			game = append(game, keyRematch, keyNew)
		}
		game = append(game, keyMenu)
		if local {
			game = append(game, keyUndo)
		}
	} else if local {
		game = append(game, keyUndo, keyRedo, keyHint, keyResign, keyNew)
		if b.hasAISeat() {
			game = append(game, keyPause)
		}
		game = append(game, keyMenu)
	} else {
		game = append(game, keyMenu)
	}
	other := []key.Binding{keyMoveCur, keyScroll, keyTheme, keyMouse, keyRules, keyQuit, keyHelpAll}
	nGame := 2
	if ended {
		nGame = 3
	}
	short := append(append([]key.Binding{}, play...), game[:min(nGame, len(game))]...)
	short = append(short, keyHelpAll, keyQuit)
	return keyHelp{short: short, full: [][]key.Binding{play, game, other}}
}

func (b *boardScreen) hasAISeat() bool {
	for i := range b.seats {
		if b.isAI(game.Role(i)) {
			return true
		}
	}
	return false
}

func (b *boardScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return b, nil
	case NoticeMsg:
		b.setStatus(string(msg), false)
		return b, nil
	case aiDoneMsg:
		return b, b.onAIDone(msg)
	case aiProgressMsg:
		if msg.job == b.job {
			b.progress = msg.p
			return b, b.waitProgress(msg.job)
		}
		return b, nil
	case aiSlotMsg:
		if msg.job == b.job {
			if msg.queued {
				msg.job.sawQueued = true
			} else {
				msg.job.sawSlot = true
			}
			return b, b.waitProgress(msg.job)
		}
		return b, nil
	case aiStartMsg:
		if msg.version == b.version && b.job == nil && !b.paused && !b.ended() && b.isAI(b.st.ToMove()) {
			return b, b.startAI(false)
		}
		return b, nil
	case spinner.TickMsg:
		if b.job == nil && !(b.room != nil && b.roomView.Thinking) {
			return b, nil
		}
		var cmd tea.Cmd
		b.spin, cmd = b.spin.Update(msg)
		return b, cmd
	case roomUpdateMsg:
		b.refreshRoom()
		if msg.gen == b.waitGen {
			return b, tea.Batch(b.waitRoom(), b.spinIfThinking())
		}
		return b, nil
	case tea.MouseMsg:
		return b.mouse(msg)
	case tea.KeyMsg:
		return b.keyPress(msg)
	}
	return b, nil
}

func (b *boardScreen) typing() bool { return b.prompt }

func (b *boardScreen) spinIfThinking() tea.Cmd {
	if b.roomView.Thinking {
		return b.spin.Tick
	}
	return nil
}

// leave stops the AI and leaves a room before the board is left.
func (b *boardScreen) leave() {
	b.cancelJob()
	if b.room != nil {
		b.room.Leave()
	} else {
		b.save()
	}
}

func (b *boardScreen) keyPress(msg tea.KeyMsg) (screen, tea.Cmd) {
	k := msg.String()
	if b.prompt {
		switch k {
		case "esc":
			b.prompt = false
			b.input.Blur()
			return b, nil
		case "enter":
			text := b.input.Value()
			b.prompt = false
			b.input.Blur()
			b.input.SetValue("")
			if b.ended() || !b.mine(b.st.ToMove()) {
				b.setStatus("it is not your turn", true)
				return b, nil
			}
			m, err := b.st.ParseMove(text)
			if err != nil {
				b.setStatus(err.Error(), true)
				return b, nil
			}
			return b, b.play(m)
		case "ctrl+c":
		default:
			var cmd tea.Cmd
			b.input, cmd = b.input.Update(msg)
			return b, cmd
		}
	}
	if b.confirm != "" {
		what := b.confirm
		b.confirm = ""
		if what == "resign" && len(k) == 1 && k[0] >= '1' && int(k[0]-'1') < len(b.resignable()) {
			b.resign(b.resignable()[k[0]-'1'])
			return b, nil
		}
		if k == "y" || k == "Y" || k == "enter" || (what == "quit" && (k == "q" || k == "ctrl+c")) || (what == "resign" && k == "r") {
			switch what {
			case "quit":
				b.leave()
				return b, tea.Quit
			case "resign":
				b.resign(b.humanRole())
			}
			return b, nil
		}
		b.setStatus("", false)
		return b, nil
	}
	thinking := b.job != nil && !b.job.hint
	if thinking && (k == " " || k == "esc") {
		b.job.cancel(errMoveNow) // the search returns its best move so far
		b.setStatus("moving now…", false)
		return b, nil
	}
	switch {
	case k == "q" || k == "ctrl+c":
		if b.ended() || len(b.moves) == 0 && b.room == nil {
			b.leave()
			return b, tea.Quit
		}
		b.confirm = "quit"
		b.setStatus(b.quitPrompt(), false)
		return b, nil
	case k == "?":
		b.help.ShowAll = !b.help.ShowAll
		return b, nil
	case key.Matches(msg, keyTheme):
		b.c.nextTheme()
		b.help = b.c.newHelp()
		b.spin.Style = b.c.st.Accent
		b.input = newInput(b.c, ": ", 40)
		b.setStatus("theme: "+b.c.theme.Name, false)
		return b, nil
	case key.Matches(msg, keyRules):
		b.cancelJob()
		return newRules(b.c, b.v, b), nil
	case key.Matches(msg, keyMenu):
		b.leave()
		return newMenu(b.c, ""), nil
	case k == "pgup":
		b.scrollMoves(b.layout().listH)
		return b, nil
	case k == "pgdown":
		b.scrollMoves(-b.layout().listH)
		return b, nil
	case key.Matches(msg, keyUp), key.Matches(msg, keyDown), key.Matches(msg, keyLeft), key.Matches(msg, keyRight):
		b.moveCursor(msg)
		return b, nil
	}
	if b.ended() {
		switch {
		case b.room != nil:
		case key.Matches(msg, keyRematch):
			return b.endAction(endRematch)
		case key.Matches(msg, keyNew):
			return b.endAction(endNewGame)
		case key.Matches(msg, keyUndo):
			b.undo()
			return b, b.next(false)
		}
		if k == "enter" || k == " " || len(k) == 1 {
			keys := " — R rematch, n new game, m menu"
			if b.room != nil {
				keys = " — m menu"
			}
			b.setStatus(b.resultText()+keys, false)
		}
		return b, nil
	}
	if b.room == nil {
		switch {
		case key.Matches(msg, keyUndo):
			b.undo()
			return b, b.next(false)
		case key.Matches(msg, keyRedo):
			return b, b.redoMove()
		case key.Matches(msg, keyNew):
			b.leave()
			return newSetupFrom(b.c, b.v, b.seats), nil
		case key.Matches(msg, keyResign):
			if b.humanRole() == game.NoRole {
				b.setStatus("only a person can resign", true)
				return b, nil
			}
			b.confirm = "resign"
			b.setStatus(b.resignQuestion(), false)
			return b, nil
		case key.Matches(msg, keyPause):
			if !b.hasAISeat() {
				return b, nil
			}
			b.paused = !b.paused
			if b.paused {
				b.cancelJob()
				b.setStatus("AI paused: p resumes", false)
				return b, nil
			}
			b.setStatus("AI resumed", false)
			return b, b.next(false)
		case key.Matches(msg, keyHint):
			if !b.mine(b.st.ToMove()) {
				b.setStatus("hints are for your own turn", true)
				return b, nil
			}
			if b.job != nil {
				return b, nil
			}
			b.setStatus("looking for a hint…", false)
			return b, b.startAI(true)
		}
	}
	if !b.mine(b.st.ToMove()) {
		if key.Matches(msg, keyAct) || k == ":" || len(k) == 1 {
			who := b.v.RoleName(b.st.ToMove())
			if b.isAI(b.st.ToMove()) {
				b.setStatus("the AI is playing "+who+"; space or esc makes it move now", true)
			} else {
				b.setStatus("it is "+who+"'s turn", true)
			}
		}
		return b, nil
	}
	switch {
	case k == ":":
		b.prompt = true
		b.input.SetValue("")
		b.input.Focus()
		return b, nil
	case k == "esc":
		b.sel = nil
		b.vu.clearChoice()
		b.setStatus("", false)
		return b, nil
	case key.Matches(msg, keyAct):
		return b, b.apply(b.vu.act(b.st, b.cur, b.sel))
	}
	if r, ok := b.vu.key(b.st, msg, b.cur, b.sel); ok {
		return b, b.apply(r)
	}
	if len([]rune(k)) == 1 {
		b.setStatus(fmt.Sprintf("%q does nothing here: ? shows the keys", k), true)
	}
	return b, nil
}

// endAction carries out an end-of-game choice (a key or a button).
func (b *boardScreen) endAction(a endAction) (screen, tea.Cmd) {
	switch {
	case a == endMenu:
		b.leave()
		return newMenu(b.c, ""), nil
	case b.room != nil:
		return b, nil
	case a == endRematch:
		nb, err := newBoard(b.c, b.v, b.startPos, b.seats)
		if err != nil {
			b.setStatus(err.Error(), true)
			return b, nil
		}
		return nb, nil
	}
	return newSetupFrom(b.c, b.v, b.seats), nil
}

// apply carries out what the variant adapter asked for.
func (b *boardScreen) apply(r actResult) tea.Cmd {
	if r.setSel {
		b.sel = r.sel
	}
	if r.msg != "" || r.isError {
		b.setStatus(r.msg, r.isError)
	}
	if r.play {
		return b.play(r.move)
	}
	return nil
}

func (b *boardScreen) moveCursor(msg tea.KeyMsg) {
	rows, cols := b.vu.dims()
	switch {
	case key.Matches(msg, keyUp):
		b.cur.r = (b.cur.r - 1 + rows) % rows
	case key.Matches(msg, keyDown):
		b.cur.r = (b.cur.r + 1) % rows
	case key.Matches(msg, keyLeft):
		b.cur.c = (b.cur.c - 1 + cols) % cols
	case key.Matches(msg, keyRight):
		b.cur.c = (b.cur.c + 1) % cols
	}
}

// mouse maps a click through the same layout View draws.
func (b *boardScreen) mouse(msg tea.MouseMsg) (screen, tea.Cmd) {
	l := b.layout()
	if !l.ok {
		return b, nil
	}
	if msg.Button == tea.MouseButtonWheelUp || msg.Button == tea.MouseButtonWheelDown {
		if l.inMoveList(msg.X, msg.Y) {
			if msg.Button == tea.MouseButtonWheelUp {
				b.scrollMoves(1)
			} else {
				b.scrollMoves(-1)
			}
		}
		return b, nil
	}
	right := msg.Button == tea.MouseButtonRight
	if msg.Action != tea.MouseActionPress || (msg.Button != tea.MouseButtonLeft && !right) {
		return b, nil
	}
	if b.confirm != "" || b.prompt {
		return b, nil
	}
	if bt, ok := l.buttonAt(msg.X, msg.Y); ok && !right {
		return b.endAction(bt.action)
	}
	if q, cw, ok := l.handleAt(msg.X, msg.Y); ok {
		if b.ended() || !b.mine(b.st.ToMove()) {
			return b, nil
		}
		return b, b.apply(b.vu.rotate(b.st, q, cw))
	}
	p, ok := l.cellAt(msg.X, msg.Y)
	if !ok {
		return b, nil
	}
	b.cur = p
	if b.ended() || !b.mine(b.st.ToMove()) {
		return b, nil
	}
	if right {
		// The right button is the alternate action: Quad's blocker.
		if r, ok := b.vu.alt(b.st, p, b.sel); ok {
			return b, b.apply(r)
		}
		return b, nil
	}
	return b, b.apply(b.vu.act(b.st, p, b.sel))
}

// scrollMoves scrolls the move list up by n lines (down when negative),
// clamped to the list.
func (b *boardScreen) scrollMoves(n int) {
	l := b.layout()
	most := max(len(b.moveTexts())-l.listH, 0)
	b.moveScroll = min(max(b.moveScroll+n, 0), most)
}
