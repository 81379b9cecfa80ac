package org.petstore.inventory.application.service;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.petstore.inventory.application.port.outbound.WebhookPayloads;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * Bodies a test can read back: {@code inventory.count.updated previous=P at=T changes=1,2,3} and
 * {@code webhook.test webhook=whk-… at=T}. The same input gives the same bytes, as the real renderer's do.
 */
final class FakeWebhookPayloads implements WebhookPayloads {

    /** What a body of changes told. */
    record Changes(long previousChangeId, Instant timestamp, List<Long> changeIds) {
    }

    @Override
    public byte[] inventoryCountUpdated(long previousChangeId, List<StockChange> changes, Instant timestamp) {
        if (changes.isEmpty() || changes.size() > 100) {
            throw new IllegalArgumentException("1 to 100 changes, got " + changes.size());
        }
        return ("inventory.count.updated previous=" + previousChangeId + " at=" + timestamp + " changes="
                + changes.stream().map(change -> String.valueOf(change.changeId())).collect(Collectors.joining(",")))
                .getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public byte[] test(WebhookId id, Instant timestamp) {
        return ("webhook.test webhook=" + id + " at=" + timestamp).getBytes(StandardCharsets.UTF_8);
    }

    /** Reads a body of changes back. */
    static Changes read(byte[] body) {
        String[] parts = new String(body, StandardCharsets.UTF_8).split(" ");
        if (!parts[0].equals("inventory.count.updated")) {
            throw new IllegalArgumentException("not a body of changes: " + parts[0]);
        }
        return new Changes(Long.parseLong(parts[1].substring("previous=".length())),
                Instant.parse(parts[2].substring("at=".length())),
                Arrays.stream(parts[3].substring("changes=".length()).split(",")).map(Long::valueOf).toList());
    }
}
