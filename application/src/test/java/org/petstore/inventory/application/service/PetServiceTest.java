package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InMemoryPetRepository;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetNotFoundException;
import org.petstore.inventory.domain.PetStatus;

class PetServiceTest {

    private static final Pet REX = new Pet(PetId.of(1), "Rex", PetStatus.AVAILABLE);

    private final InMemoryPetRepository pets = new InMemoryPetRepository();
    private final PetService service = new PetService(pets);

    @BeforeEach
    void storePets() {
        pets.store(REX);
    }

    @Test
    void findsAPetById() {
        assertEquals(REX, service.findPet(PetId.of(1)));
    }

    @Test
    void anUnknownPetIsNotFound() {
        var error = assertThrows(PetNotFoundException.class, () -> service.findPet(PetId.of(2)));

        assertEquals("No pet with id 2", error.getMessage());
        assertEquals(PetId.of(2), error.petId());
    }
}
