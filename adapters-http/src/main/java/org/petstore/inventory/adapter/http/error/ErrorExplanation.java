package org.petstore.inventory.adapter.http.error;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import java.util.Optional;

/**
 * A part of the adapter that knows better than the framework's bare status what went wrong with a request, such as
 * the transport (a request Netty could not decode) or security (a missing or a wrong API key). The
 * {@link ErrorTranslation} asks each one first.
 */
public interface ErrorExplanation {

    /** The error to answer, or empty when this part has nothing to say about the request. */
    Optional<ApiException> explain(HttpRequest<?> request, HttpStatus status);
}
