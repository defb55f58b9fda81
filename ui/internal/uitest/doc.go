// Package uitest is what the client packages' tests share: key presses
// and clicks as a terminal reports them, a save store in memory, runners
// for the commands a model returns, checks of a position against its
// moves. It imports no package of the client, so that the tests of every
// client package (common, adapters, match, board, pages, ui) may use it.
package uitest
