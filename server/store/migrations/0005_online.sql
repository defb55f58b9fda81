-- Online play (issue 23): the offer waiting for an answer in a room (a
-- draw, a takeback, a rematch; the rooms package's text), whether its
-- spectators may write in the chat, each seated player's rating when they
-- sat down, and the rooms' chat. A chat line's n is the room's version
-- the line made: increasing, and unique per room.
ALTER TABLE rooms ADD COLUMN offer TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN spectator_chat INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN rating DOUBLE PRECISION NOT NULL DEFAULT 0;

CREATE TABLE chat (
    room_code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    n         BIGINT NOT NULL,
    seat      INTEGER NOT NULL, -- -1 for a spectator
    name      TEXT NOT NULL,
    text      TEXT NOT NULL,
    at_ms     BIGINT NOT NULL,
    PRIMARY KEY (room_code, n)
);

