package org.petstore.inventory.application.port.outbound;

/**
 * The store refused the credentials it was given: the user is unknown, the password is wrong, or the store asks for
 * a password and none was given ({@link #passwordMissing()}). Nothing was changed; the caller knows where the
 * credentials came from and so what to tell the user to set.
 */
public class CredentialsRefusedException extends StorageUnavailableException {

    private final boolean passwordMissing;

    public CredentialsRefusedException(String message, boolean passwordMissing, Throwable cause) {
        super(message, cause);
        this.passwordMissing = passwordMissing;
    }

    /** The store asked for a password and none was given. */
    public boolean passwordMissing() {
        return passwordMissing;
    }
}
