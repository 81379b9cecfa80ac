-- H2 only. The totals of the list's version, kept as the entries change, so that the version of a long list is read
-- from 64 rows instead of a scan of every entry (on PostgreSQL the scan is fast enough: its V5 does nothing). The
-- trigger (class H2InventoryTotals) adds every insert, update and delete of inventory_item to the row of its
-- session's remainder, in the same transaction: the sums over all rows are the number of entries and the sum of
-- their versions. The removal count stays in inventory_removals (V4).
CREATE TABLE inventory_totals (
    shard       INTEGER NOT NULL,
    entries     BIGINT  NOT NULL,
    version_sum BIGINT  NOT NULL,
    CONSTRAINT inventory_totals_pk PRIMARY KEY (shard),
    CONSTRAINT inventory_totals_shard_known CHECK (shard BETWEEN 0 AND 63)
);

INSERT INTO inventory_totals (shard, entries, version_sum)
SELECT 0, COUNT(*), COALESCE(SUM(version), 0) FROM inventory_item;

INSERT INTO inventory_totals (shard, entries, version_sum)
SELECT s.n, 0, 0 FROM SYSTEM_RANGE(1, 63) AS s (n);

CREATE TRIGGER inventory_item_totals AFTER INSERT, UPDATE, DELETE ON inventory_item
    FOR EACH ROW CALL 'org.petstore.inventory.adapter.persistence.H2InventoryTotals';
