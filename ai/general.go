package ai

import (
	"math"

	"github.com/tabletop/tabletop/game"
)

// genTree is the general game player's Monte Carlo tree: UCT in which
// every role maximises its own utility (its goal; with more than two
// roles, the others' blended with the searching role's loss: see
// utility), for any game.State, also one whose roles choose at the same
// time (game.JointState).
//
// A node is a position. At a turn-taking node the one role in control
// picks a child by UCB1 over its own rewards. At a joint node (several
// roles choose at once) the statistics are decoupled: every role keeps its
// own rewards, regrets and average strategy per legal move ("arms") and
// picks by regret matching alone (pickArm); the children are the joint
// moves, numbered in mixed radix over the roles' arms, and exist only
// when there are few enough of them.
//
// With solver set the tree proves what it can (MCTS-solver): a finished
// game is exact; a turn-taking node is exact as soon as a child gives its
// mover the highest goal (100), or when every child is exact (it takes
// the child best for its mover); a joint node is exact when every joint
// move leads to the same exact goals. An exact node is never searched
// again: choosing it backs up its goals. (Where the mover's utility is
// not its goal, read "the highest utility" for "the highest goal".)
type genTree struct {
	rng         game.Rand
	state       game.State      // the position of the iteration
	js          game.JointState // state, when it has simultaneous turns
	nroles      int
	maxNodes    int
	exploration float64
	solver      bool
	// role is the searching role and paranoia how far, with more than
	// two roles, every other role is modelled as playing against it (see
	// utility); 0 is max^n.
	role     game.Role
	paranoia float64

	nodes []genNode
	exact []uint8  // nroles goals per node, meaningful when it is solved
	arms  []genArm // the decoupled statistics of joint nodes
	hdr   []int32  // per joint node nroles+1 offsets into arms

	// lanes plays the playouts of a game that has a game.Simulation;
	// lanesOf is its game.
	lanes   *genLanes
	lanesOf *game.Variant

	// Scratch of one iteration, kept so that iterating does not allocate.
	path  []genStep
	picks []int32   // the arms chosen at the joint nodes of path
	probs []float64 // the probability each of picks was chosen with
	moves []game.Move
	joint []game.Move
	goals []int
}

type genNode struct {
	move     game.Move // the move into the node from a turn-taking parent
	first    int32     // first child; -1 when it has none
	children int32
	joint    int32 // offset into hdr for a joint node, else -1
	visits   int32
	reward   float64   // sum of the rewards (goal/100) of mover
	mover    game.Role // the role that played move; NoRole below a joint node and at the root
	solved   bool
}

type genArm struct {
	move   game.Move
	visits int32
	reward float64 // sum of the role's rewards
	regret float64 // cumulative regret (regret matching)
	strat  float64 // sum of the probabilities it was chosen with
}

// genStep is one node of an iteration's path; picks is the offset of the
// arms chosen there in genTree.picks, or -1.
type genStep struct {
	node  int32
	picks int32
}

// The general player's tree.
const (
	genMaxNodes         = 1 << 20 // per thread, about 48 MiB
	genExploration      = 0.4     // UCB1 constant on rewards 0–1, measured in the README
	genExpandAfter      = 1       // visits of a leaf before it gets children
	genMaxJointChildren = 4096    // joint moves stored below a joint node
	genMaxPlayout       = 10000   // plies of a playout, against endless games
	genJointMix         = 0.1     // uniform exploration of regret matching at joint nodes
	// genParanoia is how far, with more than two roles, the others are
	// modelled as playing against the searching role (genTree.utility):
	// measured against ggp-base's Monte Carlo player in the README.
	genParanoia = 0.5
)

// reset starts a new tree for root, which must not be terminal, and gives
// the root its children.
func (t *genTree) reset(root game.State) {
	t.prepare(root)
	t.nodes, t.exact = t.nodes[:0], t.exact[:0]
	t.arms, t.hdr = t.arms[:0], t.hdr[:0]
	t.newNode(game.Noop, game.NoRole)
	t.state.CopyFrom(root)
	t.expand(0, t.state)
}

