package org.petstore.inventory.application.port.inbound;

import java.time.Instant;
import java.util.Objects;
import org.petstore.inventory.domain.webhook.WebhookSecret;

/**
 * A webhook's new signing secret, shown once. Until {@code previousValidUntil} every delivery carries a signature with
 * the new secret and one with the previous secret; after it, only the new one.
 */
public record RotatedWebhookSecret(WebhookSecret secret, Instant previousValidUntil) {

    public RotatedWebhookSecret {
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(previousValidUntil, "previousValidUntil");
    }
}
