package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Allowed;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Charge;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Full;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Limited;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.NotCounted;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Opened;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Unlimited;
import org.petstore.inventory.application.port.outbound.InMemorySharedQuotas;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.quota.Quota;

class QuotaServiceTest {

    private static final KeyId KEY = new KeyId("key-0000000000a1");
    private static final KeyId OTHER = new KeyId("key-0000000000b2");
    private static final KeyId THIRD = new KeyId("key-0000000000c3");
    /** 50/s burst 100: one unit every 20 ms. */
    private static final Quota FIFTY = new Quota(50, 100, 8);
    private static final long SECOND = 1_000_000_000L;
    private static final long MINUTE = 60 * SECOND;

    /** A nanosecond clock that stands still until a test moves it; far from 0, as {@code nanoTime} is. */
    private final AtomicLong now = new AtomicLong(123_456_789_000_000L);
    private final QuotaService service = new QuotaService(Optional.of(FIFTY), Optional.empty(), now::get);

    /** What QuotaService logs, as formatted lines. */
    private CapturedLog log;

    @BeforeEach
    void captureLog() {
        log = CapturedLog.of(QuotaService.class);
    }

    @AfterEach
    void releaseLog() {
        log.close();
    }

    private List<String> logged() {
        return log.lines();
    }

    private void advance(long nanos) {
        now.addAndGet(nanos);
    }

    private int allowed(QuotaService on, KeyId key, Quota own, int charges) {
        int allowed = 0;
        for (int i = 0; i < charges; i++) {
            if (on.charge(key, own, 1) instanceof Allowed) {
                allowed++;
            }
        }
        return allowed;
    }

    // ---- which quota

    @Test
    void withTheDefaultOffAKeyWithoutItsOwnQuotaIsUnlimited() {
        QuotaService off = new QuotaService(Optional.empty(), Optional.empty(), now::get);

        assertAll(
                () -> assertEquals(Optional.empty(), off.quotaOf(null)),
                () -> assertEquals(new Unlimited(), off.charge(KEY, null, 1)),
                () -> assertEquals(new Unlimited(), off.charge(KEY, null, 1_000_000)),
                () -> assertEquals(new NotCounted(), off.openFeed(KEY, null)),
                () -> assertEquals(Optional.of(FIFTY), off.quotaOf(FIFTY), "a key's own quota holds even then"),
                () -> assertEquals(new Allowed(FIFTY, 99, 1), off.charge(KEY, FIFTY, 1)));
    }

    @Test
    void aKeysOwnQuotaWinsOverTheDefault() {
        Quota own = new Quota(1, 2, 1);

        assertEquals(Optional.of(own), service.quotaOf(own));
        assertEquals(Optional.of(FIFTY), service.quotaOf(null));
        assertEquals(new Allowed(own, 1, 1), service.charge(KEY, own, 1));
        assertEquals(new Allowed(own, 0, 2), service.charge(KEY, own, 1));
        assertEquals(new Limited(KEY, own, 1, 1), service.charge(KEY, own, 1));
        assertInstanceOf(Opened.class, service.openFeed(KEY, own));
        assertEquals(new Full(KEY, own), service.openFeed(KEY, own));
        assertEquals(new Allowed(FIFTY, 99, 1), service.charge(OTHER, null, 1), "another key has the default");
    }

    // ---- charges

    @Test
    void anAllowedChargeTellsWhatRemainsAndWhenTheBurstIsWhole() {
        assertEquals(new Allowed(FIFTY, 99, 1), service.charge(KEY, null, 1));
        assertEquals(new Allowed(FIFTY, 69, 1), service.charge(KEY, null, 30));
        assertEquals(new Allowed(FIFTY, 0, 2), service.charge(KEY, null, 69));
        assertEquals(new Limited(KEY, FIFTY, 1, 1), service.charge(KEY, null, 1));

        advance(SECOND);
        assertEquals(new Allowed(FIFTY, 0, 2), service.charge(KEY, null, 50), "50 came back in a second");
        assertEquals(new Limited(KEY, FIFTY, 1, 1), service.charge(KEY, null, 1));
    }

