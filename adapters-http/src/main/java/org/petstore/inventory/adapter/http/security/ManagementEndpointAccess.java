package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.inject.ExecutableMethod;
import io.micronaut.management.endpoint.EndpointSensitivityProcessor;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRuleResult;
import io.micronaut.security.rules.SensitiveEndpointRule;
import jakarta.inject.Singleton;
import org.petstore.inventory.domain.access.Scope;
import org.reactivestreams.Publisher;

/**
 * Who may call a sensitive management endpoint ({@code /prometheus}; the health endpoints are not sensitive): a key
 * that holds {@code inventory:read}, as the metrics tell about the store; any other valid key is refused with 403
 * {@code INSUFFICIENT_SCOPE}. Without a key the answer is 401 ({@link AuthenticatedByDefaultRule}), never the
 * framework's refusal to decide (which would be a 500).
 */
@Singleton
@Replaces(SensitiveEndpointRule.class)
final class ManagementEndpointAccess extends SensitiveEndpointRule {

    static final Scope SCOPE = Scope.INVENTORY_READ;

    ManagementEndpointAccess(EndpointSensitivityProcessor endpointSensitivityProcessor) {
        super(endpointSensitivityProcessor);
    }

    @Override
    protected Publisher<SecurityRuleResult> checkSensitiveAuthenticated(HttpRequest<?> request,
                                                                        Authentication authentication,
                                                                        ExecutableMethod<?, ?> method) {
        if (authentication.getRoles().contains(SCOPE.wireName())) {
            return Publishers.just(SecurityRuleResult.ALLOWED);
        }
        request.setAttribute(RequiredScopes.ATTRIBUTE, SCOPE);
        return Publishers.just(SecurityRuleResult.REJECTED);
    }
}
