package org.petstore.inventory.application.port.inbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/** The webhook commands check what the client gave before the use case resolves or stores anything. */
class WebhookCommandsTest {

    private static final List<String> STOCK = List.of("inventory.count.updated");

    @Test
    void aCreationIsCheckedAndGivesTheDomainsValues() {
        CreateWebhookCommand command = new CreateWebhookCommand("https://hooks.example.com/stock", STOCK, "web shop");

        assertEquals(WebhookUrl.parse("https://hooks.example.com/stock"), command.webhookUrl());
        assertEquals(Set.of(EventType.INVENTORY_COUNT_UPDATED), command.eventTypes());
        assertEquals("web shop", command.description());
    }

    @Test
    void aCreationsMistakesAreRefusedWithTheFix() {
        assertEquals("url must not carry user information (user:password@): leave it out, and check the receiver by "
                + "the webhook's signature instead", assertThrows(InvalidWebhookRequestException.class,
                () -> new CreateWebhookCommand("https://u:p@hooks.example.com/", STOCK, null)).getMessage());
        assertEquals("events: 'stock' is not an event type; the event types are inventory.count.updated",
                assertThrows(InvalidWebhookRequestException.class, () -> new CreateWebhookCommand(
                        "https://hooks.example.com/", List.of("stock"), null)).getMessage());
        assertEquals("events must name at least one event type: inventory.count.updated",
                assertThrows(InvalidWebhookRequestException.class, () -> new CreateWebhookCommand(
                        "https://hooks.example.com/", null, null)).getMessage());
        assertThrows(InvalidWebhookRequestException.class,
                () -> new CreateWebhookCommand("https://hooks.example.com/", STOCK, "x".repeat(201)));
        assertThrows(InvalidWebhookRequestException.class, () -> new CreateWebhookCommand(null, STOCK, null));
    }

    @Test
    void aCreationKeepsItsOwnCopyOfTheEvents() {
        List<String> events = new ArrayList<>(STOCK);
        CreateWebhookCommand command = new CreateWebhookCommand("https://hooks.example.com/", events, null);

        events.add("webhook.test");

        assertEquals(STOCK, command.events());
    }

    @Test
    void anUpdateChecksWhatItGivesAndGivesSomething() {
        UpdateWebhookCommand command = new UpdateWebhookCommand(Optional.of("http://10.0.0.5:8080/"),
                Optional.empty(), Optional.of(""), Optional.of(false));

        assertEquals(Optional.of(WebhookUrl.parse("http://10.0.0.5:8080/")), command.webhookUrl());
        assertEquals(Optional.empty(), command.eventTypes());
        assertEquals(Optional.of(Set.of(EventType.INVENTORY_COUNT_UPDATED)), new UpdateWebhookCommand(
                Optional.empty(), Optional.of(STOCK), Optional.empty(), Optional.empty()).eventTypes());
        assertEquals("name at least one of url, events, description and enabled to change",
                assertThrows(InvalidWebhookRequestException.class, () -> new UpdateWebhookCommand(Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty())).getMessage());
        assertEquals("url must not have a fragment (the part from #), which is never sent: leave it out",
                assertThrows(InvalidWebhookRequestException.class, () -> new UpdateWebhookCommand(
                        Optional.of("https://hooks.example.com/#x"), Optional.empty(), Optional.empty(),
                        Optional.empty())).getMessage());
        assertEquals("events must name at least one event type: inventory.count.updated",
                assertThrows(InvalidWebhookRequestException.class, () -> new UpdateWebhookCommand(Optional.empty(),
                        Optional.of(List.of()), Optional.empty(), Optional.empty())).getMessage());
        assertThrows(InvalidWebhookRequestException.class, () -> new UpdateWebhookCommand(Optional.empty(),
                Optional.empty(), Optional.of("a\u0007b"), Optional.empty()));
    }
}
