package org.petstore.inventory.domain.access;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a key may do. {@link #INVENTORY_WRITE} includes {@link #INVENTORY_READ}; {@link #KEYS_ADMIN} and
 * {@link #WEBHOOKS_ADMIN} include nothing else. The wire name is what clients write, in the key API and in
 * {@code WWW-Authenticate}.
 */
public enum Scope {
    /** Reading the store: the list, an entry, the history, the feed, pets and orders, the metrics. */
    INVENTORY_READ("inventory:read"),
    /** Changing stock: {@code PATCH}, the adjustments and the batch; includes {@link #INVENTORY_READ}. */
    INVENTORY_WRITE("inventory:write"),
    /** The key API; includes nothing else. */
    KEYS_ADMIN("keys:admin"),
    /** Webhook subscriptions: created, changed, rotated, replayed, tested, and their log; includes nothing else. */
    WEBHOOKS_ADMIN("webhooks:admin");

    private final String wireName;

    Scope(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** Whether holding this scope grants {@code needed}. */
    public boolean grants(Scope needed) {
        return this == needed || (this == INVENTORY_WRITE && needed == INVENTORY_READ);
    }

    public static Optional<Scope> ofWireName(String wireName) {
        return Arrays.stream(values()).filter(scope -> scope.wireName.equals(wireName)).findFirst();
    }

    /** Every wire name, comma-separated, for a message that lists the choices. */
    public static String choices() {
        return Arrays.stream(values()).map(Scope::wireName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
