package common

// NoticeMsg is a message the host sends into a running client, e.g.
// "server stopping"; the client shows it in its status line.
type NoticeMsg string
