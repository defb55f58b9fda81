package lanes

import (
	"math/bits"

	"github.com/tabletop/tabletop/game"
)

// chooseMoves sets, in every playing lane, the does atom of a uniformly
// random legal move of every role (or the role's none atom). The lanes
// where a role has one legal move (the pass of a turn-taking game) are
// found and set for all lanes at once; only the others are visited lane
// by lane.
func (l *Sim) chooseMoves(rng *game.Rand) {
	w := l.w
	for _, a := range l.set {
		w.put(a, lword{})
	}
	l.set = l.set[:0]
	for r, ents := range l.lp.legal {
		at := l.lp.legalAt[r]
		if l.skipped[r] { // only its free entries may be legal
			f := l.lp.guards[r].free
			ents, at = ents[:f], at[:f]
		}
		var none lword
		if l.listsAll(r, len(ents)) {
			// Every lane lists its legal entries: the lanes with one or
			// none are found there, not by a count over the entries
			// first (4pttc: the mover's 248, a twentieth of a ply).
			for k := 0; k < laneWords; k++ {
				if m := l.active.word(k); m != 0 {
					none = none.withWord(k, l.listLegal(r, ents, k, m, rng))
				}
			}
		} else {
			once, twice := countLegal(w, at)
			once, twice = and(once, l.active), and(twice, l.active)
			var single lword
			none, single = andNot(l.active, once), andNot(once, twice)
			if single != (lword{}) {
				none = or(none, l.setSingles(r, ents, single))
			}
			if twice != (lword{}) {
				none = or(none, l.chooseAmong(r, ents, twice, rng))
			}
		}
		if a := l.n.None[r]; a >= 0 {
			w.put(a, none)
		}
	}
}

// listsAll reports whether role r, with ents entries, chooses by listing
// every lane's legal entries (listLegal): where few draws hit (see
// chooseAmong) and choosing for a word's lanes together would cost more.
func (l *Sim) listsAll(r, ents int) bool {
	tries, hits := l.tries[r], l.hits[r]
	return tries >= 1024 && hits*chooseSparse < tries && !wordCheaper(false, int64(ents), 64, tries, hits)
}

// countLegal returns the lanes where at least one of the atoms of legal
// holds, and those where two or more do. It is a function of its own so
// that its result stays in registers.
//
//go:noinline
func countLegal(w wordsOf, legal []int32) (once, twice lword) {
	for _, a := range legal {
		x := &w[a]
		twice.w0 |= once.w0 & x[0]
		twice.w1 |= once.w1 & x[1]
		twice.w2 |= once.w2 & x[2]
		twice.w3 |= once.w3 & x[3]
		once.w0 |= x[0]
		once.w1 |= x[1]
		once.w2 |= x[2]
		once.w3 |= x[3]
	}
	return once, twice
}

// setSingles sets, in the lanes of single, where role r has one legal
// entry, that entry's does atom, and returns the lanes whose move the
// rules do not know. The entry that served such lanes last (the pass of
// a turn-taking game, often) is tried first, and the walk over the
// entries stops once every lane is served: 4pttc's roles have 248
// entries each, and three of the four only pass.
func (l *Sim) setSingles(r int, ents []laneEntry, single lword) (none lword) {
	w := l.w
	if h := l.passHint[r]; h < len(ents) {
		e := ents[h]
		if m := and(w.get(e.legal), single); m != (lword{}) {
			none = l.setDoes(e.does, m)
			if single = andNot(single, m); single == (lword{}) {
				return none
			}
		}
	}
	for j, e := range ents {
		if m := and(w.get(e.legal), single); m != (lword{}) {
			none = or(none, l.setDoes(e.does, m))
			l.passHint[r] = j
			if single = andNot(single, m); single == (lword{}) {
				break
			}
		}
	}
	return none
}

// setDoes sets does atom a in the lanes of m, and returns the lanes that
// so make no move the rules know (a is -1).
func (l *Sim) setDoes(a int32, m lword) lword {
	if a < 0 {
		return m
	}
	old := l.w.get(a)
	if old == (lword{}) {
		l.set = append(l.set, a)
	}
	l.w.put(a, or(old, m))
	return lword{}
}

