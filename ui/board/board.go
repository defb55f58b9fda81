package board

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop/tabletop/ui/adapters"
	"github.com/tabletop/tabletop/ui/board/analysis"
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/match"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/roomapi"
	"github.com/tabletop/tabletop/savefmt"
)

// resignChoice is the resign question: who may resign here, and which
// role the question is about.
type resignChoice struct{ b *BoardScreen }

// resign is the board's resignChoice.
func (b *BoardScreen) resign() resignChoice { return resignChoice{b} }

// mouseInput is how the board takes the mouse: clicks on cells, regions,
// buttons and the move list, and the wheel.
type mouseInput struct{ b *BoardScreen }

// clicks is the board's mouseInput.
func (b *BoardScreen) clicks() mouseInput { return mouseInput{b} }

// BoardScreen plays one match, local or in a room (see match): it draws
// the game through the variant's adapter and turns keys and clicks into
// moves and actions of the match.
//
// Its parts (keyInput, mouseInput, promptLine, resignChoice,
// handOverScreen, reviewNav, analysisControls, roomControls,
// recordCopies, and the drawing's keyBar, sidePanel and boardGrid) are
// small types that hold the board and own its methods by concern; the
// state they share (the match, the status, the memos) stays here, and
// each is reached through the board (b.nav(), b.panel(), …).
type BoardScreen struct {
	// tv follows the top live game (see WatchTV); tvNext is set once the
	// next game is asked for.
	tv, tvNext bool
	// joining is the lobby's join of the room with joiningCode (a
	// rematch, or TV's next game when joiningTV), nil when none is out
	// (see joinRoom).
	joining     *common.Entering
	joiningCode string
	joiningTV   bool

	Common  *common.Common
	variant *game.Variant
	// keyLists are what Keys fills.
	keyLists keyLists
	adapter  adapters.VariantUI
	// AdapterCaps are Adapter's optional interfaces, asked once (see AdapterCapsOf).
	AdapterCaps adapters.AdapterCaps
	Match       match.Match
	// caps are Match's optional interfaces, asked once (see CapsOf).
	caps match.MatchCaps
	// seen is the match version the selection was made in: when the
	// position changes, the selection and the adapter's choice go.
	seen uint64

	cursorCell adapters.Pos
	Selected   *adapters.Pos
	Status     string
	IsErr      bool
	// untilMove marks the status as a refusal about whose turn it is
	// ("the AI is playing o…"): the next move makes it untrue, so the
	// position's change clears it (see sync).
	untilMove bool

	spin    spinner.Model
	Confirm string // "quit", "resign" or "replace" while asking
	// resignAs is the role chosen in the resign question, NoRole until
	// a digit or an arrow chose one.
	resignAs game.Role
	// question is the open question when it must outlast other status
	// messages (the AI moving while the player reads it).
	question string
	prompt   bool
	// Input is the move prompt's field; its suggestions are the legal
	// moves.
	Input common.Field
	// Premove is a move typed while another role was to move: it is
	// played when this client's turn comes, if it is legal then.
	// premoveAt is how many moves the board showed when it was typed:
	// fewer now, and the move it followed is gone (see playPremove).
	Premove   string
	premoveAt int
	// recallAt is the entry of the prompt history ↑ and ↓ reached.
	recallAt int
	movesVP  viewport.Model
	// moveScroll is how many lines the move list is scrolled up from
	// its end (0 follows the game).
	moveScroll int
	// flipped turns the view of the board half round (flip.go).
	flipped bool
	help    help.Model
	// The parts of the frame last drawn, each kept with the key of what
	// it was drawn from (see LastDrawn): the side panel (panelView) and
	// its border (boxPanel), the column labels (colLabelLine) and the board
	// block (boardLines). The key bar is kept for all sessions
	// (boardHelps).
	// listLog is the move list, grouped and drawn (moveListLog).
	listLog   moveListLog
	panelMemo common.LastDrawn[panelKey, string]
	panelIn   common.LastDrawn[panelInputs, string]
	border    common.LastDrawn[borderKey, panelBorder]
	labelMemo common.LastDrawn[labelsKey, string]
	boardMemo common.LastDrawn[string, []string]
	boardKey  []byte // the buffer of boardMemo's keys (see boardMemoKey)
	rowStarts []int  // and of where its rows start
	// bodyMemo is the board and the panel side by side, fitted to the
	// window: kept while both are the ones kept above.
	bodyMemo common.LastDrawn[bodyKey, []string]
	bodyRows common.TopRows // the body's rows, joined again only when changed
	// helpLines are the key bar's lines as the frame's (ViewLines).
	helpLines common.LastDrawn[string, []string]
	// histMemo is the move list as played, by match version; recentMemo
	// the recent moves marked on the board (recent.go); headMemo the
	// header line.
	histMemo   common.LastDrawn[uint64, []match.PlayedMove]
	histLog    historyLog
	turnLog    common.TurnLog // the turns for the recent moves (recent.go)
	recentMemo common.LastDrawn[recentKey, recentView]
	headMemo   common.LastDrawn[headerKey, string]
	// frame keeps what drawing one frame asks for several times; kept
	// the last frame's layout and body while only the prompt changes.
	frame frameMemo
	kept  keptParts
	// Review is review mode: a past position shown instead of the live one.
	Review review
	// Analysis is the analysis panel (analysis_board.go), off until e.
	Analysis analysis.Live
}

