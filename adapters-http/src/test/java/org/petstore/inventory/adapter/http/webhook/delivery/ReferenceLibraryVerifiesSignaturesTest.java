package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Our {@code webhook-signature} values, checked by the Standard Webhooks reference library for Java
 * ({@code com.standardwebhooks:standardwebhooks}, served to this build from Maven Central), as a receiver that uses
 * it would check them: one signature, and the two of a rotation, each secret on its own.
 */
class ReferenceLibraryVerifiesSignaturesTest {

    private static final String CURRENT = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String PREVIOUS = "whsec_" + Base64.getEncoder().encodeToString(
            "thirty-two bytes of an old key!!".getBytes(StandardCharsets.US_ASCII));
    private static final String MESSAGE_ID = "msg_2xZ7yJ0dQ3m9Vf1kLp8RtA";
    private static final String PAYLOAD = "{\"type\":\"inventory.count.updated\",\"timestamp\":\"2026-11-28T21:00:00Z\","
            + "\"data\":{\"changes\":[{\"changeId\":42,\"sku\":\"DOG-FOOD-1\",\"previousChangeId\":41}]}}";

    private static byte[] key(String whsec) {
        return Base64.getDecoder().decode(whsec.substring("whsec_".length()));
    }

    private static Map<String, List<String>> headers(long timestamp, String signature) {
        return Map.of("webhook-id", List.of(MESSAGE_ID),
                "webhook-timestamp", List.of(Long.toString(timestamp)),
                "webhook-signature", List.of(signature));
    }

    @Test
    void theLibrarySignsTheSpecificationsVectorAsWeDo() throws Exception {
        String payload = "{\"test\": 2432232314}";

        assertEquals(new Webhook(CURRENT).sign("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L, payload),
                StandardWebhookSignature.headerValue("msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L,
                        payload.getBytes(StandardCharsets.UTF_8), List.of(key(CURRENT))));
    }

    @Test
    void aSignatureVerifies() throws Exception {
        long now = Instant.now().getEpochSecond();
        String signature = StandardWebhookSignature.headerValue(MESSAGE_ID, now,
                PAYLOAD.getBytes(StandardCharsets.UTF_8), List.of(key(CURRENT)));

        new Webhook(CURRENT).verify(PAYLOAD, headers(now, signature));
    }

    @Test
    void duringARotationEitherSecretVerifiesTheSameHeader() throws Exception {
        long now = Instant.now().getEpochSecond();
        String signature = StandardWebhookSignature.headerValue(MESSAGE_ID, now,
                PAYLOAD.getBytes(StandardCharsets.UTF_8), List.of(key(CURRENT), key(PREVIOUS)));

        new Webhook(CURRENT).verify(PAYLOAD, headers(now, signature));
        new Webhook(PREVIOUS).verify(PAYLOAD, headers(now, signature));
    }

    @Test
    void anotherSecretOrAChangedBodyDoesNotVerify() {
        long now = Instant.now().getEpochSecond();
        String signature = StandardWebhookSignature.headerValue(MESSAGE_ID, now,
                PAYLOAD.getBytes(StandardCharsets.UTF_8), List.of(key(CURRENT)));

        assertThrows(WebhookVerificationException.class,
                () -> new Webhook(PREVIOUS).verify(PAYLOAD, headers(now, signature)));
        assertThrows(WebhookVerificationException.class,
                () -> new Webhook(CURRENT).verify(PAYLOAD.replace("42", "43"), headers(now, signature)));
    }
}
