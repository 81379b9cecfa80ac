-- Managed API keys (the key API, the launcher's keys command): one row per key, and the digests of its secrets.
-- No secret is ever stored: only its SHA-256, 64 lower-case hex digits, by which a presented secret is found. A key has
-- one secret, and after a rotation, for the overlap, also its older ones, each until its own expires_at (NULL: as long
-- as the key); a rotation caps the others' expiry and never moves one later. id: 'key-' and 12 hex digits, the same on
-- every instance and kept by a rotation (the ledger's key_id). scopes: the granted scopes' wire names, comma-separated
-- (inventory:read,inventory:write,keys:admin). revoked_at NULL: not revoked. last_used_at: never moved back. Nothing is
-- removed: a revoked key stays listed. Not stock data: the data commands (export, import, copy) leave both tables alone.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
CREATE TABLE api_key (
    id           VARCHAR(16)              NOT NULL,
    name         VARCHAR(100)             NOT NULL,
    scopes       VARCHAR(200)             NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at   TIMESTAMP WITH TIME ZONE,
    revoked_at   TIMESTAMP WITH TIME ZONE,
    last_used_at TIMESTAMP WITH TIME ZONE,
    CONSTRAINT api_key_pk PRIMARY KEY (id),
    CONSTRAINT api_key_id_form CHECK (CHAR_LENGTH(id) = 16 AND id LIKE 'key-%'),
    CONSTRAINT api_key_scopes_not_empty CHECK (CHAR_LENGTH(scopes) > 0)
);

-- the list, oldest first
CREATE INDEX api_key_by_age ON api_key (created_at, id);

CREATE TABLE api_key_secret (
    digest     VARCHAR(64)              NOT NULL,
    key_id     VARCHAR(16)              NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE,
    CONSTRAINT api_key_secret_pk PRIMARY KEY (digest),
    CONSTRAINT api_key_secret_digest_form CHECK (CHAR_LENGTH(digest) = 64 AND LOWER(digest) = digest),
    CONSTRAINT api_key_secret_key_fk FOREIGN KEY (key_id) REFERENCES api_key (id)
);

-- a key's secrets (a refresh, a rotation)
CREATE INDEX api_key_secret_by_key ON api_key_secret (key_id);
