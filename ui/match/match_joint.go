package match

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tabletop/tabletop/ai"
	"github.com/tabletop/tabletop/game"
)

// How a local match plays a turn where several roles choose at once:
// each person at the keyboard chooses in role order, the others not
// seeing it (with more than one person, a hand-over screen asks to pass
// the keyboard before each one chooses); then the AI seats choose, and
// every move is played at once. The moves chosen stay hidden until then:
// they are neither shown, saved nor kept by undo.

// jointChoice is what is known of the joint turn being collected.
type jointChoice struct {
	Moves  []game.Move // by role; valid where chosen is set
	Chosen []bool
	// holder is the role that took the keyboard last (see PassTo).
	holder game.Role
}

// reset forgets the choices, for a new turn or a changed position.
func (j *jointChoice) reset(roles int) {
	j.Moves, j.Chosen = make([]game.Move, roles), make([]bool, roles)
	j.holder = game.NoRole
}

// chooser is the person's role that chooses next on a joint turn, or
// NoRole when every person chose (or the turn is not joint).
func (l *LocalMatch) chooser() game.Role {
	if !game.JointTurn(l.Current) {
		return game.NoRole
	}
	l.ensureChoice()
	for r := range l.v.Roles {
		if l.mine(game.Role(r)) && !l.Joint.Chosen[r] {
			return game.Role(r)
		}
	}
	return game.NoRole
}

func (l *LocalMatch) ensureChoice() {
	if len(l.Joint.Chosen) != len(l.v.Roles) {
		l.Joint.reset(len(l.v.Roles))
	}
}

// people is how many seats are people at this keyboard.
func (l *LocalMatch) people() int {
	n := 0
	for r := range l.v.Roles {
		if l.mine(game.Role(r)) {
			n++
		}
	}
	return n
}

// PassTo is the role the keyboard must be passed to before it chooses,
// or NoRole: with several people, each chooses behind a hand-over screen
// so that nobody sees another's choice.
func (l *LocalMatch) PassTo() game.Role {
	c := l.chooser()
	if c == game.NoRole || l.people() < 2 || l.Joint.holder == c || l.Ended() {
		return game.NoRole
	}
	return c
}

// TakeKeyboard says the role PassTo named has the keyboard.
func (l *LocalMatch) TakeKeyboard() {
	if c := l.PassTo(); c != game.NoRole {
		l.Joint.holder = c
		l.ver++
	}
}

// chooseJoint keeps the move of the person choosing on a joint turn and
// goes on: the next person, or the AI and the turn.
func (l *LocalMatch) chooseJoint(m game.Move) (tea.Cmd, error) {
	r := l.chooser()
	switch {
	case r == game.NoRole:
		return nil, fmt.Errorf("no move is wanted from this keyboard now")
	case l.PassTo() != game.NoRole:
		return nil, fmt.Errorf("pass the keyboard to %s first", l.v.RoleName(r))
	case !game.LegalFor(l.Current, r, m):
		return nil, fmt.Errorf("%s is not a legal move for %s now", l.Current.FormatMove(m), l.v.RoleName(r))
	}
	l.Joint.Moves[r], l.Joint.Chosen[r] = m, true
	l.ver++
	l.HasHint = false
	l.Status.SetStatus(l.v.RoleName(r)+" has chosen", false)
	return l.next(false), nil
}

// nextJoint starts what a joint turn needs: nothing while a person is to
// choose; else the AI seats choose and the turn is played (after the
// visible delay when the AI alone plays on).
func (l *LocalMatch) nextJoint(afterAI bool) tea.Cmd {
	if l.chooser() != game.NoRole || l.Paused && l.hasAISeat() || l.ggpWaiting() {
		return nil
	}
	delay := l.c.Opts.AIDelay
	if delay == 0 {
		delay = 600 * time.Millisecond
	}
	if afterAI && delay > 0 && l.allAI() {
		v := l.ver
		return tea.Tick(delay, func(time.Time) tea.Msg { return aiStartMsg{v} })
	}
	return l.playJointTurn()
}

