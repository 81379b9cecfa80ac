package org.petstore.inventory.application.port.outbound;

import java.time.Instant;
import java.util.Objects;

/**
 * A webhook's formed delivery that its receiver has not acknowledged yet: at most one per webhook, and the next one
 * is formed only after it succeeded. It stays through failures, disabling and re-enabling; a replay supersedes it.
 *
 * @param delivery      the message, as formed
 * @param attempts      how many attempts were made so far (0 when just formed; back to 0 when the webhook is enabled
 *                      again)
 * @param nextAttemptAt when the next attempt is due: {@code delivery.formedAt()} when just formed or enabled again (a
 *                      retry schedule whose first delay is not 0 is applied by the deliverer before attempt 1)
 */
public record PendingDelivery(FormedDelivery delivery, int attempts, Instant nextAttemptAt) {

    public PendingDelivery {
        Objects.requireNonNull(delivery, "delivery");
        Objects.requireNonNull(nextAttemptAt, "nextAttemptAt");
        if (attempts < 0) {
            throw new IllegalArgumentException("attempts made are 0 or more, got " + attempts);
        }
    }
}
