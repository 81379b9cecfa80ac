package org.petstore.inventory.application.port.inbound;

import java.util.List;
import java.util.Set;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * A webhook to create, as the client gave it. Checked here, before anything is resolved or stored: the URL is an
 * absolute {@code https://} or {@code http://} URL without user information or fragment ({@link WebhookUrl#parse}),
 * {@code events} names at least one subscribable event type, each once ({@code EventType.subscribable}), and the
 * description, when given, is at most 200 characters without control characters (blank: none). Each mistake
 * is an {@link InvalidWebhookRequestException} that names the fix. Where the URL's host leads is checked by the use
 * case, which resolves it.
 *
 * @param url         the receiver's URL
 * @param events      the event types' wire names, e.g. {@code ["inventory.count.updated"]}
 * @param description what the webhook is for; null: none
 */
public record CreateWebhookCommand(String url, List<String> events, String description) {

    public CreateWebhookCommand {
        WebhookUrl.parse(url);
        EventType.subscribable(events);
        Webhook.checkDescription(description);
        events = List.copyOf(events);
    }

    /** The URL, parsed. */
    public WebhookUrl webhookUrl() {
        return WebhookUrl.parse(url);
    }

    /** The event types, in their enum's order. */
    public Set<EventType> eventTypes() {
        return EventType.subscribable(events);
    }
}
