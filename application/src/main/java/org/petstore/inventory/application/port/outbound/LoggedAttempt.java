package org.petstore.inventory.application.port.outbound;

import java.util.Objects;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * An attempt as the log keeps it ({@link WebhookStore#attempts}). Its result has the status or error, the duration and
 * the sanitised excerpt as recorded, and no {@code Retry-After} (never kept).
 *
 * @param attemptId     given by the store, increasing over every attempt of every webhook: the log's page cursor
 * @param webhookId     the webhook
 * @param deliveryId    the delivery's id ({@code webhook-id})
 * @param firstChangeId the first ledger change the delivery carries; null for a {@code webhook.test}
 * @param lastChangeId  the last one; null for a {@code webhook.test}
 * @param record        the attempt, as it was recorded
 */
public record LoggedAttempt(long attemptId, WebhookId webhookId, String deliveryId, Long firstChangeId,
                            Long lastChangeId, AttemptRecord record) {

    public LoggedAttempt {
        Objects.requireNonNull(webhookId, "webhookId");
        Objects.requireNonNull(deliveryId, "deliveryId");
        Objects.requireNonNull(record, "record");
        if ((firstChangeId == null) != (lastChangeId == null)) {
            throw new IllegalArgumentException("a delivery carries a first and a last change, or neither");
        }
    }
}
