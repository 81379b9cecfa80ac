package org.petstore.inventory.adapter.http.error;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.HttpServerConfiguration;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.application.port.inbound.ConditionRequiredException;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.BatchSizeException;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.InsufficientStockException;
import org.petstore.inventory.domain.NotFoundException;
import org.petstore.inventory.domain.QuantityLimitExceededException;
import org.petstore.inventory.domain.RefusedBatchChangeException;
import org.petstore.inventory.domain.RepeatedPetException;
import org.petstore.inventory.domain.StaleInventoryEntryException;
import org.petstore.inventory.domain.StockLevelException;
import org.petstore.inventory.domain.access.ApiKeyNotFoundException;
import org.petstore.inventory.domain.access.ScopeNotHeldException;

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
        return explanations.stream().flatMap(explanation -> explanation.explain(request, status).stream()).findFirst()
                .or(() -> translate(cause))
                .orElseGet(() -> ErrorCode.forStatus(status)
                        .map(code -> new ApiException(code, message(code, request, allow)))
                        .orElseGet(() -> unknown(status)));
    }

    /**
     * The error a failure stands for by itself: the adapter's own, a broken domain rule, an application's refusal, an
     * unreachable store, each worded here from the data it carries. A refused change of a batch is answered as its
     * refusal would be (404, 409, 400), naming the change as {@code changes[i]} (from 0).
     */
    Optional<ApiException> translate(@Nullable Throwable cause) {
        return switch (cause) {
            case ApiException refused -> Optional.of(refused);
            case RefusedBatchChangeException refused -> translate(refused.refusal())
                    .map(refusal -> new ApiException(refusal.code(), "changes[" + refused.index() + "]: "
                            + refusal.getMessage()
                            + (refused.refusal() instanceof StockLevelException ? "" : "; nothing was changed")));
            case RepeatedPetException repeated -> Optional.of(new ApiException(ErrorCode.VALIDATION_FAILED, "pet "
                    + repeated.petId() + " appears again (first at changes[" + repeated.firstIndex() + "]): a pet "
                    + "appears once in a batch"));
            case BatchSizeException size -> Optional.of(new ApiException(ErrorCode.VALIDATION_FAILED,
                    "changes must hold 1 to " + size.max() + " changes, got " + size.size()));
            case ConditionRequiredException required -> Optional.of(required.inBatch()
                    ? new ApiException(ErrorCode.PRECONDITION_REQUIRED, "This service accepts only conditional "
                            + "updates, and a batch's changes cannot carry If-Match: change each entry with If-Match "
                            + "instead (PATCH /v1/inventory/{petId} or POST /v1/inventory/{petId}/adjustments, with "
                            + "the entry's ETag)")
                    : new ApiException(ErrorCode.PRECONDITION_REQUIRED));
            case InsufficientStockException insufficient -> Optional.of(new ApiException(
                    ErrorCode.INSUFFICIENT_STOCK, insufficient.getMessage()));
            case QuantityLimitExceededException exceeded -> Optional.of(new ApiException(
                    ErrorCode.QUANTITY_LIMIT_EXCEEDED, exceeded.getMessage()));
            case IdempotencyKeyConflictException conflict -> Optional.of(switch (conflict.reason()) {
                case IN_FLIGHT -> new ApiException(ErrorCode.IDEMPOTENCY_KEY_IN_USE, "A request with this "
                        + "Idempotency-Key is still being carried out: retry later to get its answer");
                case REUSED -> new ApiException(ErrorCode.IDEMPOTENCY_KEY_REUSED, "This Idempotency-Key was used "
                        + "with another request (method, path or body): send a new key for a new request");
            });
            case StaleInventoryEntryException stale -> Optional.of(new ApiException(ErrorCode.PRECONDITION_FAILED,
                    "The inventory entry for pet " + stale.petId() + " has changed: If-Match names none of its "
                            + "current tags; read it again (GET /v1/inventory/" + stale.petId() + ") and retry "
                            + "with its ETag"));
            case ApiKeyNotFoundException missing -> Optional.of(new ApiException(ErrorCode.NOT_FOUND,
                    "No API key has the id " + EchoedInput.value(missing.id())));
            case NotFoundException notFound -> Optional.of(new ApiException(ErrorCode.NOT_FOUND, notFound.getMessage()));
            case ScopeNotHeldException notHeld -> Optional.of(new ApiException(ErrorCode.INSUFFICIENT_SCOPE,
                    notHeld.getMessage()));
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
