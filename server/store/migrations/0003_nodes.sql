-- Node presence: each server node renews a heartbeat row; a seat says
-- which node holds its player's connection, so that the live nodes can
-- release the seats of a node whose heartbeat lapsed (it died).
CREATE TABLE nodes (
    id         TEXT PRIMARY KEY,
    expires_ms BIGINT NOT NULL
);

ALTER TABLE seats ADD COLUMN node TEXT NOT NULL DEFAULT '';
