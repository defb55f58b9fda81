package board

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tabletop/tabletop/ui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// promptLine is the board's prompt: typing a move or a command, its
// history, and the premove typed while another role was to move.
type promptLine struct{ b *BoardScreen }

// cmdLine is the board's promptLine.
func (b *BoardScreen) cmdLine() promptLine { return promptLine{b} }

// keyInput is how the board takes a key: the questions, the screen's
// keys, the match's, a move's, the cursor.
type keyInput struct{ b *BoardScreen }

// keyIn is the board's keyInput.
func (b *BoardScreen) keyIn() keyInput { return keyInput{b} }

// Keys returns the bindings that apply now; help shows exactly these.
// Outside review and hand-over its lists are the board's own, good
// until the next call (see keyLists).
func (b *BoardScreen) Keys() common.KeyHelp {
	if b.Reviewing() {
		return b.nav().reviewHelp()
	}
	if b.handOver().handingOver() != game.NoRole {
		return b.handOver().handOverHelp()
	}
	k := &common.BoardKeys
	// The lists are the board's own, made again on every call (the bar
	// is asked for several times a message; new lists each time were a
	// tenth of what a room's move allocated).
	kl := &b.keyLists
	play := kl.play[:0]
	ended := b.Ended()
	a := b.Match.AI()
	if a.Searching && !a.ForHint {
		play = append(play, k.MoveNow)
	}
	if !ended && b.Mine(b.Game().ToMove()) {
		play = append(play, k.Act)
		play = append(play, b.AdapterCaps.PlayKeysOf(b.Game(), b.Selected)...)
		play = append(play, k.Type)
	}
	game := kl.game[:0]
	offer := func(has bool, bs ...key.Binding) {
		if has {
			game = append(game, bs...)
		}
	}
	cp := b.caps
	if ended {
		offer(cp.Rematch != nil, k.Rematch, k.New)
		offer(cp.Dealer != nil, k.Rematch)
		game = append(game, k.Menu)
		offer(cp.Undo != nil, k.Undo)
		// save FILE is refused over SSH: the file would be on the server.
		offer(cp.Save != nil && !b.Common.Opts.Remote, k.SaveAs)
	} else {
		offer(cp.Undo != nil, k.Undo, k.Redo)
		offer(cp.Hint != nil, k.Hint)
		offer(cp.Resign != nil && b.resign().canResign(), k.Resign)
		offer(cp.Rematch != nil, k.New)
		offer(cp.AICtl != nil && (a.HasSeat || a.Clocks), k.Pause)
		game = append(game, k.Menu)
		// A shared room's game is not analysed while it goes on: the key
		// is not offered to be refused.
		offer(b.analysis().analysisOff() == "", analysisHelp)
		offer(cp.Dealer != nil, k.DrawTakeback, k.AbortDecline)
	}
	offer(cp.Dealer != nil, k.Chat)
	game = append(game, k.Copy)
	other := append(kl.other[:0], k.MoveCursor, k.Scroll, reviewKeys.Open, k.Theme, k.Mouse, k.Rules, k.Quit, common.KeyHelpFewer)
	nGame := 2
	if ended {
		nGame = 3
	}
	// Flipping the board is a view, beside the moves: the other lists
	// are as long as the smallest window allows.
	play = append(play, flipKey)
	short := append(append(kl.short[:0], play[:len(play)-1]...), game[:min(nGame, len(game))]...)
	if ended {
		short = append(short, reviewKeys.Open)
	}
	short = append(short, k.HelpAll, k.Quit)
	kl.play, kl.game, kl.short, kl.other = play, game, short, other
	kl.full = append(kl.full[:0], play, game, other)
	return common.KeyHelp{Short: short, Full: kl.full}
}

// keyLists are the lists of the board's keys that Keys fills on each
// call: what it returns holds until the next call.
type keyLists struct {
	play, game, short, other []key.Binding
	full                     [][]key.Binding
}

// charKey reports whether msg is one printable character (or space):
// keys that would type something, which get a word when they do nothing.
func charKey(msg tea.KeyPressMsg) bool { return utf8.RuneCountInString(msg.Text) == 1 }

