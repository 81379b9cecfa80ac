package org.petstore.inventory.application.port.inbound;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.petstore.inventory.domain.webhook.DeliveryError;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * One entry of a webhook's delivery log, as a caller may see it: never the body, and never the receiver's answer
 * (its excerpt stays in the store; OWASP API7).
 *
 * @param attemptId     increasing over every attempt of every webhook: the log's page cursor
 * @param webhookId     the webhook
 * @param deliveryId    the delivery's {@code webhook-id} header, the same for every attempt of one delivery
 * @param firstChangeId the first ledger change the delivery carries; null for a {@code webhook.test}
 * @param lastChangeId  the last ledger change it carries; null for a {@code webhook.test}
 * @param attempt       which attempt of the delivery this was, from 1
 * @param at            when it started
 * @param status        the receiver's status code; null when {@code error} is set
 * @param error         why there was no answer; null when {@code status} is set
 * @param duration      how long it took
 */
public record DeliveryAttemptView(long attemptId, WebhookId webhookId, String deliveryId, Long firstChangeId,
                                  Long lastChangeId, int attempt, Instant at, Integer status, DeliveryError error,
                                  Duration duration) {

    public DeliveryAttemptView {
        Objects.requireNonNull(webhookId, "webhookId");
        Objects.requireNonNull(deliveryId, "deliveryId");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(duration, "duration");
        if ((status == null) == (error == null)) {
            throw new IllegalArgumentException("an attempt has a status code or an error, exactly one; got " + status
                    + " and " + error);
        }
        if ((firstChangeId == null) != (lastChangeId == null)) {
            throw new IllegalArgumentException("a delivery carries a first and a last change, or neither");
        }
        if (attempt < 1) {
            throw new IllegalArgumentException("attempts are counted from 1, got " + attempt);
        }
    }
}
