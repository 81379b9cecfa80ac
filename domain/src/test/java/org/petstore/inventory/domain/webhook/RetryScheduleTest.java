package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RetryScheduleTest {

    private static final String FORM = "a retry schedule is durations separated by commas, each a whole number and a "
            + "unit (ms, s, m, h, d), such as 0s,5s,5m,30m,2h; ";

    @Test
    void theStandardScheduleIsTheSpecificationsExample() {
        assertEquals(List.of(Duration.ZERO, Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10), Duration.ofHours(14),
                Duration.ofHours(20), Duration.ofHours(24)), RetrySchedule.STANDARD.delays());
        assertEquals(10, RetrySchedule.STANDARD.attempts());
        assertEquals("0s,5s,5m,30m,2h,5h,10h,14h,20h,24h", RetrySchedule.STANDARD.toString());
    }

    @Test
    void aSettingIsParsedWithEveryUnit() {
        RetrySchedule schedule = RetrySchedule.parse("0s, 1s,500ms ,2m,5h,1d");

        assertEquals(List.of(Duration.ZERO, Duration.ofSeconds(1), Duration.ofMillis(500), Duration.ofMinutes(2),
                Duration.ofHours(5), Duration.ofDays(1)), schedule.delays());
        assertEquals("0s,1s,500ms,2m,5h,24h", schedule.toString());
        assertEquals(schedule, RetrySchedule.parse(schedule.toString()));
        assertEquals(List.of(Duration.ofMillis(1500)), RetrySchedule.parse("1500ms").delays());
        assertEquals("1500ms", RetrySchedule.parse("1500ms").toString());
        assertEquals("90s", RetrySchedule.parse("90s").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "5x", "1.5s", "-1s", "PT5S", "5 s", "5S", "0s,,1s", "0s,", "1s;2s", "1234567890s"})
    void anythingButWholeDurationsWithAUnitIsRefused(String text) {
        String message = assertThrows(InvalidWebhookRequestException.class, () -> RetrySchedule.parse(text))
                .getMessage();

        assertTrue(message.startsWith(FORM), message);
        assertTrue(message.endsWith(" is not a duration"), message);
    }

    @Test
    void aRefusalNamesTheEntry() {
        assertEquals(FORM + "'5x' is not a duration",
                assertThrows(InvalidWebhookRequestException.class, () -> RetrySchedule.parse("0s,5x,5m")).getMessage());
        assertEquals("a retry schedule is needed: durations separated by commas, each a whole number and a unit (ms, "
                + "s, m, h, d), such as 0s,5s,5m,30m,2h",
                assertThrows(InvalidWebhookRequestException.class, () -> RetrySchedule.parse(" ")).getMessage());
        assertThrows(InvalidWebhookRequestException.class, () -> RetrySchedule.parse(null));
    }

    @Test
    void eachDelayIsAtMostSevenDaysAndThereAreAtMost100() {
        assertEquals(Duration.ofDays(7), RetrySchedule.parse("7d").delays().getFirst());
        assertEquals("a retry delay is from 0s to 7d, got PT192H",
                assertThrows(InvalidWebhookRequestException.class, () -> RetrySchedule.parse("8d")).getMessage());
        assertEquals("a retry delay is from 0s to 7d, got PT-1S", assertThrows(InvalidWebhookRequestException.class,
                () -> new RetrySchedule(List.of(Duration.ofSeconds(-1)))).getMessage());
        assertEquals(100, new RetrySchedule(Collections.nCopies(100, Duration.ofSeconds(1))).attempts());
        assertEquals("a retry schedule has 1 to 100 delays, got 101", assertThrows(
                InvalidWebhookRequestException.class,
                () -> new RetrySchedule(Collections.nCopies(101, Duration.ofSeconds(1)))).getMessage());
        assertEquals("a retry schedule has 1 to 100 delays, got 0",
                assertThrows(InvalidWebhookRequestException.class, () -> new RetrySchedule(List.of())).getMessage());
    }

    @Test
    void theDelayBeforeAnAttemptIsItsEntryJitteredByTwentyPercent() {
        RetrySchedule schedule = RetrySchedule.STANDARD;

        assertAll(
                () -> assertEquals(Optional.of(Duration.ZERO), schedule.delayBefore(1, 0.9)),
                () -> assertEquals(Optional.of(Duration.ofSeconds(4)), schedule.delayBefore(2, 0)),
                () -> assertEquals(Optional.of(Duration.ofSeconds(5)), schedule.delayBefore(2, 0.5)),
                () -> assertEquals(Optional.of(Duration.ofMillis(5500)), schedule.delayBefore(2, 0.75)),
                () -> assertEquals(Optional.of(Duration.ofMinutes(4)), schedule.delayBefore(3, 0)),
                () -> assertEquals(Optional.of(Duration.ofHours(24)), schedule.delayBefore(10, 0.5)),
                () -> assertEquals(Optional.of(Duration.ofHours(24).multipliedBy(8).dividedBy(10)),
                        schedule.delayBefore(10, 0)));
        Duration almost = schedule.delayBefore(2, Math.nextDown(1.0)).orElseThrow();
        assertTrue(almost.compareTo(Duration.ofSeconds(6)) <= 0 && almost.compareTo(Duration.ofMillis(5999)) > 0,
                almost::toString);
    }

    @Test
    void jitterStaysWithinTwentyPercentForAnyUnit() {
        SplittableRandom random = new SplittableRandom(50);
        for (int i = 0; i < 10_000; i++) {
            int attempt = 2 + random.nextInt(9);
            Duration scheduled = RetrySchedule.STANDARD.delays().get(attempt - 1);
            Duration jittered = RetrySchedule.STANDARD.delayBefore(attempt, random.nextDouble()).orElseThrow();

            assertTrue(jittered.compareTo(scheduled.multipliedBy(8).dividedBy(10)) >= 0, jittered::toString);
            assertTrue(jittered.compareTo(scheduled.multipliedBy(12).dividedBy(10)) <= 0, jittered::toString);
        }
    }

    @Test
    void theScheduleIsExhaustedAfterItsLastAttempt() {
        RetrySchedule schedule = RetrySchedule.parse("0s,1s,1s,2s");

        assertEquals(Optional.of(Duration.ofSeconds(2)), schedule.delayBefore(4, 0.5));
        assertEquals(Optional.empty(), schedule.delayBefore(5, 0.5));
        assertEquals(Optional.empty(), RetrySchedule.STANDARD.delayBefore(11, new Random(1).nextDouble()));
        assertEquals(Optional.empty(), RetrySchedule.STANDARD.delayBefore(Integer.MAX_VALUE, 0));
    }

    @Test
    void attemptsCountFromOneAndTheJitterUnitLiesInZeroToOne() {
        assertAll(
                () -> assertEquals("attempts are counted from 1, got 0", assertThrows(
                        InvalidWebhookRequestException.class, () -> RetrySchedule.STANDARD.delayBefore(0, 0.5))
                        .getMessage()),
                () -> assertEquals("a jitter unit lies in [0, 1), got 1.0", assertThrows(
                        InvalidWebhookRequestException.class, () -> RetrySchedule.STANDARD.delayBefore(2, 1.0))
                        .getMessage()),
                () -> assertThrows(InvalidWebhookRequestException.class,
                        () -> RetrySchedule.STANDARD.delayBefore(2, -0.1)),
                () -> assertThrows(InvalidWebhookRequestException.class,
                        () -> RetrySchedule.STANDARD.delayBefore(2, Double.NaN)));
    }
}
