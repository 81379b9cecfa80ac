package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.domain.NotFoundException;

class WebhookIdTest {

    @Test
    void anIdIsWhkAnd12HexDigitsFrom48RandomBits() {
        WebhookId id = WebhookId.generate(new SecureRandom());

        assertTrue(id.value().matches("whk-[0-9a-f]{12}"), id.value());
        assertEquals(id.value(), id.toString());
        assertEquals("whk-000000000000", WebhookId.generate(filled((byte) 0)).value());
        assertEquals("whk-ffffffffffff", WebhookId.generate(filled((byte) -1)).value());
        assertNotEquals(id, WebhookId.generate(new SecureRandom()));
    }

    @Test
    void anIdIsParsedFromWhatACallerNames() {
        assertEquals(new WebhookId("whk-0123456789ab"), WebhookId.parse("whk-0123456789ab"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "whk-0123456789AB", "whk-0123456789a", "whk-0123456789abc", "key-0123456789ab",
            "whk_0123456789ab", " whk-0123456789ab"})
    void textThatIsNoIdNamesNoWebhook(String text) {
        WebhookNotFoundException missing = assertThrows(WebhookNotFoundException.class, () -> WebhookId.parse(text));

        assertInstanceOf(NotFoundException.class, missing);
        assertEquals(text, missing.id());
        assertEquals("No webhook has the id '" + text + "': list the webhooks to see their ids", missing.getMessage());
    }

    @Test
    void aLongOrControlledIdIsQuotedCutShortAndClean() {
        assertEquals("No webhook has the id '" + "x".repeat(64) + "...': list the webhooks to see their ids",
                assertThrows(WebhookNotFoundException.class, () -> WebhookId.parse("x".repeat(5000))).getMessage());
        assertEquals("No webhook has the id 'a?b': list the webhooks to see their ids",
                assertThrows(WebhookNotFoundException.class, () -> WebhookId.parse("a\nb")).getMessage());
        assertEquals("No webhook has the id nothing: list the webhooks to see their ids",
                assertThrows(WebhookNotFoundException.class, () -> WebhookId.parse(null)).getMessage());
    }

    @Test
    void theConstructorRefusesAMalformedIdAsABadRequest() {
        assertEquals("'whk-XYZ' is not a webhook id: whk- and 12 lower-case hex digits",
                assertThrows(InvalidWebhookRequestException.class, () -> new WebhookId("whk-XYZ")).getMessage());
    }

    private static RandomGenerator filled(byte value) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                return value;
            }

            @Override
            public void nextBytes(byte[] bytes) {
                Arrays.fill(bytes, value);
            }
        };
    }
}