    @Test
    void aLimitedChargeTellsWhenToRetryAndTakesNothing() {
        service.charge(KEY, null, 100);

        assertEquals(new Limited(KEY, FIFTY, 60, 2), service.charge(KEY, null, 60), "1.2 s, rounded up");
        assertEquals(new Limited(KEY, FIFTY, 101, 2), service.charge(KEY, null, 101),
                "more than the burst: retry when the burst is whole again, in 2 s");
        advance(1_200_000_000 - 1);
        assertInstanceOf(Limited.class, service.charge(KEY, null, 60));
        advance(1);
        assertEquals(new Allowed(FIFTY, 0, 2), service.charge(KEY, null, 60), "the refusals took nothing");
        advance(60 * SECOND);
        assertEquals(new Limited(KEY, FIFTY, 101, 1), service.charge(KEY, null, 101),
                "more than the burst never passes: with the burst whole, retry in the least Retry-After, 1 s");
        assertEquals(new Allowed(FIFTY, 0, 2), service.charge(KEY, null, 100), "the whole burst passes then");
    }

    @Test
    void aCostAboveTheBurstIsToldToRetryWhenTheBurstIsWholeAgain() {
        Quota slow = new Quota(1, 10, 8);
        assertEquals(new Limited(KEY, slow, 11, 1), service.charge(KEY, slow, 11), "a whole burst: at least 1 s");
        assertEquals(new Allowed(slow, 0, 10), service.charge(KEY, slow, 10));
        Limited limited = assertInstanceOf(Limited.class, service.charge(KEY, slow, 11));
        assertEquals(10, limited.retryAfterSeconds(), "the 10 units come back in 10 s");

        advance(limited.retryAfterSeconds() * SECOND);
        assertInstanceOf(Limited.class, service.charge(KEY, slow, 11), "a cost above the burst still never passes");
        assertEquals(new Allowed(slow, 0, 10), service.charge(KEY, slow, 10),
                "at the retry-after the whole burst is back");
    }

    @Test
    void aKeyOverItsQuotaLeavesAnotherKeyAtHalfItsRateUnharmed() {
        int keysAllowed = 0;
        int othersAllowed = 0;
        int othersCharges = 0;
        for (int i = 1; i <= 10_000; i++) {
            advance(2_000_000);
            if (service.charge(KEY, null, 1) instanceof Allowed) {
                keysAllowed++;
            }
            if (i % 20 == 0) {
                othersCharges++;
                if (service.charge(OTHER, null, 1) instanceof Allowed) {
                    othersAllowed++;
                }
            }
        }

        assertEquals(500, othersCharges, "25 a second for 20 s");
        assertEquals(othersCharges, othersAllowed, "all of the other key's charges are allowed");
        assertEquals(100 + 999, keysAllowed, "the key gets its burst, then one unit every 20 ms for 19.998 s");
    }

    // ---- live feeds

    @Test
    void upToLiveFeedsAreOpenAtOnceAndACloseGivesOnePlaceBackOnce() {
        Quota three = new Quota(50, 100, 3);
        Opened first = assertInstanceOf(Opened.class, service.openFeed(KEY, three));
        assertInstanceOf(Opened.class, service.openFeed(KEY, three));
        assertInstanceOf(Opened.class, service.openFeed(KEY, three));

        assertEquals(new Full(KEY, three), service.openFeed(KEY, three));
        assertInstanceOf(Opened.class, service.openFeed(OTHER, three), "another key has its own places");

        first.close().run();
        first.close().run();
        assertInstanceOf(Opened.class, service.openFeed(KEY, three), "one place back");
        assertEquals(new Full(KEY, three), service.openFeed(KEY, three), "a second close gave nothing back");
    }

    // ---- the log of limited keys

    @Test
    void aLimitedKeyIsLoggedOnceAReportWithHowManyWereRefused() {
        Quota oneFeed = new Quota(50, 100, 1);
        service.charge(KEY, oneFeed, 100);
        service.charge(KEY, oneFeed, 1);
        service.charge(KEY, oneFeed, 1);
        service.openFeed(KEY, oneFeed);
        service.openFeed(KEY, oneFeed);
        service.charge(OTHER, null, 1);

        service.reportLimited();
        assertEquals(List.of("WARNING API key key-0000000000a1 is over its quota (50/s burst 100, 1 live "
                + "feeds): 3 requests refused since the last report"), logged());

        log.clear();
        service.reportLimited();
        assertEquals(List.of(), logged(), "nothing refused since");

        for (int i = 0; i < 1_234; i++) {
            service.charge(KEY, oneFeed, 1);
        }
        service.reportLimited();
        assertEquals(1, logged().size(), () -> String.join("\n", logged()));
        assertTrue(logged().get(0).endsWith("1,234 requests refused since the last report"), logged().get(0));
    }

    // ---- live feeds across instances

