package org.petstore.inventory.adapter.http.error;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.HttpServerConfiguration;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.InsufficientStockException;
import org.petstore.inventory.domain.NotFoundException;
import org.petstore.inventory.domain.QuantityLimitExceededException;
import org.petstore.inventory.domain.RefusedBatchChangeException;
import org.petstore.inventory.domain.StaleInventoryEntryException;

/**
 * The one translation from a failure, whichever layer raised it, to the {@link ApiException} the client is answered
 * with. In this order: what an {@link ErrorExplanation} knows about the request (transport, security), then the
 * exception (the adapter's own, the domain's, the application's), then the bare status the framework reports.
 * Messages are written here or where the failure is raised, never taken from framework exceptions, so no internals
 * leak.
 */
@Singleton
final class ErrorTranslation {

    private final List<ErrorExplanation> explanations;
    private final long maxRequestSize;

    ErrorTranslation(List<ErrorExplanation> explanations, HttpServerConfiguration serverConfiguration) {
        this.explanations = explanations;
        this.maxRequestSize = serverConfiguration.getMaxRequestSize();
    }

    /**
     * @param cause  the exception that ended the request, if any
     * @param status the status the framework chose
     * @param allow  the {@code Allow} header of the response, for a 405
     */
    ApiException translate(HttpRequest<?> request, @Nullable Throwable cause, HttpStatus status,
                           @Nullable String allow) {
        for (ErrorExplanation explanation : explanations) {
            Optional<ApiException> explained = explanation.explain(request, status);
            if (explained.isPresent()) {
                return explained.get();
            }
        }
        return translate(cause).orElseGet(() -> ErrorCode.forStatus(status)
                .map(code -> new ApiException(code, message(code, request, allow)))
                .orElseGet(() -> unknown(status)));
    }

    /**
     * The error a failure stands for by itself: the adapter's own, a broken domain rule, an unreachable store. A
     * refused change of a batch is answered as its refusal would be (404, 409, 400), with the batch's message, which
     * names the change.
     */
    Optional<ApiException> translate(@Nullable Throwable cause) {
        return switch (cause) {
            case ApiException refused -> Optional.of(refused);
            case RefusedBatchChangeException refused -> translate(refused.refusal())
                    .map(refusal -> new ApiException(refusal.code(), refused.getMessage()));
            case InsufficientStockException insufficient -> Optional.of(new ApiException(
                    ErrorCode.INSUFFICIENT_STOCK, insufficient.getMessage()));
            case QuantityLimitExceededException exceeded -> Optional.of(new ApiException(
                    ErrorCode.QUANTITY_LIMIT_EXCEEDED, exceeded.getMessage()));
            case IdempotencyKeyConflictException conflict -> Optional.of(new ApiException(switch (conflict.reason()) {
                case IN_FLIGHT -> ErrorCode.IDEMPOTENCY_KEY_IN_USE;
                case REUSED -> ErrorCode.IDEMPOTENCY_KEY_REUSED;
            }, conflict.getMessage()));
            case StaleInventoryEntryException stale -> Optional.of(new ApiException(ErrorCode.PRECONDITION_FAILED,
                    stale.getMessage()));
            case NotFoundException notFound -> Optional.of(new ApiException(ErrorCode.NOT_FOUND, notFound.getMessage()));
            case ExpiredChangeCursorException expired -> Optional.of(new ApiException(ErrorCode.CURSOR_EXPIRED,
                    expired.getMessage()));
            case DomainException broken -> Optional.of(new ApiException(ErrorCode.VALIDATION_FAILED,
                    broken.getMessage()));
            case StorageUnavailableException _ -> Optional.of(new ApiException(ErrorCode.SERVICE_UNAVAILABLE,
                    "The database is temporarily unavailable; nothing was changed, try again shortly"));
            case null, default -> Optional.empty();
        };
    }

    private String message(ErrorCode code, HttpRequest<?> request, @Nullable String allow) {
        return switch (code) {
            case NOT_FOUND -> "No resource at " + EchoedInput.path(request.getPath());
            case METHOD_NOT_ALLOWED -> "Method " + request.getMethodName() + " is not allowed on "
                    + EchoedInput.path(request.getPath())
                    + (allow == null || allow.isBlank() ? "" : "; allowed: " + allow);
            case PAYLOAD_TOO_LARGE -> "The request body is larger than the limit of " + maxRequestSize + " bytes";
            default -> code.defaultMessage().orElseThrow();
        };
    }

    /** A status the API has no code for: a fault of the service, or a request it cannot process. */
    private static ApiException unknown(HttpStatus status) {
        return status.getCode() >= 500
                ? new ApiException(ErrorCode.INTERNAL_ERROR)
                : new ApiException(ErrorCode.BAD_REQUEST, "The request could not be processed: " + status.getReason());
    }
}
