package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WebhookTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final WebhookId ID = new WebhookId("whk-0123456789ab");
    private static final WebhookUrl URL = WebhookUrl.parse("https://hooks.example.com/stock");
    private static final Set<EventType> STOCK = Set.of(EventType.INVENTORY_COUNT_UPDATED);
    private static final String DESCRIPTION_RULE = "description must be at most 200 characters without control "
            + "characters; say what the webhook is for, e.g. \"stock to the web shop\"";

    private static Webhook created() {
        return Webhook.create(ID, URL, STOCK, "web shop", T0, 41);
    }

    @Test
    void aNewWebhookIsEnabledFromItsCursorWithoutFailures() {
        Webhook webhook = created();

        assertEquals(new Webhook(ID, URL, STOCK, "web shop", true, null, T0, 41, null, null), webhook);
        assertThrows(UnsupportedOperationException.class, () -> webhook.events().add(EventType.WEBHOOK_TEST));
    }

    @Test
    void aBlankDescriptionIsNone() {
        assertNull(Webhook.create(ID, URL, STOCK, "  ", T0, 0).description());
        assertNull(Webhook.create(ID, URL, STOCK, null, T0, 0).description());
        assertNull(created().withDescription("").description());
        assertEquals("till feed", created().withDescription("till feed").description());
    }

    @Test
    void aDescriptionIsAtMost200CharactersWithoutControlCharacters() {
        assertEquals(200, Webhook.create(ID, URL, STOCK, "d".repeat(200), T0, 0).description().length());
        assertAll(
                () -> assertEquals(DESCRIPTION_RULE, assertThrows(InvalidWebhookRequestException.class,
                        () -> Webhook.create(ID, URL, STOCK, "d".repeat(201), T0, 0)).getMessage()),
                () -> assertEquals(DESCRIPTION_RULE, assertThrows(InvalidWebhookRequestException.class,
                        () -> created().withDescription("line\nbreak")).getMessage()),
                () -> assertEquals(DESCRIPTION_RULE, assertThrows(InvalidWebhookRequestException.class,
                        () -> Webhook.checkDescription("\u0000")).getMessage()),
                () -> assertThrows(InvalidWebhookRequestException.class,
                        () -> new Webhook(ID, URL, STOCK, " ", true, null, T0, 0, null, null)));
        Webhook.checkDescription(null);
        Webhook.checkDescription("");
    }

    @Test
    void aWebhookSubscribesToAtLeastOneSubscribableType() {
        String rule = "events must name at least one event type, and only these: inventory.count.updated";

        assertEquals(rule, assertThrows(InvalidWebhookRequestException.class,
                () -> Webhook.create(ID, URL, Set.of(), null, T0, 0)).getMessage());
        assertEquals(rule, assertThrows(InvalidWebhookRequestException.class,
                () -> Webhook.create(ID, URL, null, null, T0, 0)).getMessage());
        assertEquals(rule, assertThrows(InvalidWebhookRequestException.class,
                () -> created().withEvents(EnumSet.allOf(EventType.class))).getMessage());
        Set<EventType> withNull = new HashSet<>();
        withNull.add(null);
        assertEquals(rule, assertThrows(InvalidWebhookRequestException.class,
                () -> created().withEvents(withNull)).getMessage());
    }

    @Test
    void theCursorIsAChangeIdOrZero() {
        assertEquals(0, Webhook.create(ID, URL, STOCK, null, T0, 0).cursor());
        assertEquals("a webhook's cursor is a change id, 0 or more, got -1", assertThrows(
                InvalidWebhookRequestException.class, () -> Webhook.create(ID, URL, STOCK, null, T0, -1)).getMessage());
    }

    @Test
    void onlyADisabledWebhookHasAReason() {
        Webhook disabled = created().disable("receiver answered 410 Gone");

        assertFalse(disabled.enabled());
        assertEquals("receiver answered 410 Gone", disabled.disabledReason());
        assertSame(disabled, disabled.disable("another reason"), "the first reason stays");
        assertNull(created().disable(null).disabledReason(), "an administrator disables without a reason");
        assertEquals(created(), disabled.enable());
        Webhook enabled = created();
        assertSame(enabled, enabled.enable(), "enabling an enabled webhook changes nothing");
        assertAll(
                () -> assertThrows(InvalidWebhookRequestException.class,
                        () -> new Webhook(ID, URL, STOCK, null, true, "gone", T0, 0, null, null)),
                () -> assertThrows(InvalidWebhookRequestException.class,
                        () -> new Webhook(ID, URL, STOCK, null, false, " ", T0, 0, null, null)),
                () -> assertEquals("a reason for disabling is 1 to 200 characters, and only a disabled webhook has one",
                        assertThrows(InvalidWebhookRequestException.class,
                                () -> created().disable("r".repeat(201))).getMessage()));
    }

    @Test
    void aLastFailureHasATimeAndASummary() {
        Webhook failed = new Webhook(ID, URL, STOCK, null, true, null, T0, 0, T0.plusSeconds(5), "503");

        assertEquals("503", failed.lastFailure());
        assertEquals("a webhook's last failure has a time and a summary, or neither", assertThrows(
                InvalidWebhookRequestException.class,
                () -> new Webhook(ID, URL, STOCK, null, true, null, T0, 0, T0, null)).getMessage());
        assertThrows(InvalidWebhookRequestException.class,
                () -> new Webhook(ID, URL, STOCK, null, true, null, T0, 0, null, "timeout"));
    }

    @Test
    void aNewUrlOrEnablingOrDisablingRedirectsOtherChangesDoNot() {
        Webhook before = created();

        assertTrue(before.withUrl(WebhookUrl.parse("https://other.example.com/")).redirects(before));
        assertTrue(before.disable(null).redirects(before));
        assertTrue(before.disable(null).enable().redirects(before.disable(null)));
        assertFalse(before.withDescription("other").redirects(before));
        assertFalse(before.withEvents(STOCK).redirects(before));
        assertFalse(before.withUrl(WebhookUrl.parse("https://hooks.example.com/stock")).redirects(before));
    }

    @Test
    void withersChangeOnlyTheirPart() {
        WebhookUrl other = WebhookUrl.parse("https://other.example.com/");
        Webhook before = new Webhook(ID, URL, STOCK, "d", false, "gone", T0, 7, T0, "410");

        assertEquals(new Webhook(ID, other, STOCK, "d", false, "gone", T0, 7, T0, "410"), before.withUrl(other));
        assertEquals(new Webhook(ID, URL, STOCK, "e", false, "gone", T0, 7, T0, "410"), before.withDescription("e"));
        assertEquals(new Webhook(ID, URL, STOCK, "d", true, null, T0, 7, T0, "410"), before.enable());
    }
}
