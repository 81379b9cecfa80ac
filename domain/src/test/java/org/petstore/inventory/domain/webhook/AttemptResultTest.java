package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AttemptResultTest {

    private static final Duration MS_12 = Duration.ofMillis(12);

    @Test
    void any2xxIsSuccessAndNothingElse() {
        for (int status : List.of(200, 201, 202, 204, 299)) {
            assertTrue(AttemptResult.answered(status, MS_12, null, null).succeeded(), String.valueOf(status));
        }
        for (int status : List.of(100, 199, 300, 301, 302, 400, 410, 429, 500, 503, 599)) {
            assertFalse(AttemptResult.answered(status, MS_12, null, null).succeeded(), String.valueOf(status));
        }
        for (DeliveryError error : DeliveryError.values()) {
            assertFalse(AttemptResult.failed(error, MS_12).succeeded(), error.wireName());
            assertFalse(AttemptResult.failed(error, MS_12).gone(), error.wireName());
        }
    }

    @Test
    void only410IsGone() {
        assertTrue(AttemptResult.answered(410, MS_12, null, null).gone());
        assertFalse(AttemptResult.answered(404, MS_12, null, null).gone());
        assertFalse(AttemptResult.answered(200, MS_12, null, null).gone());
    }

    @Test
    void theSummaryIsTheStatusOrTheError() {
        assertEquals("503", AttemptResult.answered(503, MS_12, Duration.ofSeconds(30), "busy").summary());
        assertEquals("timeout", AttemptResult.failed(DeliveryError.TIMEOUT, Duration.ofSeconds(10)).summary());
        assertEquals("address_refused", AttemptResult.failed(DeliveryError.ADDRESS_REFUSED, MS_12).summary());
    }

    @Test
    void anAttemptHasAStatusOrAnErrorExactlyOne() {
        assertAll(
                () -> assertEquals("an attempt has a status code or an error, exactly one; got 200 and timeout",
                        assertThrows(InvalidWebhookRequestException.class, () -> new AttemptResult(200,
                                DeliveryError.TIMEOUT, MS_12, null, null)).getMessage()),
                () -> assertEquals("an attempt has a status code or an error, exactly one; got null and null",
                        assertThrows(InvalidWebhookRequestException.class, () -> new AttemptResult(null, null, MS_12,
                                null, null)).getMessage()),
                () -> assertEquals("a status code is 100 to 599, got 600", assertThrows(
                        InvalidWebhookRequestException.class, () -> AttemptResult.answered(600, MS_12, null, null))
                        .getMessage()),
                () -> assertThrows(InvalidWebhookRequestException.class,
                        () -> AttemptResult.answered(99, MS_12, null, null)),
                () -> assertEquals("an attempt's duration is zero or more, got PT-0.001S", assertThrows(
                        InvalidWebhookRequestException.class,
                        () -> AttemptResult.answered(200, Duration.ofMillis(-1), null, null)).getMessage()),
                () -> assertThrows(NullPointerException.class, () -> AttemptResult.answered(200, null, null, null)),
                () -> assertThrows(NullPointerException.class, () -> AttemptResult.failed(null, MS_12)));
    }

    @Test
    void aRetryAfterComesOnlyWithAnAnswerAndIsNotNegative() {
        assertEquals(Duration.ofSeconds(30),
                AttemptResult.answered(429, MS_12, Duration.ofSeconds(30), null).retryAfter());
        assertEquals("a Retry-After comes with a status code and is zero or more, got PT-1S", assertThrows(
                InvalidWebhookRequestException.class,
                () -> AttemptResult.answered(429, MS_12, Duration.ofSeconds(-1), null)).getMessage());
        assertEquals("a Retry-After comes with a status code and is zero or more, got PT1S with the error refused",
                assertThrows(InvalidWebhookRequestException.class, () -> new AttemptResult(null,
                        DeliveryError.REFUSED, MS_12, Duration.ofSeconds(1), null)).getMessage());
    }

    @Test
    void theExcerptIsSanitisedAndCutTo200Characters() {
        assertEquals("ok  line?two?\"x\"", AttemptResult.answered(500, MS_12, null,
                "ok\r\nline\u0000two\u00e9\"x\"").excerpt());
        assertEquals("a b", AttemptResult.answered(500, MS_12, null, "a\tb").excerpt());
        assertEquals("x".repeat(200), AttemptResult.answered(500, MS_12, null, "x".repeat(10_000)).excerpt());
        assertEquals("?".repeat(200), AttemptResult.answered(500, MS_12, null, "\u2028".repeat(300)).excerpt());
        assertNull(AttemptResult.answered(204, MS_12, null, null).excerpt());
        assertEquals("", AttemptResult.answered(204, MS_12, null, "").excerpt());
    }

    @Test
    void errorsHaveLowerCaseWireNames() {
        assertEquals(List.of("timeout", "refused", "redirect_refused", "address_refused", "tls", "network"),
                List.of(DeliveryError.values()).stream().map(DeliveryError::wireName).toList());
        for (DeliveryError error : DeliveryError.values()) {
            assertEquals(Optional.of(error), DeliveryError.ofWireName(error.wireName()));
            assertEquals(error.wireName(), error.toString());
        }
        assertEquals(Optional.empty(), DeliveryError.ofWireName("TIMEOUT"));
    }
}
