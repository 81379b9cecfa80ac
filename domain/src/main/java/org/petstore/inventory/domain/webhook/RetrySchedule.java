package org.petstore.inventory.domain.webhook;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * When a delivery is attempted: {@code delays.get(0)} before the first attempt (normally 0: at once), and
 * {@code delays.get(n - 1)} between the failure of attempt {@code n - 1} and attempt {@code n}. After
 * {@link #attempts()} failed attempts the schedule is exhausted. Each delay is jittered by &plusmn;20 %
 * ({@link #delayBefore}), so that receivers that fail together are not retried together.
 *
 * @param delays 1 to {@value #MAX_ATTEMPTS} delays, each from 0 to {@link #MAX_DELAY}
 */
public record RetrySchedule(List<Duration> delays) {

    public static final int MAX_ATTEMPTS = 100;
    public static final Duration MAX_DELAY = Duration.ofDays(7);

    private static final Pattern DELAY = Pattern.compile("(\\d{1,9})(ms|s|m|h|d)");
    private static final String FORM = "durations separated by commas, each a whole number and a unit (ms, s, m, h, "
            + "d), such as 0s,5s,5m,30m,2h";
    /**
     * The Standard Webhooks schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (declared after
     * the pattern it is parsed with).
     */
    public static final RetrySchedule STANDARD = parse("0s,5s,5m,30m,2h,5h,10h,14h,20h,24h");

    public RetrySchedule {
        if (delays == null || delays.isEmpty() || delays.size() > MAX_ATTEMPTS) {
            throw new InvalidWebhookRequestException("a retry schedule has 1 to " + MAX_ATTEMPTS + " delays, got "
                    + (delays == null ? 0 : delays.size()));
        }
        for (Duration delay : delays) {
            Objects.requireNonNull(delay, "delay");
            if (delay.isNegative() || delay.compareTo(MAX_DELAY) > 0) {
                throw new InvalidWebhookRequestException("a retry delay is from 0s to 7d, got " + text(delay));
            }
        }
        delays = List.copyOf(delays);
    }

    /**
     * A schedule as a setting writes it ({@code PETSTORE_WEBHOOK_RETRY_DELAYS}): durations separated by commas, each a
     * whole number and a unit ({@code 0s,1s,500ms,2m,5h,1d}); blanks around an entry are ignored.
     */
    public static RetrySchedule parse(String commaSeparated) {
        if (commaSeparated == null || commaSeparated.isBlank()) {
            throw new InvalidWebhookRequestException("a retry schedule is needed: " + FORM);
        }
        List<Duration> delays = new ArrayList<>();
        for (String entry : commaSeparated.split(",", -1)) {
            Matcher matcher = DELAY.matcher(entry.strip());
            if (!matcher.matches()) {
                throw new InvalidWebhookRequestException("a retry schedule is " + FORM + "; "
                        + InvalidWebhookRequestException.quoted(entry.strip()) + " is not a duration");
            }
            long amount = Long.parseLong(matcher.group(1));
            delays.add(switch (matcher.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            });
        }
        return new RetrySchedule(delays);
    }

    /** How many attempts a delivery gets before the schedule is exhausted. */
    public int attempts() {
        return delays.size();
    }

    /**
     * The delay before attempt {@code attempt} (from 1), counted from the failure of the attempt before it (for
     * attempt 1, from when the delivery was formed), jittered: the scheduled delay times {@code 0.8 + 0.4 *
     * jitterUnit}, to the nanosecond. Empty when the schedule is exhausted ({@code attempt > attempts()}).
     *
     * @param jitterUnit uniform in [0, 1), e.g. {@code RandomGenerator.nextDouble()}; 0.5 keeps the delay as scheduled
     */
    public Optional<Duration> delayBefore(int attempt, double jitterUnit) {
        if (attempt < 1) {
            throw new InvalidWebhookRequestException("attempts are counted from 1, got " + attempt);
        }
        if (!(jitterUnit >= 0 && jitterUnit < 1)) {
            throw new InvalidWebhookRequestException("a jitter unit lies in [0, 1), got " + jitterUnit);
        }
        if (attempt > delays.size()) {
            return Optional.empty();
        }
        long nanos = delays.get(attempt - 1).toNanos();
        return Optional.of(Duration.ofNanos(Math.round(nanos * (0.8 + 0.4 * jitterUnit))));
    }

    /** As {@link #parse} reads it: {@code 0s,5s,5m,30m,2h,5h,10h,14h,20h,24h}. */
    @Override
    public String toString() {
        return delays.stream().map(RetrySchedule::text).collect(Collectors.joining(","));
    }

    /**
     * A delay in its largest whole unit up to hours (as the standard schedule writes 24h), or in milliseconds; one
     * finer than a millisecond, negative or beyond {@link #MAX_DELAY} in ISO-8601 ({@code PT0.0000001S}).
     */
    private static String text(Duration delay) {
        if (delay.isZero()) {
            return "0s";
        }
        if (delay.isNegative() || delay.compareTo(MAX_DELAY) > 0 || delay.getNano() % 1_000_000 != 0) {
            return delay.toString();
        }
        long seconds = delay.getSeconds();
        if (delay.getNano() != 0) {
            return seconds * 1000 + delay.getNano() / 1_000_000 + "ms";
        }
        if (seconds % 3600 == 0) {
            return seconds / 3600 + "h";
        }
        return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }
}
