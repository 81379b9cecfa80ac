package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micronaut.context.ApplicationContext;
import io.micronaut.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.adapter.http.ledger.StockChangeResponse;
import org.petstore.inventory.application.port.outbound.WebhookPayloads;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The bodies of deliveries, byte for byte, as the bean the service injects for {@link WebhookPayloads} writes them:
 * minified UTF-8 JSON, each change the same record the ledger's API answers, {@code previousChangeId} on the first
 * change only.
 */
class WebhookPayloadsJsonTest {

    private static final Instant AT_1 = Instant.parse("2026-11-28T21:00:00Z");
    private static final Instant AT_2 = Instant.parse("2026-11-28T21:00:00.123456Z");

    private static ApplicationContext context;
    private static WebhookPayloads payloads;
    private static JsonMapper json;

    @BeforeAll
    static void start() {
        context = ApplicationContext.builder().environments("test").start();
        payloads = context.getBean(WebhookPayloads.class);
        json = context.getBean(JsonMapper.class);
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    private static StockChange created(long changeId) {
        return new StockChange(changeId, PetId.of(2), null, Quantity.of(7), EntryVersion.of(1), AT_1,
                ChangeOrigin.api("key-0123456789ab", "r-\"1\"", ChangeReason.ARRIVAL));
    }

    private static StockChange imported(long changeId) {
        return new StockChange(changeId, PetId.of(3), Quantity.of(7), Quantity.of(5), EntryVersion.of(4), AT_2,
                ChangeOrigin.IMPORT);
    }

    @Test
    void theServiceGetsThisImplementation() {
        assertInstanceOf(WebhookPayloadsJson.class, payloads);
    }

    @Test
    void inventoryCountUpdatedIsTheLedgersRecordsWithThePreviousChangeIdOnTheFirst() {
        byte[] body = payloads.inventoryCountUpdated(41, List.of(created(42), imported(43)), AT_2);

        assertEquals("{\"type\":\"inventory.count.updated\",\"timestamp\":\"2026-11-28T21:00:00.123456Z\","
                + "\"data\":{\"changes\":["
                + "{\"changeId\":42,\"petId\":2,\"from\":null,\"to\":7,\"version\":1,\"at\":\"2026-11-28T21:00:00Z\","
                + "\"source\":\"api\",\"keyId\":\"key-0123456789ab\",\"requestId\":\"r-\\\"1\\\"\","
                + "\"reason\":\"arrival\",\"previousChangeId\":41},"
                + "{\"changeId\":43,\"petId\":3,\"from\":7,\"to\":5,\"version\":4,"
                + "\"at\":\"2026-11-28T21:00:00.123456Z\",\"source\":\"import\",\"keyId\":null,\"requestId\":null,"
                + "\"reason\":null}]}}", new String(body, StandardCharsets.UTF_8));
    }

    @Test
    void eachChangeIsByteForByteWhatTheLedgersApiWritesForIt() throws Exception {
        List<StockChange> changes = new ArrayList<>();
        for (long id = 1; id <= WebhookPayloadsJson.MAX_CHANGES; id++) {
            changes.add(id % 2 == 0 ? created(id) : imported(id));
        }
        StringBuilder expected = new StringBuilder("{\"type\":\"inventory.count.updated\",\"timestamp\":\""
                + AT_2 + "\",\"data\":{\"changes\":[");
        for (StockChange change : changes) {
            String record = json.writeValueAsString(StockChangeResponse.of(change));
            expected.append(change == changes.getFirst()
                    ? record.substring(0, record.length() - 1) + ",\"previousChangeId\":0}" : record);
            expected.append(change == changes.getLast() ? "" : ",");
        }
        expected.append("]}}");

        byte[] body = payloads.inventoryCountUpdated(0, changes, AT_2);

        assertArrayEquals(expected.toString().getBytes(StandardCharsets.UTF_8), body);
    }

    @Test
    void aSingleChangeCarriesThePreviousChangeIdToo() {
        byte[] body = payloads.inventoryCountUpdated(9, List.of(imported(12)), AT_2);

        assertEquals("{\"type\":\"inventory.count.updated\",\"timestamp\":\"2026-11-28T21:00:00.123456Z\","
                + "\"data\":{\"changes\":[{\"changeId\":12,\"petId\":3,\"from\":7,\"to\":5,\"version\":4,"
                + "\"at\":\"2026-11-28T21:00:00.123456Z\",\"source\":\"import\",\"keyId\":null,\"requestId\":null,"
                + "\"reason\":null,\"previousChangeId\":9}]}}", new String(body, StandardCharsets.UTF_8));
    }

    @Test
    void theSameInputGivesTheSameBytes() {
        List<StockChange> changes = List.of(created(5), imported(6));

        assertArrayEquals(payloads.inventoryCountUpdated(4, changes, AT_1),
                payloads.inventoryCountUpdated(4, changes, AT_1));
    }

    @Test
    void textOutsideAsciiIsUtf8() {
        StockChange change = new StockChange(1, PetId.of(1), Quantity.of(0), Quantity.of(1), EntryVersion.of(2),
                AT_1, ChangeOrigin.api(null, "caf\u00e9", null));

        byte[] body = payloads.inventoryCountUpdated(0, List.of(change), AT_1);

        String text = new String(body, StandardCharsets.UTF_8);
        assertEquals(1, text.split("\"requestId\":\"caf\u00e9\"", -1).length - 1, text);
    }

    @Test
    void aDeliveryCarriesOneToAHundredChangesAfterItsPreviousChangeId() {
        List<StockChange> tooMany = new ArrayList<>();
        for (long id = 1; id <= WebhookPayloadsJson.MAX_CHANGES + 1; id++) {
            tooMany.add(imported(id));
        }

        assertThrows(IllegalArgumentException.class, () -> payloads.inventoryCountUpdated(0, List.of(), AT_1));
        assertThrows(IllegalArgumentException.class, () -> payloads.inventoryCountUpdated(0, tooMany, AT_1));
        assertThrows(IllegalArgumentException.class,
                () -> payloads.inventoryCountUpdated(5, List.of(imported(5)), AT_1));
    }

    @Test
    void aTestEventNamesTheWebhook() {
        byte[] body = payloads.test(new WebhookId("whk-0123456789ab"), AT_1);

        assertEquals("{\"type\":\"webhook.test\",\"timestamp\":\"2026-11-28T21:00:00Z\","
                + "\"data\":{\"webhookId\":\"whk-0123456789ab\"}}", new String(body, StandardCharsets.UTF_8));
    }
}
