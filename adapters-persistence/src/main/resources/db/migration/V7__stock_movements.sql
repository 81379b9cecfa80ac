-- Stock movements: the reasons sale and loss, and the kept answers of requests sent with an Idempotency-Key.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
ALTER TABLE stock_change DROP CONSTRAINT stock_change_reason_known;
ALTER TABLE stock_change ADD CONSTRAINT stock_change_reason_known
    CHECK (reason IN ('arrival', 'return', 'sale', 'loss', 'adjustment'));

-- One row per Idempotency-Key in its scope (the id of the API key that sent it). A request claims its key by inserting
-- the row (outcome NULL: being carried out, by the holder of claim_token); the transaction that makes its changes
-- writes the outcome on condition of the token, so the changes and the kept outcome commit together or not at all.
-- outcome: applied (entries: the entries answered, petId:quantity:STATUS:version, comma-separated, in the order of the
-- changes), or the refusal of change refused_index: not_found, stale, out_of_range (refused_count: the count the delta
-- was refused on). Not stock data: the data commands (export, import, copy) leave it alone. Removed once older than
-- petstore.idempotency.key-retention.
CREATE TABLE idempotency_key (
    scope           VARCHAR(128)             NOT NULL,
    idempotency_key VARCHAR(255)             NOT NULL,
    fingerprint     VARCHAR(64)              NOT NULL,
    claim_token     BIGINT                   NOT NULL,
    claimed_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    outcome         VARCHAR(16),
    refused_index   INTEGER,
    refused_count   INTEGER,
    entries         VARCHAR(8000),
    CONSTRAINT idempotency_key_pk PRIMARY KEY (scope, idempotency_key),
    CONSTRAINT idempotency_key_outcome_known
        CHECK (outcome IN ('applied', 'not_found', 'stale', 'out_of_range'))
);

-- retention removes the oldest first
CREATE INDEX idempotency_key_by_age ON idempotency_key (claimed_at);