// chooseAmong chooses, for role r, a legal entry uniformly at random in
// each lane of many, where it has several, and sets its does atom; it
// returns the lanes whose choice the rules do not know. A lane draws an
// entry of the role at random until one is legal there (uniform among
// the legal ones), up to chooseTries times; the lanes where no draw hit
// list their legal entries (listLegal) and draw among them. When few
// draws hit (a role with many entries and few legal at a time), every
// lane lists from the start. Where the role has so few entries that
// going through all of them costs less than the lanes' draws, the 64
// lanes of a word choose together (chooseWord).
func (l *Sim) chooseAmong(r int, ents []laneEntry, many lword, rng *game.Rand) (none lword) {
	tries, hits := l.tries[r], l.hits[r]
	draw := hits*chooseSparse >= tries || tries < 1024
	for k := 0; k < laneWords; k++ {
		nk, missed := uint64(0), many.word(k)
		if missed == 0 {
			continue
		}
		if tries >= 1024 && wordCheaper(draw, int64(len(ents)), int64(bits.OnesCount64(missed)), tries, hits) {
			nk = l.chooseWord(r, ents, k, missed, rng)
			none = none.withWord(k, nk)
			continue
		}
		if draw {
			missed = 0
			for m := many.word(k); m != 0; m &= m - 1 {
				b := bits.TrailingZeros64(m)
				j := l.drawLegal(r, ents, k, b, rng)
				if j < 0 {
					missed |= 1 << b
				} else if l.setDoesLane(ents[j].does, k, b) {
					nk |= 1 << b
				}
			}
		}
		if missed != 0 {
			nk |= l.listLegal(r, ents, k, missed, rng)
		}
		none = none.withWord(k, nk)
	}
	return none
}

// wordCheaper reports whether choosing for the lanes of a word together
// (chooseWord) costs less than choosing lane by lane for its lanes, by
// draws (draw) or by listing their legal entries. Listing costs about 11
// instructions an entry, 17 for each legal entry of each lane
// (ents*hits/tries a lane) and 25 a lane; chooseWord, two passes over
// the entries whose bit-sliced counts ripple, about 60 an entry
// (callgrind, 4pttc and minichess with the lanes in step): it pays where
// the lanes have many legal entries each (minichess), not few among many
// (4pttc: 8 of 248).
func wordCheaper(draw bool, ents, lanes, tries, hits int64) bool {
	if draw {
		return 2*ents*hits < lanes*tries
	}
	return 49*ents*tries < lanes*(17*ents*hits+25*tries)
}

// Choosing among a role's entries: draws before listing, and the share
// of draws that must hit for drawing to go on.
const (
	chooseTries  = 16
	chooseSparse = 8 // draw while more than one draw in 8 hits
)

// drawLegal draws entries at random for lane (word k, bit b) until one
// is legal there, at most chooseTries times; it returns it, or -1.
func (l *Sim) drawLegal(r int, ents []laneEntry, k, b int, rng *game.Rand) int {
	w, e := l.w, uint64(len(ents))
	for t := 0; t < chooseTries; t += 2 {
		x := rng.Uint64()
		j := (x & 0xffffffff) * e >> 32
		if w.bit(ents[j].legal, k, b) == 0 {
			j = (x >> 32) * e >> 32
			l.tries[r]++
			if w.bit(ents[j].legal, k, b) == 0 {
				l.tries[r]++
				continue
			}
		}
		l.tries[r]++
		l.hits[r]++
		return int(j)
	}
	return -1
}

// listLegal lists, for the lanes of mask m in word k, their legal entries
// (each entry's word is read once for the 64 lanes), chooses one at
// random in each and sets its does atom; it returns the lanes whose
// choice the rules do not know, or that have none.
func (l *Sim) listLegal(r int, ents []laneEntry, k int, m uint64, rng *game.Rand) (none uint64) {
	stride := l.lp.maxLegal
	pick, next := l.pick, &l.pickNext
	listWord(l.w, l.lp.legalAt[r][:len(ents)], k, m, pick, next)
	for ; m != 0; m &= m - 1 {
		b := bits.TrailingZeros64(m)
		from := b * stride
		var j int32
		switch n := int(next[b]) - from; n {
		case 0: // no legal entry (listsAll lists every lane)
			none |= 1 << b
			continue
		case 1:
			j = pick[from]
		default:
			j = pick[from+rng.Intn(n)]
		}
		next[b] = int32(from) // empty again
		if l.setDoesLane(ents[j].does, k, b) {
			none |= 1 << b
		}
	}
	return none
}

