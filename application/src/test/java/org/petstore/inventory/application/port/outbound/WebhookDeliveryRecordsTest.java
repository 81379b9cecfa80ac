package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/** The delivery records carry exact bytes, compare by content, and never print a body or a secret. */
class WebhookDeliveryRecordsTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final byte[] BODY = "{\"type\":\"inventory.count.updated\"}".getBytes(StandardCharsets.UTF_8);

    @Test
    void aMessageIdIsMsgAnd22UrlSafeCharacters() {
        Set<String> ids = new HashSet<>();
        SecureRandom random = new SecureRandom();
        for (int i = 0; i < 1000; i++) {
            String id = FormedDelivery.newId(random);
            assertTrue(id.matches("msg_[A-Za-z0-9_-]{22}"), id);
            ids.add(id);
        }
        assertEquals(1000, ids.size());
    }

    /**
     * A successor's id follows from its predecessor's alone (msg_ and the URL-safe base64 of the first 16 bytes of
     * SHA-256 of that id), so any instance gives a stored delivery's successors the same ids; along a chain they
     * differ.
     */
    @Test
    void aSuccessorsIdFollowsFromItsPredecessors() {
        assertEquals("msg_l78QvS-2Saf94bxJsj7G9A", FormedDelivery.successorId("msg_a"));
        Set<String> chain = new HashSet<>();
        String id = FormedDelivery.newId(new SecureRandom());
        for (int i = 0; i < 1000; i++) {
            String successor = FormedDelivery.successorId(id);
            assertEquals(successor, FormedDelivery.successorId(id));
            assertTrue(successor.matches("msg_[A-Za-z0-9_-]{22}"), successor);
            assertTrue(chain.add(successor), successor);
            id = successor;
        }
    }

    @Test
    void anAcknowledgedDeliveryOfARunSucceededAtItsFirstAttemptAndFollowsWithoutAGap() {
        AttemptRecord ok = new AttemptRecord(1, T0, AttemptResult.answered(204, Duration.ofMillis(3), null, null));
        FormedDelivery first = new FormedDelivery("msg_a", "inventory.count.updated", 0, 1, 100, BODY, T0);
        FormedDelivery second = new FormedDelivery("msg_b", "inventory.count.updated", 100, 101, 200, BODY, T0);
        FormedDelivery third = new FormedDelivery("msg_c", "inventory.count.updated", 200, 201, 300, BODY, T0);

        assertEquals(200, AcknowledgedDelivery.runEnd(first, List.of(new AcknowledgedDelivery(second, ok)), third));
        assertEquals(100, AcknowledgedDelivery.runEnd(first, List.of(), second));
        assertThrows(IllegalArgumentException.class, () -> AcknowledgedDelivery.runEnd(first,
                List.of(new AcknowledgedDelivery(third, ok)), null), "a gap");
        assertThrows(IllegalArgumentException.class, () -> AcknowledgedDelivery.runEnd(first, List.of(), third));
        assertThrows(IllegalArgumentException.class, () -> new AcknowledgedDelivery(second,
                new AttemptRecord(2, T0, ok.result())), "a retried delivery is not part of a run");
        assertThrows(IllegalArgumentException.class, () -> new AcknowledgedDelivery(second,
                new AttemptRecord(1, T0, AttemptResult.answered(503, Duration.ofMillis(3), null, null))));
        assertThrows(IllegalArgumentException.class, () -> new AcknowledgedDelivery(
                new FormedDelivery("msg_t", "webhook.test", 0, 0, 0, BODY, T0), ok), "a test moves no cursor");
    }

    @Test
    void aFormedDeliveryIsEqualByContentAndCopiesItsBody() {
        byte[] body = BODY.clone();
        FormedDelivery delivery = new FormedDelivery("msg_a", "inventory.count.updated", 41, 42, 50, body, T0);

        body[0] = 'x';
        delivery.body()[1] = 'x';

        assertArrayEquals(BODY, delivery.body());
        assertEquals(new FormedDelivery("msg_a", "inventory.count.updated", 41, 42, 50, BODY.clone(), T0), delivery);
        assertEquals(new FormedDelivery("msg_a", "inventory.count.updated", 41, 42, 50, BODY.clone(), T0).hashCode(),
                delivery.hashCode());
        assertNotEquals(new FormedDelivery("msg_a", "inventory.count.updated", 41, 42, 50, new byte[1], T0),
                delivery);
        assertEquals(EventType.INVENTORY_COUNT_UPDATED, delivery.type());
        assertEquals("FormedDelivery[id=msg_a, eventType=inventory.count.updated, previousChangeId=41, "
                + "firstChangeId=42, lastChangeId=50, body=34 bytes, formedAt=2026-11-28T10:00:00Z]",
                delivery.toString());
    }

    @Test
    void aFormedDeliveryCarriesChangesAfterItsCursorOrNoneForATest() {
        new FormedDelivery("msg_t", "webhook.test", 0, 0, 0, BODY, T0);
        new FormedDelivery("msg_a", "inventory.count.updated", 0, 1, 1, BODY, T0);
        assertThrows(IllegalArgumentException.class,
                () -> new FormedDelivery("msg_a", "inventory.count.updated", 41, 41, 50, BODY, T0));
        assertThrows(IllegalArgumentException.class,
                () -> new FormedDelivery("msg_a", "inventory.count.updated", 41, 45, 44, BODY, T0));
        assertThrows(IllegalArgumentException.class,
                () -> new FormedDelivery("msg_a", "inventory.count.updated", -1, 1, 1, BODY, T0));
        assertThrows(IllegalArgumentException.class, () -> new FormedDelivery("msg_t", "webhook.test", 0, 1, 1, BODY,
                T0));
        assertThrows(IllegalArgumentException.class, () -> new FormedDelivery("msg_t", "stock", 0, 0, 0, BODY, T0));
        assertThrows(IllegalArgumentException.class, () -> new FormedDelivery("msg.t", "webhook.test", 0, 0, 0, BODY,
                T0));
        assertThrows(IllegalArgumentException.class, () -> new FormedDelivery("m".repeat(33), "webhook.test", 0, 0,
                0, BODY, T0));
    }

    @Test
    void anOutgoingWebhookIsSignedWithAtLeastOneSecretAndPrintsNeither() {
        WebhookSecret secret = WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        WebhookUrl url = WebhookUrl.parse("https://hooks.example.com/");
        OutgoingWebhook message = new OutgoingWebhook(url, "msg_p5jXN8AQM9LWM0D4loKWxJek", BODY, List.of(secret), T0);

        assertEquals(new OutgoingWebhook(url, "msg_p5jXN8AQM9LWM0D4loKWxJek", BODY.clone(), List.of(secret), T0),
                message);
        assertEquals("OutgoingWebhook[url=https://hooks.example.com/, messageId=msg_p5jXN8AQM9LWM0D4loKWxJek, "
                + "body=34 bytes, secrets=1, attemptAt=2026-11-28T10:00:00Z]", message.toString());
        assertFalse(message.toString().contains("MfKQ"));
        assertThrows(IllegalArgumentException.class,
                () -> new OutgoingWebhook(url, "msg_a", BODY, List.of(), T0));
    }

    @Test
    void aPendingDeliveryCountsAttemptsFromZero() {
        FormedDelivery formed = new FormedDelivery("msg_a", "inventory.count.updated", 0, 1, 3, BODY, T0);

        assertEquals(0, new PendingDelivery(formed, 0, T0).attempts());
        assertThrows(IllegalArgumentException.class, () -> new PendingDelivery(formed, -1, T0));
        assertThrows(IllegalArgumentException.class,
                () -> new AttemptRecord(0, T0, AttemptResult.answered(204, Duration.ZERO, null, null)));
    }
}
