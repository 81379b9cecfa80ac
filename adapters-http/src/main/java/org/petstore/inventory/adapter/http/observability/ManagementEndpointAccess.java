package org.petstore.inventory.adapter.http.observability;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.inject.ExecutableMethod;
import io.micronaut.management.endpoint.EndpointSensitivityProcessor;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRuleResult;
import io.micronaut.security.rules.SensitiveEndpointRule;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * Who may call a sensitive management endpoint ({@code /prometheus}; the health endpoints are not sensitive): any
 * caller with a valid API key, as for the API. Without a key the answer is 401, never the framework's refusal to
 * decide (which would be a 500).
 */
@Singleton
@Replaces(SensitiveEndpointRule.class)
final class ManagementEndpointAccess extends SensitiveEndpointRule {

    ManagementEndpointAccess(EndpointSensitivityProcessor endpointSensitivityProcessor) {
        super(endpointSensitivityProcessor);
    }

    @Override
    protected Publisher<SecurityRuleResult> checkSensitiveAuthenticated(HttpRequest<?> request,
                                                                        Authentication authentication,
                                                                        ExecutableMethod<?, ?> method) {
        return Publishers.just(SecurityRuleResult.ALLOWED);
    }
}
