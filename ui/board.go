package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/savefmt"
)

// boardScreen plays one match, local or in a room (see match): it draws
// the game through the variant's adapter and turns keys and clicks into
// moves and actions of the match.
type boardScreen struct {
	c  *common
	v  *game.Variant
	vu variantUI
	// ax are vu's optional interfaces, asked once (see adapterCapsOf).
	ax adapterCaps
	m  match
	// caps are m's optional interfaces, asked once (see capsOf).
	caps matchCaps
	// seen is the match version the selection was made in: when the
	// position changes, the selection and the adapter's choice go.
	seen uint64

	cur    pos
	sel    *pos
	status string
	isErr  bool
	// untilMove marks the status as a refusal about whose turn it is
	// ("the AI is playing o…"): the next move makes it untrue, so the
	// position's change clears it (see sync).
	untilMove bool

	spin    spinner.Model
	confirm string // "quit", "resign" or "replace" while asking
	// resignAs is the role chosen in the resign question, NoRole until
	// a digit or an arrow chose one.
	resignAs game.Role
	// question is the open question when it must outlast other status
	// messages (the AI moving while the player reads it).
	question string
	prompt   bool
	input    textinput.Model
	// premove is a move typed while another role was to move: it is
	// played when this client's turn comes, if it is legal then.
	premove string
	// recallAt is the entry of the prompt history ↑ and ↓ reached.
	recallAt int
	movesVP  viewport.Model
	// moveScroll is how many lines the move list is scrolled up from
	// its end (0 follows the game).
	moveScroll int
	help       help.Model
	// The parts of the frame last drawn, each kept with the key of what
	// it was drawn from (see lastDrawn): the side panel (panelView) and
	// its border (boxPanel), the visible move list (moveListView) and its
	// text (moveListText), the column labels (colLabelLine) and the board
	// block (boardLines). The key bar is kept for all sessions
	// (boardHelps).
	listMemo  lastDrawn[string, string]
	panelMemo lastDrawn[panelKey, string]
	border    lastDrawn[borderKey, panelBorder]
	movesMemo lastDrawn[movesKey, string]
	labelMemo lastDrawn[labelsKey, string]
	boardMemo lastDrawn[string, []string]
	// bodyMemo is the board and the panel side by side, fitted to the
	// window: kept while both are the ones kept above.
	bodyMemo lastDrawn[bodyKey, []string]
	// histMemo is the move list as played, by match version.
	histMemo lastDrawn[uint64, []playedMove]
	// frame keeps what drawing one frame asks for several times.
	frame frameMemo
	// rv is review mode: a past position shown instead of the live one.
	rv review
	// an is the analysis panel (analysis_board.go), off until e.
	an liveAnalysis
}

func newBoard(c *common, v *game.Variant, position string, seats []savefmt.SeatConfig) (*boardScreen, error) {
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
	startPos := ""
	if strings.TrimSpace(position) != "" {
		startPos = start.String()
	}
	b.setMatch(b.newLocal(start, startPos, seats).asMatch())
	b.centreCursor()
	// Nothing is saved before the first move: an empty game is not worth
	// offering under Continue, and must not replace the game saved there.
	return b, nil
}

// boardFromSlot resumes the game saved in the store under slot ("" for
// a plain savefmt.SaveStore's one save): the save is this game's own.
func boardFromSlot(c *common, sv savefmt.SavedGame, slot string) (*boardScreen, error) {
	return resumeBoard(c, sv, &slot)
}

// boardFromSave resumes a saved game exactly, as a new game of its own
// (a file given with --load): its first save takes a slot of its own,
// or asks before it replaces the store's one save.
func boardFromSave(c *common, sv savefmt.SavedGame) (*boardScreen, error) {
	return resumeBoard(c, sv, nil)
}