// NewBoard opens a local game of v from position ("" = the start) with
// seats.
func NewBoard(c *common.Common, v *game.Variant, position string, seats []savefmt.SeatConfig) (*BoardScreen, error) {
	start, err := game.NewState(v.Name, position)
	if err != nil {
		return nil, err
	}
	if len(seats) != len(v.Roles) {
		return nil, fmt.Errorf("%s needs %d seats, got %d", v.Name, len(v.Roles), len(seats))
	}
	b, err := NewBoardShell(c, v)
	if err != nil {
		return nil, err
	}
	startPos := ""
	if strings.TrimSpace(position) != "" {
		startPos = start.String()
	}
	b.SetMatch(b.newLocal(start, startPos, seats).AsMatch())
	b.CentreCursor()
	// Nothing is saved before the first move: an empty game is not worth
	// offering under Continue, and must not replace the game saved there.
	return b, nil
}

// SetClock gives a new local game clocks under tc (see match.Clocked);
// a room's clocks are the room's.
func (b *BoardScreen) SetClock(tc roomapi.TimeControl) {
	if cl, ok := b.Match.(match.Clocked); ok {
		cl.SetClock(tc, nil)
	}
}

// BoardFromSlot resumes the game saved in the store under slot ("" for
// a plain savefmt.SaveStore's one save): the save is this game's own.
func BoardFromSlot(c *common.Common, sv savefmt.SavedGame, slot string) (*BoardScreen, error) {
	return resumeBoard(c, sv, &slot)
}

// BoardFromSave resumes a saved game exactly, as a new game of its own
// (a file given with --load): its first save takes a slot of its own,
// or asks before it replaces the store's one save.
func BoardFromSave(c *common.Common, sv savefmt.SavedGame) (*BoardScreen, error) {
	return resumeBoard(c, sv, nil)
}

// resumeBoard resumes sv; slot, when not nil, is where the store keeps
// it: the save is the game's own.
func resumeBoard(c *common.Common, sv savefmt.SavedGame, slot *string) (*BoardScreen, error) {
	v, err := game.Lookup(sv.Variant)
	if err != nil {
		return nil, err
	}
	start, err := game.NewState(sv.Variant, sv.Start)
	if err != nil {
		return nil, err
	}
	b, err := NewBoardShell(c, v)
	if err != nil {
		return nil, err
	}
	l := b.newLocal(start, sv.Start, sv.Seats)
	if slot != nil {
		l.Keeper.Saved, l.Keeper.Slot = true, *slot
		l.Kept.Saved, l.Kept.Slot = true, *slot
	}
	if err := l.Resume(sv.Moves, sv.Resigned); err != nil {
		return nil, err
	}
	l.SetClock(sv.Clock, sv.ClockLeft)
	b.SetMatch(l.AsMatch())
	b.CentreCursor()
	if l.Ended() {
		// A game record: kept already, and opened at its end for review.
		l.Keeper.HandedOver = true
		b.ShowReview(len(b.History()))
		return b, nil
	}
	b.Status = "resumed after " + common.Count(len(b.History()), "move")
	return b, nil
}

