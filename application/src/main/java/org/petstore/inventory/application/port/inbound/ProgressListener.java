package org.petstore.inventory.application.port.inbound;

/**
 * Follows a long-running use case: how many rows it expects, how many are done, and which phase it is in. Called on
 * the use case's thread; every method returns quickly (a listener that prints decides itself how often it does).
 */
public interface ProgressListener {

    /** A listener that follows nothing. */
    ProgressListener NONE = new ProgressListener() {
    };

    /** The rows the use case is about to go through, one by one. */
    default void started(long expectedRows) {
    }

    /** Rows done so far, since {@link #started}. */
    default void advanced(long rowsDone) {
    }

    /** A phase without rows to count began, described for a person (e.g. "checking the file"). */
    default void phase(String description) {
    }
}