// prepare readies the scratch state and buffers for root's game.
func (t *genTree) prepare(root game.State) {
	if t.state == nil || t.state.Variant() != root.Variant() {
		t.state = root.Clone()
		t.js, _ = t.state.(game.JointState)
	}
	t.nroles = len(root.Variant().Roles)
	t.joint = resize(t.joint, t.nroles)
	t.goals = resize(t.goals, t.nroles)
}

// resize returns buf with length n, reusing its array when it can.
func resize[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}

func (t *genTree) newNode(m game.Move, mover game.Role) {
	t.nodes = append(t.nodes, genNode{move: m, first: -1, joint: -1, mover: mover})
	for r := 0; r < t.nroles; r++ {
		t.exact = append(t.exact, 0)
	}
}

// utility is what role r plays for in the tree, from 0 to 1, by the
// goals in t.goals: its own goal, or, with more than two roles, for every
// role but the searching one its own goal blended with the searching
// role's loss (paranoia). Max^n alone (paranoia 0) counts on the others
// to stop each other's threats whenever that serves their own goals, and
// its proofs broke a role's ties in the searcher's favour: it "proved"
// wins that a weak or careless player refutes by blocking nothing, and
// lost tictactoe_3player to a line it left for another role to block.
// With two roles each plays for its own goal: no change.
func (t *genTree) utility(r game.Role) float64 {
	return t.blend(r, t.goals[r], t.goals[t.role])
}

// exactUtility is utility at solved node n.
func (t *genTree) exactUtility(n int32, r game.Role) float64 {
	return t.blend(r, t.goalOf(n, r), t.goalOf(n, t.role))
}

// blend is the utility of role r whose goal is own where the searching
// role's is searcher's.
func (t *genTree) blend(r game.Role, own, searcher int) float64 {
	u := float64(own) / game.MaxGoal
	if t.paranoia == 0 || r == t.role || t.nroles <= 2 {
		return u
	}
	return (1-t.paranoia)*u + t.paranoia*(1-float64(searcher)/game.MaxGoal)
}

// goalOf is the exact goal of role r at solved node n.
func (t *genTree) goalOf(n int32, r game.Role) int {
	return int(t.exact[int(n)*t.nroles+int(r)])
}

// expand gives node n, whose position is s, its children (or its arms),
// unless the tree is full.
func (t *genTree) expand(n int32, s game.State) bool {
	if len(t.nodes) >= t.maxNodes {
		return false
	}
	if s.ToMove() == game.NoRole && t.js != nil {
		return t.expandJoint(n)
	}
	t.moves = s.Legal(t.moves[:0])
	if len(t.moves) == 0 || len(t.nodes)+len(t.moves) > t.maxNodes {
		return false
	}
	mover := s.ToMove()
	t.nodes[n].first = int32(len(t.nodes))
	t.nodes[n].children = int32(len(t.moves))
	for _, m := range t.moves {
		t.newNode(m, mover)
	}
	return true
}

// expandJoint gives joint node n every role's arms and, when there are
// not too many, a child per joint move.
func (t *genTree) expandJoint(n int32) bool {
	h := int32(len(t.hdr))
	total := 1
	for r := 0; r < t.nroles; r++ {
		t.hdr = append(t.hdr, int32(len(t.arms)))
		t.moves = t.js.LegalOf(game.Role(r), t.moves[:0])
		if len(t.moves) == 0 {
			t.moves = append(t.moves, game.Noop)
		}
		for _, m := range t.moves {
			t.arms = append(t.arms, genArm{move: m})
		}
		total = min(total*len(t.moves), genMaxJointChildren+1)
	}
	t.hdr = append(t.hdr, int32(len(t.arms)))
	t.nodes[n].joint = h
	if total <= genMaxJointChildren && len(t.nodes)+total <= t.maxNodes {
		t.nodes[n].first = int32(len(t.nodes))
		t.nodes[n].children = int32(total)
		for i := 0; i < total; i++ {
			t.newNode(game.Noop, game.NoRole)
		}
	}
	return true
}

