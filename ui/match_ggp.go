package ui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/ggp"
	"github.com/tabletop/tabletop/internal/sheets"
	"github.com/tabletop/tabletop/savefmt"
)

// GGP players at a local table: the match is their Game Manager. Each
// gets start with the game's GDL, then a play with the last joint move
// for every turn, in order and one message at a time, and stop at the
// end (abort when the game is left unfinished). A reply after the play
// clock and the grace, refused or illegal is replaced by a random legal
// move and reported, as Game Managers do. Messages go out in commands,
// never on the UI goroutine, and leaving the game cancels them.

// Default GGP clocks at the table.
const (
	defaultGGPStartClock = 10 * time.Second
	defaultGGPPlayClock  = 5 * time.Second
)

// ggpSeat is one remote player and what the manager knows of it.
type ggpSeat struct {
	remote  *ggp.Remote
	started bool // start was answered, or failed: plays go on regardless
	busy    bool // a message is out
	sent    int  // plays sent: the next is for turn sent
	// move is the player's checked move for turn moveFor (-1: none).
	move    game.Move
	moveFor int
	status  string
}

// ggpManager runs the GGP seats of one local match.
type ggpManager struct {
	ctx                   context.Context
	cancel                context.CancelFunc
	matchID               string
	rules                 []byte
	seats                 []*ggpSeat // by role; nil where no GGP player sits
	startClock, playClock time.Duration
	over                  bool // stop or abort was sent
	// errors are the starts that failed and the moves replaced, for the
	// game's record (as a GGP match record keeps them).
	errors []savefmt.MoveError
}

// ggpReplyMsg is a GGP player's reply to one message.
type ggpReplyMsg struct {
	mgr   *ggpManager
	role  game.Role
	kind  ggp.Kind
	turn  int
	reply string
	err   error
	took  time.Duration
}

// rulesOf is the GDL sent to GGP players: the sheet a game was read
// from, or the bundled description of a native game.
func rulesOf(v *game.Variant) ([]byte, bool) {
	if src, ok := sheets.Source(v.Name); ok {
		return src, true
	}
	if f, ok := games.Lookup(v.Name); ok {
		return f.Source, true
	}
	return nil, false
}

func (l *localMatch) isGGP(r game.Role) bool {
	return r >= 0 && int(r) < len(l.seats) && l.seats[r].GGP != ""
}

func (l *localMatch) hasGGPSeat() bool {
	for r := range l.seats {
		if l.isGGP(game.Role(r)) {
			return true
		}
	}
	return false
}

// seatStatus is what the panel says of role r's seat beyond its name:
// a GGP player's state.
func (l *localMatch) seatStatus(r game.Role) string {
	if l.gm == nil || int(r) >= len(l.gm.seats) || l.gm.seats[r] == nil {
		return ""
	}
	return l.gm.seats[r].status
}

// startGGP sends start to every GGP player, once per match.
func (l *localMatch) startGGP() tea.Cmd {
	if l.gm != nil || !l.hasGGPSeat() {
		return nil
	}
	src, ok := rulesOf(l.v)
	if !ok {
		l.status.setStatus(l.v.Name+" has no GDL description to send to GGP players", true)
		return nil
	}
	rules, err := ggp.WireRules(src)
	if err != nil {
		l.status.setStatus(l.v.Name+" cannot be sent to GGP players: "+err.Error(), true)
		return nil
	}
	gm := &ggpManager{matchID: fmt.Sprintf("tabletop.%s.%d", l.v.Name, time.Now().UnixNano()), rules: rules,
		seats: make([]*ggpSeat, len(l.seats)), startClock: l.c.opts.GGPStartClock, playClock: l.c.opts.GGPPlayClock}
	if gm.startClock <= 0 {
		gm.startClock = defaultGGPStartClock
	}
	if gm.playClock <= 0 {
		gm.playClock = defaultGGPPlayClock
	}
	gm.ctx, gm.cancel = context.WithCancel(context.Background())
	l.gm = gm
	var cmds []tea.Cmd
	for r, sc := range l.seats {
		if sc.GGP == "" {
			continue
		}
		seat := &ggpSeat{remote: &ggp.Remote{URL: sc.GGP}, moveFor: -1, status: "connecting", busy: true}
		gm.seats[r] = seat
		msg := ggp.Message{Kind: ggp.Start, MatchID: gm.matchID, Role: l.v.Roles[r], Rules: rules,
			StartClock: gm.startClock, PlayClock: gm.playClock}
		cmds = append(cmds, gm.send(game.Role(r), seat, msg, -1, gm.startClock+ggp.DefaultGrace))
	}
	return tea.Batch(cmds...)
}

