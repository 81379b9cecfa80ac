package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;

/**
 * What every {@link PetRepository} must do. Each backend's test extends this class and says how to reach its
 * repository and how to put pets in place; the in-memory fake passes it too.
 */
public abstract class PetRepositoryContract {

    protected static final Pet REX = new Pet(PetId.of(1), "Rex", PetStatus.AVAILABLE);
    protected static final Pet GOLDIE = new Pet(PetId.of(3), "Goldie", PetStatus.SOLD);
    protected static final Pet THUMPER = new Pet(PetId.of(5), "Thumper", PetStatus.PENDING);

    /** The repository under test. */
    protected abstract PetRepository repository();

    /** Removes every pet, then stores exactly the given ones. */
    protected abstract void givenOnly(List<Pet> pets);

    @BeforeEach
    void storeFixture() {
        givenOnly(List.of(THUMPER, REX, GOLDIE));
    }

    @Test
    void findByIdReturnsThePet() {
        assertEquals(Optional.of(new Pet(PetId.of(5), "Thumper", PetStatus.PENDING)),
                repository().findById(PetId.of(5)));
    }

    @Test
    void findByIdOfAnUnknownPetIsEmpty() {
        assertEquals(Optional.empty(), repository().findById(PetId.of(13)));
        assertEquals(Optional.empty(), repository().findById(PetId.of(Long.MAX_VALUE)));
    }

    @Test
    void everyStatusIsKept() {
        assertEquals(Optional.of(REX), repository().findById(PetId.of(1)));
        assertEquals(Optional.of(GOLDIE), repository().findById(PetId.of(3)));
        assertEquals(Optional.of(THUMPER), repository().findById(PetId.of(5)));
    }

    @Test
    void namesAreKeptExactly() {
        Pet longest = new Pet(PetId.of(Long.MAX_VALUE), "x".repeat(Pet.MAX_NAME_LENGTH), PetStatus.AVAILABLE);
        Pet accented = new Pet(PetId.of(20), "Señor Ñandú", PetStatus.PENDING);
        Pet spaced = new Pet(PetId.of(21), " Mr. Whiskers ", PetStatus.SOLD);
        givenOnly(List.of(longest, accented, spaced));

        assertEquals(Optional.of(longest), repository().findById(longest.id()));
        assertEquals(Optional.of(accented), repository().findById(accented.id()));
        assertEquals(Optional.of(spaced), repository().findById(spaced.id()));
    }

    @Test
    void anEmptyStoreHasNoPets() {
        givenOnly(List.of());
        assertEquals(Optional.empty(), repository().findById(PetId.of(5)));
    }
}
