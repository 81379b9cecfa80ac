-- The stock ledger: one row for every change of an entry's quantity, written by the statement's transaction that made
-- the change, so that there is never a change without its record or a record without its change.
-- change_id: increasing over the whole store in the order the changes were committed, across every instance on the
-- database: each writing transaction first locks the one row of stock_ledger_head, takes the next ids from it and
-- moves it on, so a transaction that commits later gets larger ids (a reader that follows the ids misses nothing).
-- from_quantity is NULL when the change created the entry. changed_at is the database's time of the transaction.
-- No foreign key to inventory_item: the history of an entry outlives the entry.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
CREATE TABLE stock_change (
    change_id     BIGINT                   NOT NULL,
    pet_id        BIGINT                   NOT NULL,
    from_quantity INTEGER,
    to_quantity   INTEGER                  NOT NULL,
    version       BIGINT                   NOT NULL,
    changed_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    source        VARCHAR(16)              NOT NULL,
    key_id        VARCHAR(128),
    request_id    VARCHAR(128),
    reason        VARCHAR(16),
    CONSTRAINT stock_change_pk PRIMARY KEY (change_id),
    CONSTRAINT stock_change_source_known CHECK (source IN ('api', 'import')),
    CONSTRAINT stock_change_reason_known CHECK (reason IN ('arrival', 'return', 'adjustment'))
);

-- an entry's history, newest first
CREATE INDEX stock_change_by_pet ON stock_change (pet_id, change_id);

CREATE TABLE stock_ledger_head (
    id             INTEGER NOT NULL,
    last_change_id BIGINT  NOT NULL,
    CONSTRAINT stock_ledger_head_pk PRIMARY KEY (id),
    CONSTRAINT stock_ledger_head_one_row CHECK (id = 1),
    CONSTRAINT stock_ledger_head_not_negative CHECK (last_change_id >= 0)
);

INSERT INTO stock_ledger_head (id, last_change_id) VALUES (1, 0);

-- How far retention has removed the ledger: every change up to removed_through is gone, every later one is kept. A
-- reader whose cursor is below it has missed changes (the feed answers 410). Its own row, so that retention never
-- waits for the head that every recording transaction holds.
CREATE TABLE stock_ledger_retention (
    id              INTEGER NOT NULL,
    removed_through BIGINT  NOT NULL,
    CONSTRAINT stock_ledger_retention_pk PRIMARY KEY (id),
    CONSTRAINT stock_ledger_retention_one_row CHECK (id = 1),
    CONSTRAINT stock_ledger_retention_not_negative CHECK (removed_through >= 0)
);

INSERT INTO stock_ledger_retention (id, removed_through) VALUES (1, 0);
