// Package match is what the board screen plays: a game at this client
// (LocalMatch: one table.Table and its table.Driver for the AI and GGP
// seats, joint turns' hand-over, saves) or a shared room
// (RoomMatch), behind the Match core and its optional capabilities.
package match
