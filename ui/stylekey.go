package ui

import "github.com/tabletop/tabletop/themes"

// menuStyleKey is what the menu's styles are made of: the theme colours
// it uses (text, muted, accent for the title, cursor and keys), whether
// they are 16-colour picks, and the ASCII glyph choice.
type menuStyleKey struct {
	basic, mono, ascii  bool
	text, muted, accent string
}

func styleKeyOf(c *common) menuStyleKey { return stylesKey(c.st, c.ascii) }

// stylesKey is the menuStyleKey of st with the ASCII glyph choice ascii.
func stylesKey(st *themes.Styles, ascii bool) menuStyleKey {
	t := st.Theme
	return menuStyleKey{basic: st.Palette() != t.Name, mono: t.Mono, ascii: ascii,
		text: t.Text, muted: t.Muted, accent: t.Accent}
}

// menuPartsMax bounds menuParts like menuLineCacheMax.
const menuPartsMax = 2048
