package org.petstore.inventory.application.port.inbound;

/** Copies the whole store (pets, entries with their versions, orders, the stock ledger) into another database. */
public interface CopyStoreUseCase {

    /**
     * Brings the target's schema to the current version, refuses a target that holds anything unless told to replace
     * it, copies one consistent snapshot of the store in one transaction of the target, and, before that transaction
     * commits, reads the target back and compares the counts and a checksum over every row with the source's: a
     * difference rolls the copy back.
     *
     * @throws org.petstore.inventory.application.port.outbound.StorageUnavailableException when the store or the
     *         target cannot be reached or used right now (down, locked, credentials refused); nothing changed
     * @throws org.petstore.inventory.application.port.outbound.IncompatibleStoreException when the target is not a
     *         database this program can copy into (another kind of database, a schema of a newer version)
     */
    CopyOutcome copyStore(CopyCommand command);
}
