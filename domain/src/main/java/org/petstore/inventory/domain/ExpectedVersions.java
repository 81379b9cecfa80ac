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

    /** No condition on the version: any existing entry may change. */
    static ExpectedVersions any() {
        return Any.INSTANCE;
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

    /** Any existing entry, whatever its version. */
    enum Any implements ExpectedVersions {
        INSTANCE;

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