    @Test
    void aKeysLiveFeedsAreCountedAcrossInstancesAsTheLastExchangeTold() {
        Quota threeFeeds = new Quota(50, 100, 3);
        InMemorySharedQuotas shared = new InMemorySharedQuotas(now::get);
        QuotaService first = new QuotaService(Optional.empty(), Optional.of(shared.instance("first")), now::get);
        QuotaService second = new QuotaService(Optional.empty(), Optional.of(shared.instance("second")), now::get);
        LimitRequestsUseCase.Feed one = first.openFeed(KEY, threeFeeds);
        first.openFeed(KEY, threeFeeds);
        second.openFeed(KEY, threeFeeds);
        first.exchange();
        second.exchange();
        first.exchange();

        LimitRequestsUseCase.Feed fourthOnSecond = second.openFeed(KEY, threeFeeds);
        LimitRequestsUseCase.Feed fourthOnFirst = first.openFeed(KEY, threeFeeds);
        ((Opened) one).close().run();
        first.exchange();
        second.exchange();
        LimitRequestsUseCase.Feed afterAClose = second.openFeed(KEY, threeFeeds);

        assertAll(
                () -> assertEquals(new Full(KEY, threeFeeds), fourthOnSecond, "2 open on the first, 1 here"),
                () -> assertEquals(new Full(KEY, threeFeeds), fourthOnFirst, "2 here, 1 on the second"),
                () -> assertTrue(afterAClose instanceof Opened, "one closed on the first: " + afterAClose));
    }

    // ---- idle buckets

    @Test
    void aBucketIdleForAMinuteIsForgottenAndNoLongerExchanged() {
        InMemorySharedQuotas shared = new InMemorySharedQuotas(now::get);
        QuotaService sharing = new QuotaService(Optional.of(FIFTY), Optional.of(shared), now::get);
        sharing.charge(KEY, null, 1);
        sharing.charge(OTHER, null, 1);

        advance(MINUTE);
        sharing.charge(OTHER, null, 1);
        sharing.exchange();
        assertEquals(Set.of(KEY, OTHER), shared.lastKeys(), "a minute is not more than a minute");

        advance(SECOND);
        sharing.exchange();
        assertEquals(Set.of(OTHER), shared.lastKeys());
        assertEquals(1, shared.added(KEY), "what it took was shared before");

        advance(MINUTE + 1);
        int exchanges = shared.exchanges();
        sharing.exchange();
        assertEquals(exchanges, shared.exchanges(), "no bucket left: nothing to exchange");
    }

    @Test
    void forgettingAnIdleBucketLosesNothing() {
        Quota slow = new Quota(1, 100, 2);
        InMemorySharedQuotas shared = new InMemorySharedQuotas(now::get);
        QuotaService sharing = new QuotaService(Optional.of(FIFTY), Optional.of(shared), now::get);
        Opened feed = assertInstanceOf(Opened.class, sharing.openFeed(KEY, slow));
        sharing.charge(KEY, slow, 100);
        sharing.charge(KEY, slow, 1);
        sharing.charge(OTHER, null, 7);
        sharing.charge(OTHER, null, 94);
        shared.unavailable(true);
        sharing.exchange();
        shared.unavailable(false);
        sharing.charge(THIRD, null, 7);

        advance(2 * MINUTE);
        sharing.exchange();
        sharing.reportLimited();

        assertAll(
                () -> assertEquals(7, shared.added(THIRD), "units not yet shared keep a quiet bucket until they are"),
                () -> assertEquals(0, shared.added(OTHER), "units of a failed exchange are not charged later"),
                () -> assertEquals(Set.of(KEY, OTHER, THIRD), shared.lastKeys(), "no bucket was forgotten"),
                () -> assertEquals(2, logged().stream().filter(line -> line.contains("requests refused")).count(),
                        () -> String.join("\n", logged())),
                () -> assertInstanceOf(Opened.class, sharing.openFeed(KEY, slow)),
                () -> assertEquals(new Full(KEY, slow), sharing.openFeed(KEY, slow), "the open feed still counts"));
        feed.close().run();
    }

    @Test
    void aBucketStillAheadIsNotForgotten() {
        Quota slow = new Quota(1, 100, 8);
        service.charge(KEY, slow, 100);

        advance(MINUTE + 1);
        service.exchange();
        advance(SECOND - 1);

        assertEquals(new Allowed(slow, 0, 100), service.charge(KEY, slow, 61), "61 s of 100 s of debt paid back");
        assertInstanceOf(Limited.class, service.charge(KEY, slow, 1));
    }

    // ---- two instances

