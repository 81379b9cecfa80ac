package org.petstore.inventory.application.port.outbound;

import java.util.Objects;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The right of one instance to deliver one webhook, as {@link WebhookLeases#claim} granted it. The fence is the
 * webhook's fence at the claim: every claim, and every administrator's change that takes the webhook from its deliverer
 * (a new URL, disabling or enabling, replay, delete), increases it, so a write guarded by an older fence changes
 * nothing. Every write a deliverer makes carries its lease ({@link WebhookDeliveries}).
 */
public record Lease(WebhookId id, long fence) {

    public Lease {
        Objects.requireNonNull(id, "id");
    }
}
