// Package common is what every screen of the client shares: Common (the
// theme, the window size, the options, the settings, the I/O queue),
// the Screen interface, the options and services a host plugs in, and
// the small widgets and memos of drawing. It imports no other package of
// the client.
package common