    /**
     * Two instances share the quota through one database, exchanging every 100 ms (at different moments); a client
     * sends four times the quota for 20 s, round-robin to both: together they accept the quota for 20 s and one
     * burst, within 10 %.
     */
    @Test
    void twoInstancesTogetherKeepOneQuota() {
        for (Quota quota : List.of(FIFTY, Quota.of(200), new Quota(10, 20, 8), new Quota(100, 100, 8))) {
            InMemorySharedQuotas shared = new InMemorySharedQuotas(now::get);
            QuotaService one = new QuotaService(Optional.of(quota), Optional.of(shared), now::get);
            QuotaService two = new QuotaService(Optional.of(quota), Optional.of(shared), now::get);
            long start = now.get();
            long gap = SECOND / (4L * quota.perSecond());
            long exchangeNanos = QuotaService.EXCHANGE_MILLIS * 1_000_000L;
            long nextOne = start + exchangeNanos;
            long nextTwo = start + 37_000_000;
            int accepted = 0;
            for (long i = 0; now.get() < start + 20 * SECOND; i++) {
                QuotaService to = i % 2 == 0 ? one : two;
                if (to.charge(KEY, null, 1) instanceof Allowed) {
                    accepted++;
                }
                long next = now.get() + gap;
                while (Math.min(nextOne, nextTwo) <= next) {
                    if (nextOne <= nextTwo) {
                        now.set(nextOne);
                        one.exchange();
                        nextOne += exchangeNanos;
                    } else {
                        now.set(nextTwo);
                        two.exchange();
                        nextTwo += exchangeNanos;
                    }
                }
                now.set(next);
            }
            double expected = quota.perSecond() * 20.0 + quota.burst();
            assertTrue(accepted >= 0.9 * expected && accepted <= 1.1 * expected,
                    quota + ": " + accepted + " accepted, expected " + expected + " within 10 %");
        }
    }

    /**
     * Sends one request every 20 ms (50/s, the key's rate) round-robin to both instances for {@code seconds}, both
     * exchanging every 100 ms at different moments; answers how many were allowed.
     */
    private int atTheRate(QuotaService one, QuotaService two, long seconds) {
        int allowed = 0;
        long end = now.get() + seconds * SECOND;
        for (int i = 0; now.get() < end; i++) {
            advance(20_000_000);
            if ((i % 2 == 0 ? one : two).charge(KEY, null, 1) instanceof Allowed) {
                allowed++;
            }
            if (i % 5 == 1) {
                one.exchange();
            }
            if (i % 5 == 3) {
                two.exchange();
            }
        }
        return allowed;
    }

    @Test
    void whileTheDatabaseIsDownEachInstanceLimitsOnItsOwnAndWhatItTookIsNotChargedAfterwards() {
        InMemorySharedQuotas shared = new InMemorySharedQuotas(now::get);
        QuotaService one = new QuotaService(Optional.of(FIFTY), Optional.of(shared), now::get);
        QuotaService two = new QuotaService(Optional.of(FIFTY), Optional.of(shared), now::get);
        assertEquals(10, allowed(one, KEY, null, 10));
        one.exchange();
        two.charge(KEY, null, 0);
        two.exchange();
        assertEquals(10, shared.added(KEY));
        shared.unavailable(true);

        assertEquals(90, allowed(one, KEY, null, 200), "the rest of the burst, then limited");
        one.exchange();
        assertEquals(new Limited(KEY, FIFTY, 1, 1), one.charge(KEY, null, 1), "still limited after the failure");
        assertEquals(90, allowed(two, KEY, null, 200), "two knows only the 10 of the last exchange");
        two.exchange();
        assertEquals(List.of("WARNING quotas are kept on this instance alone until the database answers: The shared "
                + "quotas cannot be reached (a test made it so)"), logged().subList(0, 1));

        assertEquals(500, atTheRate(one, two, 10), "10 s at the key's rate through the outage: all allowed");
        one.exchange();
        two.exchange();
        assertEquals(10, shared.added(KEY), "nothing reached the database meanwhile");

        shared.unavailable(false);
        one.exchange();
        two.exchange();
        assertEquals(10, shared.added(KEY), "what was taken during the outage is not charged afterwards");
        assertTrue(logged().contains("INFO quotas are shared with the other instances again"), logged()::toString);
        assertEquals(500, atTheRate(one, two, 10), "the key at its rate is not blocked after the outage");
        one.exchange();
        two.exchange();
        assertEquals(10 + 500, shared.added(KEY), "every unit since is shared");

        advance(2 * SECOND);
        assertEquals(100, allowed(one, KEY, null, 200));
        one.exchange();
        two.exchange();
        assertEquals(0, allowed(two, KEY, null, 10), "the instances share the quota again: two owes what one took");
    }
}