// NewBoardShell is a board of v without a match yet: a room's board, whose
// match SetMatch gives.
func NewBoardShell(c *common.Common, v *game.Variant) (*BoardScreen, error) {
	vu := adapters.NewVariantUI(v)
	if vu == nil {
		return nil, fmt.Errorf("%s cannot be shown: this client has no board for it", v.Name)
	}
	b := &BoardScreen{Common: c, variant: v, adapter: vu, AdapterCaps: adapters.AdapterCapsOf(vu)}
	b.spin = spinner.New()
	b.spin.Spinner = spinner.MiniDot
	if c.ASCII {
		b.spin.Spinner = spinner.Line
	}
	b.spin.Style = c.Styles.Accent
	b.Input = newPrompt(c)
	b.movesVP = viewport.New(viewport.WithWidth(20), viewport.WithHeight(5))
	b.movesVP.KeyMap = viewport.KeyMap{} // the board owns the keys
	b.help = c.NewHelp()
	return b, nil
}

// newPrompt returns the move prompt's text field, styled for the
// session's theme.
func newPrompt(c *common.Common) common.Field {
	in := common.NewInput(c, ": ", promptLimit)
	in.Placeholder = "move, e.g. r3c4 or (mark r3 c4)"
	// The terminal's own cursor stands where the move is typed (see
	// cursor): it blinks as the player set it up and screen readers
	// follow it.
	in.SetVirtualCursor(false)
	return in
}

// fitPrompt makes the move field as wide as the status line leaves it:
// at width 0 the text field shows only the placeholder's first letter.
func (b *BoardScreen) fitPrompt() {
	b.Input.Fit(max(b.Common.Width-2-ansi.StringWidth(b.Input.Prompt), 1))
}

// newLocal returns a local match that reports to this board.
func (b *BoardScreen) newLocal(start game.State, startPos string, seats []savefmt.SeatConfig) *match.LocalMatch {
	l := match.NewLocalMatch(b.Common, b.variant, start, startPos, seats)
	l.Status, l.SpinTick = b, b.SpinTick
	return l
}

// SetMatch gives the board its match, whose optional interfaces are
// asked here once.
func (b *BoardScreen) SetMatch(m match.Match) {
	b.Match, b.caps = m, match.CapsOf(m)
	b.seen = m.Version()
	// A new match counts its versions afresh: what was kept by the last
	// one's goes.
	b.histMemo = common.LastDrawn[uint64, []match.PlayedMove]{}
	b.recentMemo = common.LastDrawn[recentKey, recentView]{}
	b.listLog = moveListLog{}
	b.panelIn = common.LastDrawn[panelInputs, string]{}
}

// History is every turn played, oldest first, as the move list shows it.
func (b *BoardScreen) History() []match.PlayedMove {
	return b.histMemo.Get(b.Match.Version(), func() []match.PlayedMove {
		return b.histLog.of(b.Match.Replay())
	})
}

// SpinTick starts the spinner from its current state.
func (b *BoardScreen) SpinTick() tea.Cmd { return b.spin.Tick }

// CentreCursor puts the cursor in the middle of the board.
func (b *BoardScreen) CentreCursor() {
	rows, cols := b.adapter.Dims()
	b.cursorCell = adapters.Pos{Row: rows / 2, Col: cols / 2}
}

// Game is the position shown: the live one, or the one reviewed.
func (b *BoardScreen) Game() game.State {
	if b.Review.on {
		return b.Review.st
	}
	return b.Match.Position()
}

// Sync forgets the selection and the adapter's pending choice when the
// position changed.
func (b *BoardScreen) Sync() {
	if v := b.Match.Version(); v != b.seen {
		b.seen = v
		b.clearChoices()
		if b.untilMove {
			b.Status, b.IsErr, b.untilMove = "", false, false
		}
	}
}

// clearChoices forgets the selection and the adapter's pending choice.
func (b *BoardScreen) clearChoices() {
	b.Selected = nil
	b.AdapterCaps.ClearChoice()
}

// Ended reports whether the match is over.
func (b *BoardScreen) Ended() bool { return b.Match.Ended() }

// Mine reports whether role r is played at this client.
func (b *BoardScreen) Mine(r game.Role) bool { return b.Match.Seat(r).Mine }
func (b *BoardScreen) isAI(r game.Role) bool { return b.Match.Seat(r).AI }

// SetStatus shows text in the status line, an error when isErr.
func (b *BoardScreen) SetStatus(s string, isErr bool) {
	b.Status, b.IsErr, b.untilMove = s, isErr, false
}

// SetTurnStatus shows a refusal that holds until the next move: a key
// pressed while another player is to move.
func (b *BoardScreen) SetTurnStatus(s string) { b.Status, b.IsErr, b.untilMove = s, true, true }

