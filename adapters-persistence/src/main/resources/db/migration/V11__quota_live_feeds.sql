-- The live feeds (SSE streams) each managed key holds open on each instance sharing a PostgreSQL database, so that a
-- key's limit of live feeds holds across instances: one row per key and instance while it has feeds open there
-- (instance_id: 'inst-' and 12 hex digits, made at each start), renewed at every exchange (every 100 ms); a row not
-- renewed for 5 s counts no more (its instance stopped or died) and is removed after a minute. On H2 (one process)
-- the feeds are counted in the process and the table stays empty. Not stock data: the data commands leave it alone.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
CREATE TABLE quota_live_feed (
    key_id      VARCHAR(16)              NOT NULL,
    instance_id VARCHAR(32)              NOT NULL,
    open_feeds  INTEGER                  NOT NULL,
    seen_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT quota_live_feed_pk PRIMARY KEY (key_id, instance_id),
    CONSTRAINT quota_live_feed_open CHECK (open_feeds > 0)
);
