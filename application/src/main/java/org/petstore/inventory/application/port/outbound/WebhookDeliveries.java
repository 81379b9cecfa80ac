package org.petstore.inventory.application.port.outbound;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The deliverer's side of the webhooks' store: what an instance holding a {@link Lease} reads and writes. Every write
 * is one transaction guarded by the lease: it changes nothing, and answers false, when the webhook's fence is no
 * longer the lease's (another instance claimed it, or an administrator redirected, disabled, replayed or deleted it).
 * So an instance that lost its lease can never move a cursor. A store that cannot be reached is a
 * {@link StorageUnavailableException}, and nothing changes. The contract suite {@code WebhookStoreContract}
 * comes with the persistence adapter.
 *
 * <p>A pending delivery is kept without its body until an attempt fails: its id and change range are enough to form
 * the same bytes again from the ledger, which is immutable (the deliverer does, when it did not form it itself), and
 * the deliverer's commit per delivery stays small. From its first failure on the body is kept, so that the retries,
 * which may come days later, send those bytes even once the ledger's retention has removed the changes.
 */
public interface WebhookDeliveries {

    /**
     * The leased webhook as stored now, with its secrets and its pending delivery, in one read; empty when the
     * fence is no longer the lease's, or the webhook is disabled or deleted: the deliverer stops. The pending
     * delivery's body is empty ({@link FormedDelivery#withoutBody()}) until an attempt of it failed.
     */
    Optional<LeasedState> state(Lease lease);

    /**
     * Stores {@code delivery} as the webhook's pending one, without its body, with 0 attempts, due at its
     * {@code formedAt}, when the fence holds, no delivery is pending and the cursor is {@code expectedCursor} (= the
     * delivery's {@code previousChangeId}); otherwise changes nothing and answers false.
     */
    boolean form(Lease lease, long expectedCursor, FormedDelivery delivery);

    /**
     * The receiver acknowledged {@code delivery}, and then each of {@code after}: in one transaction, when the fence
     * holds, {@code delivery} is the pending one and the cursor is still its {@code previousChangeId}, moves the cursor
     * to the last acknowledged one's {@code lastChangeId}, clears the last failure, marks the delivery delivered (its
     * body need not be kept any longer), stores each of {@code after} as delivered, logs every attempt, and makes
     * {@code next} the pending delivery, as {@link #form} does (none when null). Otherwise changes nothing and answers
     * false. So a deliverer that has the next changes at hand records a run of successes and forms the next delivery
     * in one commit.
     *
     * @param after the deliveries formed in memory after {@code delivery}, each the successor of the one before it,
     *              sent and acknowledged since (empty: none)
     * @param next  null, or a delivery of the changes after the last acknowledged one's (all of them without a gap:
     *              {@link AcknowledgedDelivery#runEnd}; {@code IllegalArgumentException} otherwise)
     */
    boolean recordSuccess(Lease lease, PendingDelivery delivery, AttemptRecord attempt, List<AcknowledgedDelivery> after,
                          FormedDelivery next);

    /**
     * An attempt of {@code delivery} failed: in one transaction, when the fence holds and {@code delivery} is the
     * pending one, keeps its body (the bytes sent: every retry sends them), logs the attempt, sets the webhook's last
     * failure (the attempt's time and {@code AttemptResult.summary()}) and either
     * <ul>
     *   <li>with {@code nextAttemptAt}: keeps the delivery pending with {@code attempt.attempt()} attempts made, due at
     *       {@code nextAttemptAt}; or</li>
     *   <li>with {@code disableReason} (at most 200 characters): disables the webhook with that reason, keeping the
     *       delivery pending, its cursor and its lease's fence as they are (re-enabling resumes with it).</li>
     * </ul>
     * Exactly one of the two is non-null, and {@code delivery} carries its body ({@code IllegalArgumentException}
     * otherwise). Otherwise changes nothing and answers false.
     */
    boolean recordFailure(Lease lease, PendingDelivery delivery, AttemptRecord attempt, Instant nextAttemptAt,
                          String disableReason);

    /**
     * Logs a {@code webhook.test} delivery and its one attempt, without a lease: it changes neither the cursor, the
     * pending delivery, the last failure nor the fence. The log shows it with no change range ({@link LoggedAttempt}'s
     * change ids null; the delivery's are 0). Nothing when the webhook was deleted meanwhile.
     */
    void recordTest(WebhookId id, FormedDelivery delivery, AttemptRecord attempt);

    /**
     * Upkeep of the log: removes every attempt made before {@code attemptsBefore}, and each webhook's attempts beyond
     * its newest {@code keepPerWebhook}; and every delivery that is not pending and has no attempt left in the log.
     * A pending delivery is never removed. Answers how many attempts it removed.
     */
    int prune(Instant attemptsBefore, int keepPerWebhook);
}
