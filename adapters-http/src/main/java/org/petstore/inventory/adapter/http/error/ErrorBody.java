package org.petstore.inventory.adapter.http.error;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The {@code Error} object of the specification: the body of every error response.
 *
 * @param code    machine-readable code, one of {@link ErrorCode}
 * @param message what went wrong, written for the person who sent the request
 * @param status  the HTTP status code, repeated
 */
@Serdeable
@Schema(name = "Error", description = "The body of every error response")
public record ErrorBody(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = "Machine-readable error code", example = "VALIDATION_FAILED")
        String code,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Human-readable description")
        String message,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The HTTP status code", example = "400")
        int status) {

    static ErrorBody of(ApiException error) {
        return new ErrorBody(error.code().name(), error.getMessage(), error.code().status().getCode());
    }
}
