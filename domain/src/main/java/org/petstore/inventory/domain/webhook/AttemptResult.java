package org.petstore.inventory.domain.webhook;

import java.time.Duration;
import java.util.Objects;

/**
 * What one attempt to deliver found: the receiver's status code, or the error that kept it from answering (exactly
 * one of the two), how long it took, the receiver's {@code Retry-After} when it gave one, and a short excerpt of its
 * answer for the log. The excerpt is sanitised here, whatever the receiver sent: each character outside printable
 * ASCII becomes a space (tab, line breaks) or {@code ?}, and at most {@value #MAX_EXCERPT} characters are kept. It is
 * stored, and never shown to an API caller.
 *
 * @param status     100 to 599; null when {@code error} is set
 * @param error      null when {@code status} is set
 * @param duration   from the start of the attempt to its end, zero or more
 * @param retryAfter how long the receiver asked to wait ({@code Retry-After}), zero or more; null when it did not
 *                   ask, and always null with an {@code error}
 * @param excerpt    the start of the receiver's answer, sanitised; null when there was none
 */
public record AttemptResult(Integer status, DeliveryError error, Duration duration, Duration retryAfter,
                            String excerpt) {

    public static final int MAX_EXCERPT = 200;

    public AttemptResult {
        if ((status == null) == (error == null)) {
            throw new InvalidWebhookRequestException("an attempt has a status code or an error, exactly one; got "
                    + status + " and " + error);
        }
        if (status != null && (status < 100 || status > 599)) {
            throw new InvalidWebhookRequestException("a status code is 100 to 599, got " + status);
        }
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new InvalidWebhookRequestException("an attempt's duration is zero or more, got " + duration);
        }
        if (retryAfter != null && (error != null || retryAfter.isNegative())) {
            throw new InvalidWebhookRequestException("a Retry-After comes with a status code and is zero or more, "
                    + "got " + retryAfter + (error != null ? " with the error " + error : ""));
        }
        excerpt = sanitised(excerpt);
    }

    /** The receiver answered {@code status}. */
    public static AttemptResult answered(int status, Duration duration, Duration retryAfter, String excerpt) {
        return new AttemptResult(status, null, duration, retryAfter, excerpt);
    }

    /** The receiver did not answer, for {@code error}. */
    public static AttemptResult failed(DeliveryError error, Duration duration) {
        return new AttemptResult(null, Objects.requireNonNull(error, "error"), duration, null, null);
    }

    /** Whether the receiver acknowledged the delivery: any 2xx (a 3xx is a failure, never followed). */
    public boolean succeeded() {
        return status != null && status >= 200 && status <= 299;
    }

    /** Whether the receiver answered 410 Gone: the subscription is to be disabled. */
    public boolean gone() {
        return status != null && status == 410;
    }

    /** For the log and a webhook's last failure: the status code ({@code 503}) or the error's wire name. */
    public String summary() {
        return status != null ? String.valueOf(status) : error.wireName();
    }

    private static String sanitised(String text) {
        if (text == null) {
            return null;
        }
        int length = Math.min(text.length(), MAX_EXCERPT);
        StringBuilder clean = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c <= 0x7e) {
                clean.append(c);
            } else {
                clean.append(c == '\t' || c == '\n' || c == '\r' ? ' ' : '?');
            }
        }
        return clean.toString();
    }
}