// listWord appends, for each lane b of mask m in word k, the index of
// each atom of legal that holds there to its list in pick, at next[b],
// moved on. It is a function of its own, with every value it reads in a
// local, so that its walk over the atoms (most of them false in every
// lane of m) stays a few instructions an atom; a lane's place in pick is
// kept, not its count, so that a hit costs no multiplication by the
// lists' stride (4pttc: 18 instructions a hit, 12 without).
//
//go:noinline
func listWord(w wordsOf, legal []int32, k int, m uint64, pick []int32, next *[64]int32) {
	k &= laneWords - 1
	for j, a := range legal {
		for x := w[a][k] & m; x != 0; x &= x - 1 {
			p := &next[bits.TrailingZeros64(x)&63]
			pick[*p] = int32(j)
			*p++
		}
	}
}

// chooseWord is chooseAmong for the lanes of mask m in word k, bit-sliced:
// slice i of a number is the word of its bit i in every lane. It counts
// each lane's legal entries, draws a number below the count in each lane
// (drawBelow), then walks the entries counting the number down where an
// entry is legal: the entry legal where it is zero is the lane's choice,
// found as the lanes that borrow out of the top slice. Branches depend
// on the 64 lanes together, not on single lanes, which a choice lane by
// lane (drawing entries until one is legal, or listing them) paid for in
// mispredictions and stores.
func (l *Sim) chooseWord(r int, ents []laneEntry, k int, m uint64, rng *game.Rand) (none uint64) {
	w := l.w
	var count, n sliced
	nb := countWord(&count, w, ents, k, m)
	// What the lanes' draws would have hit, for chooseAmong's choice.
	l.tries[r] += int64(len(ents) * bits.OnesCount64(m))
	for i := range nb {
		l.hits[r] += int64(bits.OnesCount64(count[i])) << i
	}
	drawBelow(&n, &count, nb, m, rng)
	// The walk of six slices pays where an entry is legal in several of
	// the word's lanes at once (breakthrough: 11 lanes of 64); where it
	// is legal in one or two (minichess: 3), the walk of any width,
	// whose borrows stop early, costs less (706 instructions a ply with
	// the six slices, 678 without).
	if nb <= 6 && int64(bits.OnesCount64(m))*l.hits[r] >= walkDense*l.tries[r] {
		return l.pickWord6(ents, k, m, &n)
	}
	left := m // lanes not chosen yet
	for _, e := range ents {
		x := w[e.legal][k] & left
		// Count down where the entry is legal; what borrows out of the
		// top slice was at zero: the entry is those lanes' choice.
		for i := 0; i < nb && x != 0; i++ {
			t := n[i]
			n[i], x = t^x, x&^t
		}
		if x != 0 {
			if e.does < 0 {
				none |= x
			} else {
				l.setDoesWord(e.does, k, x)
			}
			if left &^= x; left == 0 {
				break
			}
		}
	}
	return none
}

// pickWord6 is chooseWord's walk over the entries for numbers n of at
// most six slices (a count of legal entries below 64, the usual case):
// each entry counts all six slices down, without the branch on the
// borrow a slice that the walk of any width pays (whose borrow runs up to
// about the top slice where 30 of the 64 lanes count down together). It
// returns the lanes whose choice the rules do not know.
func (l *Sim) pickWord6(ents []laneEntry, k int, left uint64, n *sliced) (none uint64) {
	picks := &l.picks
	c := walkDown6(l.w, ents, k, left, n, picks)
	for _, p := range picks[:c] {
		if a := ents[p.entry].does; a < 0 {
			none |= p.lanes
		} else {
			l.setDoesWord(a, k, p.lanes)
		}
	}
	return none
}

// laneChoice is the lanes of a word that chose an entry.
type laneChoice struct {
	entry int
	lanes uint64
}

// walkDown6 walks ents counting n down in the lanes of left of word k
// where an entry is legal, and appends to picks each entry and the lanes
// that borrow out of the top slice there (their choice); it returns how
// many it appended (at most 64: each takes a lane at least). It calls
// nothing: a call in the loop makes the compiler keep every slice on
// the stack across it. Breakthrough, instructions a ply (callgrind):
// 747 with the does atoms set in the loop, 752 without (but the slices
// not complemented), 740 as it is; 761 with the walk of any width.
//
//go:noinline
func walkDown6(w wordsOf, ents []laneEntry, k int, left uint64, n *sliced, picks *[64]laneChoice) (np int) {
	k &= laneWords - 1
	// The slices are kept complemented: the borrow is then x&c, with no
	// complement of a slice in the loop, for which amd64 without ANDN
	// copies the slice first.
	c0, c1, c2, c3, c4, c5 := ^n[0], ^n[1], ^n[2], ^n[3], ^n[4], ^n[5]
	for j, e := range ents {
		x := w[e.legal][k] & left
		if x == 0 {
			continue
		}
		// Count down where the entry is legal; what borrows out of the
		// top slice was at zero: the entry is those lanes' choice.
		b0 := x & c0
		c0 ^= x
		x = b0
		b1 := x & c1
		c1 ^= x
		x = b1
		b2 := x & c2
		c2 ^= x
		x = b2
		b3 := x & c3
		c3 ^= x
		x = b3
		b4 := x & c4
		c4 ^= x
		x = b4
		b5 := x & c5
		c5 ^= x
		x = b5
		if x != 0 {
			picks[np&63] = laneChoice{j, x}
			np++
			if left &^= x; left == 0 {
				break
			}
		}
	}
	return np
}

