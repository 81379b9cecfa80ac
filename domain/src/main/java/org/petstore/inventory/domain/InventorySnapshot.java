package org.petstore.inventory.domain;

import java.util.Objects;
import java.util.stream.Stream;

/**
 * The whole inventory as it was at one moment: its {@link InventoryVersion}, known before the first entry is read,
 * and exactly the entries it describes, in ascending {@code petId} order, read from the store as the stream is
 * consumed (one read of the store). The holder must close it, read to the end or not, to release what the read holds
 * in the store (a database cursor and its connection); closing is idempotent and may happen on any thread, also
 * while another reads; the stream and its iterator are for one thread at a time.
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
