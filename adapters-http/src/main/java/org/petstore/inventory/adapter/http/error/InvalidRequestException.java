package org.petstore.inventory.adapter.http.error;

/**
 * A request the HTTP adapter rejects with 400 before it reaches a use case.
 */
public final class InvalidRequestException extends RuntimeException {

    private final ErrorCode code;

    public InvalidRequestException(ErrorCode code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public static InvalidRequestException validationFailed(String message) {
        return new InvalidRequestException(ErrorCode.VALIDATION_FAILED, message);
    }

    public static InvalidRequestException malformedJson(String message) {
        return new InvalidRequestException(ErrorCode.MALFORMED_JSON, message);
    }

    public ErrorCode code() {
        return code;
    }
}
