-- A game with moves whose players are all away is adjourned (it waits for
-- them) instead of deleted; and the store keeps when a node last served
-- it (its heartbeats and clean stops), so that a start after downtime
-- counts that downtime on no clock and no seat hold.
ALTER TABLE rooms ADD COLUMN adjourned_ms BIGINT NOT NULL DEFAULT 0;

CREATE TABLE served (
    id       INTEGER PRIMARY KEY, -- always 1: a single row
    until_ms BIGINT NOT NULL
);
