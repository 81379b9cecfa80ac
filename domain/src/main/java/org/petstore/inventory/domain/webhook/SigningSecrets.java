package org.petstore.inventory.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The secrets a webhook's deliveries are signed with: the current one always, and after a rotation the previous one
 * until {@code previousUntil}, so that a receiver that still knows only the previous secret keeps verifying during the
 * overlap (Standard Webhooks: several signatures, separated by spaces, in {@code webhook-signature}).
 *
 * @param current       signs every delivery
 * @param previous      the secret before the last rotation; null when there was none
 * @param previousUntil when {@code previous} stops signing (exclusive); null exactly when {@code previous} is
 */
public record SigningSecrets(WebhookSecret current, WebhookSecret previous, Instant previousUntil) {

    public SigningSecrets {
        Objects.requireNonNull(current, "current");
        if ((previous == null) != (previousUntil == null)) {
            throw new InvalidWebhookRequestException("a previous secret needs the instant it stops signing, and only "
                    + "a previous secret has one");
        }
    }

    /** A webhook's first secret, never rotated. */
    public static SigningSecrets of(WebhookSecret current) {
        return new SigningSecrets(current, null, null);
    }

    /** The secrets that sign a delivery at {@code now}: the current one first, then the previous one while valid. */
    public List<WebhookSecret> at(Instant now) {
        return previous != null && now.isBefore(previousUntil) ? List.of(current, previous) : List.of(current);
    }

    /**
     * {@code next} becomes the current secret, and the current one signs too until {@code now + overlap}. A previous
     * secret still in its own overlap stops at once: at most two secrets sign. An overlap of zero signs with
     * {@code next} alone from {@code now}.
     */
    public SigningSecrets rotate(WebhookSecret next, Instant now, Duration overlap) {
        Objects.requireNonNull(next, "next");
        Objects.requireNonNull(now, "now");
        if (overlap == null || overlap.isNegative()) {
            throw new InvalidWebhookRequestException("a rotation's overlap is zero or more, got " + overlap);
        }
        if (next.equals(current)) {
            throw new InvalidWebhookRequestException("a rotation needs a new secret, not the current one again");
        }
        return new SigningSecrets(next, current, now.plus(overlap));
    }
}
