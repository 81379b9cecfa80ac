package org.petstore.inventory.application.port.inbound;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * What to change of a webhook; an empty member is left as it is, and at least one member is given. The values given
 * are checked here as {@link CreateWebhookCommand} checks them (an {@link InvalidWebhookRequestException} naming the
 * fix); a blank description removes the description.
 *
 * @param url         another receiver URL; its host is resolved and checked again by the use case
 * @param events      other event types, by wire name
 * @param description another description; blank: none
 * @param enabled     false stops deliveries; true resumes them from the cursor, with the pending delivery's attempts
 *                    counted afresh
 */
public record UpdateWebhookCommand(Optional<String> url, Optional<List<String>> events,
                                   Optional<String> description, Optional<Boolean> enabled) {

    public UpdateWebhookCommand {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(enabled, "enabled");
        if (url.isEmpty() && events.isEmpty() && description.isEmpty() && enabled.isEmpty()) {
            throw new InvalidWebhookRequestException("name at least one of url, events, description and enabled "
                    + "to change");
        }
        url.ifPresent(WebhookUrl::parse);
        events.ifPresent(EventType::subscribable);
        description.ifPresent(Webhook::checkDescription);
        events = events.map(List::copyOf);
    }

    /** The new URL, parsed, when one is given. */
    public Optional<WebhookUrl> webhookUrl() {
        return url.map(WebhookUrl::parse);
    }

    /** The new event types, when given. */
    public Optional<Set<EventType>> eventTypes() {
        return events.map(EventType::subscribable);
    }
}