// CurrentStatus is the status line's text and whether it is an error.
func (b *BoardScreen) CurrentStatus() (string, bool) { return b.Status, b.IsErr }

// Init resumes the match: the AI if it is to move, room updates.
func (b *BoardScreen) Init() tea.Cmd {
	cmd := b.Match.Start()
	b.Sync()
	if b.Reviewing() {
		// An evaluation that finished while another screen was shown
		// went to that screen: ask again.
		b.nav().stopEvals()
		cmd = tea.Batch(cmd, b.nav().requestEvals())
	}
	return tea.Batch(cmd, b.analysis().followAnalysis())
}

// play submits a move of the person at this client.
func (b *BoardScreen) play(m game.Move) tea.Cmd {
	cmd, err := b.Match.Play(m)
	if errors.Is(err, match.ErrSending) {
		// The room has not taken this client's last move yet: this one
		// waits for it, as a premove (playPremove, after each answer).
		b.setPremove(common.MoveName(b.Game(), m))
		b.SetStatus("premove "+b.Premove+": sent once the room has taken your last move", false)
		return nil
	}
	if err != nil {
		b.SetStatus(err.Error(), true)
		return nil
	}
	b.clearChoices()
	b.Sync()
	b.Premove = "" // the player moved: a move typed ahead is not wanted
	return cmd
}

// Leave stops the AI and saves the game or leaves the room before the
// board is left; the command reports when the save is written.
func (b *BoardScreen) Leave() tea.Cmd {
	b.Analysis.Stop()
	b.suspend()
	return b.Match.Leave()
}

// quit leaves the board and then the client, once what leaving writes
// is written.
func (b *BoardScreen) quit() tea.Cmd {
	return tea.Sequence(b.Leave(), tea.Quit)
}

// HintMove is the match's hint for the live position, if it has one.
func (b *BoardScreen) HintMove() (game.Move, bool) {
	if b.caps.Hint == nil {
		return game.Noop, false
	}
	return b.caps.Hint.HintMove()
}

// Resigned is the role that resigned, NoRole when none did.
func (b *BoardScreen) Resigned() game.Role {
	if b.caps.Resign == nil {
		return game.NoRole
	}
	return b.caps.Resign.Resigned()
}

// warning is the match's lasting problem (a save that failed), or "".
func (b *BoardScreen) warning() string {
	if b.caps.Keep == nil {
		return ""
	}
	return b.caps.Keep.Warning()
}

// UpdateBehind takes a message that came while another screen was shown
// in front of the board: the match keeps what it must.
func (b *BoardScreen) UpdateBehind(msg tea.Msg) tea.Cmd {
	if b.caps.Suspend == nil {
		return nil
	}
	return b.caps.Suspend.UpdateSuspended(msg)
}

// suspend stops the match's own work while another screen is shown.
// A join still out is given up with it: its answer reaches the screen
// in front, which does not take it, and the root model leaves its room.
func (b *BoardScreen) suspend() {
	b.joining = nil
	if b.caps.Suspend != nil {
		b.caps.Suspend.Suspend()
	}
}

// Typing reports whether a text field has the keys (see common.Screen).
func (b *BoardScreen) Typing() bool { return b.prompt }

// resignable returns the roles a person at this client may resign for.
func (rs resignChoice) resignable() []game.Role {
	b := rs.b
	var out []game.Role
	for i := range b.variant.Roles {
		if b.Mine(game.Role(i)) && !game.IsRetired(b.Game(), game.Role(i)) {
			out = append(out, game.Role(i))
		}
	}
	return out
}

// canResign reports whether a person at this client may resign for a
// role (resignable is not empty), without listing them: the key bar asks
// on every frame.
func (rs resignChoice) canResign() bool {
	b := rs.b
	for i := range b.variant.Roles {
		if b.Mine(game.Role(i)) && !game.IsRetired(b.Game(), game.Role(i)) {
			return true
		}
	}
	return false
}

// noResign says why nobody at this client can resign: every role it
// plays has resigned already, or it plays none.
func (rs resignChoice) noResign() string {
	b := rs.b
	for i := range b.variant.Roles {
		if b.Mine(game.Role(i)) {
			return "you have resigned: the game goes on without you"
		}
	}
	return "only a person can resign"
}

