package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Objects;
import org.petstore.inventory.domain.webhook.EventType;

/**
 * A delivery that its deliverer formed in memory as the successor of the one before it
 * ({@link FormedDelivery#successorId}), sent once and saw acknowledged, and records with the success of the stored
 * delivery that began the run ({@link WebhookDeliveries#recordSuccess}).
 *
 * @param delivery the message as sent, a delivery of changes
 * @param attempt  its one attempt: the first, and a success
 */
public record AcknowledgedDelivery(FormedDelivery delivery, AttemptRecord attempt) {

    public AcknowledgedDelivery {
        Objects.requireNonNull(delivery, "delivery");
        Objects.requireNonNull(attempt, "attempt");
        if (delivery.type() != EventType.INVENTORY_COUNT_UPDATED) {
            throw new IllegalArgumentException("a delivery acknowledged in a run carries changes, not "
                    + delivery.eventType());
        }
        if (attempt.attempt() != 1 || !attempt.result().succeeded()) {
            throw new IllegalArgumentException("a delivery acknowledged in a run succeeded at its first attempt, got "
                    + "attempt " + attempt.attempt() + ": " + attempt.result().summary());
        }
    }

    /**
     * Checks that {@code after} and {@code next} follow {@code first} without a gap, each carrying the changes after
     * the one before it ({@code IllegalArgumentException} otherwise), and answers where the run ends: the cursor once
     * it is recorded.
     */
    public static long runEnd(FormedDelivery first, List<AcknowledgedDelivery> after, FormedDelivery next) {
        long end = first.lastChangeId();
        for (AcknowledgedDelivery acknowledged : after) {
            end = follow(end, acknowledged.delivery());
        }
        if (next != null) {
            follow(end, next);
        }
        return end;
    }

    private static long follow(long end, FormedDelivery delivery) {
        if (delivery.previousChangeId() != end) {
            throw new IllegalArgumentException("The delivery after one that ends at " + end + " carries the changes "
                    + "after it, not after " + delivery.previousChangeId());
        }
        return delivery.lastChangeId();
    }
}
