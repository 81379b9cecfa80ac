package org.petstore.inventory.adapter.http.limit;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.security.authentication.Authentication;
import org.petstore.inventory.adapter.http.security.ActingKey;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Charge;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Limited;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Unlimited;

/**
 * Charges every request made with a managed key one unit of the key's quota, right after micronaut-security's filter
 * authenticated it (so a 401 or a 403 costs nothing: they never get here) and before the route reads the body. Over
 * the quota, the answer is 429 {@code RATE_LIMITED} at once, with the {@code Error} body of every failure (the error
 * processor's), and the route never runs; otherwise the request goes on and its answer, whatever its status, gets the
 * fields of {@link ChargedRequest#tell} in the response filter. Plain request and response filter methods, without
 * a continuation: the rest of the chain is not wrapped for it, and an answer to a configured key costs one attribute
 * look-up. A configured key, a request without a key, quotas off ({@link Unlimited}),
 * health, the documentation and {@code /} pass untouched. Nothing here blocks: the use case answers from memory.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class QuotaFilter implements Ordered {

    private final LimitRequestsUseCase quotas;
    private final RateLimits limits;
    private final ErrorResponseProcessor<?> errors;

    QuotaFilter(LimitRequestsUseCase quotas, RateLimits limits, ErrorResponseProcessor<?> errors) {
        this.quotas = quotas;
        this.limits = limits;
        this.errors = errors;
    }

    @RequestFilter
    @Nullable
    MutableHttpResponse<?> charge(HttpRequest<?> request) {
        Authentication authentication = request.getUserPrincipal(Authentication.class).orElse(null);
        ActingKey.Metered key = authentication == null ? null : ActingKey.metered(authentication);
        if (key == null || neverLimited(request.getPath())) {
            return null;
        }
        Charge charge = quotas.charge(key.id(), key.quota(), 1);
        if (charge instanceof Unlimited) {
            return null;
        }
        ChargedRequest charged = ChargedRequest.keep(request, key, charge);
        if (charge instanceof Limited limited) {
            return charged.tell(errors.processResponse(
                    ErrorContext.builder(request).cause(limits.refusal(request, limited, 1)).build(),
                    HttpResponse.status(HttpStatus.TOO_MANY_REQUESTS)));
        }
        return null;
    }

    /** Every answer to a charged request, whatever its status, tells where the key stands (once). */
    @ResponseFilter
    void tell(HttpRequest<?> request, MutableHttpResponse<?> response) {
        ChargedRequest charged = ChargedRequest.of(request);
        if (charged != null) {
            charged.tell(response);
        }
    }

    /**
     * Health ({@code /health}, {@code /health/liveness}, {@code /health/readiness}), the documentation (the OpenAPI
     * document, Swagger UI) and {@code /}: what anyone may read without a key costs a key nothing either.
     */
    static boolean neverLimited(String path) {
        return path.equals("/")
                || path.startsWith("/health") && (path.length() == "/health".length() || path.charAt(7) == '/')
                || path.equals("/v1/openapi.yml") || path.equals("/v1/openapi.json")
                || path.startsWith("/swagger-ui/");
    }

    /** Right after micronaut-security's filter, which authenticates the request. */
    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.after();
    }
}
