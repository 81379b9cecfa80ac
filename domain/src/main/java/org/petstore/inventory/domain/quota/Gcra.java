package org.petstore.inventory.domain.quota;

/**
 * The generic cell rate algorithm that keeps a {@link Quota}: a bucket is one number, its theoretical arrival time
 * ({@code tat}, microseconds on some clock); each unit taken moves it one interval ({@code 1 s / perSecond}) later,
 * starting from now when it lies in the past. A request of cost {@code n} passes when the bucket moved {@code n}
 * intervals lies no more than {@code burst} intervals ahead of now; a refused request leaves the bucket as it was.
 * So a quiet key may send {@code burst} at once, and {@code perSecond} a second after that. The same rule, with
 * its own clock, keeps a bucket in memory and a bucket in a database (whose statement is tested against this class).
 */
public final class Gcra {

    private static final long MICROS_PER_SECOND = 1_000_000L;

    private Gcra() {
    }

    /** What taking {@code cost} units at {@code now} does to a bucket at {@code tat}. */
    public static Decision take(long tat, long now, Quota quota, int cost) {
        if (cost < 0) {
            throw new IllegalArgumentException("a cost is never negative: " + cost);
        }
        long interval = quota.intervalMicros();
        long limit = quota.burst() * interval;
        long moved = Math.max(tat, now) + cost * interval;
        boolean allowed = moved - now <= limit;
        long after = allowed ? moved : tat;
        long ahead = Math.max(0, after - now);
        int remaining = (int) Math.max(0, Math.min(quota.burst(), (limit - ahead) / interval));
        long retryAfter = allowed ? 0 : moved - limit - now;
        return new Decision(allowed, after, remaining, ahead, retryAfter);
    }

    /**
     * What a take decided.
     *
     * @param tat              the bucket afterwards (unchanged when refused)
     * @param remaining        how many units could be taken at once right after
     * @param resetMicros      how long until the bucket is full again (nothing taken meanwhile)
     * @param retryAfterMicros for a refused take, how long until the same take would pass; 0 when allowed
     */
    public record Decision(boolean allowed, long tat, int remaining, long resetMicros, long retryAfterMicros) {

        /** {@link #resetMicros} in whole seconds, rounded up: the {@code t} of the {@code RateLimit} field. */
        public long resetSeconds() {
            return ceilSeconds(resetMicros);
        }

        /** {@link #retryAfterMicros} in whole seconds, rounded up and at least 1: a {@code Retry-After}. */
        public long retryAfterSeconds() {
            return Math.max(1, ceilSeconds(retryAfterMicros));
        }

        private static long ceilSeconds(long micros) {
            return (micros + MICROS_PER_SECOND - 1) / MICROS_PER_SECOND;
        }
    }
}
