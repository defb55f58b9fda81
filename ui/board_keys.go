package ui

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
)

// keys returns the bindings that apply now; help shows exactly these.
func (b *boardScreen) keys() keyHelp {
	if b.reviewing() {
		return b.reviewHelp()
	}
	if b.handingOver() != game.NoRole {
		return b.handOverHelp()
	}
	k := boardKeys
	var play []key.Binding
	ended := b.ended()
	a := b.m.ai()
	if a.searching && !a.forHint {
		play = append(play, k.MoveNow)
	}
	if !ended && b.mine(b.game().ToMove()) {
		play = append(play, k.Act)
		play = append(play, b.ax.playKeysOf(b.game(), b.sel)...)
		play = append(play, k.Type)
	}
	var game []key.Binding
	offer := func(has bool, bs ...key.Binding) {
		if has {
			game = append(game, bs...)
		}
	}
	cp := b.caps
	if ended {
		offer(cp.rematch != nil, k.Rematch, k.New)
		game = append(game, k.Menu)
		offer(cp.undo != nil, k.Undo)
		// save FILE is refused over SSH: the file would be on the server.
		offer(cp.save != nil && !b.c.opts.Remote, k.SaveAs)
	} else {
		offer(cp.undo != nil, k.Undo, k.Redo)
		offer(cp.hint != nil, k.Hint)
		offer(cp.resign != nil, k.Resign)
		offer(cp.rematch != nil, k.New)
		offer(cp.aiCtl != nil && a.hasSeat, k.Pause)
		game = append(game, k.Menu, analysisHelp)
	}
	game = append(game, k.Copy)
	other := []key.Binding{k.MoveCursor, k.Scroll, reviewKeys.Open, k.Theme, k.Mouse, k.Rules, k.Quit, keyHelpFewer}
	nGame := 2
	if ended {
		nGame = 3
	}
	short := append(append([]key.Binding{}, play...), game[:min(nGame, len(game))]...)
	if ended {
		short = append(short, reviewKeys.Open)
	}
	short = append(short, k.HelpAll, k.Quit)
	return keyHelp{short: short, full: [][]key.Binding{play, game, other}}
}

// charKey reports whether msg is one printable character (or space):
// keys that would type something, which get a word when they do nothing.
func charKey(msg tea.KeyPressMsg) bool { return utf8.RuneCountInString(msg.Text) == 1 }

// keyPress handles a key: the open prompt or question first, then the
// keys of the screen, then those of the game.
func (b *boardScreen) keyPress(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	if b.prompt {
		if cmd, done := b.promptKey(msg); done {
			return b, cmd
		}
	}
	if b.confirm != "" {
		return b.answer(msg)
	}
	if b.handingOver() != game.NoRole {
		return b.handOverKey(msg)
	}
	if b.reviewing() {
		return b.reviewKey(msg)
	}
	if key.Matches(msg, reviewKeys.Open) {
		return b, b.reviewTo(len(b.history()))
	}
	if a := b.m.ai(); a.searching && !a.forHint && b.caps.aiCtl != nil && key.Matches(msg, boardKeys.MoveNow) {
		b.caps.aiCtl.moveNow() // the search returns its best move so far
		b.setStatus("moving now…", false)
		return b, nil
	}
	if s, cmd, done := b.screenKey(msg); done {
		return s, cmd
	}
	if b.ended() {
		return b.endedKey(msg)
	}
	if s, cmd, done := b.matchKey(msg); done {
		return s, cmd
	}
	return b, b.playKey(msg)
}

// promptKey handles a key while a move is typed; done is false for a
// key the rest of the board handles (ctrl+c).
func (b *boardScreen) promptKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case key.Matches(msg, boardKeys.Close):
		b.prompt = false
		b.input.Blur()
		return nil, true
	case key.Matches(msg, boardKeys.Submit):
		text := strings.TrimSpace(b.input.Value())
		b.prompt = false
		b.input.Blur()
		b.input.SetValue("")
		b.remember(text)
		if file, ok := saveCommand(text); ok {
			return b.saveAs(file), true
		}
		switch {
		case text == "" && b.premove != "":
			b.premove = ""
			b.setStatus("premove cancelled", false)
			return nil, true
		case text == "":
			return nil, true
		case b.ended():
			b.setStatus("the game is over", true)
			return nil, true
		case !b.mine(b.game().ToMove()):
			b.premove = text
			b.setStatus("premove "+text+": played when your turn comes, if it is legal then", false)
			return nil, true
		}
		m, err := parseMove(b.game(), text)
		if err != nil {
			b.setStatus(err.Error(), true)
			return nil, true
		}
		return b.play(m), true
	case key.Matches(msg, boardKeys.Earlier):
		b.recall(true)
		return nil, true
	case key.Matches(msg, boardKeys.Later):
		b.recall(false)
		return nil, true
	case key.Matches(msg, boardKeys.ForceOut):
		return nil, false
	}
	var cmd tea.Cmd
	b.input, cmd = b.input.Update(msg)
	return cmd, true
}

