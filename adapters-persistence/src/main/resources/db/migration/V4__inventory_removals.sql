-- How many inventory entries were ever removed, in one row that only grows. It is the third part of the list's
-- version (entries, sum of their versions, removals): without it, removing one entry and adding another at the same
-- version would leave the list's version, and so its ETag, unchanged while the list changed. Every statement that
-- deletes inventory entries is followed, in the same transaction, by an update that adds the number of entries it
-- deleted; no trigger. Entries removed before this migration are not counted: the count starts at 0.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
CREATE TABLE inventory_removals (
    id       INTEGER NOT NULL,
    removals BIGINT  NOT NULL,
    CONSTRAINT inventory_removals_pk PRIMARY KEY (id),
    CONSTRAINT inventory_removals_one_row CHECK (id = 1),
    CONSTRAINT inventory_removals_not_negative CHECK (removals >= 0)
);

INSERT INTO inventory_removals (id, removals) VALUES (1, 0);
