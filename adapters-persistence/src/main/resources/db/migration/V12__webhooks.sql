-- Webhooks (issue 50): the subscriptions, their formed deliveries and the log of their attempts.
-- webhook_subscription: one row per webhook. id: 'whk-' and 12 hex digits. events: the subscribed types' wire names,
-- comma-separated (inventory.count.updated). disabled_reason: why the service disabled it (NULL while enabled, and
-- when an administrator disabled it). cursor_change_id: the stock ledger's last change_id the receiver acknowledged
-- (no foreign key: the ledger's retention and the data commands remove changes). pending_delivery_id: the formed
-- delivery not yet acknowledged, at most one (NULL: the next one is formed from the changes after the cursor).
-- secret, previous_secret: 'whsec_' and base64, kept as text because the HMAC needs the key itself, not a digest;
-- previous_secret signs too until previous_secret_until (a rotation's overlap). lease_owner, lease_until: which
-- instance ('inst-' and 12 hex digits) delivers it, until when on the database's clock (NULL: free). fence: +1 at every
-- claim and at every administrator's change that takes the webhook from its deliverer (a new URL, disabling or
-- enabling, replay); every write of a deliverer is guarded by it, so one that lost its lease never moves a cursor.
-- last_failure_at, last_failure: the last failed attempt's time and summary ('503', 'timeout'), NULL since a success.
-- webhook_delivery: one formed message ('msg_...' = the webhook-id header), retried as it is: body holds the exact
-- bytes sent (emptied once delivered or superseded; a test's is not kept). The change range is NULL for a
-- webhook.test. state: pending (the subscription's pending_delivery_id), delivered, failed (a test that failed),
-- superseded (by a replay).
-- webhook_attempt: the delivery log, newest first by attempt_id (given by the database, increasing: the log's page
-- cursor). status_code NULL when error (timeout, refused, redirect_refused, address_refused, tls, network) is set.
-- excerpt: the start of the receiver's answer, sanitised (printable ASCII), never shown by the API.
-- Removing a subscription removes its deliveries and its log. Not stock data: the data commands (export, import,
-- copy) leave the three tables alone, as they leave the API keys.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
CREATE TABLE webhook_subscription (
    id                    VARCHAR(16)              NOT NULL,
    url                   VARCHAR(2048)            NOT NULL,
    events                VARCHAR(200)             NOT NULL,
    description           VARCHAR(200),
    enabled               BOOLEAN                  NOT NULL,
    disabled_reason       VARCHAR(200),
    created_at            TIMESTAMP WITH TIME ZONE NOT NULL,
    cursor_change_id      BIGINT                   NOT NULL,
    pending_delivery_id   VARCHAR(32),
    secret                VARCHAR(100)             NOT NULL,
    previous_secret       VARCHAR(100),
    previous_secret_until TIMESTAMP WITH TIME ZONE,
    lease_owner           VARCHAR(32),
    lease_until           TIMESTAMP WITH TIME ZONE,
    fence                 BIGINT                   NOT NULL,
    last_failure_at       TIMESTAMP WITH TIME ZONE,
    last_failure          VARCHAR(200),
    CONSTRAINT webhook_subscription_pk PRIMARY KEY (id),
    CONSTRAINT webhook_subscription_id_form CHECK (CHAR_LENGTH(id) = 16 AND id LIKE 'whk-%'),
    CONSTRAINT webhook_subscription_cursor CHECK (cursor_change_id >= 0),
    CONSTRAINT webhook_subscription_fence CHECK (fence >= 0),
    CONSTRAINT webhook_subscription_previous_secret CHECK (
        (previous_secret IS NULL AND previous_secret_until IS NULL)
        OR (previous_secret IS NOT NULL AND previous_secret_until IS NOT NULL)),
    CONSTRAINT webhook_subscription_lease CHECK (
        (lease_owner IS NULL AND lease_until IS NULL) OR (lease_owner IS NOT NULL AND lease_until IS NOT NULL))
);

-- the list, oldest first
CREATE INDEX webhook_subscription_by_age ON webhook_subscription (created_at, id);

CREATE TABLE webhook_delivery (
    id                 VARCHAR(32)              NOT NULL,
    webhook_id         VARCHAR(16)              NOT NULL,
    event_type         VARCHAR(40)              NOT NULL,
    previous_change_id BIGINT,
    first_change_id    BIGINT,
    last_change_id     BIGINT,
    body               BYTEA                    NOT NULL,
    formed_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    attempts           INTEGER                  NOT NULL,
    next_attempt_at    TIMESTAMP WITH TIME ZONE,
    state              VARCHAR(12)              NOT NULL,
    CONSTRAINT webhook_delivery_pk PRIMARY KEY (id),
    CONSTRAINT webhook_delivery_webhook_fk FOREIGN KEY (webhook_id) REFERENCES webhook_subscription (id)
        ON DELETE CASCADE,
    CONSTRAINT webhook_delivery_state_known CHECK (state IN ('pending', 'delivered', 'failed', 'superseded')),
    CONSTRAINT webhook_delivery_attempts CHECK (attempts >= 0),
    CONSTRAINT webhook_delivery_due CHECK (state <> 'pending' OR next_attempt_at IS NOT NULL)
);

-- a webhook's deliveries (its removal)
CREATE INDEX webhook_delivery_by_webhook ON webhook_delivery (webhook_id);

CREATE TABLE webhook_attempt (
    attempt_id   BIGINT GENERATED BY DEFAULT AS IDENTITY,
    webhook_id   VARCHAR(16)              NOT NULL,
    delivery_id  VARCHAR(32)              NOT NULL,
    attempt      INTEGER                  NOT NULL,
    attempted_at TIMESTAMP WITH TIME ZONE NOT NULL,
    status_code  INTEGER,
    error        VARCHAR(20),
    duration_ms  BIGINT                   NOT NULL,
    excerpt      VARCHAR(200),
    CONSTRAINT webhook_attempt_pk PRIMARY KEY (attempt_id),
    CONSTRAINT webhook_attempt_webhook_fk FOREIGN KEY (webhook_id) REFERENCES webhook_subscription (id)
        ON DELETE CASCADE,
    CONSTRAINT webhook_attempt_delivery_fk FOREIGN KEY (delivery_id) REFERENCES webhook_delivery (id)
        ON DELETE CASCADE,
    CONSTRAINT webhook_attempt_status_or_error CHECK ((status_code IS NULL) <> (error IS NULL)),
    CONSTRAINT webhook_attempt_from_one CHECK (attempt >= 1)
);

-- a webhook's log, newest first, paged by attempt_id
CREATE INDEX webhook_attempt_by_webhook ON webhook_attempt (webhook_id, attempt_id);
-- a delivery's attempts (pruning the deliveries whose attempts are all gone)
CREATE INDEX webhook_attempt_by_delivery ON webhook_attempt (delivery_id);