// keyPress handles a key: the open prompt or question first, then the
// keys of the screen, then those of the game.
func (ki keyInput) keyPress(msg tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	b := ki.b
	if b.prompt {
		if cmd, done := b.cmdLine().promptKey(msg); done {
			return b, cmd
		}
	}
	if b.Confirm != "" {
		return ki.answer(msg)
	}
	if b.handOver().handingOver() != game.NoRole {
		return b.handOver().handOverKey(msg)
	}
	if b.Reviewing() {
		return b.nav().reviewKey(msg)
	}
	if key.Matches(msg, reviewKeys.Open) {
		return b, b.nav().reviewTo(len(b.History()))
	}
	if a := b.Match.AI(); a.Searching && !a.ForHint && b.caps.AICtl != nil && key.Matches(msg, common.BoardKeys.MoveNow) {
		b.caps.AICtl.MoveNow() // the search returns its best move so far
		b.SetStatus("moving now…", false)
		return b, nil
	}
	if s, cmd, done := ki.screenKey(msg); done {
		return s, cmd
	}
	if s, cmd, done := b.room().roomKey(msg); done {
		return s, cmd
	}
	if b.Ended() {
		return ki.endedKey(msg)
	}
	if s, cmd, done := ki.matchKey(msg); done {
		return s, cmd
	}
	return b, ki.playKey(msg)
}

// promptKey handles a key while a move is typed; done is false for a
// key the rest of the board handles (ctrl+c).
func (pl promptLine) promptKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	b := pl.b
	switch {
	case key.Matches(msg, common.BoardKeys.Close):
		b.prompt = false
		b.Input.Blur()
		return nil, true
	case key.Matches(msg, common.BoardKeys.Submit):
		return pl.submit(), true
	case key.Matches(msg, common.BoardKeys.Earlier):
		pl.recall(true)
		b.kept.carry(b)
		return nil, true
	case key.Matches(msg, common.BoardKeys.Later):
		pl.recall(false)
		b.kept.carry(b)
		return nil, true
	case key.Matches(msg, common.BoardKeys.ForceOut):
		return nil, false
	}
	b.Input.Update(msg)
	b.kept.carry(b) // the text typed is the status line's alone
	return nil, true
}

// submit takes the text of the prompt, Enter pressed: a move, a premove,
// a command.
func (pl promptLine) submit() tea.Cmd {
	b := pl.b
	text := strings.TrimSpace(b.Input.Value())
	b.prompt = false
	b.Input.Blur()
	b.Input.SetValue("")
	pl.remember(text)
	if file, ok := saveCommand(text); ok {
		return b.records().saveAs(file)
	}
	if cmd, ok := b.room().roomCommand(text); ok {
		return cmd
	}
	switch {
	case text == "" && b.Premove != "":
		b.Premove = ""
		b.SetStatus("premove cancelled", false)
		return nil
	case text == "":
		return nil
	case b.Ended():
		b.SetStatus("the game is over", true)
		return nil
	case !b.Mine(b.Game().ToMove()):
		b.setPremove(text)
		b.SetStatus("premove "+text+": played when your turn comes, if it is legal then", false)
		return nil
	}
	turn, err := common.ParseTurn(b.Game(), text)
	if err != nil {
		b.SetStatus(err.Error(), true)
		return nil
	}
	return b.playTurn(turn)
}

// answer takes the answer to the open question (quit or resign).
func (ki keyInput) answer(msg tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	b := ki.b
	k := &common.BoardKeys
	what := b.Confirm
	b.Confirm, b.question = "", ""
	if what == "replace" && b.caps.Keep != nil {
		b.SetStatus("", false)
		return b, b.caps.Keep.AnswerReplace(key.Matches(msg, k.ResignYes))
	}
	if what == "resign" && b.resign().chooseResigner(msg) {
		return b, nil
	}
	yes := (what == "quit" && (key.Matches(msg, k.Yes) || key.Matches(msg, k.Quit))) ||
		(what == "resign" && key.Matches(msg, k.ResignYes))
	switch {
	case yes && what == "quit":
		return b, b.quit()
	case yes && what == "resign" && b.caps.Resign != nil:
		return b, b.caps.Resign.Resign(b.resign().resigner())
	case !yes:
		b.SetStatus("", false)
	}
	return b, nil
}