// send posts msg to a seat's player in a command.
func (gm *ggpManager) send(r game.Role, seat *ggpSeat, msg ggp.Message, turn int, timeout time.Duration) tea.Cmd {
	ctx := gm.ctx
	return func() tea.Msg {
		t0 := time.Now()
		reply, err := seat.remote.Send(ctx, msg, timeout)
		return ggpReplyMsg{mgr: gm, role: r, kind: msg.Kind, turn: turn, reply: reply, err: err, took: time.Since(t0)}
	}
}

// pumpGGP sends each GGP player the plays it has not had yet, one at a
// time, and stop or abort once the game is over.
func (l *localMatch) pumpGGP() tea.Cmd {
	gm := l.gm
	if gm == nil || gm.over {
		return nil
	}
	if l.ended() {
		return l.endGGP()
	}
	steps := game.SplitTurns(l.begin, l.moves)
	var cmds []tea.Cmd
	for r, seat := range gm.seats {
		if seat == nil || !seat.started || seat.busy || seat.sent > len(steps) {
			continue
		}
		turn := seat.sent
		var last []string
		if turn > 0 {
			last = l.turnTexts(steps, turn-1)
		}
		seat.busy, seat.sent = true, turn+1
		if turn == len(steps) && l.choosesNow(game.Role(r)) {
			seat.status = "thinking"
		}
		msg := ggp.Message{Kind: ggp.Play, MatchID: gm.matchID, Moves: last}
		cmds = append(cmds, gm.send(game.Role(r), seat, msg, turn, gm.playClock+ggp.DefaultGrace))
	}
	return tea.Batch(cmds...)
}

// endGGP sends stop (or abort, for a resigned game) once no message is
// out.
func (l *localMatch) endGGP() tea.Cmd {
	gm := l.gm
	for _, seat := range gm.seats {
		if seat != nil && seat.busy {
			return nil
		}
	}
	gm.over = true
	steps := game.SplitTurns(l.begin, l.moves)
	msg := ggp.Message{Kind: ggp.Abort, MatchID: gm.matchID}
	if l.st.Terminal() && len(steps) > 0 {
		msg = ggp.Message{Kind: ggp.Stop, MatchID: gm.matchID, Moves: l.turnTexts(steps, len(steps)-1)}
	}
	var cmds []tea.Cmd
	for r, seat := range gm.seats {
		if seat != nil {
			seat.busy = true
			cmds = append(cmds, gm.send(game.Role(r), seat, msg, -1, gm.playClock+ggp.DefaultGrace))
		}
	}
	return tea.Batch(cmds...)
}

// abortGGP calls the match off when the game is left unfinished: what is
// out is cancelled and abort goes out off the UI goroutine.
func (l *localMatch) abortGGP() {
	gm := l.gm
	if gm == nil || gm.over {
		return
	}
	gm.over = true
	gm.cancel()
	for _, seat := range gm.seats {
		if seat == nil {
			continue
		}
		go func(remote *ggp.Remote) {
			ctx, cancel := context.WithTimeout(context.Background(), ggp.DefaultGrace)
			defer cancel()
			remote.Send(ctx, ggp.Message{Kind: ggp.Abort, MatchID: gm.matchID}, ggp.DefaultGrace)
		}(seat.remote)
	}
}

// choosesNow reports whether role r has a choice to make now.
func (l *localMatch) choosesNow(r game.Role) bool {
	return !l.st.Terminal() && (game.JointTurn(l.st) || l.st.ToMove() == r)
}

// turnTexts is every role's move of turn i in KIF, in role order, as
// play and stop carry it: a role not in control plays its only move.
func (l *localMatch) turnTexts(steps [][]game.Move, i int) []string {
	s := l.begin.Clone()
	for _, st := range steps[:i] {
		game.ApplyTurn(s, st)
	}
	out := make([]string, len(l.v.Roles))
	for r := range out {
		switch {
		case game.JointTurn(s):
			out[r] = s.FormatMove(steps[i][r])
		case s.ToMove() == game.Role(r):
			out[r] = s.FormatMove(steps[i][0])
		default:
			if legal := ggp.LegalTexts(s, game.Role(r)); len(legal) > 0 {
				out[r] = legal[0]
			}
		}
	}
	return out
}

