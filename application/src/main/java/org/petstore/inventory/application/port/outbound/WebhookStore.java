package org.petstore.inventory.application.port.outbound;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;
import org.petstore.inventory.domain.webhook.WebhookSecret;

/**
 * Where webhooks are kept, for their administration: each webhook with its cursor, fence, lease, secrets, pending
 * delivery and log. Every method is one atomic step (one statement or one transaction), from any instance. The
 * secrets are kept as they are (an HMAC needs the key itself, not a digest). The data commands ({@code export},
 * {@code import}, {@code copy}) leave webhooks where they are, as they leave the keys: they are not stock data.
 * Instants are kept to the microsecond (a finer part is dropped). A store that cannot be reached is a
 * {@link StorageUnavailableException}, and nothing changes. The contract suite {@code WebhookStoreContract}
 * comes with the persistence adapter.
 */
public interface WebhookStore {

    /**
     * Stores a new webhook with its secrets, with no lease, a fence of 0 and no pending delivery. An id already stored
     * is refused ({@code IllegalStateException}) and nothing is stored.
     */
    void add(Webhook webhook, SigningSecrets secrets);

    /** Every webhook, oldest first (by creation, then by id). */
    List<Webhook> list();

    Optional<Webhook> find(WebhookId id);

    /** The webhook's secrets as stored (a previous secret whose time has passed included); empty for an unknown id. */
    Optional<SigningSecrets> secretsOf(WebhookId id);

    /**
     * Stores {@code changed}'s URL, events, description, enabled and disabled reason, and leaves what only the
     * deliverer moves (cursor, last failure) and the creation time as stored. When {@code redirects} (the URL or
     * enabled changed, {@link Webhook#redirects}), in the same step, the fence increases by one and the lease is
     * freed, so that the deliverer's next write fails and the next claim starts from this row. When the webhook turns
     * enabled, its pending delivery's attempts go back to 0 and it is due at once. Answers the webhook as now stored.
     *
     * @throws WebhookNotFoundException when no webhook has the id
     */
    Webhook update(Webhook changed, boolean redirects);

    /**
     * Removes the webhook, its secrets, its deliveries and its log, in one step; its lease goes with it, so the
     * deliverer's next write fails.
     *
     * @throws WebhookNotFoundException when no webhook has the id
     */
    void delete(WebhookId id);

    /**
     * {@code next} becomes the current secret, and the current one the previous, signing until
     * {@code previousUntil}; an earlier previous secret is dropped. The fence does not move (the deliverer reads the
     * secrets before every attempt).
     *
     * @throws WebhookNotFoundException when no webhook has the id
     */
    void rotate(WebhookId id, WebhookSecret next, Instant previousUntil);

    /**
     * Sets the cursor to {@code afterChangeId} and, in the same step, marks the pending delivery superseded (it is no
     * longer the webhook's, and is never sent again), increases the fence by one and frees the lease. Enabled, the
     * last failure and the secrets are left as they are.
     *
     * @throws WebhookNotFoundException when no webhook has the id
     */
    void replay(WebhookId id, long afterChangeId);

    /**
     * The webhook's logged attempts with an attempt id below {@code beforeAttemptId}, newest first (by attempt id), at
     * most {@code limit}, test deliveries included; empty for an unknown id or when there are none. (An outbound
     * record, not the use case's {@code DeliveryAttemptView}: outbound ports do not use inbound ones. The use case
     * drops the excerpt.)
     */
    List<LoggedAttempt> attempts(WebhookId id, long beforeAttemptId, int limit);
}