// resignQuestion asks to confirm a resignation. With several people at
// the keyboard it asks who resigns, the role to move (if a person's)
// being the default.
func (rs resignChoice) resignQuestion() string {
	b := rs.b
	def := b.variant.RoleName(b.humanRole())
	roles := rs.resignable()
	if len(roles) < 2 {
		return "resign as " + def + "? y to resign, any other key to play on"
	}
	var who []string
	for i, r := range roles {
		who = append(who, fmt.Sprintf("%d %s", i+1, b.variant.RoleName(r)))
	}
	return "who resigns? " + strings.Join(who, ", ") + " (y: " + def + "; other keys play on)"
}

// resigner is the role y resigns for: the one chosen, else humanRole.
func (rs resignChoice) resigner() game.Role {
	b := rs.b
	if b.resignAs != game.NoRole && b.Mine(b.resignAs) {
		return b.resignAs
	}
	return b.humanRole()
}

// humanRole is the role a person at this client resigns for.
func (b *BoardScreen) humanRole() game.Role {
	if b.Mine(b.Game().ToMove()) {
		return b.Game().ToMove()
	}
	if roles := b.resign().resignable(); len(roles) > 0 {
		return roles[0]
	}
	return game.NoRole
}

// Update handles a message, then asks whatever the match needs asked.
func (b *BoardScreen) Update(msg tea.Msg) (common.Screen, tea.Cmd) {
	s, cmd := b.handle(msg)
	if s != common.Screen(b) {
		b.Analysis.Stop() // another screen: init starts it again on return
		return s, cmd
	}
	b.askReplace()
	return s, tea.Batch(cmd, b.analysis().followAnalysis(), b.room().tvFollow())
}

// askReplace opens the question before a save replaces another game.
func (b *BoardScreen) askReplace() {
	if b.caps.Keep == nil || b.Confirm != "" {
		return
	}
	if q := b.caps.Keep.ReplaceQuestion(); q != "" {
		b.Confirm, b.question = "replace", q
	}
}

func (b *BoardScreen) handle(msg tea.Msg) (common.Screen, tea.Cmd) {
	if cmd, ok := b.Match.Update(msg); ok {
		b.Sync()
		if b.caps.Quiet != nil && b.caps.Quiet.Quiet() && b.Premove == "" {
			// Nothing the board shows changed, and no premove waits to
			// be played on it.
			b.Common.Quiet()
		}
		return b, tea.Batch(cmd, b.cmdLine().playPremove())
	}
	switch msg := msg.(type) {
	case tvNextMsg:
		return b.room().tvNextGame(msg)
	case common.EnteredMsg:
		return b.entered(msg)
	case evalMsg:
		return b, b.nav().gotEvals(msg)
	case analysis.Msg:
		return b, b.analysis().gotAnalysis(msg)
	case common.NoticeMsg:
		b.SetStatus(string(msg), false)
		return b, nil
	case savedAsMsg:
		b.SetStatus(msg.text, msg.isErr)
		return b, nil
	case spinner.TickMsg:
		if a := b.Match.AI(); !a.Searching && !a.Remote {
			return b, nil
		}
		var cmd tea.Cmd
		b.spin, cmd = b.spin.Update(msg)
		return b, cmd
	case tea.MouseMsg:
		s, cmd := b.clicks().mouse(msg)
		b.Sync()
		return s, cmd
	case tea.KeyPressMsg:
		s, cmd := b.keyIn().keyPress(msg)
		b.Sync()
		return s, cmd
	case tea.WindowSizeMsg:
		b.fitPrompt()
	case tea.PasteMsg:
		// Only the prompt takes text; a paste anywhere else is not
		// a string of key presses.
		if b.prompt {
			b.Input.Update(msg)
			return b, nil
		}
	}
	return b, nil
}

// seatList names who plays each role: "x ana, o AI hard".
func (b *BoardScreen) seatList() string {
	parts := make([]string, len(b.variant.Roles))
	for i, role := range b.variant.Roles {
		parts[i] = role + " " + b.Match.Seat(game.Role(i)).Name
	}
	return strings.Join(parts, ", ")
}

