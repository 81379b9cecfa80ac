package org.petstore.inventory.adapter.http.error;

import io.micronaut.context.annotation.Factory;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;
import org.petstore.inventory.application.port.inbound.ConditionRequiredException;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.DomainException;

/**
 * The exceptions the service expects (a refused request, a broken domain rule, an unreachable database): each is
 * answered by the {@link ErrorResponseProcessor} like every other error, without being logged as a fault.
 */
@Factory
final class ExpectedFailures {

    @Singleton
    ExceptionHandler<ApiException, HttpResponse<?>> refusedRequests(ErrorResponseProcessor<?> errors) {
        return new Handler<>(errors);
    }

    @Singleton
    ExceptionHandler<DomainException, HttpResponse<?>> brokenDomainRules(ErrorResponseProcessor<?> errors) {
        return new Handler<>(errors);
    }

    /** The application's require-If-Match policy (428): a refused request, not a fault. */
    @Singleton
    ExceptionHandler<ConditionRequiredException, HttpResponse<?>> conditionRequired(ErrorResponseProcessor<?> errors) {
        return new Handler<>(errors);
    }

    @Singleton
    ExceptionHandler<StorageUnavailableException, HttpResponse<?>> unreachableStorage(
            ErrorResponseProcessor<?> errors) {
        return new Handler<>(errors);
    }

    private record Handler<E extends Throwable>(ErrorResponseProcessor<?> errors)
            implements ExceptionHandler<E, HttpResponse<?>> {

        @Override
        @SuppressWarnings("rawtypes") // Micronaut's ExceptionHandler declares the request raw
        public HttpResponse<?> handle(HttpRequest request, E exception) {
            // the status is a placeholder: the processor answers with the status of the exception's error code
            return errors.processResponse(ErrorContext.builder(request).cause(exception).build(),
                    HttpResponse.serverError());
        }
    }
}