// screenKey handles the keys that work whatever the game's state.
func (ki keyInput) screenKey(msg tea.KeyPressMsg) (common.Screen, tea.Cmd, bool) {
	b := ki.b
	k := &common.BoardKeys
	switch {
	case key.Matches(msg, k.Quit):
		if q := b.Match.QuitPrompt(); q != "" {
			b.Confirm = "quit"
			b.SetStatus(q, false)
			return b, nil, true
		}
		return b, b.quit(), true
	case key.Matches(msg, k.HelpAll):
		b.help.ShowAll = !b.help.ShowAll
		if b.help.ShowAll {
			all := common.MergeStyles(b.bar().drawHelp(b.Keys(), true))
			if b.bar().fitsWithHelp(1) && !b.bar().fullHelpFits(all) {
				// Said, not silently ignored: the bar cannot grow here. (A
				// board hidden for the window's size keeps the toggle for
				// when it is shown.)
				b.help.ShowAll = false
				b.SetStatus("the list of every key does not fit this window: a larger window shows them all", false)
			}
		}
	case key.Matches(msg, k.Theme):
		return b, ki.cycleTheme(), true
	case key.Matches(msg, k.Copy):
		return b, b.records().copyRecord(), true
	case key.Matches(msg, flipKey):
		b.toggleFlip()
	case key.Matches(msg, k.Rules):
		b.suspend()
		return NewRules(b.Common, b.variant, b), nil, true
	case key.Matches(msg, k.Menu):
		return OpenMenu(b.Common, ""), b.Leave(), true
	case key.Matches(msg, analysisKey):
		return b, b.analysis().toggleAnalysis(), true
	case key.Matches(msg, analysisBoardKey):
		s, cmd := b.analysis().openAnalysisBoard()
		return s, cmd, true
	case key.Matches(msg, k.ScrollUp):
		b.clicks().scrollMoves(b.Layout().listH)
	case key.Matches(msg, k.ScrollDown):
		b.clicks().scrollMoves(-b.Layout().listH)
	case key.Matches(msg, k.Up), key.Matches(msg, k.Down), key.Matches(msg, k.Left), key.Matches(msg, k.Right):
		ki.moveCursor(msg)
	default:
		return b, nil, false
	}
	return b, nil, true
}

// cycleTheme turns to the next theme. (Apart from screenKey, which every
// key not typed at the prompt goes through: the help and the prompt it
// makes anew are large values, whose room made screenKey's frame, and
// so the stack of every key, about 20 KB larger.)
func (ki keyInput) cycleTheme() tea.Cmd {
	b := ki.b
	text, cmd := b.Common.CycleTheme()
	b.help = b.Common.NewHelp()
	b.spin.Style = b.Common.Styles.Accent
	// In the new theme's colours.
	b.Input = newPrompt(b.Common)
	b.SetStatus(text, false)
	return cmd
}

// endedKey handles a key once the game is over.
func (ki keyInput) endedKey(msg tea.KeyPressMsg) (common.Screen, tea.Cmd) {
	b := ki.b
	k := &common.BoardKeys
	switch {
	case key.Matches(msg, k.Rematch) && b.caps.Rematch != nil:
		return b.endAction(endRematch)
	case key.Matches(msg, k.New) && b.caps.Rematch != nil:
		return b.endAction(endNewGame)
	case key.Matches(msg, k.Undo) && b.caps.Undo != nil:
		return b, b.caps.Undo.Undo()
	case key.Matches(msg, k.SaveAs) && b.caps.Save != nil:
		b.cmdLine().openPrompt()
		b.Input.SetValue("save ")
		b.Input.CursorEnd()
		return b, nil
	}
	if key.Matches(msg, k.Act) || charKey(msg) {
		keys := " — m menu"
		if b.caps.Rematch != nil {
			keys = " — R rematch, n new game, m menu"
		}
		b.SetStatus(b.Match.Result()+keys, false)
	}
	return b, nil
}

