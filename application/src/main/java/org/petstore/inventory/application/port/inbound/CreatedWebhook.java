package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookSecret;

/** A new webhook with its signing secret: the only answer that shows the secret (apart from a rotation's). */
public record CreatedWebhook(Webhook webhook, WebhookSecret secret) {

    public CreatedWebhook {
        Objects.requireNonNull(webhook, "webhook");
        Objects.requireNonNull(secret, "secret");
    }
}
