-- Per-key quotas. A managed key's own quota on its api_key row: quota_per_second requests a second sustained,
-- quota_burst at once after a pause, quota_live_feeds live feeds open at once; all three NULL (the key has the
-- service's default quota, PETSTORE_RATE_LIMIT) or all three set, each within the bounds of the domain's Quota
-- (1 to 1000000, 1 to 10000000, 1 to 1000). quota_bucket: each key's bucket as the instances sharing a PostgreSQL
-- database keep it together (one row per key, from the key's first exchange on; on H2, one process, the quota is kept
-- in the process and the table stays empty): tat_ns, the GCRA's theoretical arrival time, in nanoseconds since the
-- epoch on the database's clock. Nothing is removed. Not stock data: the data commands (export, import, copy) leave
-- both the quotas and the buckets alone, like the keys.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
ALTER TABLE api_key ADD COLUMN quota_per_second INTEGER;
ALTER TABLE api_key ADD COLUMN quota_burst INTEGER;
ALTER TABLE api_key ADD COLUMN quota_live_feeds INTEGER;

-- all three or none (a CHECK holds where its condition is NULL, so each bound below lets a NULL pass)
ALTER TABLE api_key ADD CONSTRAINT api_key_quota_whole CHECK (
    (quota_per_second IS NULL AND quota_burst IS NULL AND quota_live_feeds IS NULL)
    OR (quota_per_second IS NOT NULL AND quota_burst IS NOT NULL AND quota_live_feeds IS NOT NULL));
ALTER TABLE api_key ADD CONSTRAINT api_key_quota_per_second_range CHECK (quota_per_second BETWEEN 1 AND 1000000);
ALTER TABLE api_key ADD CONSTRAINT api_key_quota_burst_range CHECK (quota_burst BETWEEN 1 AND 10000000);
ALTER TABLE api_key ADD CONSTRAINT api_key_quota_live_feeds_range CHECK (quota_live_feeds BETWEEN 1 AND 1000);

CREATE TABLE quota_bucket (
    key_id VARCHAR(16) NOT NULL,
    tat_ns BIGINT      NOT NULL,
    CONSTRAINT quota_bucket_pk PRIMARY KEY (key_id),
    CONSTRAINT quota_bucket_key_fk FOREIGN KEY (key_id) REFERENCES api_key (id)
);
