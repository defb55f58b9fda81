package lanes

import "github.com/tabletop/tabletop/game"

// Net is a ground network as the lanes read it; package gdl makes it
// from its own. Atoms [0, NBase) are the state's propositions, Always is
// the atom that is always true, and the program Prog evaluates every
// derived atom. It is read-only and shared by every Sim of the game.
type Net struct {
	Roles    []string
	NBase    int
	NAtoms   int
	Always   int32
	NextOf   []int32   // for each base atom, the atom (next x)
	Prog     *Program  // legal moves, terminal, goals and next
	Legal    [][]Legal // by role, in the order of the moves' text
	DoesOf   [][]int32 // [role][move] → atom (does r m), or -1
	None     []int32   // by role: the atom that holds when it makes no move the rules know, or -1
	Goals    [][]Goal  // by role
	Terminal int32
}

// Legal is one possible legal move of a role: the atom (legal r m) and
// the move m.
type Legal struct {
	Atom int32
	Move game.Move
}

// Goal is one possible goal value of a role: the atom (goal r v).
type Goal struct {
	Atom  int32
	Value int
}

// Program is the evaluation order of a network's derived atoms: by
// position, each after the atoms it reads, with its rules and their
// literals; atoms that depend on each other form a loop segment.
type Program struct {
	Segs   []Segment
	SegOf  []int32 // by position: its loop segment, or -1
	Atoms  []int32 // atom per position
	PosOf  []int32 // by atom: its position, or -1 when not evaluated here
	RuleLo []int32 // rules of position i: RuleLo[i]..RuleLo[i+1]
	LitLo  []int32 // literals of rule j: LitLo[j]..LitLo[j+1]
	Lits   []int32 // atom<<1, low bit set when negated
}

// Segment is a run of positions [Lo, Hi) of a program; a loop segment
// is evaluated to its least fixpoint.
type Segment struct {
	Lo, Hi int32
	Loop   bool
}
