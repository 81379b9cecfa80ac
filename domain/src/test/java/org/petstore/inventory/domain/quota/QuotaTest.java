package org.petstore.inventory.domain.quota;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QuotaTest {

    private static String refusal(String text) {
        return assertThrows(InvalidQuotaException.class, () -> Quota.parse(text)).getMessage();
    }

    // ---- bounds

    @Test
    void theBoundsAreAcceptedAndOneBeyondThemIsRefusedWithTheRange() {
        assertAll(
                () -> assertEquals(1, new Quota(1, 1, 1).perSecond()),
                () -> assertEquals(Quota.MAX_PER_SECOND,
                        new Quota(Quota.MAX_PER_SECOND, Quota.MAX_BURST, Quota.MAX_LIVE_FEEDS).perSecond()),
                () -> assertEquals("perSecond must be from 1 to 1000000, got 0",
                        assertThrows(InvalidQuotaException.class, () -> new Quota(0, 1, 1)).getMessage()),
                () -> assertEquals("perSecond must be from 1 to 1000000, got 1000001",
                        assertThrows(InvalidQuotaException.class, () -> new Quota(1_000_001, 1, 1)).getMessage()),
                () -> assertEquals("burst must be from 1 to 10000000, got 0",
                        assertThrows(InvalidQuotaException.class, () -> new Quota(1, 0, 1)).getMessage()),
                () -> assertEquals("burst must be from 1 to 10000000, got 10000001",
                        assertThrows(InvalidQuotaException.class, () -> new Quota(1, 10_000_001, 1)).getMessage()),
                () -> assertEquals("liveFeeds must be from 1 to 1000, got 0",
                        assertThrows(InvalidQuotaException.class, () -> new Quota(1, 1, 0)).getMessage()),
                () -> assertEquals("liveFeeds must be from 1 to 1000, got 1001",
                        assertThrows(InvalidQuotaException.class, () -> new Quota(1, 1, 1001)).getMessage()),
                () -> assertEquals("perSecond must be from 1 to 1000000, got -1",
                        assertThrows(InvalidQuotaException.class, () -> new Quota(-1, 1, 1)).getMessage()));
    }

    @Test
    void ofTakesTwiceTheRateAsItsBurstAndTheDefaultLiveFeeds() {
        assertAll(
                () -> assertEquals(new Quota(50, 100, 8), Quota.of(50)),
                () -> assertEquals(new Quota(1, 2, Quota.DEFAULT_LIVE_FEEDS), Quota.of(1)),
                () -> assertEquals(new Quota(Quota.MAX_PER_SECOND, 2 * Quota.MAX_PER_SECOND, 8),
                        Quota.of(Quota.MAX_PER_SECOND)),
                () -> assertEquals(new Quota(7, 14, 3), Quota.of(7).withLiveFeeds(3)),
                () -> assertThrows(InvalidQuotaException.class, () -> Quota.of(0)));
    }

    // ---- parse

    @Test
    void theSettingsTextIsParsed() {
        assertAll(
                () -> assertEquals(Optional.of(new Quota(200, 400, 8)), Quota.parse("200/s burst 400")),
                () -> assertEquals(Optional.of(new Quota(50, 100, 8)), Quota.parse("50/s"), "burst: twice the rate"),
                () -> assertEquals(Optional.of(new Quota(10, 20, 3)), Quota.parse("10/s burst 20 feeds 3")),
                () -> assertEquals(Optional.of(new Quota(10, 20, 3)), Quota.parse("10/s feeds 3")),
                () -> assertEquals(Optional.of(new Quota(5, 1, 8)), Quota.parse("5/s burst 1"),
                        "a burst below the rate is the user's choice"),
                () -> assertEquals(Optional.empty(), Quota.parse("off")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"200/s burst 400", "200/S BURST 400", "  200 / s   burst   400  ", "200/s, burst 400",
            "\t200/s burst 400\n", "200/s Burst 400 feeds 8", "200/s, burst 400, feeds 8"})
    void caseAndSpacesDoNotMatter(String text) {
        assertEquals(Optional.of(new Quota(200, 400, 8)), Quota.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"off", "OFF", "Off", "  off  ", "\toff\n"})
    void offIsNoQuotaInAnyCase(String text) {
        assertEquals(Optional.empty(), Quota.parse(text));
    }

    @Test
    void textThatIsNotAQuotaIsRefusedWithAnExample() {
        String example = " is not a quota: write a rate per second and a burst, for example '200/s burst 400', "
                + "or 'off'";
        assertAll(
                () -> assertEquals("''" + example, refusal("")),
                () -> assertEquals("'   '" + example, refusal("   ")),
                () -> assertEquals("'fast'" + example, refusal("fast")),
                () -> assertEquals("'200'" + example, refusal("200")),
                () -> assertEquals("'200/m'" + example, refusal("200/m")),
                () -> assertEquals("'200/s burst'" + example, refusal("200/s burst")),
                () -> assertEquals("'1.5/s'" + example, refusal("1.5/s")),
                () -> assertEquals("'offf'" + example, refusal("offf")),
                () -> assertEquals("'" + "x".repeat(64) + "...'" + example, refusal("x".repeat(200)),
                        "a long text is cut"),
                () -> assertEquals("a quota is needed: for example '200/s burst 400', or 'off'", refusal(null)));
    }

    @Test
    void numbersOutOfRangeAreRefusedWithTheRange() {
        assertAll(
                () -> assertEquals("perSecond must be from 1 to 1000000, got 0", refusal("0/s")),
                () -> assertEquals("perSecond must be from 1 to 1000000, got -1", refusal("-1/s")),
                () -> assertEquals("perSecond must be from 1 to 1000000, got 1000001", refusal("1000001/s")),
                () -> assertEquals("perSecond must be from 1 to 1000000, got 99999999999999999999",
                        refusal("99999999999999999999/s")),
                () -> assertEquals("burst must be from 1 to 10000000, got 0", refusal("10/s burst 0")),
                () -> assertEquals("burst must be from 1 to 10000000, got 10000000000",
                        refusal("10/s burst 10000000000")),
                () -> assertEquals("burst must be from 1 to 10000000, got -5", refusal("10/s burst -5")),
                () -> assertEquals("liveFeeds must be from 1 to 1000, got 0", refusal("10/s feeds 0")),
                () -> assertEquals("liveFeeds must be from 1 to 1000, got 123456789012", refusal("10/s feeds 123456789012")));
    }

    // ---- intervalNanos, toString

    @Test
    void theIntervalIsOneSecondOverTheRateInNanoseconds() {
        assertAll(
                () -> assertEquals(1_000_000_000, Quota.of(1).intervalNanos()),
                () -> assertEquals(20_000_000, Quota.of(50).intervalNanos()),
                () -> assertEquals(5_000_000, Quota.of(200).intervalNanos()),
                () -> assertEquals(2_804, Quota.of(356_666).intervalNanos(), "1e9 / 356666 = 2803.75"),
                () -> assertEquals(1_000, Quota.of(Quota.MAX_PER_SECOND).intervalNanos()));
    }

    /** The rate an interval keeps, 1 s over the interval, is within 0.1 % of the quota's for every allowed rate. */
    @Test
    void theIntervalKeepsEveryAllowedRateWithinATenthOfAPercent() {
        for (int perSecond = 1; perSecond <= Quota.MAX_PER_SECOND; perSecond++) {
            long interval = new Quota(perSecond, 1, 1).intervalNanos();
            double kept = 1e9 / interval;
            if (Math.abs(kept - perSecond) >= 0.001 * perSecond) {
                throw new AssertionError(perSecond + "/s is kept as " + kept + "/s (interval " + interval + " ns)");
            }
        }
    }

    @Test
    void toStringIsTheSettingsTextAndParsesBackToTheSameQuota() {
        List<Quota> quotas = List.of(new Quota(50, 100, 8), new Quota(1, 1, 1), new Quota(10, 20, 3),
                new Quota(200, 400, Quota.MAX_LIVE_FEEDS),
                new Quota(Quota.MAX_PER_SECOND, Quota.MAX_BURST, Quota.MAX_LIVE_FEEDS), Quota.of(7));
        assertEquals("50/s burst 100", new Quota(50, 100, 8).toString(), "the default feeds are left out");
        assertEquals("10/s burst 20 feeds 3", new Quota(10, 20, 3).toString());
        for (Quota quota : quotas) {
            assertEquals(Optional.of(quota), Quota.parse(quota.toString()), quota::toString);
        }
    }
}
