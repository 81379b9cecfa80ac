package org.petstore.inventory.adapter.http.error;

import io.micronaut.http.HttpStatus;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every error the API answers with: the machine-readable {@code code} of the {@link ErrorBody}, the HTTP status that
 * goes with it, and the message the client reads when the place that raises it has nothing more precise to say.
 * A new error is a new line here, and an {@link ApiException} where it happens. A code whose default message says
 * what it means has no comment of its own.
 *
 * <p>When the framework reports only a status (a missing route, a refused media type), the first code with that
 * status answers; codes that only the service raises, for a refusal of the stock (409, 412, 422), never answer a
 * bare status.
 */
public enum ErrorCode {
    BAD_REQUEST(HttpStatus.BAD_REQUEST, "The request could not be read: check the request line, headers and body"),
    /** The body is not well-formed JSON. */
    MALFORMED_JSON(HttpStatus.BAD_REQUEST, null),
    /** The body or a path value is well-formed but not acceptable. */
    VALIDATION_FAILED(HttpStatus.BAD_REQUEST, null),
    UNAUTHORIZED(HttpStatus.UNAUTHORIZED,
            "An API key is required: send the header 'Authorization: Bearer <API key>'"),
    FORBIDDEN(HttpStatus.FORBIDDEN, "This API key may not perform this request"),
    /**
     * The API key is valid and does not hold the scope the request needs (or, creating or rotating a key, one it
     * would grant); the message names the key, the scopes it holds and the one needed.
     */
    INSUFFICIENT_SCOPE(HttpStatus.FORBIDDEN, null, false),
    /** No such route or resource. */
    NOT_FOUND(HttpStatus.NOT_FOUND, null),
    /** The route exists, the method does not; see the {@code Allow} header. */
    METHOD_NOT_ALLOWED(HttpStatus.METHOD_NOT_ALLOWED, null),
    NOT_ACCEPTABLE(HttpStatus.NOT_ACCEPTABLE,
            "This API answers only with application/json: accept it in the Accept header"),
    REQUEST_TIMEOUT(HttpStatus.REQUEST_TIMEOUT,
            "The request did not arrive in time: send the request line and headers at once"),
    /** A conditional request's precondition ({@code If-Match}) does not hold: the entry has changed. */
    PRECONDITION_FAILED(HttpStatus.PRECONDITION_FAILED, null, false),
    /** A delta would take a stock count below 0: fewer pets are in stock than the movement takes out. */
    INSUFFICIENT_STOCK(HttpStatus.CONFLICT, null, false),
    /** A delta would take a stock count above 2,147,483,647, the largest count an entry holds. */
    QUANTITY_LIMIT_EXCEEDED(HttpStatus.CONFLICT, null, false),
    /** The first request with this {@code Idempotency-Key} is still being carried out: retry later. */
    IDEMPOTENCY_KEY_IN_USE(HttpStatus.CONFLICT, null, false),
    /** A cursor of the stock ledger's feed is older than the oldest change kept: read the list again. */
    CURSOR_EXPIRED(HttpStatus.GONE, null),
    /** The body is larger than the configured limit. */
    PAYLOAD_TOO_LARGE(HttpStatus.REQUEST_ENTITY_TOO_LARGE, null),
    URI_TOO_LONG(HttpStatus.REQUEST_URI_TOO_LONG, "The request line is longer than the server accepts"),
    UNSUPPORTED_MEDIA_TYPE(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
            "The request body must be JSON: send the header 'Content-Type: application/json'"),
    /** This {@code Idempotency-Key} was first used with another request (method, path or body). */
    IDEMPOTENCY_KEY_REUSED(HttpStatus.UNPROCESSABLE_ENTITY, null, false),
    PRECONDITION_REQUIRED(HttpStatus.PRECONDITION_REQUIRED, "This service accepts only conditional updates: "
            + "send If-Match with the entry's ETag (GET /v1/inventory/{petId}), or If-Match: * for any version"),
    /**
     * The API key is over its quota (its rate and burst, or its live feeds): {@code Retry-After} says when to send
     * again; the message names the key, its quota and the wait. Nothing was changed.
     */
    RATE_LIMITED(HttpStatus.TOO_MANY_REQUESTS, null, false),
    REQUEST_HEADER_FIELDS_TOO_LARGE(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
            "The request headers are larger than the server accepts"),
    INTERNAL_ERROR(HttpStatus.INTERNAL_SERVER_ERROR, "An unexpected error occurred; it has been logged"),
    SERVICE_UNAVAILABLE(HttpStatus.SERVICE_UNAVAILABLE, "The service is temporarily unavailable; try again shortly");

    private final HttpStatus status;
    private final String defaultMessage;
    /** Whether this code answers a bare status of the framework ({@link #forStatus}). */
    private final boolean answersBareStatus;

    ErrorCode(HttpStatus status, String defaultMessage) {
        this(status, defaultMessage, true);
    }

    ErrorCode(HttpStatus status, String defaultMessage, boolean answersBareStatus) {
        this.status = status;
        this.defaultMessage = defaultMessage;
        this.answersBareStatus = answersBareStatus;
    }

    /** The HTTP status of every response with this code. */
    public HttpStatus status() {
        return status;
    }

    /** The message when the raiser gives none; empty for codes whose message always depends on the request. */
    public Optional<String> defaultMessage() {
        return Optional.ofNullable(defaultMessage);
    }

    /** The code that answers a bare status from the framework: the first one with that status that may. */
    static Optional<ErrorCode> forStatus(HttpStatus status) {
        return Arrays.stream(values()).filter(code -> code.answersBareStatus && code.status == status).findFirst();
    }
}
