package org.petstore.inventory.domain.quota;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GcraTest {

    /** 50/s burst 100: one unit every 20 ms, 2 s of burst. */
    private static final Quota FIFTY = new Quota(50, 100, 8);
    private static final long SECOND = 1_000_000_000L;
    /** Some nanosecond far from 0, as {@code nanoTime} is. */
    private static final long T0 = 987_654_321_000_000L;

    /** Takes {@code cost} at {@code now} from the bucket {@code tat[0]}, keeping what the take decided. */
    private static Gcra.Decision take(long[] tat, long now, Quota quota, int cost) {
        Gcra.Decision decision = Gcra.take(tat[0], now, quota, cost);
        tat[0] = decision.tat();
        return decision;
    }

    @Test
    void aQuietKeyTakesItsBurstAtOnceAndIsThenRefused() {
        long[] tat = {T0};
        for (int i = 0; i < 100; i++) {
            assertTrue(take(tat, T0, FIFTY, 1).allowed(), "unit " + i);
        }
        Gcra.Decision refused = take(tat, T0, FIFTY, 1);

        assertAll(
                () -> assertFalse(refused.allowed()),
                () -> assertEquals(T0 + 2 * SECOND, refused.tat(), "unchanged"),
                () -> assertEquals(0, refused.remaining()),
                () -> assertEquals(2 * SECOND, refused.resetNanos()),
                () -> assertEquals(2, refused.resetSeconds()),
                () -> assertEquals(20_000_000, refused.retryAfterNanos(), "one interval"),
                () -> assertEquals(1, refused.retryAfterSeconds()));
    }

    @Test
    void aBucketInThePastIsAQuietKey() {
        long[] tat = {T0 - 3_600 * SECOND};
        for (int i = 0; i < 100; i++) {
            assertTrue(take(tat, T0, FIFTY, 1).allowed(), "unit " + i);
        }
        assertFalse(take(tat, T0, FIFTY, 1).allowed());
    }

    @Test
    void anEmptiedBucketRefillsAtTheRate() {
        long[] tat = {T0};
        assertTrue(take(tat, T0, FIFTY, 100).allowed());

        assertFalse(take(tat, T0 + 19_999_999, FIFTY, 1).allowed(), "just before one interval");
        assertTrue(take(tat, T0 + 20_000_000, FIFTY, 1).allowed(), "one interval later: one unit");
        assertFalse(take(tat, T0 + 20_000_000, FIFTY, 1).allowed(), "and only one");

        int taken = 0;
        for (long now = T0 + 21_000_000; now <= T0 + 1_020_000_000; now += 1_000_000) {
            while (take(tat, now, FIFTY, 1).allowed()) {
                taken++;
            }
        }
        assertEquals(50, taken, "a greedy client gets 50 units in the next second");
    }

    @Test
    void theFiguresOfKnownCases() {
        Gcra.Decision first = Gcra.take(T0, T0, FIFTY, 1);
        assertAll("the first unit of a quiet key",
                () -> assertTrue(first.allowed()),
                () -> assertEquals(T0 + 20_000_000, first.tat()),
                () -> assertEquals(99, first.remaining()),
                () -> assertEquals(20_000_000, first.resetNanos()),
                () -> assertEquals(1, first.resetSeconds()),
                () -> assertEquals(0, first.retryAfterNanos()));

        Gcra.Decision thirty = Gcra.take(T0, T0, FIFTY, 30);
        assertAll("30 units of a quiet key",
                () -> assertTrue(thirty.allowed()),
                () -> assertEquals(T0 + 600_000_000, thirty.tat()),
                () -> assertEquals(70, thirty.remaining()),
                () -> assertEquals(600_000_000, thirty.resetNanos()),
                () -> assertEquals(1, thirty.resetSeconds()));

        Gcra.Decision whole = Gcra.take(T0, T0, FIFTY, 100);
        assertAll("the whole burst",
                () -> assertTrue(whole.allowed()),
                () -> assertEquals(0, whole.remaining()),
                () -> assertEquals(2, whole.resetSeconds()));

        Gcra.Decision secondLater = Gcra.take(T0 + 2 * SECOND, T0 + SECOND, FIFTY, 1);
        assertAll("a second after the whole burst",
                () -> assertTrue(secondLater.allowed()),
                () -> assertEquals(T0 + 2_020_000_000, secondLater.tat()),
                () -> assertEquals(49, secondLater.remaining()),
                () -> assertEquals(1_020_000_000, secondLater.resetNanos()),
                () -> assertEquals(2, secondLater.resetSeconds()));

        Gcra.Decision tenTooMany = Gcra.take(T0 + 2 * SECOND, T0 + SECOND, FIFTY, 60);
        assertAll("60 units when 50 are left",
                () -> assertFalse(tenTooMany.allowed()),
                () -> assertEquals(T0 + 2 * SECOND, tenTooMany.tat()),
                () -> assertEquals(50, tenTooMany.remaining()),
                () -> assertEquals(SECOND, tenTooMany.resetNanos()),
                () -> assertEquals(200_000_000, tenTooMany.retryAfterNanos(), "ten intervals"),
                () -> assertEquals(1, tenTooMany.retryAfterSeconds()));

        Gcra.Decision longWait = Gcra.take(T0 + 2 * SECOND, T0, new Quota(1, 2, 8), 1);
        assertAll("1/s burst 2, emptied: the next unit in a second, whole again in two",
                () -> assertFalse(longWait.allowed()),
                () -> assertEquals(SECOND, longWait.retryAfterNanos()),
                () -> assertEquals(1, longWait.retryAfterSeconds()),
                () -> assertEquals(2, longWait.resetSeconds()));

        assertEquals(2, Gcra.take(T0 + 2 * SECOND, T0, new Quota(1, 2, 8), 2).retryAfterSeconds());
        assertEquals(3, new Gcra.Decision(false, T0, 0, 0, 2 * SECOND + 1).retryAfterSeconds(), "rounded up");
        assertEquals(1, new Gcra.Decision(false, T0, 0, 0, 1).retryAfterSeconds(), "a nanosecond is a second");
        assertEquals(1, new Gcra.Decision(false, T0, 0, 0, 0).retryAfterSeconds(), "never 0");
    }

    @Test
    void aRefusedTakeLeavesTheBucketAsItWasAndPassesAfterItsRetryAfter() {
        long[] tat = {T0};
        take(tat, T0, FIFTY, 95);
        Gcra.Decision refused = Gcra.take(tat[0], T0, FIFTY, 10);

        assertFalse(refused.allowed());
        assertEquals(tat[0], refused.tat());
        assertEquals(5, refused.remaining());
        assertEquals(100_000_000, refused.retryAfterNanos());
        assertFalse(Gcra.take(tat[0], T0 + refused.retryAfterNanos() - 1, FIFTY, 10).allowed());
        assertTrue(Gcra.take(tat[0], T0 + refused.retryAfterNanos(), FIFTY, 10).allowed());
        assertTrue(Gcra.take(tat[0], T0, FIFTY, 5).allowed(), "what remains may still be taken");
    }

    @Test
    void aCostTakesThatManyUnitsOrNone() {
        long[] tat = {T0};
        assertTrue(take(tat, T0, FIFTY, 40).allowed());
        assertTrue(take(tat, T0, FIFTY, 40).allowed());
        Gcra.Decision refused = take(tat, T0, FIFTY, 40);

        assertFalse(refused.allowed());
        assertEquals(20, refused.remaining(), "none of the 40 taken");
        assertTrue(take(tat, T0, FIFTY, 20).allowed());
        assertEquals(0, Gcra.take(tat[0], T0, FIFTY, 0).remaining(), "a cost of 0 takes nothing");
        assertTrue(Gcra.take(tat[0], T0, FIFTY, 0).allowed());
        assertEquals(tat[0], Gcra.take(tat[0], T0, FIFTY, 0).tat());
        assertThrows(InvalidQuotaException.class, () -> Gcra.take(T0, T0, FIFTY, -1));
    }

    @Test
    void aCostLargerThanTheBurstIsAlwaysRefused() {
        Random random = new Random(49);
        for (int i = 0; i < 1_000; i++) {
            Quota quota = new Quota(1 + random.nextInt(1_000), 1 + random.nextInt(1_000), 8);
            long now = T0 + random.nextLong(1_000 * SECOND);
            long tat = now - random.nextLong(1_000_000 * SECOND);
            int cost = quota.burst() + 1 + random.nextInt(1_000);

            Gcra.Decision decision = Gcra.take(tat, now, quota, cost);

            assertFalse(decision.allowed(), quota + ", cost " + cost);
            assertEquals(tat, decision.tat());
            assertEquals(SECOND, decision.retryAfterNanos(), "a whole bucket: the least Retry-After, 1 s");
        }
    }

    @Test
    void aCostAboveTheBurstIsToldToRetryWhenTheBucketIsWholeAgain() {
        Gcra.Decision emptied = Gcra.take(T0 + 2 * SECOND, T0, FIFTY, 101);
        assertAll("101 units of 50/s burst 100, the bucket emptied",
                () -> assertFalse(emptied.allowed()),
                () -> assertEquals(2 * SECOND, emptied.retryAfterNanos(), "whole again in 2 s"),
                () -> assertEquals(2, emptied.retryAfterSeconds()),
                () -> assertEquals(T0 + 2 * SECOND, emptied.tat(), "unchanged"));

        Gcra.Decision half = Gcra.take(T0 + 2 * SECOND, T0 + 1_500_000_000L, FIFTY, 150);
        assertEquals(SECOND, half.retryAfterNanos(), "whole in 0.5 s: at least 1 s");

        Gcra.Decision later = Gcra.take(T0 + 2 * SECOND, T0 + 2 * SECOND, FIFTY, 101);
        assertFalse(later.allowed(), "at its retry-after a cost above the burst still does not pass");
        assertTrue(Gcra.take(T0 + 2 * SECOND, T0 + 2 * SECOND, FIFTY, 100).allowed(), "the whole burst does");
    }

    /** Rates whose interval is a whole number of nanoseconds. */
    private static final List<Integer> RATES = List.of(1, 2, 4, 5, 8, 10, 16, 20, 25, 40, 50, 64, 100, 125, 200,
            250, 400, 500, 625, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 50_000, 100_000, 250_000, 1_000_000);

    /**
     * Many generated clients (random pauses, bursts and costs) against many quotas: over any window between two
     * accepted takes, the units taken are at most {@code perSecond × window + burst}.
     */
    @Test
    void overAnyWindowTheUnitsTakenAreAtMostTheRateTimesTheWindowPlusTheBurst() {
        Random random = new Random(4_900);
        for (int c = 0; c < 400; c++) {
            int perSecond = RATES.get(random.nextInt(RATES.size()));
            Quota quota = new Quota(perSecond, 1 + random.nextInt(Math.min(Quota.MAX_BURST, 3 * perSecond)), 8);
            assertWithinRate(quota, random);
        }
    }

    /**
     * The same for any rate, where the interval {@code 1 s / perSecond} is not a whole number of nanoseconds (such as
     * 356666/s, whose interval is 2803.75 ns).
     */
    @Test
    void overAnyWindowTheUnitsTakenAreAtMostTheRateTimesTheWindowPlusTheBurstForAnyRate() {
        Random random = new Random(4_901);
        for (int c = 0; c < 400; c++) {
            int perSecond = 1 + random.nextInt(random.nextBoolean() ? 1_000 : Quota.MAX_PER_SECOND);
            Quota quota = new Quota(perSecond, 1 + random.nextInt(Math.min(Quota.MAX_BURST, 3 * perSecond)), 8);
            assertWithinRate(quota, random);
        }
    }

    private static void assertWithinRate(Quota quota, Random random) {
        long interval = SECOND / quota.perSecond();
        long[] tat = {T0 - random.nextLong(10 * SECOND)};
        long now = T0;
        long units = 0;
        // over accepted takes i..j: units(i..j) * 1e9 <= perSecond * (t_j - t_i) + burst * 1e9, kept as the least
        // (units before i) * 1e9 - perSecond * t_i seen so far (exact arithmetic: an overflow throws)
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3_000; i++) {
            int pause = random.nextInt(10);
            now += pause == 0 ? random.nextLong(5 * SECOND) : pause < 5 ? 0 : random.nextLong(3 * interval + 1);
            int cost = random.nextInt(10) == 0 ? 1 + random.nextInt(Math.max(1, quota.burst())) : 1;
            long before = tat[0];
            Gcra.Decision decision = take(tat, now, quota, cost);
            if (!decision.allowed()) {
                assertEquals(before, decision.tat(), "a refused take changes nothing");
                assertTrue(decision.retryAfterNanos() > 0, quota + ": " + decision);
                continue;
            }
            long relative = now - T0;
            long rated = Math.multiplyExact((long) quota.perSecond(), relative);
            least = Math.min(least, Math.subtractExact(Math.multiplyExact(units, SECOND), rated));
            units += cost;
            long excess = Math.subtractExact(Math.subtractExact(Math.multiplyExact(units, SECOND), rated), least);
            if (excess > quota.burst() * SECOND) {
                throw new AssertionError(quota + ": " + excess / (double) SECOND + " units in a window where at most "
                        + quota.burst() + " more than the rate may be taken, at take " + i);
            }
        }
    }

    /**
     * A client sending one unit per interval of its quota is never refused, for any rate: the interval is
     * 1 s / perSecond rounded up to a whole nanosecond, so the rate kept lies at most 0.1 % below perSecond
     * (QuotaTest), never above it (the test above).
     */
    @Test
    void aClientSendingAtTheQuotasIntervalIsNeverRefused() {
        Random random = new Random(4_902);
        for (int c = 0; c < 300; c++) {
            int perSecond = 1 + random.nextInt(random.nextBoolean() ? 1_000 : Quota.MAX_PER_SECOND);
            Quota quota = new Quota(perSecond, 1 + random.nextInt(Math.min(Quota.MAX_BURST, 3 * perSecond)), 8);
            boolean emptied = random.nextBoolean();
            long[] tat = {emptied ? T0 + quota.burst() * quota.intervalNanos() : T0};
            int sends = (int) Math.min(20_000, 30L * perSecond);
            for (long k = 1; k <= sends; k++) {
                long now = T0 + k * quota.intervalNanos();
                assertTrue(take(tat, now, quota, 1).allowed(),
                        quota + (emptied ? ", emptied first" : "") + ": unit " + k + " refused");
            }
        }
    }
}