// onGGPReply takes a GGP player's reply: its move when it is to choose,
// a replacement when the reply is late or wrong; then whatever comes
// next.
func (l *localMatch) onGGPReply(msg ggpReplyMsg) tea.Cmd {
	gm := l.gm
	if msg.mgr != gm || gm == nil {
		return nil
	}
	seat := gm.seats[msg.role]
	seat.busy = false
	switch msg.kind {
	case ggp.Start:
		seat.started, seat.status = true, "ready"
		if msg.err == nil && msg.reply != ggp.ReplyReady {
			msg.err = fmt.Errorf("replied %q to start, not ready", msg.reply)
		}
		if msg.err != nil {
			seat.status = "start failed"
			text := fmt.Sprintf("%s's GGP player: %v", l.v.RoleName(msg.role), msg.err)
			l.status.setStatus(text, true)
			if code := ggp.StartFault(msg.err); code != "" {
				gm.errors = append(gm.errors, savefmt.MoveError{Step: 0, Role: l.v.RoleName(msg.role), Text: msg.err.Error()})
			}
		}
		return l.next(false)
	case ggp.Stop, ggp.Abort:
		seat.status = "done"
		return nil
	}
	played := game.SplitTurns(l.begin, l.moves)
	steps := len(played)
	if msg.turn != steps || l.ended() || !l.choosesNow(msg.role) {
		// A play for a turn that is not its own to choose (its noop),
		// or one the game has passed: nothing to play.
		l.checkWaitingReply(msg, played)
		return l.next(false)
	}
	legal := ggp.LegalTexts(l.st, msg.role)
	text, fault := ggp.CheckMove(msg.reply, msg.err, legal)
	if fault.Code != "" {
		text = legal[game.NewRand(l.c.opts.Seed+l.ver).Intn(len(legal))]
		seat.status = "replaced: " + shortFault(fault)
		why := fmt.Sprintf("%s; played %s instead", fault.Text, text)
		gm.errors = append(gm.errors, savefmt.MoveError{Step: steps + 1, Role: l.v.RoleName(msg.role), Text: why})
		l.status.setStatus(fmt.Sprintf("%s's GGP player: %s", l.v.RoleName(msg.role), why), true)
	} else {
		seat.status = fmt.Sprintf("answered in %.1f s", msg.took.Seconds())
	}
	m, ok := moveByText(l.st, msg.role, text)
	if !ok {
		l.status.setStatus("GGP move "+text+" is not a move of this game", true)
		return nil
	}
	if game.JointTurn(l.st) {
		seat.move, seat.moveFor = m, steps
		return l.next(false)
	}
	return l.playMachineMove(m)
}

// checkWaitingReply records the reply to a play on a turn the player
// does not choose (its only move is played for it) when it is not that
// move, as ggp-base's records count every answer that went wrong.
func (l *localMatch) checkWaitingReply(msg ggpReplyMsg, played [][]game.Move) {
	var legal []string
	switch {
	case msg.turn < len(played):
		legal = []string{l.turnTexts(played, msg.turn)[msg.role]}
	case msg.turn == len(played) && !l.st.Terminal():
		legal = ggp.LegalTexts(l.st, msg.role)
	default:
		return
	}
	if _, fault := ggp.CheckMove(msg.reply, msg.err, legal); fault.Code != "" && len(legal) > 0 {
		why := fmt.Sprintf("%s; played %s instead", fault.Text, legal[0])
		l.gm.errors = append(l.gm.errors, savefmt.MoveError{Step: msg.turn + 1, Role: l.v.RoleName(msg.role), Text: why})
	}
}

// shortFault names a replaced reply's fault for the panel.
func shortFault(f ggp.Fault) string {
	switch f.Code {
	case ggp.CodeTimeout:
		return "late"
	case ggp.CodeConnection:
		return "no answer"
	}
	return "illegal"
}

// moveByText is role r's legal move in s whose KIF text is text.
func moveByText(s game.State, r game.Role, text string) (game.Move, bool) {
	var legal []game.Move
	if game.JointTurn(s) {
		legal = s.(game.JointState).LegalOf(r, nil)
	} else {
		legal = s.Legal(nil)
	}
	for _, m := range legal {
		if s.FormatMove(m) == text {
			return m, true
		}
	}
	return game.Noop, false
}

// ggpWaiting reports whether a GGP player's move for the current joint
// turn is still to come.
func (l *localMatch) ggpWaiting() bool {
	if l.gm == nil {
		return false
	}
	steps := len(game.SplitTurns(l.begin, l.moves))
	for _, seat := range l.gm.seats {
		if seat != nil && seat.moveFor != steps {
			return true
		}
	}
	return false
}

// ggpMove is the GGP player's move for the current joint turn.
func (l *localMatch) ggpMove(r game.Role) game.Move { return l.gm.seats[r].move }
