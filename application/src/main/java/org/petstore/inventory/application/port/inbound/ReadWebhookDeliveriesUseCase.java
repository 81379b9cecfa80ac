package org.petstore.inventory.application.port.inbound;

import java.util.List;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;

/** A webhook's delivery log: every attempt, newest first, without the receiver's answers. */
public interface ReadWebhookDeliveriesUseCase {

    /** Most attempts one read returns. */
    int MAX_LIMIT = 100;

    /**
     * The webhook's attempts with an {@code attemptId} below {@code beforeAttemptId} ({@code Long.MAX_VALUE}: from
     * the newest), newest first, at most {@code limit} (1 to {@link #MAX_LIMIT}); test deliveries included. Empty when
     * there are none (the log keeps attempts for a limited time).
     *
     * @throws WebhookNotFoundException when no webhook has the id
     */
    List<DeliveryAttemptView> deliveries(WebhookId id, long beforeAttemptId, int limit);
}
