package org.petstore.inventory.adapter.in.http.error;

import io.micronaut.serde.annotation.Serdeable;

/**
 * The {@code Error} object of the specification: the body of every error response.
 *
 * @param code    machine-readable code, one of {@link ErrorCode}
 * @param message what went wrong, written for the person who sent the request
 * @param status  the HTTP status code, repeated
 */
@Serdeable
public record ErrorBody(String code, String message, int status) {
}