// iterate runs one selection, expansion, playout and backup from root,
// the position the tree was reset for.
func (t *genTree) iterate(root game.State) {
	if t.descend(root) {
		t.playout(t.state)
		t.backup(false)
	}
}

// descend selects and expands from root down to where a playout must
// start, and reports whether one must: t.state is then the position and
// t.path (with t.picks and t.probs) the way there. A descent that ends at
// an exact node (a finished game or a proof) backs up its goals at once.
func (t *genTree) descend(root game.State) bool {
	s := t.state
	s.CopyFrom(root)
	t.path, t.picks, t.probs = t.path[:0], t.picks[:0], t.probs[:0]
	n := int32(0)
	for {
		nd := &t.nodes[n]
		if nd.solved {
			t.path = append(t.path, genStep{node: n, picks: -1})
			t.backupExact(n)
			return false
		}
		if s.Terminal() {
			t.path = append(t.path, genStep{node: n, picks: -1})
			t.solveTerminal(n, s)
			t.backupExact(n)
			return false
		}
		if nd.first < 0 && nd.joint < 0 && (nd.visits < genExpandAfter || !t.expand(n, s)) {
			t.path = append(t.path, genStep{node: n, picks: -1})
			return true
		}
		if nd = &t.nodes[n]; nd.joint >= 0 {
			t.path = append(t.path, genStep{node: n, picks: int32(len(t.picks))})
			c := t.pickJoint(n)
			t.js.ApplyJoint(t.joint)
			if nd.children == 0 {
				return true
			}
			n = nd.first + c
			continue
		}
		t.path = append(t.path, genStep{node: n, picks: -1})
		n = t.selectChild(n)
		if !t.nodes[n].solved {
			s.Apply(t.nodes[n].move)
		}
	}
}

// solveTerminal marks node n, whose position s is finished, exact.
func (t *genTree) solveTerminal(n int32, s game.State) {
	base := int(n) * t.nroles
	for r := 0; r < t.nroles; r++ {
		t.exact[base+r] = uint8(min(max(s.Goal(game.Role(r)), 0), game.MaxGoal))
	}
	t.nodes[n].solved = true
}

// backupExact backs up the exact goals of node n, the end of the path.
func (t *genTree) backupExact(n int32) {
	for r := 0; r < t.nroles; r++ {
		t.goals[r] = t.goalOf(n, game.Role(r))
	}
	t.backup(true)
}

