package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
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
        InventoryEntry three = new InventoryEntry(PET, Quantity.of(3), PetStatus.AVAILABLE);
        EntryChange sale = new EntryChange(PET, new StockMovement.AdjustBy(StockDelta.of(-3)), ORIGIN);
        assertEquals(new ChangeDecision.Changed(three, three.withQuantity(Quantity.of(0))),
                sale.decide(Optional.of(three)));
        InventoryEntry two = three.withQuantity(Quantity.of(2));
        ChangeDecision insufficient = sale.decide(Optional.of(two));
        assertEquals(new ChangeDecision.InsufficientStock(PET, Quantity.of(2), StockDelta.of(-3)), insufficient);
        assertEquals("Pet 4 has 2 in stock: a delta of -3 would leave -1; nothing was changed",
                ((ChangeDecision.Refusal) insufficient).exception().getMessage());
        assertEquals(InsufficientStockException.class,
                ((ChangeDecision.Refusal) insufficient).exception().getClass());

        EntryChange arrival = new EntryChange(PET, new StockMovement.AdjustBy(StockDelta.of(StockDelta.MAX)), ORIGIN);
        InventoryEntry none = three.withQuantity(Quantity.of(0));
        assertEquals(new ChangeDecision.Changed(none, none.withQuantity(Quantity.of(Quantity.MAX))),
                arrival.decide(Optional.of(none)));
        InventoryEntry one = three.withQuantity(Quantity.of(1));
        ChangeDecision exceeded = arrival.decide(Optional.of(one));
        assertEquals(new ChangeDecision.LimitExceeded(PET, Quantity.of(1), StockDelta.of(StockDelta.MAX)), exceeded);
        assertEquals(QuantityLimitExceededException.class, ((ChangeDecision.Refusal) exceeded).exception().getClass());
        assertEquals("Pet 4 has 1 in stock: a delta of +2147483647 would exceed the largest count, 2147483647; "
                + "nothing was changed", ((ChangeDecision.Refusal) exceeded).exception().getMessage());
    }

    @Test
    void aChangeThatKeepsTheCountLeavesTheEntryAsItIs() {
        InventoryEntry entry = new InventoryEntry(PET, Quantity.of(5), PetStatus.PENDING);

        assertEquals(new ChangeDecision.Unchanged(entry),
                new EntryChange(PET, new StockMovement.SetTo(Quantity.of(5)), ORIGIN).decide(Optional.of(entry)));
        assertEquals(new ChangeDecision.Changed(entry, entry.withQuantity(Quantity.of(6))),
                new EntryChange(PET, new StockMovement.AdjustBy(StockDelta.of(1)), ORIGIN)
                        .decide(Optional.of(entry)));
    }

    @Test
    void aChangeOfAnEntryAtAnotherVersionIsStaleAndOfNoEntryNotFound() {
        InventoryEntry entry = new InventoryEntry(PET, Quantity.of(5), PetStatus.PENDING);
        EntryChange conditional = new EntryChange(PET, new StockMovement.SetTo(Quantity.of(1)),
                ExpectedVersions.oneOf(EntryVersion.of(2)), ORIGIN);

        assertEquals(new ChangeDecision.Stale(PET), conditional.decide(Optional.of(entry)));
        assertEquals(StaleInventoryEntryException.class, new ChangeDecision.Stale(PET).exception().getClass());
        assertEquals(new ChangeDecision.NotFound(PET), conditional.decide(Optional.empty()));
        assertEquals("No inventory entry for pet 4", new ChangeDecision.NotFound(PET).exception().getMessage());
        assertEquals(new ChangeDecision.Unchanged(entry), new EntryChange(PET, new StockMovement.SetTo(
                Quantity.of(5)), ExpectedVersions.any(), ORIGIN).decide(Optional.of(entry)));
    }

    @Test
    void changesMadeAllOrNothingAreDecidedInOrderUpToTheFirstRefusal() {
        InventoryEntry four = new InventoryEntry(PET, Quantity.of(5), PetStatus.PENDING);
        PetId other = PetId.of(7);
        EntryChange setFour = new EntryChange(PET, new StockMovement.SetTo(Quantity.of(1)), ORIGIN);
        EntryChange sellSeven = new EntryChange(other, new StockMovement.AdjustBy(StockDelta.of(-1)), ORIGIN);
        EntryChange setEight = new EntryChange(PetId.of(8), new StockMovement.SetTo(Quantity.of(1)), ORIGIN);

        List<ChangeDecision> decisions = EntryChange.decideAll(List.of(setFour, sellSeven, setEight),
                pet -> pet.equals(PET) ? Optional.of(four) : Optional.empty());

        assertEquals(List.of(new ChangeDecision.Changed(four, four.withQuantity(Quantity.of(1))),
                new ChangeDecision.NotFound(other)), decisions);
    }

    @Test
    void anIdempotencyKeyHasOneTo255Characters() {
        assertEquals("k".repeat(255), new IdempotentRequest("key", "k".repeat(255), "f").key());
        assertThrows(InvalidIdempotencyKeyException.class, () -> new IdempotentRequest("key", "", "f"));
        assertThrows(InvalidIdempotencyKeyException.class, () -> new IdempotentRequest("key", "k".repeat(256), "f"));
    }
}
