package org.petstore.inventory.domain;

import java.util.Objects;
import java.util.stream.Stream;

/**
 * The whole inventory as it was at one moment: its {@link InventoryVersion}, known before the first entry is read,
 * and its entries in ascending {@code petId} order, read from the store as the stream is consumed. The version
 * describes exactly the entries of the stream: both come from one read of the store.
 *
 * <p>The holder must close it (try-with-resources), whether it read the entries to the end or not: closing releases
 * what the read holds in the store (a database cursor and its connection). Closing is idempotent and may happen on
 * any thread; the stream and its iterator are for one thread at a time.
 */
public record InventorySnapshot(InventoryVersion version, Stream<InventoryEntry> items) implements AutoCloseable {

    public InventorySnapshot {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(items, "items");
    }

    @Override
    public void close() {
        items.close();
    }
}
