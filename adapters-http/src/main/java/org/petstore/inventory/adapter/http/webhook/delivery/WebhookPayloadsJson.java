package org.petstore.inventory.adapter.http.webhook.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.petstore.inventory.adapter.http.ledger.StockChangeResponse;
import org.petstore.inventory.application.port.outbound.WebhookPayloads;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The bodies of deliveries, written by Micronaut serde as minified UTF-8 JSON, members in the order below:
 * {@code {"type":"inventory.count.updated","timestamp":"…","data":{"changes":[…]}}}, each change the very record
 * {@code GET /v1/inventory/changes} answers ({@link StockChangeResponse}), the first with {@code "previousChangeId"}
 * after its own members; and {@code {"type":"webhook.test","timestamp":"…","data":{"webhookId":"whk-…"}}}. A
 * timestamp is written as the API writes {@code at}: ISO-8601 in UTC ({@code Instant.toString}). The same input
 * always gives the same bytes.
 */
@Singleton
final class WebhookPayloadsJson implements WebhookPayloads {

    /** The most changes one delivery carries. */
    static final int MAX_CHANGES = 100;

    private final JsonMapper json;

    WebhookPayloadsJson(JsonMapper json) {
        this.json = json;
    }

    @Override
    public byte[] inventoryCountUpdated(long previousChangeId, List<StockChange> changes, Instant timestamp) {
        Objects.requireNonNull(timestamp, "timestamp");
        if (changes.isEmpty() || changes.size() > MAX_CHANGES) {
            throw new IllegalArgumentException("a delivery carries 1 to " + MAX_CHANGES + " changes, got "
                    + changes.size());
        }
        if (changes.getFirst().changeId() <= previousChangeId) {
            throw new IllegalArgumentException("a delivery's changes come after its previousChangeId "
                    + previousChangeId + ", the first is " + changes.getFirst().changeId());
        }
        List<DeliveredChange> delivered = new ArrayList<>(changes.size());
        for (StockChange change : changes) {
            delivered.add(new DeliveredChange(StockChangeResponse.of(change),
                    delivered.isEmpty() ? previousChangeId : null));
        }
        return write(new InventoryCountUpdated(EventType.INVENTORY_COUNT_UPDATED.wireName(), timestamp.toString(),
                new Changes(delivered)));
    }

    @Override
    public byte[] test(WebhookId id, Instant timestamp) {
        return write(new WebhookTest(EventType.WEBHOOK_TEST.wireName(), timestamp.toString(),
                new TestData(id.value())));
    }

    private byte[] write(Object event) {
        try {
            return json.writeValueAsBytes(event);
        } catch (IOException e) {
            // records of strings and numbers always encode
            throw new UncheckedIOException("a webhook payload did not encode", e);
        }
    }

    /** {@code inventory.count.updated}. */
    @Serdeable.Serializable
    record InventoryCountUpdated(String type, String timestamp, Changes data) {
    }

    @Serdeable.Serializable
    record Changes(List<DeliveredChange> changes) {
    }

    /** One change as the ledger's API writes it, and after its members the cursor before it, on the first only. */
    @Serdeable.Serializable
    record DeliveredChange(@JsonUnwrapped StockChangeResponse change,
                           @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Long previousChangeId) {
    }

    /** {@code webhook.test}. */
    @Serdeable.Serializable
    record WebhookTest(String type, String timestamp, TestData data) {
    }

    @Serdeable.Serializable
    record TestData(String webhookId) {
    }
}
