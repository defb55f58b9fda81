-- Quick match: key holders waiting for an opponent in a variant.
CREATE TABLE match_queue (
    player   TEXT PRIMARY KEY, -- one place per key
    name     TEXT NOT NULL,
    variant  TEXT NOT NULL,
    rating   DOUBLE PRECISION NOT NULL,
    since_ms BIGINT NOT NULL
);
CREATE INDEX match_queue_by_variant ON match_queue (variant, since_ms);
