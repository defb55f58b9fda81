package board

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/game"
	"github.com/tabletop/tabletop/ui/common"
)

// Start opens a new game of v with the seats and position st asks for
// (the client's first screen, from its options).
func Start(c *common.Common, v *game.Variant, st common.Start) (*BoardScreen, error) {
	seats := common.DefaultSeats(c, v)
	for role, sc := range st.Seats {
		i := v.RoleIndexFold(role)
		if i == game.NoRole {
			return nil, fmt.Errorf("%s has no role %q (roles: %s)", v.Name, role, strings.Join(v.Roles, ", "))
		}
		seats[i] = sc
	}
	if c.Opts.NoAIOnlyGames && common.AIOnly(seats) {
		return nil, errors.New(common.NoAIOnlyGame)
	}
	return NewBoard(c, v, st.Position, seats)
}
