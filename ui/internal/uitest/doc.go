// Package uitest is what the client packages' tests share: key presses
// and clicks as a terminal reports them, a save store in memory, a client
// built on a first screen, and runners for the commands a screen returns.
// It imports only ui/common of the client, so that the tests of every
// client package (common, adapters, match, board, pages, ui) may use it.
package uitest
