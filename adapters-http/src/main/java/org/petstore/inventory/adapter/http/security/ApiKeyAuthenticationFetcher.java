package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.filters.SecurityFilter;
import io.micronaut.security.token.TokenAuthenticationFetcher;
import io.micronaut.security.token.reader.TokenResolver;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.petstore.inventory.application.port.inbound.AuthenticateApiKeyUseCase;
import org.petstore.inventory.application.port.inbound.AuthenticateApiKeyUseCase.KeyCheck;
import org.petstore.inventory.domain.access.KeyRefusal;
import org.petstore.inventory.domain.access.KeySecret;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Authenticates a request by the bearer token that micronaut-security's {@code BearerTokenReader} takes from the
 * {@code Authorization} header: first against the keys configured in {@code PETSTORE_API_KEYS} ({@link ApiKeys}, in
 * memory, on the event loop), then, for a token shaped as a managed key's secret ({@code pst_}, its checksum), by the
 * {@link AuthenticateApiKeyUseCase}: from memory for a key seen before, else on the blocking executor (a key not seen
 * before is read from the database).
 * The authentication is the {@link ActingKey}: named by the key's id, never the key, with the scopes it holds as
 * roles. A managed key that was revoked or expired leaves the request anonymous and says why
 * ({@link #REFUSAL}: {@link UnauthorizedExplanation} words the 401); an unknown key leaves it anonymous (401). A
 * database that cannot be reached fails the request as every other read does (503).
 *
 * <p>It stands in for micronaut-security's {@link TokenAuthenticationFetcher}, which on every request also resolves
 * the host and locale to publish a {@code TokenValidatedEvent} nothing here listens to (a tenth of a request's CPU
 * time), an event that carries the token, the API key, and that the event publisher logs at DEBUG: not publishing it
 * keeps keys out of every log line (SecretsNeverLoggedEndToEndTest runs at TRACE).
 */
@Singleton
@Replaces(TokenAuthenticationFetcher.class)
final class ApiKeyAuthenticationFetcher implements AuthenticationFetcher<HttpRequest<?>> {

    /** The request attribute that holds the {@link KeyRefusal} of a managed key that was revoked or expired. */
    static final String REFUSAL = "petstore.security.key-refusal";

    private final TokenResolver<HttpRequest<?>> tokenResolver;
    private final ApiKeys apiKeys;
    private final AuthenticateApiKeyUseCase managedKeys;
    private final Scheduler blocking;

    ApiKeyAuthenticationFetcher(TokenResolver<HttpRequest<?>> tokenResolver, ApiKeys apiKeys,
                                AuthenticateApiKeyUseCase managedKeys,
                                @Named(TaskExecutors.BLOCKING) Executor blocking) {
        this.tokenResolver = tokenResolver;
        this.apiKeys = apiKeys;
        this.managedKeys = managedKeys;
        this.blocking = Schedulers.fromExecutor(blocking);
    }

    @Override
    public Publisher<Authentication> fetchAuthentication(HttpRequest<?> request) {
        List<String> tokens = tokenResolver.resolveTokens(request);
        for (String token : tokens) {
            Optional<String> keyId = apiKeys.keyIdOf(token);
            if (keyId.isPresent()) {
                request.setAttribute(SecurityFilter.TOKEN, token);
                return Publishers.just(ActingKey.configured(keyId.get()));
            }
        }
        String secret = null;
        for (int i = 0; i < tokens.size() && secret == null; i++) {
            secret = KeySecret.isWellFormed(tokens.get(i)) ? tokens.get(i) : null;
        }
        if (secret == null) {
            return Publishers.empty();
        }
        Optional<KeyCheck> known = managedKeys.checkInMemory(secret);
        if (known.isPresent()) {
            Authentication authentication = authentication(request, secret, known.get());
            return authentication == null ? Publishers.empty() : Publishers.just(authentication);
        }
        String managed = secret;
        return Mono.fromCallable(() -> managedKeys.check(managed))
                .subscribeOn(blocking)
                .mapNotNull(check -> authentication(request, managed, check));
    }

    private static Authentication authentication(HttpRequest<?> request, String secret, KeyCheck check) {
        return switch (check) {
            case AuthenticateApiKeyUseCase.Valid valid -> {
                request.setAttribute(SecurityFilter.TOKEN, secret);
                yield ActingKey.managed(valid.key());
            }
            case AuthenticateApiKeyUseCase.Refused refused -> {
                request.setAttribute(REFUSAL, refused.refusal());
                yield null;
            }
            case AuthenticateApiKeyUseCase.Unknown _ -> null;
        };
    }

    @Override
    public int getOrder() {
        return TokenAuthenticationFetcher.ORDER;
    }
}
