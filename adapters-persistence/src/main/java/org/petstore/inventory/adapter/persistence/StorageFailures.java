package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.exceptions.DataAccessException;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a failed database call becomes for the application: a database that cannot be reached (down, restarting,
 * network gone, pool timed out) is the application's {@link StorageUnavailableException}, logged once here as a
 * warning; every other failure stays a fault (Micronaut Data's {@link DataAccessException} for SQL errors).
 */
final class StorageFailures {

    private static final Logger LOG = LoggerFactory.getLogger(StorageFailures.class);

    private StorageFailures() {
    }

    /** The exception to throw for a failure of a database call. */
    static RuntimeException translate(Exception failure) {
        if (ConnectionFailures.isConnectionFailure(failure)) {
            LOG.warn("The database cannot be reached: {}", rootMessage(failure));
            return new StorageUnavailableException("The database cannot be reached", failure);
        }
        if (failure instanceof RuntimeException unchecked) {
            return unchecked;
        }
        return new DataAccessException("The database call failed: " + failure.getMessage(), failure);
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = FailureCauses.root(failure);
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
