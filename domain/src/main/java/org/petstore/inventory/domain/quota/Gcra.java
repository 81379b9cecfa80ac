package org.petstore.inventory.domain.quota;

/**
 * The generic cell rate algorithm that keeps a {@link Quota}: a bucket is one number, its theoretical arrival time
 * ({@code tat}, nanoseconds on some clock); each unit taken moves it one interval ({@link Quota#intervalNanos()})
 * later, starting from now when it lies in the past. A request of cost {@code n} passes when the bucket moved
 * {@code n} intervals lies no more than {@code burst} intervals ahead of now; a refused request leaves the bucket as it
 * was. So a quiet key may send {@code burst} at once, and {@code perSecond} a second after that. The same rule, with
 * its own clock, keeps a bucket in memory and a bucket in a database (whose statement is tested against this class).
 *
 * <p>A cost above the burst can never pass, however long the client waits: it is refused, and its retry-after is the
 * time until the bucket is whole again (at least a second), when the client can at least take a whole burst, not a
 * time at which the same request would pass (there is none).
 */
public final class Gcra {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private Gcra() {
    }

    /** What taking {@code cost} units at {@code now} does to a bucket at {@code tat} (both in nanoseconds). */
    public static Decision take(long tat, long now, Quota quota, int cost) {
        if (cost < 0) {
            throw new InvalidQuotaException("a cost is never negative: " + cost);
        }
        long interval = quota.intervalNanos();
        long limit = quota.burst() * interval;
        // relative to now, so that no clock's origin can overflow: at most 10^16 + 2^31 * 10^9 ns
        long aheadBefore = Math.max(0, tat - now);
        long movedAhead = aheadBefore + cost * interval;
        boolean allowed = movedAhead <= limit;
        long after = allowed ? now + movedAhead : tat;
        long ahead = allowed ? movedAhead : aheadBefore;
        int remaining = (int) Math.max(0, Math.min(quota.burst(), (limit - ahead) / interval));
        long retryAfter;
        if (allowed) {
            retryAfter = 0;
        } else if (cost > quota.burst()) {
            retryAfter = Math.max(NANOS_PER_SECOND, ahead);
        } else {
            retryAfter = movedAhead - limit;
        }
        return new Decision(allowed, after, remaining, ahead, retryAfter);
    }

    /**
     * What a take decided.
     *
     * @param tat             the bucket afterwards (unchanged when refused), in nanoseconds
     * @param remaining       how many units could be taken at once right after
     * @param resetNanos      how long until the bucket is whole again (nothing taken meanwhile)
     * @param retryAfterNanos for a refused take, how long until the same take would pass; for a cost above the burst,
     *                        which never passes, how long until the bucket is whole again, at least a second; 0 when
     *                        allowed
     */
    public record Decision(boolean allowed, long tat, int remaining, long resetNanos, long retryAfterNanos) {

        /** {@link #resetNanos} in whole seconds, rounded up: the {@code t} of the {@code RateLimit} field. */
        public long resetSeconds() {
            return ceilSeconds(resetNanos);
        }

        /** {@link #retryAfterNanos} in whole seconds, rounded up and at least 1: a {@code Retry-After}. */
        public long retryAfterSeconds() {
            return Math.max(1, ceilSeconds(retryAfterNanos));
        }

        private static long ceilSeconds(long nanos) {
            return (nanos + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND;
        }
    }
}
