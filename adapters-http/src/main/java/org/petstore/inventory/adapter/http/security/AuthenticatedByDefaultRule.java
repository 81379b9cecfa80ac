package org.petstore.inventory.adapter.http.security;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpAttributes;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * The last word for every request no other rule decided. A route that declares no scope ({@code @Secured} on its
 * method) is refused, whatever the key: deny by default, so that a route nobody declared is no way in
 * ({@code RoutesDeclareTheirScopeTest} keeps every route declared). A request that matched no route needs a valid
 * API key, so that an unknown route or a wrong method answers 401 without a key, and 404 or 405 with one.
 */
@Singleton
final class AuthenticatedByDefaultRule implements SecurityRule<HttpRequest<?>> {

    @Override
    public Publisher<SecurityRuleResult> check(@Nullable HttpRequest<?> request,
                                               @Nullable Authentication authentication) {
        boolean undeclaredRoute = request != null && request.getAttribute(HttpAttributes.ROUTE_MATCH).isPresent();
        return Publishers.just(authentication == null || undeclaredRoute
                ? SecurityRuleResult.REJECTED : SecurityRuleResult.ALLOWED);
    }

    @Override
    public int getOrder() {
        return LOWEST_PRECEDENCE;
    }
}
