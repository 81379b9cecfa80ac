package org.petstore.inventory.adapter.http.transport;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.netty.handler.codec.compression.DecompressionException;
import jakarta.inject.Singleton;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;

/**
 * A chunked request body that cannot be decoded, failing the body Micronaut reads ({@link RequestFraming}). Its cause
 * is the {@link ApiException} the client is answered with (400). It is a {@link DecompressionException}, a failure to
 * decode a body, because that is how Micronaut lets such a failure pass quietly when it no longer reads the body (the
 * answer is then already on its way): any other failure without a request it would log as a server error.
 */
final class MalformedChunkedBody extends DecompressionException {

    MalformedChunkedBody() {
        super("malformed chunked request body", new ApiException(ErrorCode.BAD_REQUEST,
                "The chunked request body is malformed: each chunk is its size in hex, CRLF, the data and CRLF, and "
                        + "a chunk of size 0 ends the body"));
    }

    /** The answer to the client. */
    ApiException refusal() {
        return (ApiException) getCause();
    }

    /** Answers a request whose body was malformed like every refused request, without logging it as a fault. */
    @Singleton
    static final class Handler implements ExceptionHandler<MalformedChunkedBody, HttpResponse<?>> {

        private final ErrorResponseProcessor<?> errors;

        Handler(ErrorResponseProcessor<?> errors) {
            this.errors = errors;
        }

        @Override
        @SuppressWarnings("rawtypes") // Micronaut's ExceptionHandler declares the request raw
        public HttpResponse<?> handle(HttpRequest request, MalformedChunkedBody exception) {
            return errors.processResponse(ErrorContext.builder(request).cause(exception.refusal()).build(),
                    HttpResponse.badRequest());
        }
    }
}
