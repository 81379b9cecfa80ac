package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;

/** Sends a webhook one {@code webhook.test} event, so that its administrator can check the receiver. */
public interface TestWebhookUseCase {

    /**
     * Sends one {@code webhook.test} delivery to the webhook's URL now, signed with its current secrets, as any
     * delivery is (the address checked again on the way; a refused one is a {@code ADDRESS_REFUSED} result), whether
     * the webhook is enabled or not, and records the attempt in its log. It is sent once, never retried, and moves
     * neither the cursor nor the pending delivery. Answers what the attempt found: the status code or the error; the
     * caller must not be shown the receiver's answer ({@link AttemptResult#excerpt()}).
     *
     * @throws WebhookNotFoundException when no webhook has the id
     */
    AttemptResult sendTest(WebhookId id);
}
