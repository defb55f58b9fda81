package game

// Simulator is an optional interface of states whose game can play many
// random games side by side, faster than one at a time through Apply and
// RandomMove: a GDL game keeps 256 games in the bits of its words and
// evaluates its rules for all of them at once. Playout-based searches
// use it for their playouts. It is a capability asked of a State (as
// io.WriterTo is of a Writer), so it does not repeat State's methods.
type Simulator interface {
	// NewSimulation returns an empty simulation of the state's game.
	NewSimulation() Simulation
}

// Simulation plays up to Lanes random games at once, one in each lane.
// A lane is loaded with a position and then played, a ply of every
// loaded game per Step, every role choosing uniformly among its legal
// moves (a role in a turn-taking position has one: its pass), until the
// game ends or the lane's ply budget is spent. It is not safe for
// concurrent use: each goroutine makes its own. Step, Load, Reset, Goal
// and Plies do not allocate.
type Simulation interface {
	// Lanes is the number of games played at once.
	Lanes() int
	// Load puts position s (a state of the simulation's game) into lane,
	// in place of any game it plays, to be played for at most maxPlies
	// plies (no bound when maxPlies <= 0).
	Load(lane int, s State, maxPlies int)
	// Reset stops every lane's game.
	Reset()
	// Step plays one ply of every loaded game and appends to ended the
	// lanes whose game ended (or spent its plies) before that ply, or at
	// an earlier Step: where scoring a game is costly and every lane is
	// loaded, a simulation may hold ended games back to score several
	// at once, but not once as many are held as are still playing. The
	// lanes appended are free to be loaded again. A position loaded over already finished comes
	// back at a later Step, with 0 plies. A simulation may also hold a
	// newly loaded game out of play for a few Steps (at most as many as
	// the game has roles), until the playing games reach its phase, so
	// that a word of lanes has one role to move; it plays no ply and
	// counts none meanwhile.
	Step(rng *Rand, ended []int) []int
	// Goal is role r's goal in the ended game of lane: the goal in its
	// last position.
	Goal(lane int, r Role) int
	// Plies is the number of plies the game of lane has played since it
	// was loaded.
	Plies(lane int) int
}
