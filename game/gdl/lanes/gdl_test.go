package lanes_test

import (
	"github.com/tabletop/tabletop/game/gdl"
	"github.com/tabletop/tabletop/game/gdl/lanes"
)

// The lanes' tests load sheets with gdl (see sheets_test.go).
func init() { lanes.LoadSheet = gdl.Load }
