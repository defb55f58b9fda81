-- The first schema. Portable between SQLite and PostgreSQL on purpose:
-- TEXT, INTEGER, BIGINT, DOUBLE PRECISION and BYTEA only; times are Unix
-- milliseconds (BIGINT) and flags are 0/1 (INTEGER); every column is NOT
-- NULL so both drivers scan the same Go types.

CREATE TABLE rooms (
    code                TEXT PRIMARY KEY,
    variant             TEXT NOT NULL,
    start               TEXT NOT NULL,
    status              TEXT NOT NULL,              -- waiting | playing | finished | quarantined
    creator             TEXT NOT NULL DEFAULT '',   -- key fingerprint, '' for a guest
    rated               INTEGER NOT NULL DEFAULT 0,
    after_hold          TEXT NOT NULL DEFAULT 'open',
    spectators          TEXT NOT NULL DEFAULT 'all',
    clock_initial_ms    BIGINT NOT NULL DEFAULT 0,
    clock_increment_ms  BIGINT NOT NULL DEFAULT 0,
    clock_per_move_ms   BIGINT NOT NULL DEFAULT 0,
    clock_pause_on_hold INTEGER NOT NULL DEFAULT 0,
    turn_started_ms     BIGINT NOT NULL DEFAULT 0,  -- the last-move timestamp; 0 while no clock runs
    move_count          INTEGER NOT NULL DEFAULT 0, -- compare-and-set guard of AppendMove
    version             BIGINT NOT NULL DEFAULT 1,  -- bumped by every write to the room
    created_ms          BIGINT NOT NULL,
    updated_ms          BIGINT NOT NULL,
    result              TEXT NOT NULL DEFAULT '',
    game_id             TEXT NOT NULL DEFAULT '',
    quarantine          TEXT NOT NULL DEFAULT ''
);
CREATE INDEX rooms_by_status ON rooms (status, created_ms);

CREATE TABLE seats (
    room_code     TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    player        TEXT NOT NULL DEFAULT '',
    name          TEXT NOT NULL DEFAULT '',
    ai_level      TEXT NOT NULL DEFAULT '',
    held_until_ms BIGINT NOT NULL DEFAULT 0,
    remaining_ms  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (room_code, seat)
);
CREATE INDEX seats_by_player ON seats (player);

CREATE TABLE moves (
    room_code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    ply       INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    text      TEXT NOT NULL,
    played_ms BIGINT NOT NULL,
    PRIMARY KEY (room_code, ply)
);

CREATE TABLE ai_leases (
    room_code  TEXT PRIMARY KEY REFERENCES rooms (code) ON DELETE CASCADE,
    node       TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);

CREATE TABLE players (
    fingerprint  TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    created_ms   BIGINT NOT NULL,
    last_seen_ms BIGINT NOT NULL
);

CREATE TABLE ratings (
    player     TEXT NOT NULL REFERENCES players (fingerprint) ON DELETE CASCADE,
    variant    TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (player, variant)
);
CREATE INDEX ratings_by_variant ON ratings (variant, rating);

CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    room_code   TEXT NOT NULL,
    variant     TEXT NOT NULL,
    start       TEXT NOT NULL,
    rated       INTEGER NOT NULL,
    result      TEXT NOT NULL,
    reason      TEXT NOT NULL,
    moves       TEXT NOT NULL, -- JSON array of the move texts
    created_ms  BIGINT NOT NULL,
    finished_ms BIGINT NOT NULL
);
CREATE INDEX games_by_finish ON games (finished_ms);

CREATE TABLE game_players (
    game_id       TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    player        TEXT NOT NULL, -- '' for a guest or the AI
    name          TEXT NOT NULL,
    goal          INTEGER NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL DEFAULT 0,
    rating_after  DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_by_player ON game_players (player);

CREATE TABLE saves (
    player   TEXT PRIMARY KEY,
    data     BYTEA NOT NULL,
    saved_ms BIGINT NOT NULL
);
CREATE INDEX saves_by_age ON saves (saved_ms);
