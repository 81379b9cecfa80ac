package org.petstore.inventory.application.port.inbound;

/** What an import does with what the store holds and the file does not. */
public enum ImportMode {

    /** The file's pets (and orders) are created or updated; everything else stays. */
    UPSERT,

    /**
     * The store afterwards holds exactly the file's pets (and, when orders are given, exactly its orders): the others
     * are deleted.
     */
    REPLACE
}
