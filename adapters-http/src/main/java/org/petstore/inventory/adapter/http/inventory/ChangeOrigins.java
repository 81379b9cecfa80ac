package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.convert.ArgumentConversionContext;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.bind.binders.PostponedRequestArgumentBinder;
import io.micronaut.http.bind.binders.TypedRequestArgumentBinder;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.domain.ChangeOrigin;

/**
 * Binds a controller's {@link ChangeOrigin} argument: who makes a change, as the stock ledger records it. The key's
 * id is the authentication's name (never the key; none only where an operator switched micronaut-security off), the
 * request's id its {@code X-Request-Id} (which the service sets on every request, see {@code RequestId}); the reason
 * comes from the body ({@link ChangeOrigin#withReason}). Bound after the filters, so that security has run.
 */
@Singleton
final class ChangeOrigins implements TypedRequestArgumentBinder<ChangeOrigin>,
        PostponedRequestArgumentBinder<ChangeOrigin> {

    private static final String REQUEST_ID = "X-Request-Id";

    @Override
    public Argument<ChangeOrigin> argumentType() {
        return Argument.of(ChangeOrigin.class);
    }

    @Override
    public BindingResult<ChangeOrigin> bind(ArgumentConversionContext<ChangeOrigin> context, HttpRequest<?> source) {
        ChangeOrigin origin = ChangeOrigin.api(keyId(source), source.getHeaders().get(REQUEST_ID), null);
        return () -> Optional.of(origin);
    }

    /** The id of the API key that sent the request; {@code null} where security is off. */
    @Nullable
    static String keyId(HttpRequest<?> request) {
        return request.getUserPrincipal(Authentication.class).map(Authentication::getName).orElse(null);
    }
}
