package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class InventorySnapshotTest {

    @Test
    void closingTheSnapshotClosesItsEntries() {
        AtomicInteger closed = new AtomicInteger();
        var snapshot = new InventorySnapshot(InventoryVersion.EMPTY, Stream.<InventoryEntry>empty()
                .onClose(closed::incrementAndGet));

        snapshot.close();

        assertEquals(1, closed.get());
    }

    @Test
    void bothPartsAreRequired() {
        assertThrows(NullPointerException.class, () -> new InventorySnapshot(null, Stream.empty()));
        assertThrows(NullPointerException.class, () -> new InventorySnapshot(InventoryVersion.EMPTY, null));
    }
}
