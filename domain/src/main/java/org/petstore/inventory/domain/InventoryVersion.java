package org.petstore.inventory.domain;

/**
 * The version of the inventory as a whole: how many entries it holds and the sum of their {@link EntryVersion}s.
 * It changes whenever an entry changes (its version grows, so the sum grows) or is added (the count grows), so two
 * lists with the same inventory version hold the same entries.
 *
 * <p>This holds as long as entries are never removed, as today: no operation removes one. Removing an entry and
 * adding another could bring both numbers back to earlier values, so a future removal must come with a validator
 * that also counts removals (for example a generation number of the table).
 */
public record InventoryVersion(long entries, long versionSum) {

    /** The version of an inventory without entries. */
    public static final InventoryVersion EMPTY = new InventoryVersion(0, 0);

    public InventoryVersion {
        if (entries < 0) {
            throw new InvalidVersionException("An inventory holds at least 0 entries, got " + entries);
        }
        if (versionSum < entries) {
            throw new InvalidVersionException("The versions of " + entries + " entries add up to at least "
                    + entries + ", got " + versionSum);
        }
    }

    /** The inventory version of exactly these entries. */
    public static InventoryVersion of(Iterable<InventoryItem> entries) {
        long count = 0;
        long sum = 0;
        for (InventoryItem entry : entries) {
            count++;
            sum = Math.addExact(sum, entry.version().value());
        }
        return new InventoryVersion(count, sum);
    }
}