// countWord sets count, bit-sliced, to the number of ents legal in each
// lane of mask m in word k, and returns the slices it needs (at least 1).
// Four entries at a time are added by carry-save adders (Harley and
// Seal's population count, turned to count down the entries): the ones
// and twos slices stay in registers and only the carry of weight four
// ripples into the higher slices, where a ripple per entry cost about
// 50 instructions an entry on breakthrough (callgrind).
func countWord(count *sliced, w wordsOf, ents []laneEntry, k int, m uint64) (nb int) {
	k &= laneWords - 1
	var ones, twos uint64
	nb = 2
	j := 0
	for ; j+4 <= len(ents); j += 4 {
		e := ents[j : j+4 : j+4]
		a, b := w[e[0].legal][k]&m, w[e[1].legal][k]&m
		c, d := w[e[2].legal][k]&m, w[e[3].legal][k]&m
		// Two full adders of weight one, one of weight two.
		u := ones ^ a
		twosA := ones&a | u&b
		u ^= b
		v := u ^ c
		twosB := u&c | v&d
		ones = v ^ d
		t := twos ^ twosA
		carry := twos&twosA | t&twosB
		twos = t ^ twosB
		i := 2
		for ; carry != 0; i++ {
			x := count[i]
			count[i], carry = x^carry, x&carry
		}
		nb = max(nb, i)
	}
	count[0], count[1] = ones, twos
	for _, e := range ents[j:] {
		carry := w[e.legal][k] & m
		i := 0
		for ; carry != 0; i++ {
			x := count[i]
			count[i], carry = x^carry, x&carry
		}
		nb = max(nb, i)
	}
	for nb > 1 && count[nb-1] == 0 {
		nb--
	}
	return nb
}

// walkDense is the number of a word's lanes where an entry is legal, on
// average, from which chooseWord walks six slices (pickWord6).
const walkDense = 4

// sliced is a bit-sliced number per lane of a word: up to 2^32-1, more
// than a role's entries.
type sliced [32]uint64

// drawBelow sets r, in each lane of m, to a uniformly random number below
// count there (at least 1), in nb slices: it draws numbers of as many
// bits as the lane's count has and keeps those below the count (more
// than half of the draws), drawing again in the other lanes.
func drawBelow(r, count *sliced, nb int, m uint64, rng *game.Rand) {
	var fit sliced // by slice: the lanes whose count has that bit or a higher one
	var top uint64
	for i := nb - 1; i >= 0; i-- {
		top |= count[i]
		fit[i] = top
	}
	for again := m & fit[0]; again != 0; { // a lane without legal entries has none to choose
		for i := range nb {
			r[i] = r[i]&^again | rng.Uint64()&fit[i]&again
		}
		// below: lanes where r < count, from the highest bit down.
		var below uint64
		same := again
		for i := nb - 1; i >= 0; i-- {
			below |= same & count[i] &^ r[i]
			same &^= count[i] ^ r[i]
		}
		again &^= below
	}
}

// setDoesWord sets does atom a in the lanes of mask x of word k.
func (l *Sim) setDoesWord(a int32, k int, x uint64) {
	if l.w.get(a) == (lword{}) {
		l.set = append(l.set, a)
	}
	l.w[a][k] |= x
}

// setDoesLane sets does atom a in one lane (word k, bit b) and returns
// whether the move is one the rules do not know.
func (l *Sim) setDoesLane(a int32, k, b int) bool {
	if a < 0 {
		return true
	}
	if l.w.get(a) == (lword{}) {
		l.set = append(l.set, a)
	}
	l.w[a][k] |= 1 << b
	return false
}
