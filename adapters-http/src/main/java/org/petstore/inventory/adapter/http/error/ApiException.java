package org.petstore.inventory.adapter.http.error;

/**
 * A request the HTTP adapter refuses, with the {@link ErrorCode} to answer and the message the client reads. The
 * status follows from the code.
 */
public final class ApiException extends RuntimeException {

    private final ErrorCode code;

    /** With the code's default message. */
    public ApiException(ErrorCode code) {
        this(code, code.defaultMessage().orElseThrow(() -> new IllegalArgumentException(
                code + " has no default message: say what is wrong with the request")));
    }

    public ApiException(ErrorCode code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }
}