// matchKey handles the actions of the match: undo, redo, a new game,
// resigning, pausing the AI and hints.
func (ki keyInput) matchKey(msg tea.KeyPressMsg) (common.Screen, tea.Cmd, bool) {
	b := ki.b
	k, cp := &common.BoardKeys, b.caps
	switch {
	case key.Matches(msg, k.Undo) && cp.Undo != nil:
		b.Premove = "" // typed for a position that is gone
		return b, cp.Undo.Undo(), true
	case key.Matches(msg, k.Redo) && cp.Undo != nil:
		b.Premove = ""
		return b, cp.Undo.Redo(), true
	case key.Matches(msg, k.New) && cp.Rematch != nil:
		// The game waits behind the setup, its AI stopped, until a new
		// game starts; Esc comes back to it.
		b.suspend()
		_, seats := cp.Rematch.Setup()
		return OpenSetup(b.Common, b.variant, seats, b), nil, true
	case key.Matches(msg, k.Resign) && cp.Resign != nil:
		if b.humanRole() == game.NoRole {
			b.SetStatus(b.resign().noResign(), true)
			return b, nil, true
		}
		b.Confirm, b.resignAs = "resign", game.NoRole
		b.SetStatus(b.resign().resignQuestion(), false)
		return b, nil, true
	case key.Matches(msg, k.Pause) && cp.AICtl != nil:
		return b, cp.AICtl.TogglePause(), true
	case key.Matches(msg, k.Hint) && cp.Hint != nil:
		return b, cp.Hint.Hint(), true
	}
	return b, nil, false
}

// playKey handles the keys that play: the prompt, the action on the
// cursor's cell, the variant's own keys.
func (ki keyInput) playKey(msg tea.KeyPressMsg) tea.Cmd {
	b := ki.b
	k := &common.BoardKeys
	s := b.Game()
	if mover := s.ToMove(); !b.Mine(mover) {
		if key.Matches(msg, k.Type) && b.humanRole() != game.NoRole {
			// A move typed now is kept for this client's next turn.
			b.cmdLine().openPrompt()
			return nil
		}
		if key.Matches(msg, k.Act) || key.Matches(msg, k.Type) || charKey(msg) {
			who := b.variant.RoleName(mover)
			switch {
			case b.isAI(mover):
				b.SetTurnStatus("the AI is playing " + who + "; space or esc makes it move now")
			case b.humanRole() == game.NoRole:
				// Nobody at this client plays: a room's watcher.
				b.SetTurnStatus("you are watching; " + who + " is to move")
			default:
				b.SetTurnStatus("it is " + who + "'s turn")
			}
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Type):
		b.cmdLine().openPrompt()
		return nil
	case key.Matches(msg, k.Cancel):
		b.clearChoices()
		b.SetStatus("", false)
		return nil
	case key.Matches(msg, k.Act):
		return b.apply(b.adapter.Act(s, b.cursorCell, b.Selected))
	}
	if r, ok := b.AdapterCaps.KeyOf(s, msg, b.cursorCell, b.Selected); ok {
		return b.apply(r)
	}
	if len([]rune(msg.String())) == 1 {
		b.SetStatus(fmt.Sprintf("%q does nothing here: ? shows the keys", msg.String()), true)
	}
	return nil
}

// moveCursor moves the cursor the way the arrow looks on the screen,
// the board flipped or not.
func (ki keyInput) moveCursor(msg tea.KeyPressMsg) {
	b := ki.b
	rows, cols := b.adapter.Dims()
	k := &common.BoardKeys
	dr, dc := 0, 0
	switch {
	case key.Matches(msg, k.Up):
		dr = -1
	case key.Matches(msg, k.Down):
		dr = 1
	case key.Matches(msg, k.Left):
		dc = -1
	case key.Matches(msg, k.Right):
		dc = 1
	}
	if b.flipped {
		dr, dc = -dr, -dc
	}
	b.cursorCell.Row = (b.cursorCell.Row + dr + rows) % rows
	b.cursorCell.Col = (b.cursorCell.Col + dc + cols) % cols
}

