package org.petstore.inventory.application.port.outbound;

import java.util.Objects;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;

/**
 * What the deliverer of a leased webhook reads before each attempt, in one read: the webhook (its URL and cursor as
 * stored now), its secrets, and its pending delivery.
 *
 * @param pending null when no delivery is pending: the next one is formed from the changes after the cursor
 */
public record LeasedState(Webhook webhook, SigningSecrets secrets, PendingDelivery pending) {

    public LeasedState {
        Objects.requireNonNull(webhook, "webhook");
        Objects.requireNonNull(secrets, "secrets");
    }
}
