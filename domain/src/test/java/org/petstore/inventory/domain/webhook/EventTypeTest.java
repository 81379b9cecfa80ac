package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EventTypeTest {

    private static String refusal(List<String> names) {
        return assertThrows(InvalidWebhookRequestException.class, () -> EventType.subscribable(names)).getMessage();
    }

    @Test
    void theWireNamesAreTheBodysType() {
        assertEquals("inventory.count.updated", EventType.INVENTORY_COUNT_UPDATED.wireName());
        assertEquals("webhook.test", EventType.WEBHOOK_TEST.wireName());
        assertEquals("webhook.test", EventType.WEBHOOK_TEST.toString());
        assertEquals(Optional.of(EventType.WEBHOOK_TEST), EventType.ofWireName("webhook.test"));
        assertEquals(Optional.empty(), EventType.ofWireName("Webhook.Test"));
    }

    @Test
    void onlyStockChangesCanBeSubscribedTo() {
        assertEquals(Set.of(EventType.INVENTORY_COUNT_UPDATED), EventType.subscribable());
        assertEquals("inventory.count.updated", EventType.choices());
        assertEquals(Set.of(EventType.INVENTORY_COUNT_UPDATED),
                EventType.subscribable(List.of("inventory.count.updated")));
    }

    @Test
    void anUnknownTypeIsRefusedWithTheChoices() {
        assertEquals("events: 'inventory.updated' is not an event type; the event types are inventory.count.updated",
                refusal(List.of("inventory.updated")));
        assertEquals("events: 'Inventory.Count.Updated' is not an event type; the event types are "
                + "inventory.count.updated", refusal(List.of("Inventory.Count.Updated")));
        assertEquals("events: nothing is not an event type; the event types are inventory.count.updated",
                refusal(Arrays.asList((String) null)));
        assertEquals("events: '" + "x".repeat(64) + "...' is not an event type; the event types are "
                + "inventory.count.updated", refusal(List.of("x".repeat(1000))));
    }

    @Test
    void theTestEventCannotBeSubscribedTo() {
        assertEquals("events: 'webhook.test' cannot be subscribed to, it is sent only when a test is asked for; the "
                + "event types are inventory.count.updated", refusal(List.of("webhook.test")));
    }

    @Test
    void aTypeNamedTwiceOrNoneAtAllIsRefused() {
        assertEquals("events: 'inventory.count.updated' is named twice",
                refusal(List.of("inventory.count.updated", "inventory.count.updated")));
        assertEquals("events must name at least one event type: inventory.count.updated", refusal(List.of()));
        assertEquals("events must name at least one event type: inventory.count.updated", refusal(null));
    }

    @Test
    void theSetCannotBeChanged() {
        Set<EventType> types = EventType.subscribable(List.of("inventory.count.updated"));

        assertThrows(UnsupportedOperationException.class, () -> types.add(EventType.WEBHOOK_TEST));
    }
}
