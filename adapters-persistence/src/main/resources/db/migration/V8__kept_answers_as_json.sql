-- The answers kept for Idempotency-Keys as JSON, in one column: {"applied":[{"petId":1,"quantity":9,
-- "status":"available","version":2}, ...]} (the entries answered, in the order of the changes), or {"refused":{"index":1,
-- "refusal":"insufficient_stock","count":5,"delta":-6}} (the refusal of change index: not_found, stale,
-- insufficient_stock or limit_exceeded with the count and the delta). NULL: the request is being carried out.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
ALTER TABLE idempotency_key ADD COLUMN answer VARCHAR(65536);

-- Every answer kept before is converted, none is lost. The entries were petId:quantity:STATUS:version, comma-separated:
-- each separator and status becomes a placeholder first ('#', '<status>'), so that no replacement meets the text of
-- another. An out_of_range refusal kept the count alone (not the delta, nor which bound): it stays out_of_range with
-- its count, and the service decides which refusal it was from the retried request's change (JdbcIdempotencyClaims).
UPDATE idempotency_key SET answer = CASE outcome
    WHEN 'applied' THEN '{"applied":[{"petId":' || REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
            REPLACE(entries, ',', '#'),
            ':AVAILABLE:', '<available>'), ':PENDING:', '<pending>'), ':SOLD:', '<sold>'),
            ':', ',"quantity":'),
            '<', ',"status":"'), '>', '","version":'),
            '#', '},{"petId":') || '}]}'
    WHEN 'out_of_range' THEN '{"refused":{"index":' || CAST(refused_index AS VARCHAR(11)) || ',"refusal":"out_of_range"'
        || ',"count":' || CAST(refused_count AS VARCHAR(11)) || '}}'
    ELSE '{"refused":{"index":' || CAST(refused_index AS VARCHAR(11)) || ',"refusal":"' || outcome || '"}}'
    END
WHERE outcome IS NOT NULL;

ALTER TABLE idempotency_key DROP CONSTRAINT idempotency_key_outcome_known;
ALTER TABLE idempotency_key DROP COLUMN outcome;
ALTER TABLE idempotency_key DROP COLUMN refused_index;
ALTER TABLE idempotency_key DROP COLUMN refused_count;
ALTER TABLE idempotency_key DROP COLUMN entries;
