// Package savefmt holds tabletop's own file formats and where they are
// kept: saved games and game records (a save plus how the game ended),
// the seats they name, and a local client's settings. They are small
// readable text files (see SavedGame and Settings).
//
// The client writes them, and the server and the command line read them;
// so this package knows nothing of Bubble Tea or any terminal library
// (see savefmt's imports test).
package savefmt