// endAction carries out an end-of-game choice (a key or a button).
func (b *BoardScreen) endAction(a endAction) (common.Screen, tea.Cmd) {
	switch {
	case a == EndMenu:
		return OpenMenu(b.Common, ""), b.Leave()
	case b.caps.Rematch == nil:
		return b, nil
	case a == endRematch:
		startPos, seats := b.caps.Rematch.Setup()
		// Sides change: each seat plays the next role, so the first move
		// (a proven win in Quad 5×5) goes round.
		swapped := append(append([]savefmt.SeatConfig{}, seats[1:]...), seats[0])
		nb, err := NewBoard(b.Common, b.variant, startPos, swapped)
		if err != nil {
			b.SetStatus(err.Error(), true)
			return b, nil
		}
		if cl, ok := b.Match.(match.Clocked); ok {
			nb.SetClock(cl.TimeControl()) // the same clocks
		}
		nb.SetStatus("rematch with sides changed: "+nb.seatList(), false)
		return nb, nil
	}
	_, seats := b.caps.Rematch.Setup()
	return OpenSetup(b.Common, b.variant, seats, nil), nil
}

// apply carries out what the variant adapter asked for.
func (b *BoardScreen) apply(r adapters.ActResult) tea.Cmd {
	if r.SetSel {
		b.Selected = r.Selection
	}
	if r.Message != "" || r.IsError {
		b.SetStatus(r.Message, r.IsError)
	}
	if r.Play {
		return b.play(r.Move)
	}
	return nil
}

// mouse maps a click through the same layout View draws.
func (mi mouseInput) mouse(mm tea.MouseMsg) (common.Screen, tea.Cmd) {
	b := mi.b
	l := b.Layout()
	if !l.Fits {
		return b, nil
	}
	msg := mm.Mouse()
	switch mm.(type) {
	case tea.MouseWheelMsg:
		if l.inMoveList(msg.X, msg.Y) && (msg.Button == tea.MouseWheelUp || msg.Button == tea.MouseWheelDown) {
			if msg.Button == tea.MouseWheelUp {
				mi.scrollMoves(1)
			} else {
				mi.scrollMoves(-1)
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
	if b.Confirm != "" || b.prompt || b.handOver().handingOver() != game.NoRole {
		return b, nil
	}
	if l.inMoveList(msg.X, msg.Y) && !right && !b.Analysis.Enabled {
		return b, b.nav().clickMove(l, msg.Y)
	}
	if b.Reviewing() {
		return b, nil // the reviewed position is not played on
	}
	if bt, ok := l.buttonAt(msg.X, msg.Y); ok && !right {
		return b.endAction(bt.Action)
	}
	if id, ok := l.regionClickAt(b.Regions(b.Recent()), msg.X, msg.Y); ok {
		if b.Ended() || !b.Mine(b.Game().ToMove()) {
			return b, nil
		}
		return b, b.apply(b.AdapterCaps.Overlay.ClickRegion(b.Game(), id))
	}
	p, ok := l.CellAt(msg.X, msg.Y)
	if !ok {
		return b, nil
	}
	b.cursorCell = p
	if b.Ended() || !b.Mine(b.Game().ToMove()) {
		return b, nil
	}
	if right {
		// The right button is the alternate action: Quad's blocker.
		if r, ok := b.AdapterCaps.AltOf(b.Game(), p, b.Selected); ok {
			return b, b.apply(r)
		}
		return b, nil
	}
	return b, b.apply(b.adapter.Act(b.Game(), p, b.Selected))
}

// scrollMoves scrolls the move list up by n lines (down when negative),
// clamped to the list.
func (mi mouseInput) scrollMoves(n int) {
	b := mi.b
	l := b.Layout()
	most := max(len(b.moveLines())-l.listH, 0)
	b.moveScroll = min(max(b.moveScroll+n, 0), most)
}

// chooseResigner takes a digit or an arrow that names who resigns when
// several people share the keyboard. It only chooses: the question stays
// open and y alone resigns, so a move typed without : (r1c3) cannot.
func (rs resignChoice) chooseResigner(msg tea.KeyPressMsg) bool {
	b := rs.b
	roles := rs.resignable()
	if len(roles) < 2 {
		return false
	}
	at := slices.Index(roles, rs.resigner())
	switch {
	case key.Matches(msg, common.BoardKeys.Who) && len(msg.Text) == 1:
		i := int(msg.Text[0] - '1')
		if i >= len(roles) {
			return false
		}
		at = i
	case msg.Code == tea.KeyLeft || msg.Code == tea.KeyUp:
		at = (at + len(roles) - 1) % len(roles)
	case msg.Code == tea.KeyRight || msg.Code == tea.KeyDown:
		at = (at + 1) % len(roles)
	default:
		return false
	}
	b.Confirm, b.resignAs = "resign", roles[at]
	b.SetStatus("resign as "+b.variant.RoleName(roles[at])+"? y to resign, other keys play on", false)
	return true
}
