package common

import (
	"strings"

	"github.com/tabletop/tabletop/themes"
)

// MenuStyleKey is what the menu's styles are made of: the theme colours
// it uses (text, muted, accent for the title, cursor and keys), which
// palette they are taken from (the theme's own, its 16-colour picks or
// the 256-colour palette's), and the ASCII glyph choice.
type MenuStyleKey struct {
	mono, ascii         bool
	palette             string // "", "/16" or "/256" (see themes.Styles.Palette)
	text, muted, accent string
}

// StyleKeyOf is the MenuStyleKey of c's styles.
func StyleKeyOf(c *Common) MenuStyleKey { return StylesKey(c.Styles, c.ASCII) }

// StylesKey is the MenuStyleKey of st with the ASCII glyph choice ascii.
func StylesKey(st *themes.Styles, ascii bool) MenuStyleKey {
	t := st.Theme
	return MenuStyleKey{palette: strings.TrimPrefix(st.Palette(), t.Name), mono: t.Mono, ascii: ascii,
		text: t.Text, muted: t.Muted, accent: t.Accent}
}

// MenuPartsMax bounds MenuParts like menuLineCacheMax.
const MenuPartsMax = 2048
