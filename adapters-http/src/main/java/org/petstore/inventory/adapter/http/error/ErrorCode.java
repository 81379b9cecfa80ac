package org.petstore.inventory.adapter.http.error;

/**
 * The machine-readable {@code code} of every error body. This is the whole set the API answers with.
 */
public enum ErrorCode {
    /** 400: the request line or headers could not be parsed. */
    BAD_REQUEST,
    /** 400: the body is not well-formed JSON. */
    MALFORMED_JSON,
    /** 400: the body or a path value is well-formed but not acceptable. */
    VALIDATION_FAILED,
    /** 401: the API key is missing or not valid. */
    UNAUTHORIZED,
    /** 403: the caller is known but may not do this. */
    FORBIDDEN,
    /** 404: no such route or resource. */
    NOT_FOUND,
    /** 405: the route exists, the method does not; see the {@code Allow} header. */
    METHOD_NOT_ALLOWED,
    /** 406: the client accepts no media type this API produces. */
    NOT_ACCEPTABLE,
    /** 413: the body is larger than the configured limit. */
    PAYLOAD_TOO_LARGE,
    /** 414: the request line is longer than the configured limit. */
    URI_TOO_LONG,
    /** 415: the body is not JSON by its {@code Content-Type}. */
    UNSUPPORTED_MEDIA_TYPE,
    /** 431: the headers are larger than the configured limit. */
    REQUEST_HEADER_FIELDS_TOO_LARGE,
    /** 500: a fault of the service; it is logged. */
    INTERNAL_ERROR,
    /** 503: a dependency (the database) cannot be reached right now. */
    SERVICE_UNAVAILABLE
}
