package ui

import "charm.land/bubbles/v2/key"

// boardKeyMap is every key of the board screen. Key handling matches
// these bindings and the help is made of them, so the two cannot part.
// The variant's own keys (Quad's b, Pentago's 1-4 and z/x) are its
// adapter's.
type boardKeyMap struct {
	Act, Cancel, MoveNow, Type                          key.Binding
	Undo, Redo, Hint, Resign, New, Rematch, Menu, Pause key.Binding
	Rules, Theme, Mouse, Quit, HelpAll                  key.Binding
	Up, Down, Left, Right, ScrollUp, ScrollDown         key.Binding
	MoveCursor, Scroll                                  key.Binding // help lines of the four above
	Submit, Close, ForceOut, Earlier, Later             key.Binding // at the move prompt
	Yes, ResignYes, Who                                 key.Binding // answers to a question
	SaveAs                                              key.Binding // : once the game is over
	Copy                                                key.Binding
}

var boardKeys = boardKeyMap{
	Act:     bind([]string{"enter", "space"}, "enter/space", "act"),
	Cancel:  bind([]string{"esc"}, "esc", "cancel"),
	MoveNow: bind([]string{"space", "esc"}, "space/esc", "move now"),
	Type:    bind([]string{":"}, ":", "type a move"),
	Undo:    bind([]string{"u"}, "u", "undo"),
	Redo:    bind([]string{"U", "ctrl+r"}, "U/ctrl+r", "redo"),
	Hint:    bind([]string{"H"}, "H", "hint"),
	Resign:  bind([]string{"r"}, "r", "resign"),
	New:     bind([]string{"n"}, "n", "new game"),
	// Not enter: a player still pressing enter as the game ends would
	// throw the finished board away.
	Rematch:    bind([]string{"R"}, "R", "rematch"),
	Menu:       bind([]string{"m"}, "m", "menu"),
	Pause:      bind([]string{"p"}, "p", "pause AI"),
	Rules:      bind([]string{"i"}, "i", "rules"),
	Theme:      keyTheme,
	Mouse:      keyMouse,
	Quit:       keyQuit,
	HelpAll:    keyHelpAll,
	Up:         keyUp,
	Down:       keyDown,
	Left:       keyLeft,
	Right:      keyRight,
	ScrollUp:   bind([]string{"pgup"}, "pgup", "scroll up"),
	ScrollDown: bind([]string{"pgdown"}, "pgdn", "scroll down"),
	MoveCursor: bind([]string{"up", "down", "left", "right", "h", "j", "k", "l", "w", "a", "s", "d"}, "←↓↑→ hjkl wasd", "move"),
	Scroll:     bind([]string{"pgup", "pgdown"}, "pgup/pgdn", "scroll moves"),
	Submit:     bind([]string{"enter"}, "enter", "play"),
	Close:      bind([]string{"esc"}, "esc", "close"),
	ForceOut:   keyForceOut,
	Earlier:    bind([]string{"up"}, "↑", "earlier entry"),
	Later:      bind([]string{"down"}, "↓", "later entry"),
	Yes:        bind([]string{"y", "Y", "enter"}, "y", "yes"),
	// Resigning loses the game: only y does it, never a key a player
	// may be pressing for something else (enter, r again, a digit).
	ResignYes: bind([]string{"y", "Y"}, "y", "resign"),
	Who:       bind([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "who"),
	SaveAs:    bind([]string{":"}, ": save FILE", "save as a file"),
	Copy:      bind([]string{"c"}, "c", "copy record"),
}