// playJointTurn plays the collected moves and the AI seats' at once,
// after the AI seats have searched for theirs off the UI goroutine.
func (l *LocalMatch) playJointTurn() tea.Cmd {
	l.ensureChoice()
	if need := l.jointAISeats(); len(need) > 0 {
		if l.Job != nil && l.Job.joint && l.Job.version == l.ver {
			return nil // already searching for this turn
		}
		return l.startJointAI(need)
	}
	moves := make([]game.Move, len(l.v.Roles))
	for r := range moves {
		if l.Joint.Chosen[r] {
			moves[r] = l.Joint.Moves[r]
		} else if l.isGGP(game.Role(r)) {
			moves[r] = l.ggpMove(game.Role(r))
		}
	}
	before := l.Current.Clone()
	if err := game.PlayJoint(l.Current, moves); err != nil {
		l.Status.SetStatus("joint turn refused: "+err.Error(), true)
		l.Joint.reset(len(l.v.Roles))
		return nil
	}
	l.Moves = append(l.Moves, moves...)
	l.redoList = nil
	l.Joint.reset(len(l.v.Roles))
	l.ver++
	l.HasHint = false
	l.Status.SetStatus("played at once: "+jointShort(before, moves), false)
	return tea.Batch(l.save(), l.next(l.allAI()))
}

// jointAISeats are the AI seats that have still to choose this turn.
func (l *LocalMatch) jointAISeats() []game.Role {
	var need []game.Role
	for r := range l.v.Roles {
		if l.isAI(game.Role(r)) && !l.isGGP(game.Role(r)) && !l.Joint.Chosen[r] {
			need = append(need, game.Role(r))
		}
	}
	return need
}

// startJointAI searches each AI seat's move on this joint turn with
// ai.SearchFor, at the seat's level and the AI time per move, one seat
// after the other in one job (so "move now" and the AI slots treat the
// turn as one search).
func (l *LocalMatch) startJointAI(need []game.Role) tea.Cmd {
	s := l.Current.Clone()
	levels := make([]ai.Level, len(need))
	for i, r := range need {
		levels[i] = l.Seats[r].AILevel()
	}
	opt := ai.Options{Seed: l.c.Opts.Seed + uint64(len(l.Moves)), Threads: l.c.Opts.AIThreads, Budget: l.c.AITime}
	roles := len(l.v.Roles)
	return l.startJob(&aiJob{joint: true}, func(ctx context.Context, progress func(ai.Progress)) AIDoneMsg {
		moves := make([]game.Move, roles)
		for i, r := range need {
			o := opt
			o.Level, o.Progress, o.Seed = levels[i], progress, opt.Seed+uint64(r)
			moves[r] = ai.SearchFor(ctx, s, r, o).Move
		}
		return AIDoneMsg{joint: moves}
	})
}

// onJointAIDone keeps the AI seats' moves and plays the turn. A move that
// is not legal (a faulty engine) is replaced by a random legal one, said.
func (l *LocalMatch) onJointAIDone(msg AIDoneMsg) tea.Cmd {
	need := l.jointAISeats()
	for _, r := range need {
		m := msg.joint[r]
		// "Move now" plays the best move shown, when one seat searched.
		if len(need) == 1 && msg.Job.hasShown && game.LegalFor(l.Current, r, msg.Job.shown) {
			m = msg.Job.shown
		}
		if !game.LegalFor(l.Current, r, m) {
			m = l.randomJointMove(r)
			l.Status.SetStatus(fmt.Sprintf("AI gave no legal move for %s; playing a random one", l.v.RoleName(r)), true)
		}
		l.Joint.Moves[r], l.Joint.Chosen[r] = m, true
	}
	return l.playJointTurn()
}

// randomJointMove is a random legal move of role r on a joint turn.
func (l *LocalMatch) randomJointMove(r game.Role) game.Move {
	legal := l.Current.(game.JointState).LegalOf(r, nil)
	if len(legal) == 0 {
		return game.Noop
	}
	rng := game.NewRand(l.c.Opts.Seed + l.ver*31 + uint64(r) + 1)
	return legal[rng.Intn(len(legal))]
}
