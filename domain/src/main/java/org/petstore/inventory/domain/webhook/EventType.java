package org.petstore.inventory.domain.webhook;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a delivery tells, by its wire name (the body's {@code type}). Only {@link #subscribable()} types can be
 * subscribed to; {@link #WEBHOOK_TEST} is sent only when a test is asked for.
 */
public enum EventType {
    /** Stock counts changed: 1 to 100 records of the stock ledger, in ledger order. */
    INVENTORY_COUNT_UPDATED("inventory.count.updated", true),
    /** A test delivery, asked for by the webhook's administrator; never subscribed to. */
    WEBHOOK_TEST("webhook.test", false);

    private final String wireName;
    private final boolean subscribable;

    EventType(String wireName, boolean subscribable) {
        this.wireName = wireName;
        this.subscribable = subscribable;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<EventType> ofWireName(String wireName) {
        return Arrays.stream(values()).filter(type -> type.wireName.equals(wireName)).findFirst();
    }

    /** The types a webhook may subscribe to, in this enum's order. */
    public static Set<EventType> subscribable() {
        return Collections.unmodifiableSet(Arrays.stream(values()).filter(type -> type.subscribable)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(EventType.class))));
    }

    /** The wire names of the subscribable types, comma-separated, for a message that lists the choices. */
    public static String choices() {
        return subscribable().stream().map(EventType::wireName).collect(Collectors.joining(", "));
    }

    /**
     * The types a webhook subscribes to, by their wire names (exact, case-sensitive). At least one; an unknown,
     * unsubscribable or repeated name is refused, with the choices. The set iterates in this enum's order.
     */
    public static Set<EventType> subscribable(Collection<String> wireNames) {
        if (wireNames == null || wireNames.isEmpty()) {
            throw new InvalidWebhookRequestException("events must name at least one event type: " + choices());
        }
        EnumSet<EventType> types = EnumSet.noneOf(EventType.class);
        for (String name : wireNames) {
            EventType type = ofWireName(name).orElseThrow(() -> new InvalidWebhookRequestException("events: "
                    + InvalidWebhookRequestException.quoted(name) + " is not an event type; the event types are "
                    + choices()));
            if (!type.subscribable) {
                throw new InvalidWebhookRequestException("events: " + InvalidWebhookRequestException.quoted(name)
                        + " cannot be subscribed to, it is sent only when a test is asked for; the event types are "
                        + choices());
            }
            if (!types.add(type)) {
                throw new InvalidWebhookRequestException("events: " + InvalidWebhookRequestException.quoted(name)
                        + " is named twice");
            }
        }
        return Collections.unmodifiableSet(types);
    }

    @Override
    public String toString() {
        return wireName;
    }
}
