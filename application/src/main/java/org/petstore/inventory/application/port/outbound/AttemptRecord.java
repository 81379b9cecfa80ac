package org.petstore.inventory.application.port.outbound;

import java.time.Instant;
import java.util.Objects;
import org.petstore.inventory.domain.webhook.AttemptResult;

/**
 * One attempt of a delivery, to be logged: which attempt of it (from 1), when it started, and what it found. The
 * log keeps the result's status or error, duration and excerpt; not its {@code Retry-After}, which only schedules the
 * next attempt.
 */
public record AttemptRecord(int attempt, Instant at, AttemptResult result) {

    public AttemptRecord {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempts are counted from 1, got " + attempt);
        }
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(result, "result");
    }
}
