package org.petstore.inventory.adapter.persistence.transfer;

import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseFailure;
import org.petstore.inventory.application.port.outbound.IncompatibleStoreException;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/**
 * What a failed database call of an export, load or copy becomes for the application: a
 * {@link StorageUnavailableException} whose message names the database and says why, in one line, fit to be shown to
 * the operator as it is (e.g. "the target database at jdbc:postgresql://db/petstore cannot be used: it cannot be
 * reached: Connection to db:5432 refused"). Nothing was changed: a load's transaction ends with the failure.
 */
@FunctionalInterface
interface TransferFailures {

    RuntimeException translate(Exception failure);

    /**
     * Failures of the database at {@code url}, called {@code role} (e.g. "the inventory database"). An SQL failure
     * becomes unavailable with its reason; a failure without one stays what it is.
     */
    static TransferFailures of(String role, String url) {
        return failure -> {
            if (failure instanceof StorageUnavailableException || failure instanceof IncompatibleStoreException) {
                return (RuntimeException) failure;
            }
            return DatabaseFailure.reason(failure)
                    .<RuntimeException>map(reason -> new StorageUnavailableException(
                            role + " at " + DatabaseBackend.redact(url) + " cannot be used: " + reason, failure))
                    .orElseGet(() -> failure instanceof RuntimeException unchecked ? unchecked
                            : new IllegalStateException(failure.getMessage(), failure));
        };
    }
}
