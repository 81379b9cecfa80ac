package org.petstore.inventory.application.port.inbound;

/** Loads a catalogue of pets with their stock (and, when given, orders) into the store, all or nothing. */
public interface ImportCatalogueUseCase {

    /**
     * Reads every line of the command, stages the valid ones and reports every problem (bad lines, duplicates, orders
     * of unknown pets), up to the command's limit. Any problem: nothing changes. Otherwise the changes are counted;
     * a dry run, or a change that would delete without the command confirming deletions, stops there, and nothing
     * changes; else they are applied in one transaction. An entry that the import changes moves to its next version;
     * one it creates takes the version of its line.
     *
     * @throws org.petstore.inventory.application.port.outbound.StorageUnavailableException when the store cannot be
     *         reached; nothing changed
     */
    ImportOutcome importCatalogue(ImportCommand command);
}