// resumeBoard resumes sv; slot, when not nil, is where the store keeps
// it: the save is the game's own.
func resumeBoard(c *common, sv savefmt.SavedGame, slot *string) (*boardScreen, error) {
	v, err := game.Lookup(sv.Variant)
	if err != nil {
		return nil, err
	}
	start, moves, err := sv.Replay()
	if err != nil {
		return nil, err
	}
	b, err := newBoardShell(c, v)
	if err != nil {
		return nil, err
	}
	l := b.newLocal(start, sv.Start, sv.Seats)
	if slot != nil {
		l.keeper.saved, l.keeper.slot = true, *slot
		l.kept.saved, l.kept.slot = true, *slot
	}
	l.moves = moves
	if sv.Resigned != "" {
		l.loser = v.RoleIndex(sv.Resigned)
	}
	l.rebuild()
	b.setMatch(l.asMatch())
	b.centreCursor()
	if l.ended() {
		// A game record: kept already, and opened at its end for review.
		l.keeper.handedOver = true
		b.showReview(len(b.history()))
		return b, nil
	}
	b.status = "resumed after " + count(len(b.history()), "move")
	return b, nil
}

func newBoardShell(c *common, v *game.Variant) (*boardScreen, error) {
	vu := newVariantUI(v)
	if vu == nil {
		return nil, fmt.Errorf("%s cannot be shown: this client has no board for it", v.Name)
	}
	b := &boardScreen{c: c, v: v, vu: vu, ax: adapterCapsOf(vu)}
	b.spin = spinner.New()
	b.spin.Spinner = spinner.MiniDot
	if c.ascii {
		b.spin.Spinner = spinner.Line
	}
	b.spin.Style = c.st.Accent
	b.input = newInput(c, ": ", promptLimit)
	b.input.Placeholder = "move, e.g. r3c4 or (mark r3 c4)"
	// The terminal's own cursor stands where the move is typed (see
	// cursor): it blinks as the player set it up and screen readers
	// follow it.
	b.input.SetVirtualCursor(false)
	b.movesVP = viewport.New(viewport.WithWidth(20), viewport.WithHeight(5))
	b.movesVP.KeyMap = viewport.KeyMap{} // the board owns the keys
	b.help = c.newHelp()
	return b, nil
}

// newLocal returns a local match that reports to this board.
func (b *boardScreen) newLocal(start game.State, startPos string, seats []savefmt.SeatConfig) *localMatch {
	l := newLocalMatch(b.c, b.v, start, startPos, seats)
	l.status, l.spinTick = b, b.spinTick
	return l
}

// setMatch gives the board its match, whose optional interfaces are
// asked here once.
func (b *boardScreen) setMatch(m match) {
	b.m, b.caps = m, capsOf(m)
	b.seen = m.version()
	b.histMemo = lastDrawn[uint64, []playedMove]{}
}

// history is every turn played, oldest first, as the move list shows it.
func (b *boardScreen) history() []playedMove {
	return b.histMemo.get(b.m.version(), func() []playedMove {
		start, moves := b.m.replay()
		return historyOf(start, moves)
	})
}

// spinTick starts the spinner from its current state.
func (b *boardScreen) spinTick() tea.Cmd { return b.spin.Tick }

func (b *boardScreen) centreCursor() {
	rows, cols := b.vu.dims()
	b.cur = pos{rows / 2, cols / 2}
}

// game is the position shown: the live one, or the one reviewed.
func (b *boardScreen) game() game.State {
	if b.rv.on {
		return b.rv.st
	}
	return b.m.position()
}

// sync forgets the selection and the adapter's pending choice when the
// position changed.
func (b *boardScreen) sync() {
	if v := b.m.version(); v != b.seen {
		b.seen = v
		b.clearChoices()
		if b.untilMove {
			b.status, b.isErr, b.untilMove = "", false, false
		}
	}
}

// clearChoices forgets the selection and the adapter's pending choice.
func (b *boardScreen) clearChoices() {
	b.sel = nil
	b.ax.clearChoice()
}

func (b *boardScreen) ended() bool           { return b.m.ended() }
func (b *boardScreen) mine(r game.Role) bool { return b.m.seat(r).mine }
func (b *boardScreen) isAI(r game.Role) bool { return b.m.seat(r).ai }
func (b *boardScreen) setStatus(s string, isErr bool) {
	b.status, b.isErr, b.untilMove = s, isErr, false
}

// setTurnStatus shows a refusal that holds until the next move: a key
// pressed while another player is to move.
func (b *boardScreen) setTurnStatus(s string)        { b.status, b.isErr, b.untilMove = s, true, true }
func (b *boardScreen) currentStatus() (string, bool) { return b.status, b.isErr }

