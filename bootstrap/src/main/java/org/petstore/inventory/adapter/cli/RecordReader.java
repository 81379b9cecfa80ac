package org.petstore.inventory.adapter.cli;

import org.petstore.inventory.application.port.inbound.ImportLine;

/** Reads the records of an import file one at a time, each as a valid pet or order, or a bad line. */
interface RecordReader {

    /** The next record; {@code null} after the last. */
    ImportLine next();

    /** Bytes of the file read so far. */
    long bytesRead();
}
