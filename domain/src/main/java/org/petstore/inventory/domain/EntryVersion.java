package org.petstore.inventory.domain;

/**
 * The version of one inventory entry: 1 when the entry is created, one more with every change of it (its quantity,
 * or its pet's status). Versions of an entry only grow, so two reads of an entry with the same version saw the same
 * entry.
 */
public record EntryVersion(long value) implements Comparable<EntryVersion> {

    public static final long MIN = 1;

    /** The version of an entry that was never changed. */
    public static final EntryVersion FIRST = new EntryVersion(MIN);

    public EntryVersion {
        if (value < MIN) {
            throw new InvalidVersionException("An entry version is at least " + MIN + ", got " + value);
        }
    }

    public static EntryVersion of(long value) {
        return new EntryVersion(value);
    }

    /** The version an entry has after one more change. */
    public EntryVersion next() {
        return new EntryVersion(Math.addExact(value, 1));
    }

    @Override
    public int compareTo(EntryVersion other) {
        return Long.compare(value, other.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