// init resumes the match: the AI if it is to move, room updates.
func (b *boardScreen) init() tea.Cmd {
	cmd := b.m.start()
	b.sync()
	if b.reviewing() {
		// An evaluation that finished while another screen was shown
		// went to that screen: ask again.
		b.stopEvals()
		cmd = tea.Batch(cmd, b.requestEvals())
	}
	return tea.Batch(cmd, b.followAnalysis())
}

// play submits a move of the person at this client.
func (b *boardScreen) play(m game.Move) tea.Cmd {
	cmd, err := b.m.play(m)
	if err != nil {
		b.setStatus(err.Error(), true)
		return nil
	}
	b.clearChoices()
	b.sync()
	b.premove = "" // the player moved: a move typed ahead is not wanted
	return cmd
}

// leave stops the AI and saves the game or leaves the room before the
// board is left; the command reports when the save is written.
func (b *boardScreen) leave() tea.Cmd {
	b.an.stop()
	b.suspend()
	return b.m.leave()
}

// quit leaves the board and then the client, once what leaving writes
// is written.
func (b *boardScreen) quit() tea.Cmd {
	return tea.Sequence(b.leave(), tea.Quit)
}

// hintMove is the match's hint for the live position, if it has one.
func (b *boardScreen) hintMove() (game.Move, bool) {
	if b.caps.hint == nil {
		return game.Noop, false
	}
	return b.caps.hint.hintMove()
}

// resigned is the role that resigned, NoRole when none did.
func (b *boardScreen) resigned() game.Role {
	if b.caps.resign == nil {
		return game.NoRole
	}
	return b.caps.resign.resigned()
}

// warning is the match's lasting problem (a save that failed), or "".
func (b *boardScreen) warning() string {
	if b.caps.keep == nil {
		return ""
	}
	return b.caps.keep.warning()
}

// updateBehind takes a message that came while another screen was shown
// in front of the board: the match keeps what it must.
func (b *boardScreen) updateBehind(msg tea.Msg) tea.Cmd {
	if b.caps.suspend == nil {
		return nil
	}
	return b.caps.suspend.updateSuspended(msg)
}

// suspend stops the match's own work while another screen is shown.
func (b *boardScreen) suspend() {
	if b.caps.suspend != nil {
		b.caps.suspend.suspend()
	}
}

func (b *boardScreen) typing() bool { return b.prompt }

