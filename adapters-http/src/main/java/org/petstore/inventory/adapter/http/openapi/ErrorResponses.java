package org.petstore.inventory.adapter.http.openapi;

import io.micronaut.http.MediaType;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.petstore.inventory.adapter.http.error.ErrorBody;

/**
 * The error responses that several operations share, described once for the OpenAPI document, each with the
 * {@code Error} schema. An error response particular to one operation (a 400 or 404 that says what is wrong there)
 * is an {@link ApiResponse} on that operation.
 */
public final class ErrorResponses {

    private ErrorResponses() {
    }

    /**
     * On a controller: every operation of it can answer 401 (no or a wrong API key), 429 (a managed key over its
     * quota) and 503 (no database). An operation that can answer 429 is limited: {@link OpenApiDocument} gives each of
     * its responses the quota's header fields ({@code RateLimit-Policy}, {@code RateLimit}).
     */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @ApiResponse(responseCode = "401", description = "Missing or invalid API key", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "429", description = "RATE_LIMITED: the managed API key is over its quota (a rate "
            + "with a burst; a batch costs one unit per change) or holds as many live feeds as its quota allows; "
            + "the message names the key, the quota and when to retry; nothing was changed", headers =
            @Header(name = "Retry-After", description = "Seconds until the same request would be accepted",
                    schema = @Schema(type = "integer", minimum = "1")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "503", description = "The database cannot be reached right now", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public @interface OfEveryOperation {
    }

    /**
     * On a controller or an operation that needs a scope ({@code @Secured("<scope>")}, which the document lists in
     * the operation's security requirement): it can answer 403 (the key does not hold the scope).
     */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD})
    @ApiResponse(responseCode = "403", description = "INSUFFICIENT_SCOPE: the API key is valid and does not hold the "
            + "scope this operation needs (the scopes of its security requirement); nothing was changed", content =
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public @interface OfScopedOperation {
    }

    /** On an operation that reads a JSON body: it can answer 413 (too large) and 415 (not JSON). */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(responseCode = "413", description = "The body is larger than the configured limit", content =
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "415", description = "The body is not JSON by its Content-Type", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public @interface OfJsonBody {
    }

    /**
     * On an operation that changes one entry on condition of {@code If-Match}: it can answer 412 (the entry changed
     * since it was read) and 428 (the service requires {@code If-Match}, and it was not sent).
     */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(responseCode = "412", description = "If-Match names none of the entry's current tags: it has "
            + "changed since it was read; nothing was changed", content = @Content(
                    mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "428", description = "If-Match is required (PETSTORE_REQUIRE_IF_MATCH=true) and "
            + "was not sent; nothing was changed", content = @Content(
                    mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public @interface OfConditionalChange {
    }

    /**
     * On an operation that moves stock, optionally under an {@code Idempotency-Key}: it can answer 409 (the stock
     * refuses the movement, or the key's first request is still carried out) and 422 (the key was first used with
     * another request).
     */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(responseCode = "409", description = "INSUFFICIENT_STOCK: a count would fall below 0; "
            + "QUANTITY_LIMIT_EXCEEDED: a count would exceed 2147483647; IDEMPOTENCY_KEY_IN_USE: the first request "
            + "with this Idempotency-Key is still being carried out, retry later to get its answer. Nothing was "
            + "changed", content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "422", description = "IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was first used "
            + "with another request (method, path or body); nothing was changed", content = @Content(
                    mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public @interface OfStockMovement {
    }
}