// answer takes the answer to the open question (quit or resign).
func (b *boardScreen) answer(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	k := boardKeys
	what := b.confirm
	b.confirm, b.question = "", ""
	if what == "replace" && b.caps.keep != nil {
		b.setStatus("", false)
		return b, b.caps.keep.answerReplace(key.Matches(msg, k.ResignYes))
	}
	if what == "resign" && b.chooseResigner(msg) {
		return b, nil
	}
	yes := (what == "quit" && (key.Matches(msg, k.Yes) || key.Matches(msg, k.Quit))) ||
		(what == "resign" && key.Matches(msg, k.ResignYes))
	switch {
	case yes && what == "quit":
		return b, b.quit()
	case yes && what == "resign" && b.caps.resign != nil:
		return b, b.caps.resign.resign(b.resigner())
	case !yes:
		b.setStatus("", false)
	}
	return b, nil
}

// chooseResigner takes a digit or an arrow that names who resigns when
// several people share the keyboard. It only chooses: the question stays
// open and y alone resigns, so a move typed without : (r1c3) cannot.
func (b *boardScreen) chooseResigner(msg tea.KeyPressMsg) bool {
	roles := b.resignable()
	if len(roles) < 2 {
		return false
	}
	at := slices.Index(roles, b.resigner())
	switch {
	case key.Matches(msg, boardKeys.Who) && len(msg.Text) == 1:
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
	b.confirm, b.resignAs = "resign", roles[at]
	b.setStatus("resign as "+b.v.RoleName(roles[at])+"? y to resign, other keys play on", false)
	return true
}

// screenKey handles the keys that work whatever the game's state.
func (b *boardScreen) screenKey(msg tea.KeyPressMsg) (screen, tea.Cmd, bool) {
	k := boardKeys
	switch {
	case key.Matches(msg, k.Quit):
		if q := b.m.quitPrompt(); q != "" {
			b.confirm = "quit"
			b.setStatus(q, false)
			return b, nil, true
		}
		return b, b.quit(), true
	case key.Matches(msg, k.HelpAll):
		b.help.ShowAll = !b.help.ShowAll
		if b.help.ShowAll {
			all := mergeStyles(b.drawHelp(b.keys(), true))
			if b.fitsWithHelp(1) && !b.fullHelpFits(all) {
				// Said, not silently ignored: the bar cannot grow here. (A
				// board hidden for the window's size keeps the toggle for
				// when it is shown.)
				b.help.ShowAll = false
				b.setStatus("the list of every key does not fit this window: a larger window shows them all", false)
			}
		}
	case key.Matches(msg, k.Theme):
		text := b.c.cycleTheme()
		b.help = b.c.newHelp()
		b.spin.Style = b.c.st.Accent
		b.input = newInput(b.c, ": ", promptLimit)
		b.setStatus(text, false)
	case key.Matches(msg, k.Copy):
		return b, b.copyRecord(), true
	case key.Matches(msg, k.Rules):
		b.suspend()
		return newRules(b.c, b.v, b), nil, true
	case key.Matches(msg, k.Menu):
		return openMenu(b.c, ""), b.leave(), true
	case key.Matches(msg, analysisKey):
		return b, b.toggleAnalysis(), true
	case key.Matches(msg, analysisBoardKey):
		s, cmd := b.openAnalysisBoard()
		return s, cmd, true
	case key.Matches(msg, k.ScrollUp):
		b.scrollMoves(b.layout().listH)
	case key.Matches(msg, k.ScrollDown):
		b.scrollMoves(-b.layout().listH)
	case key.Matches(msg, k.Up), key.Matches(msg, k.Down), key.Matches(msg, k.Left), key.Matches(msg, k.Right):
		b.moveCursor(msg)
	default:
		return b, nil, false
	}
	return b, nil, true
}

// endedKey handles a key once the game is over.
func (b *boardScreen) endedKey(msg tea.KeyPressMsg) (screen, tea.Cmd) {
	k := boardKeys
	switch {
	case key.Matches(msg, k.Rematch) && b.caps.rematch != nil:
		return b.endAction(endRematch)
	case key.Matches(msg, k.New) && b.caps.rematch != nil:
		return b.endAction(endNewGame)
	case key.Matches(msg, k.Undo) && b.caps.undo != nil:
		return b, b.caps.undo.undo()
	case key.Matches(msg, k.SaveAs) && b.caps.save != nil:
		b.openPrompt()
		b.input.SetValue("save ")
		b.input.CursorEnd()
		return b, nil
	}
	if key.Matches(msg, k.Act) || charKey(msg) {
		keys := " — m menu"
		if b.caps.rematch != nil {
			keys = " — R rematch, n new game, m menu"
		}
		b.setStatus(b.m.result()+keys, false)
	}
	return b, nil
}

// matchKey handles the actions of the match: undo, redo, a new game,
// resigning, pausing the AI and hints.
func (b *boardScreen) matchKey(msg tea.KeyPressMsg) (screen, tea.Cmd, bool) {
	k, cp := boardKeys, b.caps
	switch {
	case key.Matches(msg, k.Undo) && cp.undo != nil:
		b.premove = "" // typed for a position that is gone
		return b, cp.undo.undo(), true
	case key.Matches(msg, k.Redo) && cp.undo != nil:
		b.premove = ""
		return b, cp.undo.redo(), true
	case key.Matches(msg, k.New) && cp.rematch != nil:
		// The game waits behind the setup, its AI stopped, until a new
		// game starts; Esc comes back to it.
		b.suspend()
		_, seats := cp.rematch.setup()
		return openSetup(b.c, b.v, seats, b), nil, true
	case key.Matches(msg, k.Resign) && cp.resign != nil:
		if b.humanRole() == game.NoRole {
			b.setStatus("only a person can resign", true)
			return b, nil, true
		}
		b.confirm, b.resignAs = "resign", game.NoRole
		b.setStatus(b.resignQuestion(), false)
		return b, nil, true
	case key.Matches(msg, k.Pause) && cp.aiCtl != nil:
		return b, cp.aiCtl.togglePause(), true
	case key.Matches(msg, k.Hint) && cp.hint != nil:
		return b, cp.hint.hint(), true
	}
	return b, nil, false
}

// playKey handles the keys that play: the prompt, the action on the
// cursor's cell, the variant's own keys.
func (b *boardScreen) playKey(msg tea.KeyPressMsg) tea.Cmd {
	k := boardKeys
	s := b.game()
	if mover := s.ToMove(); !b.mine(mover) {
		if key.Matches(msg, k.Type) && b.humanRole() != game.NoRole {
			// A move typed now is kept for this client's next turn.
			b.openPrompt()
			return nil
		}
		if key.Matches(msg, k.Act) || key.Matches(msg, k.Type) || charKey(msg) {
			who := b.v.RoleName(mover)
			switch {
			case b.isAI(mover):
				b.setTurnStatus("the AI is playing " + who + "; space or esc makes it move now")
			case b.humanRole() == game.NoRole:
				// Nobody at this client plays: a room's watcher.
				b.setTurnStatus("you are watching; " + who + " is to move")
			default:
				b.setTurnStatus("it is " + who + "'s turn")
			}
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Type):
		b.openPrompt()
		return nil
	case key.Matches(msg, k.Cancel):
		b.clearChoices()
		b.setStatus("", false)
		return nil
	case key.Matches(msg, k.Act):
		return b.apply(b.vu.act(s, b.cur, b.sel))
	}
	if r, ok := b.ax.keyOf(s, msg, b.cur, b.sel); ok {
		return b.apply(r)
	}
	if len([]rune(msg.String())) == 1 {
		b.setStatus(fmt.Sprintf("%q does nothing here: ? shows the keys", msg.String()), true)
	}
	return nil
}

func (b *boardScreen) moveCursor(msg tea.KeyPressMsg) {
	rows, cols := b.vu.dims()
	k := boardKeys
	switch {
	case key.Matches(msg, k.Up):
		b.cur.r = (b.cur.r - 1 + rows) % rows
	case key.Matches(msg, k.Down):
		b.cur.r = (b.cur.r + 1) % rows
	case key.Matches(msg, k.Left):
		b.cur.c = (b.cur.c - 1 + cols) % cols
	case key.Matches(msg, k.Right):
		b.cur.c = (b.cur.c + 1) % cols
	}
}

// openPrompt opens the move prompt, empty.
func (b *boardScreen) openPrompt() {
	b.prompt = true
	b.recallAt = len(b.c.promptHistory)
	b.input.SetValue("")
	b.input.SetSuggestions(nil)
	if s := b.game(); !b.ended() && b.mine(s.ToMove()) {
		b.input.SetSuggestions(legalTexts(s))
	}
	b.input.ShowSuggestions = true
	b.input.Focus()
}

// remember keeps a submitted prompt entry for ↑, once, newest last.
func (b *boardScreen) remember(text string) {
	h := b.c.promptHistory
	if text != "" && (len(h) == 0 || h[len(h)-1] != text) {
		b.c.promptHistory = append(h, text)
	}
	b.recallAt = len(b.c.promptHistory)
}

// recall puts an earlier (back) or later prompt entry in the prompt; past
// the newest the prompt is empty again.
func (b *boardScreen) recall(back bool) {
	h := b.c.promptHistory
	if back {
		b.recallAt = max(b.recallAt-1, 0)
	} else {
		b.recallAt = min(b.recallAt+1, len(h))
	}
	text := ""
	if b.recallAt < len(h) {
		text = h[b.recallAt]
	}
	b.input.SetValue(text)
	b.input.CursorEnd()
}

// playPremove plays the move typed ahead once this client is to move:
// the move if it is legal now, else the reason it is refused.
func (b *boardScreen) playPremove() tea.Cmd {
	text := b.premove
	if text == "" || b.ended() || !b.mine(b.game().ToMove()) || b.m.ai().searching {
		return nil
	}
	b.premove = ""
	m, err := parseMove(b.game(), text)
	if err == nil {
		err = game.Play(b.game().Clone(), m)
	}
	if err != nil {
		b.setStatus("premove "+text+" refused: "+err.Error(), true)
		return nil
	}
	return b.play(m)
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
