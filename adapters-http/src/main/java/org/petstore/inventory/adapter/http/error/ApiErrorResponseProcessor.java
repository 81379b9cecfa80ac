package org.petstore.inventory.adapter.http.error;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.adapter.http.security.BearerCredentials;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.NotFoundException;

/**
 * Shapes every error response of the service, whichever layer raised it (Netty's decoder, routing, security,
 * body parsing, the domain, an unexpected fault), into the {@link ErrorBody} with {@code status} equal to the HTTP
 * status. Messages are written here, never taken from framework exceptions, so no internals leak.
 */
@Singleton
final class ApiErrorResponseProcessor implements ErrorResponseProcessor<ErrorBody> {

    private static final int MAX_ECHOED_PATH = 200;

    private final long maxRequestSize;

    ApiErrorResponseProcessor(HttpServerConfiguration serverConfiguration) {
        this.maxRequestSize = serverConfiguration.getMaxRequestSize();
    }

    @Override
    public MutableHttpResponse<ErrorBody> processResponse(ErrorContext errorContext, MutableHttpResponse<?> response) {
        HttpRequest<?> request = errorContext.getRequest();
        Throwable cause = errorContext.getRootCause().orElse(null);
        DecoderResult decoderResult = decoderResult(request);
        if (decoderResult.isFailure()) {
            cause = decoderResult.cause();
        }
        HttpStatus status = decoderFailureStatus(decoderResult).orElse(response.getStatus());
        ApiError error = describe(status, request, cause, response);
        response.status(error.status());
        return response.contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(new ErrorBody(error.code().name(), error.message(), error.status().getCode()));
    }

    private ApiError describe(HttpStatus status, HttpRequest<?> request, Throwable cause,
                              MutableHttpResponse<?> response) {
        if (cause instanceof MalformedUriGuard.MalformedRequestUriException) {
            return new ApiError(HttpStatus.BAD_REQUEST, ErrorCode.BAD_REQUEST,
                    "The request URI is not valid: send an absolute path and percent-encode characters not allowed "
                            + "in a URI");
        }
        if (cause instanceof InvalidRequestException invalid) {
            return new ApiError(HttpStatus.BAD_REQUEST, invalid.code(), invalid.getMessage());
        }
        if (cause instanceof NotFoundException notFound) {
            return new ApiError(HttpStatus.NOT_FOUND, ErrorCode.NOT_FOUND, notFound.getMessage());
        }
        if (cause instanceof DomainException invalid) {
            return new ApiError(HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_FAILED, invalid.getMessage());
        }
        if (cause instanceof StorageUnavailableException) {
            return new ApiError(HttpStatus.SERVICE_UNAVAILABLE, ErrorCode.SERVICE_UNAVAILABLE,
                    "The database is temporarily unavailable; nothing was changed, try again shortly");
        }
        return switch (status) {
            case BAD_REQUEST -> new ApiError(status, ErrorCode.BAD_REQUEST,
                    "The request could not be read: check the request line, headers and body");
            case UNAUTHORIZED -> new ApiError(status, ErrorCode.UNAUTHORIZED,
                    BearerCredentials.presented(request)
                            ? "The API key is not valid"
                            : "An API key is required: send the header 'Authorization: Bearer <API key>'");
            case FORBIDDEN -> new ApiError(status, ErrorCode.FORBIDDEN, "This API key may not perform this request");
            case NOT_FOUND -> new ApiError(status, ErrorCode.NOT_FOUND,
                    "No resource at " + echo(request.getPath()));
            case METHOD_NOT_ALLOWED -> new ApiError(status, ErrorCode.METHOD_NOT_ALLOWED,
                    "Method " + request.getMethodName() + " is not allowed on " + echo(request.getPath())
                            + allowedMethods(response));
            case NOT_ACCEPTABLE -> new ApiError(status, ErrorCode.NOT_ACCEPTABLE,
                    "This API answers only with application/json: accept it in the Accept header");
            case REQUEST_ENTITY_TOO_LARGE -> new ApiError(status, ErrorCode.PAYLOAD_TOO_LARGE,
                    "The request body is larger than the limit of " + maxRequestSize + " bytes");
            case REQUEST_URI_TOO_LONG -> new ApiError(status, ErrorCode.URI_TOO_LONG,
                    "The request line is longer than the server accepts");
            case UNSUPPORTED_MEDIA_TYPE -> new ApiError(status, ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "The request body must be JSON: send the header 'Content-Type: application/json'");
            case REQUEST_HEADER_FIELDS_TOO_LARGE -> new ApiError(status, ErrorCode.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    "The request headers are larger than the server accepts");
            case SERVICE_UNAVAILABLE -> new ApiError(status, ErrorCode.SERVICE_UNAVAILABLE,
                    "The service is temporarily unavailable; try again shortly");
            default -> status.getCode() >= 500
                    ? new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, ErrorCode.INTERNAL_ERROR,
                            "An unexpected error occurred; it has been logged")
                    : new ApiError(HttpStatus.BAD_REQUEST, ErrorCode.BAD_REQUEST,
                            "The request could not be processed: " + status.getReason());
        };
    }

    /**
     * Netty answers a request line or header block that is too long with a generic status; the client deserves the
     * precise one (414 or 431), and a malformed request a 400.
     */
    private static Optional<HttpStatus> decoderFailureStatus(DecoderResult result) {
        if (!result.isFailure()) {
            return Optional.empty();
        }
        Throwable cause = result.cause();
        if (cause instanceof TooLongHttpHeaderException) {
            return Optional.of(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE);
        }
        if (cause instanceof TooLongHttpLineException) {
            return Optional.of(HttpStatus.REQUEST_URI_TOO_LONG);
        }
        return Optional.of(HttpStatus.BAD_REQUEST);
    }

    private static DecoderResult decoderResult(HttpRequest<?> request) {
        return request instanceof NettyHttpRequest<?> nettyRequest
                ? nettyRequest.getNativeRequest().decoderResult()
                : DecoderResult.SUCCESS;
    }

    private static String allowedMethods(MutableHttpResponse<?> response) {
        String allow = response.getHeaders().get(HttpHeaders.ALLOW);
        return allow == null || allow.isBlank() ? "" : "; allowed: " + allow;
    }

    private static String echo(String value) {
        return value.length() <= MAX_ECHOED_PATH ? value : value.substring(0, MAX_ECHOED_PATH) + "...";
    }

    private record ApiError(HttpStatus status, ErrorCode code, String message) {
    }
}
