// Package pages holds the client's screens around the board: the menu,
// a game's setup, rooms, quick match, ratings, the loading of rule
// sheets and the analysis board's setup. It sets the board's hooks to
// them (navigation.go).
package pages
