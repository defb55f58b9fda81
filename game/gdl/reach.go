package gdl

// possibleBase finds the base propositions that some reachable state may
// hold, more closely than grounding does: grounding ignores every
// negation, so a sheet's (not (corner ?r ?c)) does not keep Quad's
// corners out of its cells. Here the static atoms have their exact values
// (collectRules has already decided them), and only negations of
// dynamic atoms are still assumed to hold. It is a least fixpoint of Horn
// propagation, linear in the size of the ground rules: an atom becomes
// possible when every positive literal of one of its rules is; a base
// atom when it is initial or its next atom is; a does atom when its legal
// atom is. The result is an over-approximation still (a dynamic negation
// may never hold), but a sound one: a state reached by legal play holds
// only possible facts.
func (b *netBuilder) possibleBase() []bool {
	n := b.n
	possible := make([]bool, n.nAtoms)
	// waiting[rule] counts the positive literals not yet possible; the
	// rules are numbered in the order of their heads.
	var head []int32
	var waiting []int32
	users := positiveUsers(b.rs.rules, n.nAtoms)
	// feeds[a] are the atoms that become possible with a besides rule
	// heads: a next atom feeds its base atom, a legal atom its does atom.
	feeds := make([][]int32, n.nAtoms)
	var queue []int32
	mark := func(a int32) {
		if a >= 0 && !possible[a] {
			possible[a] = true
			queue = append(queue, a)
		}
	}
	for a, rules := range b.rs.rules {
		for _, r := range rules {
			k := int32(len(head))
			head = append(head, int32(a))
			pos := int32(0)
			for _, l := range r {
				if l&1 == 0 {
					users.add(l>>1, k)
					pos++
				}
			}
			waiting = append(waiting, pos)
		}
	}
	for base, next := range n.nextOf {
		feeds[next] = append(feeds[next], int32(base))
	}
	for r := range n.legalOf {
		for m, legal := range n.legalOf[r] {
			if legal >= 0 && n.doesOf[r][m] >= 0 {
				feeds[legal] = append(feeds[legal], n.doesOf[r][m])
			}
		}
	}
	mark(n.always)
	for _, a := range n.init {
		mark(a)
	}
	for k, w := range waiting {
		if w == 0 {
			mark(head[k])
		}
	}
	for len(queue) > 0 {
		a := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, f := range feeds[a] {
			mark(f)
		}
		for _, k := range users.of(a) {
			if waiting[k]--; waiting[k] == 0 {
				mark(head[k])
			}
		}
	}
	return possible[:n.nBase]
}

// atomUsers lists, atom by atom, the rules (numbered in the order of
// their heads) with the atom as a positive literal, in one slice: a slice
// of its own for each atom was a quarter million allocations at
// AlexChess's start.
type atomUsers struct {
	end   []int32 // end[a] is where a's rules end in list (start, until filled)
	list  []int32
	start []int32
}

// positiveUsers counts the positive literals of rules by atom, and
// makes room for add to list their rules.
func positiveUsers(rules [][][]int32, nAtoms int) *atomUsers {
	u := &atomUsers{end: make([]int32, nAtoms), start: make([]int32, nAtoms+1)}
	for _, rs := range rules {
		for _, r := range rs {
			for _, l := range r {
				if l&1 == 0 {
					u.start[l>>1+1]++
				}
			}
		}
	}
	for a := range nAtoms {
		u.start[a+1] += u.start[a]
	}
	copy(u.end, u.start[:nAtoms])
	u.list = make([]int32, u.start[nAtoms])
	return u
}

// add lists rule k among the users of atom a.
func (u *atomUsers) add(a, k int32) {
	u.list[u.end[a]] = k
	u.end[a]++
}

// of returns the rules with a as a positive literal.
func (u *atomUsers) of(a int32) []int32 { return u.list[u.start[a]:u.end[a]] }
