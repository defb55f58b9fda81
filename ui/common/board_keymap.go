package common

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
	// A room's offers and chat (see match.Dealer).
	Draw, Takeback, Abort, Decline, Chat, ChatLog key.Binding
	// The help's lines of the four offers' keys, two to a line.
	DrawTakeback, AbortDecline key.Binding
}

// BoardKeys is the board screen's key map.
var BoardKeys = boardKeyMap{
	Act:     Bind([]string{"enter", "space"}, "enter/space", "act"),
	Cancel:  Bind([]string{"esc"}, "esc", "cancel"),
	MoveNow: Bind([]string{"space", "esc"}, "space/esc", "move now"),
	Type:    Bind([]string{":"}, ":", "type a move"),
	Undo:    Bind([]string{"u"}, "u", "undo"),
	Redo:    Bind([]string{"U", "ctrl+r"}, "U/ctrl+r", "redo"),
	Hint:    Bind([]string{"H"}, "H", "hint"),
	Resign:  Bind([]string{"r"}, "r", "resign"),
	New:     Bind([]string{"n"}, "n", "new game"),
	// Not enter: a player still pressing enter as the game ends would
	// throw the finished board away.
	Rematch:    Bind([]string{"R"}, "R", "rematch"),
	Menu:       Bind([]string{"m"}, "m", "menu"),
	Pause:      Bind([]string{"p"}, "p", "pause AI"),
	Rules:      Bind([]string{"i"}, "i", "rules"),
	Theme:      KeyTheme,
	Mouse:      KeyMouse,
	Quit:       KeyQuit,
	HelpAll:    KeyHelpAll,
	Up:         KeyUp,
	Down:       KeyDown,
	Left:       keyLeft,
	Right:      keyRight,
	ScrollUp:   Bind([]string{"pgup"}, "pgup", "scroll up"),
	ScrollDown: Bind([]string{"pgdown"}, "pgdn", "scroll down"),
	MoveCursor: Bind([]string{"up", "down", "left", "right", "h", "j", "k", "l", "w", "a", "s", "d"}, "←↓↑→ hjkl wasd", "move"),
	Scroll:     Bind([]string{"pgup", "pgdown"}, "pgup/pgdn", "scroll moves"),
	Submit:     Bind([]string{"enter"}, "enter", "play"),
	Close:      Bind([]string{"esc"}, "esc", "close"),
	ForceOut:   KeyForceOut,
	Earlier:    Bind([]string{"up"}, "↑", "earlier entry"),
	Later:      Bind([]string{"down"}, "↓", "later entry"),
	Yes:        Bind([]string{"y", "Y", "enter"}, "y", "yes"),
	// Resigning loses the game: only y does it, never a key a player
	// may be pressing for something else (enter, r again, a digit).
	ResignYes: Bind([]string{"y", "Y"}, "y", "resign"),
	Who:       Bind([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}, "1-9", "who"),
	SaveAs:    Bind([]string{":"}, ": save FILE", "save as a file"),
	Copy:      Bind([]string{"c"}, "c", "copy record"),
	// Capitals: a room's game changes hands by them, so no key a player
	// types for a move (a digit, a lower-case letter) does it.
	Draw:     Bind([]string{"D"}, "D", "draw"),
	Takeback: Bind([]string{"T"}, "T", "takeback"),
	Abort:    Bind([]string{"X"}, "X", "abort"),
	Decline:  Bind([]string{"N"}, "N", "decline"),
	Chat:     Bind([]string{"'"}, "'/C", "chat, its log"),
	ChatLog:  Bind([]string{"C"}, "C", "the chat so far"),

	DrawTakeback: Bind([]string{"D", "T"}, "D/T", "draw/takeback"),
	AbortDecline: Bind([]string{"X", "N"}, "X/N", "abort/decline"),
}