// openPrompt opens the move prompt, empty.
func (pl promptLine) openPrompt() {
	b := pl.b
	b.prompt = true
	b.recallAt = len(b.Common.PromptHistory)
	b.Input.SetValue("")
	b.Input.SetSuggestions(nil)
	if s := b.Game(); !b.Ended() && b.Mine(s.ToMove()) {
		b.Input.SetSuggestions(legalTexts(s))
	}
	b.Input.ShowSuggestions = true
	b.Input.Focus()
	b.fitPrompt()
	b.kept.carry(b) // the prompt is drawn in the status line alone
}

// remember keeps a submitted prompt entry for ↑, once, newest last.
func (pl promptLine) remember(text string) {
	b := pl.b
	h := b.Common.PromptHistory
	if text != "" && (len(h) == 0 || h[len(h)-1] != text) {
		b.Common.PromptHistory = append(h, text)
	}
	b.recallAt = len(b.Common.PromptHistory)
}

// recall puts an earlier (back) or later prompt entry in the prompt; past
// the newest the prompt is empty again.
func (pl promptLine) recall(back bool) {
	b := pl.b
	h := b.Common.PromptHistory
	if back {
		b.recallAt = max(b.recallAt-1, 0)
	} else {
		b.recallAt = min(b.recallAt+1, len(h))
	}
	text := ""
	if b.recallAt < len(h) {
		text = h[b.recallAt]
	}
	b.Input.SetValue(text)
	b.Input.CursorEnd()
}

// setPremove keeps text as the premove, typed after the moves shown.
func (b *BoardScreen) setPremove(text string) {
	b.Premove, b.premoveAt = text, len(b.History())
}

// playPremove plays the move typed ahead once this client is to move:
// the move if it is legal now, else the reason it is refused.
func (pl promptLine) playPremove() tea.Cmd {
	b := pl.b
	text := b.Premove
	if text != "" && len(b.History()) < b.premoveAt {
		// The move it was typed after is gone: the room refused it. The
		// premove was meant for a position that never came, so it is
		// dropped, and the refusal stays on the status line.
		b.Premove = ""
		note := "premove " + text + " dropped"
		if b.IsErr {
			note = b.Status + " — " + note
		}
		b.SetStatus(note, b.IsErr)
		return nil
	}
	if text == "" || b.Ended() || !b.Mine(b.Game().ToMove()) || b.Match.AI().Searching {
		return nil
	}
	b.Premove = ""
	turn, err := common.ParseTurn(b.Game(), text)
	if err == nil {
		err = game.Play(b.Game().Clone(), turn[0])
	}
	if err != nil {
		b.SetStatus("premove "+text+" refused: "+err.Error(), true)
		return nil
	}
	return b.playTurn(turn)
}

// playTurn plays the moves of one turn typed at once, in order. A local
// match takes each at once; a room takes one move at a time, so the
// moves after the first wait as a premove (see play), and a move the
// room refuses drops them with the refusal shown.
func (b *BoardScreen) playTurn(turn []game.Move) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(turn))
	for i, m := range turn {
		if i > 0 && b.Premove != "" {
			// The room has the earlier move still to take: the rest of
			// the turn waits behind it, named in the premove.
			b.Premove += " " + common.MoveName(b.Game(), m)
			continue
		}
		cmds = append(cmds, b.play(m))
		if b.IsErr {
			break // refused: the status says why, and the rest is not played
		}
	}
	return tea.Batch(cmds...)
}

// legalTexts are the KIF texts of the legal moves, which the move prompt
// completes (tab) and cycles through (ctrl+n, ctrl+p).
func legalTexts(s game.State) []string {
	moves := s.Legal(nil)
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = s.FormatMove(m)
	}
	return out
}
