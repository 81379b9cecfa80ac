package org.petstore.inventory.adapter.http.security;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.error.ErrorExplanation;
import org.petstore.inventory.domain.access.KeyRefusal;

/**
 * Why a request was refused with 401: it carries no credentials (the code's message says how to send a key),
 * credentials of another scheme than {@code Bearer} (the key may be right, the scheme is not), a managed key that was
 * revoked or expired (and when), or a bearer token that is not a valid key.
 */
@Singleton
final class UnauthorizedExplanation implements ErrorExplanation {

    /** A key sent with another scheme (Basic, Token, none) may be right: the scheme is what is wrong. */
    static final String NOT_BEARER = "The Authorization header does not use the Bearer scheme: send the API key as "
            + "'Authorization: Bearer <API key>'";

    @Override
    public Optional<ApiException> explain(HttpRequest<?> request, HttpStatus status) {
        if (status != ErrorCode.UNAUTHORIZED.status()) {
            return Optional.empty();
        }
        if (!BearerCredentials.presented(request)) {
            return Optional.of(new ApiException(ErrorCode.UNAUTHORIZED));
        }
        Optional<KeyRefusal> refusal = request.getAttribute(ApiKeyAuthenticationFetcher.REFUSAL, KeyRefusal.class);
        if (refusal.isPresent()) {
            return Optional.of(new ApiException(ErrorCode.UNAUTHORIZED, refused(refusal.get())));
        }
        return Optional.of(BearerCredentials.presentedBearerToken(request)
                ? new ApiException(ErrorCode.UNAUTHORIZED, "The API key is not valid")
                : new ApiException(ErrorCode.UNAUTHORIZED, NOT_BEARER));
    }

    /** A managed key that was valid and is no more, and since when. */
    private static String refused(KeyRefusal refusal) {
        return "This API key (" + refusal.id() + ") " + switch (refusal.reason()) {
            case REVOKED -> "was revoked at " + refusal.since();
            case EXPIRED -> "expired at " + refusal.since();
        };
    }
}
