package org.petstore.inventory.application.port.outbound;

/**
 * A database this program cannot work with as it is: a kind it does not support, a schema of a newer version of the
 * program, tables it did not make. Nothing was changed. The message tells a person what is wrong and what to do.
 */
public class IncompatibleStoreException extends RuntimeException {

    public IncompatibleStoreException(String message) {
        super(message);
    }

    public IncompatibleStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
