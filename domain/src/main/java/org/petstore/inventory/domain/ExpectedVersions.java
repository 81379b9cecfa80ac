package org.petstore.inventory.domain;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The condition a change of an inventory entry is made on: that the entry, as the store holds it at the moment of the
 * change, is at one of the versions the caller saw. The change and the check are one atomic step.
 */
public sealed interface ExpectedVersions {

    /** No condition at all: the caller named no version ({@link #isCondition()} is false). */
    static ExpectedVersions unconditional() {
        return Any.UNCONDITIONAL;
    }

    /** The condition that the entry exists, at any version ({@code If-Match: *}). */
    static ExpectedVersions any() {
        return Any.ANY_VERSION;
    }

    /** The entry must be at one of these versions. With none given, no version matches and nothing may change. */
    static ExpectedVersions oneOf(Collection<EntryVersion> versions) {
        return new OneOf(Set.copyOf(versions));
    }

    static ExpectedVersions oneOf(EntryVersion... versions) {
        return oneOf(List.of(versions));
    }

    /** Whether an entry at this version may change. */
    boolean allow(EntryVersion current);

    /** Whether the caller named the versions it accepts (any version included), rather than none at all. */
    default boolean isCondition() {
        return this != Any.UNCONDITIONAL;
    }

    /** Any existing entry, whatever its version: without a condition, or on the condition of any version. */
    enum Any implements ExpectedVersions {
        UNCONDITIONAL,
        ANY_VERSION;

        @Override
        public boolean allow(EntryVersion current) {
            Objects.requireNonNull(current, "current");
            return true;
        }
    }

    /** One of these versions; an empty set allows none. */
    record OneOf(Set<EntryVersion> versions) implements ExpectedVersions {

        public OneOf {
            versions = Set.copyOf(versions);
        }

        @Override
        public boolean allow(EntryVersion current) {
            return versions.contains(Objects.requireNonNull(current, "current"));
        }
    }
}