// resignable returns the roles a person at this client may resign for.
func (b *boardScreen) resignable() []game.Role {
	var out []game.Role
	for i := range b.v.Roles {
		if b.mine(game.Role(i)) && !game.IsRetired(b.game(), game.Role(i)) {
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

// resigner is the role y resigns for: the one chosen, else humanRole.
func (b *boardScreen) resigner() game.Role {
	if b.resignAs != game.NoRole && b.mine(b.resignAs) {
		return b.resignAs
	}
	return b.humanRole()
}

// humanRole is the role a person at this client resigns for.
func (b *boardScreen) humanRole() game.Role {
	if b.mine(b.game().ToMove()) {
		return b.game().ToMove()
	}
	if roles := b.resignable(); len(roles) > 0 {
		return roles[0]
	}
	return game.NoRole
}

// update handles a message, then asks whatever the match needs asked.
func (b *boardScreen) update(msg tea.Msg) (screen, tea.Cmd) {
	s, cmd := b.handle(msg)
	if s != screen(b) {
		b.an.stop() // another screen: init starts it again on return
		return s, cmd
	}
	b.askReplace()
	return s, tea.Batch(cmd, b.followAnalysis())
}

// askReplace opens the question before a save replaces another game.
func (b *boardScreen) askReplace() {
	if b.caps.keep == nil || b.confirm != "" {
		return
	}
	if q := b.caps.keep.replaceQuestion(); q != "" {
		b.confirm, b.question = "replace", q
	}
}

func (b *boardScreen) handle(msg tea.Msg) (screen, tea.Cmd) {
	if cmd, ok := b.m.update(msg); ok {
		b.sync()
		return b, tea.Batch(cmd, b.playPremove())
	}
	switch msg := msg.(type) {
	case evalMsg:
		return b, b.gotEvals(msg)
	case analysisMsg:
		return b, b.gotAnalysis(msg)
	case NoticeMsg:
		b.setStatus(string(msg), false)
		return b, nil
	case savedAsMsg:
		b.setStatus(msg.text, msg.isErr)
		return b, nil
	case spinner.TickMsg:
		if a := b.m.ai(); !a.searching && !a.remote {
			return b, nil
		}
		var cmd tea.Cmd
		b.spin, cmd = b.spin.Update(msg)
		return b, cmd
	case tea.MouseMsg:
		s, cmd := b.mouse(msg)
		b.sync()
		return s, cmd
	case tea.KeyPressMsg:
		s, cmd := b.keyPress(msg)
		b.sync()
		return s, cmd
	case tea.PasteMsg:
		// Only the prompt takes text; a paste anywhere else is not
		// a string of key presses.
		if b.prompt {
			var cmd tea.Cmd
			b.input, cmd = b.input.Update(msg)
			return b, cmd
		}
	}
	return b, nil
}

// seatList names who plays each role: "x ana, o AI hard".
func (b *boardScreen) seatList() string {
	parts := make([]string, len(b.v.Roles))
	for i, role := range b.v.Roles {
		parts[i] = role + " " + b.m.seat(game.Role(i)).name
	}
	return strings.Join(parts, ", ")
}

// endAction carries out an end-of-game choice (a key or a button).
func (b *boardScreen) endAction(a endAction) (screen, tea.Cmd) {
	switch {
	case a == endMenu:
		return newMenu(b.c, ""), b.leave()
	case b.caps.rematch == nil:
		return b, nil
	case a == endRematch:
		startPos, seats := b.caps.rematch.setup()
		// Sides change: each seat plays the next role, so the first move
		// (a proven win in Quad 5×5) goes round.
		swapped := append(append([]savefmt.SeatConfig{}, seats[1:]...), seats[0])
		nb, err := newBoard(b.c, b.v, startPos, swapped)
		if err != nil {
			b.setStatus(err.Error(), true)
			return b, nil
		}
		nb.setStatus("rematch with sides changed: "+nb.seatList(), false)
		return nb, nil
	}
	_, seats := b.caps.rematch.setup()
	return newSetupFrom(b.c, b.v, seats), nil
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

// mouse maps a click through the same layout View draws.
func (b *boardScreen) mouse(mm tea.MouseMsg) (screen, tea.Cmd) {
	l := b.layout()
	if !l.ok {
		return b, nil
	}
	msg := mm.Mouse()
	switch mm.(type) {
	case tea.MouseWheelMsg:
		if l.inMoveList(msg.X, msg.Y) && (msg.Button == tea.MouseWheelUp || msg.Button == tea.MouseWheelDown) {
			if msg.Button == tea.MouseWheelUp {
				b.scrollMoves(1)
			} else {
				b.scrollMoves(-1)
			}
		}
		return b, nil
	case tea.MouseClickMsg:
	default:
		return b, nil
	}
	right := msg.Button == tea.MouseRight
	if msg.Button != tea.MouseLeft && !right {
		return b, nil
	}
	if b.confirm != "" || b.prompt || b.handingOver() != game.NoRole {
		return b, nil
	}
	if l.inMoveList(msg.X, msg.Y) && !right && !b.an.on {
		return b, b.clickMove(l, msg.Y)
	}
	if b.reviewing() {
		return b, nil // the reviewed position is not played on
	}
	if bt, ok := l.buttonAt(msg.X, msg.Y); ok && !right {
		return b.endAction(bt.action)
	}
	if id, ok := l.regionClickAt(b.regions(b.recent()), msg.X, msg.Y); ok {
		if b.ended() || !b.mine(b.game().ToMove()) {
			return b, nil
		}
		return b, b.apply(b.ax.overlay.clickRegion(b.game(), id))
	}
	p, ok := l.cellAt(msg.X, msg.Y)
	if !ok {
		return b, nil
	}
	b.cur = p
	if b.ended() || !b.mine(b.game().ToMove()) {
		return b, nil
	}
	if right {
		// The right button is the alternate action: Quad's blocker.
		if r, ok := b.ax.altOf(b.game(), p, b.sel); ok {
			return b, b.apply(r)
		}
		return b, nil
	}
	return b, b.apply(b.vu.act(b.game(), p, b.sel))
}

// scrollMoves scrolls the move list up by n lines (down when negative),
// clamped to the list.
func (b *boardScreen) scrollMoves(n int) {
	l := b.layout()
	most := max(len(b.history())-l.listH, 0)
	b.moveScroll = min(max(b.moveScroll+n, 0), most)
}
