package ai

import "fmt"

// Algorithm is the search for games of more than two roles
// (Options.Multi). Two-role games always use alpha-beta search.
type Algorithm int

// The multi-player searches. The zero value lets the level choose.
const (
	// ByLevel is the level's choice: best-reply search at the levels
	// with noise, DefaultMulti at hard and max.
	ByLevel Algorithm = iota
	// Paranoid assumes every other role plays against the searcher: an
	// alpha-beta search of the mover against the coalition.
	Paranoid
	// MaxN lets every role maximise its own utility (max^n search).
	MaxN
	// BestReply is best-reply search (brs.go): an alpha-beta search in
	// which the root role's turns alternate with a single reply by the
	// strongest of all other roles, the others skipping (the game must
	// implement game.Skipper, else Paranoid is used). It looks twice as
	// deep in turns of the root role as paranoid search and does not let
	// the other roles plan together over several turns.
	BestReply
	// UCT is Monte Carlo tree search in which every role maximises its
	// own goal, with playouts that follow the game's tactics (uct.go).
	// It has no depth cap and no root noise.
	UCT
	// General is the general game player (general.go): UCT with proofs
	// (MCTS-solver) and decoupled statistics on simultaneous turns,
	// knowing nothing but the rules. It is chosen by itself for games
	// without hand-written help (GDL games); asked for, it searches any
	// game, of any number of roles.
	General
	// Model is opponent-model search (ai/modelsearch): simulations of
	// the rest of the game after each root move in which every other
	// role plays its best action by a one-action look with the game's
	// estimate, give or take a random error, and the move that most
	// often ends with the unique highest goal is played. It needs
	// game.Evaluator (else UCT is used).
	Model
	// Plan is Model with a tree of the searching role's own later
	// decisions below each root move (modelsearch.Options.Plan): its later
	// moves in the simulations are chosen by their outcomes, not only by
	// a one-action look.
	Plan
)

// algorithmNames are the names of the algorithms in player specs and on
// the command line, indexed by Algorithm.
var algorithmNames = [...]string{ByLevel: "", Paranoid: "paranoid", MaxN: "maxn", BestReply: "brs", UCT: "uct", General: "general", Model: "model", Plan: "plan"}

// String returns the algorithm's name ("" for ByLevel).
func (a Algorithm) String() string {
	if a < 0 || int(a) >= len(algorithmNames) {
		return fmt.Sprintf("Algorithm(%d)", int(a))
	}
	return algorithmNames[a]
}

// ParseAlgorithm reads an algorithm name, exactly as String writes it:
// "paranoid", "maxn", "brs", "uct", "general", "model" or "plan"; the
// empty string is ByLevel.
func ParseAlgorithm(s string) (Algorithm, error) {
	for a, n := range algorithmNames {
		if n == s {
			return Algorithm(a), nil
		}
	}
	return ByLevel, fmt.Errorf("unknown multi-player search %q (want brs, paranoid, maxn, uct, general, model or plan)", s)
}

// Set implements flag.Value, so a command can take an Algorithm flag.
func (a *Algorithm) Set(s string) error {
	v, err := ParseAlgorithm(s)
	if err != nil {
		return err
	}
	*a = v
	return nil
}
