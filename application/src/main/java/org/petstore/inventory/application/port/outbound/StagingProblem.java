package org.petstore.inventory.application.port.outbound;

import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.PetId;

/** A problem of the rows staged by a {@link StoreLoad}, with the line numbers they were staged with. */
public sealed interface StagingProblem {

    /** The pet of {@code line} was staged before, first on {@code firstLine}. */
    record DuplicatePet(long line, PetId petId, long firstLine) implements StagingProblem {
    }

    /** The order of {@code line} was staged before, first on {@code firstLine}. */
    record DuplicateOrder(long line, OrderId orderId, long firstLine) implements StagingProblem {
    }

    /** The order of {@code line} is for a pet that would not exist after the load. */
    record OrderOfMissingPet(long line, OrderId orderId, PetId petId) implements StagingProblem {
    }

    /**
     * An order of the store, not part of the load, whose pet a replace would delete (the order would lose its pet).
     */
    record OrderOfDeletedPet(OrderId orderId, PetId petId) implements StagingProblem {
    }
}
