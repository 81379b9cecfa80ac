package org.petstore.inventory.application.port.outbound;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;
import org.petstore.inventory.domain.webhook.EventType;

/**
 * One message, formed once and then sent as it is on every attempt, by whichever instance: the same id (the
 * {@code webhook-id} header) and the same body bytes, with a new timestamp and signature each time. Equal by content.
 *
 * @param id               the message id: {@link #newId} or {@link #successorId} ({@code msg_} and 22 URL-safe
 *                         base64 characters); 1 to 32 of {@code A-Z a-z 0-9 _ -}, never a dot (Standard Webhooks)
 * @param eventType        the body's {@code type}, an {@link EventType}'s wire name
 * @param previousChangeId the webhook's cursor when the message was formed: the change before the first it carries
 *                         (0 for a {@code webhook.test})
 * @param firstChangeId    the first ledger change it carries (0 for a {@code webhook.test})
 * @param lastChangeId     the last ledger change it carries; the cursor moves here when the receiver acknowledges
 *                         (0 for a {@code webhook.test})
 * @param body             the exact bytes sent (minified JSON, UTF-8); copied in and out. Empty when not kept: the
 *                         store keeps a pending delivery's body only from its first failure on, and before that the
 *                         deliverer forms the same bytes again from its change range ({@link #withoutBody()})
 * @param formedAt         when it was formed
 */
public record FormedDelivery(String id, String eventType, long previousChangeId, long firstChangeId,
                             long lastChangeId, byte[] body, Instant formedAt) {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,32}");

    public FormedDelivery {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("a message id is 1 to 32 of A-Z a-z 0-9 _ -, got " + id);
        }
        EventType type = EventType.ofWireName(eventType)
                .orElseThrow(() -> new IllegalArgumentException("not an event type: " + eventType));
        boolean changes = type == EventType.INVENTORY_COUNT_UPDATED;
        if (changes ? previousChangeId < 0 || firstChangeId <= previousChangeId || lastChangeId < firstChangeId
                : previousChangeId != 0 || firstChangeId != 0 || lastChangeId != 0) {
            throw new IllegalArgumentException("a delivery of " + eventType + " cannot carry the changes after "
                    + previousChangeId + " from " + firstChangeId + " to " + lastChangeId);
        }
        body = Objects.requireNonNull(body, "body").clone();
        Objects.requireNonNull(formedAt, "formedAt");
    }

    /** A new message id: {@code msg_} and the URL-safe base64, unpadded, of 16 random bytes. */
    public static String newId(RandomGenerator random) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return "msg_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * The id of the delivery formed as the successor of the one with {@code predecessorId} (a full batch of the
     * changes right after it): {@code msg_} and the URL-safe base64, unpadded, of the first 16 bytes of the SHA-256 of
     * that id. It follows from the predecessor, so whichever instance forms the successor of a stored delivery gives it
     * the same id (with the same changes, the same bytes), and a deliverer may send successors before it records them:
     * one that takes over after a crash sends them again as they were. A new start (the first forming after a cursor,
     * a replay) draws a {@link #newId}, so its chain is new too.
     */
    public static String successorId(String predecessorId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(predecessorId.getBytes(StandardCharsets.UTF_8));
            return "msg_" + Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** This message as the store keeps it until an attempt fails: the same id and range, its body empty. */
    public FormedDelivery withoutBody() {
        return new FormedDelivery(id, eventType, previousChangeId, firstChangeId, lastChangeId, new byte[0],
                formedAt);
    }

    /** Whether it carries its body (false: {@link #withoutBody()}). */
    public boolean hasBody() {
        return body.length > 0;
    }

    /** The event type this message tells. */
    public EventType type() {
        return EventType.ofWireName(eventType).orElseThrow();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FormedDelivery that && id.equals(that.id) && eventType.equals(that.eventType)
                && previousChangeId == that.previousChangeId && firstChangeId == that.firstChangeId
                && lastChangeId == that.lastChangeId && Arrays.equals(body, that.body)
                && formedAt.equals(that.formedAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, eventType, previousChangeId, firstChangeId, lastChangeId, Arrays.hashCode(body),
                formedAt);
    }

    /** Without the body's bytes (their number only). */
    @Override
    public String toString() {
        return "FormedDelivery[id=" + id + ", eventType=" + eventType + ", previousChangeId=" + previousChangeId
                + ", firstChangeId=" + firstChangeId + ", lastChangeId=" + lastChangeId + ", body=" + body.length
                + " bytes, formedAt=" + formedAt + "]";
    }
}
