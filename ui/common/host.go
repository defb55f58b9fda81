package common

// NoticeMsg is a message the host sends into a running client, e.g.
// "server stopping"; the client shows it in its status line.
type NoticeMsg string

// TurnNoticeMsg is the host's word that it became the player's move in a
// room other than the one shown: the client shows it like a NoticeMsg and
// rings the terminal's bell if the player turned it on (Common.Bell).
type TurnNoticeMsg string
