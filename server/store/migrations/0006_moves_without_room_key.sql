-- The moves no longer name their room by a foreign key. A move is only
-- ever written after the compare-and-set on its room's row, in the same
-- transaction (the row locked until it commits), and DeleteRoom deletes a
-- room's moves itself, so the key checked nothing the store does not
-- already ensure; yet PostgreSQL checked it for every move (a query and a
-- lock of the room's row, a quarter of the write-ahead log's records and
-- 12-14 us of the database's CPU a move in BenchmarkAppendMoveAmongRooms).
-- SQLite cannot drop a constraint: the table is made again, as both
-- engines can. Its key's index keeps the new table's first name
-- (moves_new_pkey) on PostgreSQL; nothing refers to it by name.
CREATE TABLE moves_new (
    room_code TEXT NOT NULL,
    ply       INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    text      TEXT NOT NULL,
    played_ms BIGINT NOT NULL,
    PRIMARY KEY (room_code, ply)
);
INSERT INTO moves_new (room_code, ply, seat, text, played_ms)
    SELECT room_code, ply, seat, text, played_ms FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
