package org.petstore.inventory.domain;

/**
 * The version of the inventory as a whole: how many entries it holds, the sum of their {@link EntryVersion}s, and how
 * many entries were ever removed from it. Two lists with the same inventory version hold the same entries: a change
 * moves an entry's version (the sum grows), an addition raises the count, a removal raises the removal count, which
 * never goes down (without it, removing one entry and adding another at the same version would bring the count and
 * the sum back while the list changed). Every inventory without entries has the same list, and so the same version,
 * {@link #EMPTY}, whatever was removed before: its removal count is always 0.
 */
public record InventoryVersion(long entries, long versionSum, long removals) {

    /** The version of an inventory without entries. */
    public static final InventoryVersion EMPTY = new InventoryVersion(0, 0, 0);

    public InventoryVersion {
        if (entries < 0) {
            throw new InvalidVersionException("An inventory holds at least 0 entries, got " + entries);
        }
        if (versionSum < entries) {
            throw new InvalidVersionException("The versions of " + entries + " entries add up to at least "
                    + entries + ", got " + versionSum);
        }
        if (removals < 0) {
            throw new InvalidVersionException("At least 0 entries were removed from an inventory, got " + removals);
        }
        if (entries == 0) {
            removals = 0;
        }
    }

    /** The inventory version of exactly these entries, in an inventory from which nothing was ever removed. */
    public static InventoryVersion of(Iterable<InventoryEntry> entries) {
        return of(entries, 0);
    }

    /** The inventory version of exactly these entries, after {@code removals} entries were removed. */
    public static InventoryVersion of(Iterable<InventoryEntry> entries, long removals) {
        long count = 0;
        long sum = 0;
        for (InventoryEntry entry : entries) {
            count++;
            sum = Math.addExact(sum, entry.version().value());
        }
        return new InventoryVersion(count, sum, removals);
    }
}
