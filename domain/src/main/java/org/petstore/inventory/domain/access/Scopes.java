package org.petstore.inventory.domain.access;

import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The scopes a key holds, as granted (a key granted {@code inventory:write} lists only that; it still may read).
 * Never empty: a key that may do nothing is a mistake.
 */
public record Scopes(Set<Scope> granted) {

    /** What a key in {@code PETSTORE_API_KEYS} holds. */
    public static final Scopes ALL = new Scopes(EnumSet.allOf(Scope.class));

    public Scopes {
        if (granted == null || granted.isEmpty()) {
            throw new InvalidKeyRequestException("scopes must name at least one scope: " + Scope.choices());
        }
        granted = Set.copyOf(EnumSet.copyOf(granted));
    }

    public static Scopes of(Scope... scopes) {
        return new Scopes(Set.of(scopes));
    }

    /** Scopes by their wire names; an unknown or repeated name is refused, with the choices. */
    public static Scopes parse(Collection<String> wireNames) {
        EnumSet<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String name : wireNames == null ? List.<String>of() : wireNames) {
            Scope scope = Scope.ofWireName(name).orElseThrow(() -> new InvalidKeyRequestException(
                    "scopes: " + InvalidKeyRequestException.quoted(String.valueOf(name)) + " is not a scope; the scopes "
                            + "are " + Scope.choices()));
            if (!scopes.add(scope)) {
                throw new InvalidKeyRequestException("scopes: " + InvalidKeyRequestException.quoted(name)
                        + " is named twice");
            }
        }
        return new Scopes(scopes);
    }

    /** Whether one of the granted scopes grants {@code needed}. */
    public boolean allow(Scope needed) {
        return granted.stream().anyMatch(scope -> scope.grants(needed));
    }

    /** Whether these scopes allow everything {@code other} grants: a key may only hand on what it holds. */
    public boolean cover(Scopes other) {
        return other.granted.stream().allMatch(this::allow);
    }

    /** The granted scopes' wire names in the enum's order. */
    public List<String> wireNames() {
        return EnumSet.copyOf(granted).stream().map(Scope::wireName).toList();
    }

    @Override
    public String toString() {
        return String.join(",", wireNames());
    }
}
