package pages

import (
	"github.com/tabletop/tabletop/ui/common"
	"github.com/tabletop/tabletop/ui/internal/uitest"
)

// The bundled rule sheets are games of the client in its tests too.
func init() { uitest.RegisterBundled() }

// newClient is the client ui.New(opts) is: the first screen opts ask for
// (First) in a common.Shell, neither started nor sized.
func newClient(opts common.Options) *common.Shell {
	c := common.NewCommon(opts)
	return common.NewShell(c, First(c))
}
