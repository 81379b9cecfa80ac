package org.petstore.inventory.adapter.http.webhook.delivery;

import java.time.Duration;
import java.util.Objects;

/**
 * How one delivery attempt went: the receiver's status code or the error, never both. Stands in for the domain's
 * {@code AttemptResult} (which adds {@code retryAfter}) until it exists.
 *
 * @param status   the receiver's status code, or null when {@code error} is set (a 3xx is the error
 *                 {@link SendError#REDIRECT_REFUSED})
 * @param error    the failure, or null when a status code counts
 * @param duration from the start of the attempt until its outcome was known
 * @param excerpt  the start of the receiver's answer, sanitised: printable ASCII only, at most 200 characters; empty
 *                 when there was none. It is for the delivery log, and never shown to an API caller.
 */
public record SendOutcome(Integer status, SendError error, Duration duration, String excerpt) {

    /** The most characters an excerpt keeps. */
    public static final int EXCERPT_CHARACTERS = 200;

    public SendOutcome {
        if ((status == null) == (error == null)) {
            throw new IllegalArgumentException("an attempt has a status code or an error, not both or none");
        }
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(excerpt, "excerpt");
        if (excerpt.length() > EXCERPT_CHARACTERS) {
            throw new IllegalArgumentException("an excerpt has at most " + EXCERPT_CHARACTERS + " characters");
        }
    }

    /** @return whether the receiver acknowledged the delivery (any 2xx) */
    public boolean succeeded() {
        return status != null && status >= 200 && status < 300;
    }
}
