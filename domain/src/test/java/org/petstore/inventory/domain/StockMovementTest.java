package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class StockMovementTest {

    private static final PetId PET = PetId.of(4);
    private static final ChangeOrigin ORIGIN = ChangeOrigin.api(null, null, ChangeReason.LOSS);

    @Test
    void aDeltaIsANonZeroIntegerWithinTheLargestCountEitherWay() {
        assertEquals(-2147483647, StockDelta.of(-2147483647L).value());
        assertEquals(2147483647, StockDelta.of(2147483647L).value());
        assertEquals("+3", StockDelta.of(3).toString());
        assertEquals("-1", StockDelta.of(-1).toString());
        for (long invalid : new long[] {0, -2147483648L, 2147483648L, Long.MIN_VALUE}) {
            InvalidStockChangeException refused = assertThrows(InvalidStockChangeException.class,
                    () -> StockDelta.of(invalid));
            assertEquals("delta must be a non-zero integer from -2147483647 to 2147483647, got " + invalid,
                    refused.getMessage());
        }
    }

    @Test
    void aDeltaMovesTheCountWithinItsRangeOnly() {
        StockMovement sale = new StockMovement.AdjustBy(StockDelta.of(-3));
        assertEquals(Quantity.of(0), sale.applyTo(PET, Quantity.of(3)));
        InsufficientStockException insufficient = assertThrows(InsufficientStockException.class,
                () -> sale.applyTo(PET, Quantity.of(2)));
        assertEquals(Quantity.of(2), insufficient.count());
        assertEquals("Pet 4 has 2 in stock: a delta of -3 would leave -1; nothing was changed",
                insufficient.getMessage());

        StockMovement arrival = new StockMovement.AdjustBy(StockDelta.of(StockDelta.MAX));
        assertEquals(Quantity.of(Quantity.MAX), arrival.applyTo(PET, Quantity.of(0)));
        assertThrows(QuantityLimitExceededException.class, () -> arrival.applyTo(PET, Quantity.of(1)));
    }

    @Test
    void aChangeThatKeepsTheCountLeavesTheEntryAsItIs() {
        InventoryEntry entry = new InventoryEntry(PET, Quantity.of(5), PetStatus.PENDING);

        assertSame(entry, new EntryChange(PET, new StockMovement.SetTo(Quantity.of(5)), ORIGIN).applyTo(entry));
        assertEquals(entry.withQuantity(Quantity.of(6)),
                new EntryChange(PET, new StockMovement.AdjustBy(StockDelta.of(1)), ORIGIN).applyTo(entry));
        assertThrows(StaleInventoryEntryException.class, () -> new EntryChange(PET,
                new StockMovement.SetTo(Quantity.of(1)), ExpectedVersions.oneOf(EntryVersion.of(2)), ORIGIN)
                .applyTo(entry));
    }

    @Test
    void anIdempotencyKeyHasOneTo255Characters() {
        assertEquals("k".repeat(255), new IdempotentRequest("key", "k".repeat(255), "f").key());
        assertThrows(InvalidIdempotencyKeyException.class, () -> new IdempotentRequest("key", "", "f"));
        assertThrows(InvalidIdempotencyKeyException.class, () -> new IdempotentRequest("key", "k".repeat(256), "f"));
    }
}
