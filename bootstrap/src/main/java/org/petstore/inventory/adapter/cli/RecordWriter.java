package org.petstore.inventory.adapter.cli;

import java.io.IOException;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;

/** Writes the records of an export file, one at a time, in the file's format. */
interface RecordWriter {

    void pet(CatalogueEntry entry) throws IOException;

    void order(Order order) throws IOException;

    /** Writes out what is buffered; the file is complete. */
    void finish() throws IOException;
}