// selectChild is UCB1 for the mover of turn-taking node n over its own
// rewards: an exact child counts at its exact goal, without exploration;
// unvisited children come first.
func (t *genTree) selectChild(n int32) int32 {
	nd := t.nodes[n]
	mover := t.nodes[nd.first].mover
	logN := math.Log(float64(nd.visits) + 1)
	best, bestV := nd.first, math.Inf(-1)
	for c := nd.first; c < nd.first+nd.children; c++ {
		ch := &t.nodes[c]
		var v float64
		switch {
		case ch.solved:
			v = t.exactUtility(c, mover)
		case ch.visits == 0:
			return c
		default:
			v = ch.reward/float64(ch.visits) + t.exploration*math.Sqrt(logN/float64(ch.visits))
		}
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// pickJoint chooses every role's arm at joint node n by the role's own
// statistics (pickArm), sets t.joint to the joint move, records the arms
// and their probabilities in t.picks and t.probs and returns the joint
// move's child number.
func (t *genTree) pickJoint(n int32) int32 {
	h := t.nodes[n].joint
	combo := int32(0)
	for r := 0; r < t.nroles; r++ {
		lo, hi := t.hdr[h+int32(r)], t.hdr[h+int32(r)+1]
		best, prob := lo, 1.0
		if hi-lo > 1 {
			best, prob = t.pickArm(lo, hi)
		}
		t.joint[r] = t.arms[best].move
		t.picks = append(t.picks, best)
		t.probs = append(t.probs, prob)
		combo = combo*(hi-lo) + best - lo
	}
	return combo
}

// pickArm samples one role's arm in [lo, hi) by regret matching: in
// proportion to the positive part of each arm's regret (uniformly when
// none is positive), mixed with genJointMix of uniform exploration. It
// adds the probabilities to the arms' average strategy and returns the
// arm and its probability. A deterministic choice (UCB1) would keep
// roles with equal statistics in step, trying only matching moves, and
// need not approach an equilibrium; regret matching does on average.
func (t *genTree) pickArm(lo, hi int32) (int32, float64) {
	k := float64(hi - lo)
	pos := 0.0
	for a := lo; a < hi; a++ {
		pos += max(t.arms[a].regret, 0)
	}
	x := float64(t.rng.Uint64()>>11) / (1 << 53)
	chosen, prob := hi-1, 0.0
	for a := lo; a < hi; a++ {
		p := 1 / k
		if pos > 0 {
			p = max(t.arms[a].regret, 0) / pos
		}
		p = (1-genJointMix)*p + genJointMix/k
		t.arms[a].strat += p
		if x >= 0 && x < p {
			chosen, prob = a, p
		}
		x -= p
	}
	if prob == 0 {
		prob = (1-genJointMix)*max(t.arms[chosen].regret, 0)/max(pos, 1e-300) + genJointMix/k
	}
	return chosen, prob
}

// playout finishes the game on s with uniformly random moves (every
// choosing role at random on a joint turn), writes the goals and returns
// the plies played.
func (t *genTree) playout(s game.State) int {
	plies := 0
	for ; !s.Terminal() && plies < genMaxPlayout; plies++ {
		if s.ToMove() != game.NoRole || t.js == nil {
			s.Apply(s.RandomMove(&t.rng))
			continue
		}
		t.applyJointWith(s, game.NoRole, game.Noop)
	}
	for r := 0; r < t.nroles; r++ {
		t.goals[r] = s.Goal(game.Role(r))
	}
	return plies
}

// applyJointWith plays, on the joint turn of s, move m for role (unless
// role is NoRole) and a random legal move for every other role.
func (t *genTree) applyJointWith(s game.State, role game.Role, m game.Move) {
	for r := 0; r < t.nroles; r++ {
		t.moves = t.js.LegalOf(game.Role(r), t.moves[:0])
		t.joint[r] = game.Noop
		if len(t.moves) > 0 {
			t.joint[r] = t.moves[t.rng.Intn(len(t.moves))]
		}
	}
	if role != game.NoRole {
		t.joint[role] = m
	}
	t.js.ApplyJoint(t.joint)
}

// backup adds the goals in t.goals to every node and arm of the path and,
// when the path ended at an exact node (exact), proves what that allows
// above it.
func (t *genTree) backup(exact bool) {
	t.addVisits(1)
	t.addRewards()
	if !exact || !t.solver {
		return
	}
	for i := len(t.path) - 2; i >= 0 && t.trySolve(t.path[i].node); i-- {
	}
}

// addVisits adds d visits to every node of the path: a playout started
// below them (1), or one that was counted when it started and will not
// come back (-1). A playout in flight so counts as a loss until its
// goals come (a virtual loss), which sends the next descents elsewhere.
func (t *genTree) addVisits(d int32) {
	for _, st := range t.path {
		t.nodes[st.node].visits += d
	}
}

// addRewards adds the goals in t.goals to every node and arm of the path.
func (t *genTree) addRewards() {
	for i := len(t.path) - 1; i >= 0; i-- {
		st := t.path[i]
		nd := &t.nodes[st.node]
		if nd.mover != game.NoRole {
			nd.reward += t.utility(nd.mover)
		}
		if st.picks >= 0 {
			t.backupArms(st)
		}
	}
}

// backupArms adds the goals to the arms chosen at joint step st and
// updates the regrets of every arm of each role with a choice: the
// sampled estimate of what the arm would have scored (the reward over
// the probability for the chosen arm, 0 for the others) minus the reward.
func (t *genTree) backupArms(st genStep) {
	h := t.nodes[st.node].joint
	for r := 0; r < t.nroles; r++ {
		i := int(st.picks) + r
		u := t.utility(game.Role(r))
		chosen := t.picks[i]
		t.arms[chosen].visits++
		t.arms[chosen].reward += u
		lo, hi := t.hdr[h+int32(r)], t.hdr[h+int32(r)+1]
		if hi-lo < 2 {
			continue
		}
		for a := lo; a < hi; a++ {
			t.arms[a].regret -= u
		}
		t.arms[chosen].regret += u / t.probs[i]
	}
}

// trySolve marks node n exact if its children allow it, and reports
// whether it did.
func (t *genTree) trySolve(n int32) bool {
	nd := t.nodes[n]
	if nd.solved || nd.first < 0 {
		return false
	}
	if nd.joint >= 0 {
		// Without knowing how the roles would mix their moves, only a
		// position every joint move leads to alike is decided.
		for c := nd.first; c < nd.first+nd.children; c++ {
			if !t.nodes[c].solved || !t.sameGoals(c, nd.first) {
				return false
			}
		}
		t.copyExact(n, nd.first)
		return true
	}
	mover := t.nodes[nd.first].mover
	best, bestU, all := int32(-1), -1.0, true
	for c := nd.first; c < nd.first+nd.children; c++ {
		if !t.nodes[c].solved {
			all = false
			continue
		}
		if u := t.exactUtility(c, mover); u > bestU {
			best, bestU = c, u
		}
	}
	if best < 0 || !all && bestU < 1 {
		return false
	}
	t.copyExact(n, best)
	return true
}

func (t *genTree) sameGoals(a, b int32) bool {
	for r := 0; r < t.nroles; r++ {
		if t.goalOf(a, game.Role(r)) != t.goalOf(b, game.Role(r)) {
			return false
		}
	}
	return true
}

// copyExact makes node n exact with the goals of node from.
func (t *genTree) copyExact(n, from int32) {
	copy(t.exact[int(n)*t.nroles:int(n+1)*t.nroles], t.exact[int(from)*t.nroles:])
	t.nodes[n].solved = true
}

// provenChild is the child of turn-taking node n that realises its exact
// value (the best exact child for the mover), or -1.
func (t *genTree) provenChild(n int32) int32 {
	nd := t.nodes[n]
	if nd.first < 0 || nd.joint >= 0 {
		return -1
	}
	mover := t.nodes[nd.first].mover
	best, bestU := int32(-1), -1.0
	for c := nd.first; c < nd.first+nd.children; c++ {
		if u := t.exactUtility(c, mover); t.nodes[c].solved && u > bestU {
			best, bestU = c, u
		}
	}
	return best
}

// lineFrom appends the move of child c and the line below it: the proven
// child of an exact node, else the most visited child, while nodes have
// been visited more than once; it stops at a joint node.
func (t *genTree) lineFrom(c int32, buf []game.Move) []game.Move {
	for c >= 0 {
		nd := t.nodes[c]
		if nd.mover == game.NoRole || nd.visits <= 1 && !nd.solved {
			break
		}
		buf = append(buf, nd.move)
		if nd.solved {
			c = t.provenChild(c)
			continue
		}
		c = t.mostVisited(c)
	}
	return buf
}

// mostVisited is the most visited child of turn-taking node n, or -1.
func (t *genTree) mostVisited(n int32) int32 {
	nd := t.nodes[n]
	if nd.first < 0 || nd.joint >= 0 || nd.children == 0 {
		return -1
	}
	best := nd.first
	for c := nd.first; c < nd.first+nd.children; c++ {
		if t.nodes[c].visits > t.nodes[best].visits {
			best = c
		}
	}
	return best
}
