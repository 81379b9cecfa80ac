-- Every inventory entry carries a version: 1 for an entry never changed, one more with every change of it. Every
-- statement that writes an entry's quantity sets version = version + 1 in the same statement; a future write of a
-- pet's status must do the same for the pet's entry. Existing entries start at 1.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
ALTER TABLE inventory_item ADD COLUMN version BIGINT DEFAULT 1 NOT NULL;
ALTER TABLE inventory_item ADD CONSTRAINT inventory_item_version_positive CHECK (version >= 1);
