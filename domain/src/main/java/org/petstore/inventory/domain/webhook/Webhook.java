package org.petstore.inventory.domain.webhook;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A subscription: where deliveries go, what they tell, and how far the receiver has acknowledged the stock ledger.
 * Never its secret ({@link SigningSecrets} are kept apart and never shown after creation or rotation).
 *
 * @param id             made at creation
 * @param url            where deliveries are sent
 * @param events         the subscribed types: at least one, each {@link EventType#subscribable() subscribable}
 * @param description    what the webhook is for, for people: null (none) or 1 to {@value #MAX_DESCRIPTION}
 *                       characters, not blank, without control characters
 * @param enabled        whether deliveries are sent
 * @param disabledReason why deliveries stopped when the service stopped them ({@code receiver answered 410 Gone},
 *                       {@code retries exhausted ...}); null while enabled, and when an administrator disabled it
 * @param createdAt      when it was created
 * @param cursor         the ledger's last {@code changeId} the receiver acknowledged (0: before the first); the next
 *                       delivery starts after it
 * @param lastFailureAt  when the last attempt failed, null since the last success (or when none failed)
 * @param lastFailure    that attempt's {@link AttemptResult#summary()} ({@code 503}, {@code timeout}); null exactly
 *                       when {@code lastFailureAt} is
 */
public record Webhook(WebhookId id, WebhookUrl url, Set<EventType> events, String description, boolean enabled,
                      String disabledReason, Instant createdAt, long cursor, Instant lastFailureAt,
                      String lastFailure) {

    public static final int MAX_DESCRIPTION = 200;
    public static final int MAX_REASON = 200;

    public Webhook {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(createdAt, "createdAt");
        if (events == null || events.isEmpty() || !EventType.subscribable().containsAll(events)) {
            throw new InvalidWebhookRequestException("events must name at least one event type, and only these: "
                    + EventType.choices());
        }
        events = Collections.unmodifiableSet(EnumSet.copyOf(events));
        checkDescription(description);
        if (description != null && description.isBlank()) {
            throw new InvalidWebhookRequestException("a webhook's description is null or not blank; a blank one is "
                    + "none (Webhook.create and withDescription make it null)");
        }
        if (disabledReason != null && (enabled || disabledReason.isBlank() || disabledReason.length() > MAX_REASON)) {
            throw new InvalidWebhookRequestException("a reason for disabling is 1 to " + MAX_REASON
                    + " characters, and only a disabled webhook has one");
        }
        if (cursor < 0) {
            throw new InvalidWebhookRequestException("a webhook's cursor is a change id, 0 or more, got " + cursor);
        }
        if ((lastFailureAt == null) != (lastFailure == null)) {
            throw new InvalidWebhookRequestException("a webhook's last failure has a time and a summary, or neither");
        }
    }

    /**
     * A new, enabled webhook that has seen no failure; it is delivered the changes after {@code cursor} (the newest
     * change when it is created). A blank description is none.
     */
    public static Webhook create(WebhookId id, WebhookUrl url, Set<EventType> events, String description,
                                 Instant now, long cursor) {
        return new Webhook(id, url, events, blankAsNone(description), true, null, now, cursor, null, null);
    }

    /**
     * Checks a description as a client gives it: null or blank (none), or at most {@value #MAX_DESCRIPTION}
     * characters without control characters.
     */
    public static void checkDescription(String description) {
        if (description != null && (description.length() > MAX_DESCRIPTION
                || description.chars().anyMatch(Character::isISOControl))) {
            throw new InvalidWebhookRequestException("description must be at most " + MAX_DESCRIPTION
                    + " characters without control characters; say what the webhook is for, e.g. \"stock to the "
                    + "web shop\"");
        }
    }

    public Webhook withUrl(WebhookUrl newUrl) {
        return new Webhook(id, newUrl, events, description, enabled, disabledReason, createdAt, cursor, lastFailureAt,
                lastFailure);
    }

    public Webhook withEvents(Set<EventType> newEvents) {
        return new Webhook(id, url, newEvents, description, enabled, disabledReason, createdAt, cursor, lastFailureAt,
                lastFailure);
    }

    /** This webhook with another description; a blank one (or null) removes it. */
    public Webhook withDescription(String newDescription) {
        return new Webhook(id, url, events, blankAsNone(newDescription), enabled, disabledReason, createdAt, cursor,
                lastFailureAt, lastFailure);
    }

    /** Enabled again (the reason it was disabled goes); unchanged when enabled. */
    public Webhook enable() {
        return enabled ? this : new Webhook(id, url, events, description, true, null, createdAt, cursor,
                lastFailureAt, lastFailure);
    }

    /**
     * Disabled, with the reason when the service disables it (null when an administrator does); a disabled webhook
     * keeps its reason.
     */
    public Webhook disable(String reason) {
        return enabled ? new Webhook(id, url, events, description, false, reason, createdAt, cursor, lastFailureAt,
                lastFailure) : this;
    }

    /**
     * Whether this webhook, changed from {@code before}, sends elsewhere or stops or starts sending: its URL or its
     * being enabled differs. Such a change takes the webhook from the instance delivering it (the store moves its
     * fence), so that no delivery goes on to the old URL.
     */
    public boolean redirects(Webhook before) {
        return !url.equals(before.url) || enabled != before.enabled;
    }

    private static String blankAsNone(String description) {
        return description == null || description.isBlank() ? null : description;
    }
}
