// Package match is what the board screen plays: a game at this client
// (LocalMatch: the AI, joint turns, GGP seats, saves) or a shared room
// (RoomMatch), behind the Match core and its optional capabilities.
package match
