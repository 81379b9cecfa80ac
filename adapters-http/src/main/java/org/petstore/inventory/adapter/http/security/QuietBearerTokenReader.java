package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.security.token.bearer.BearerTokenConfiguration;
import io.micronaut.security.token.bearer.BearerTokenReader;
import jakarta.inject.Singleton;
import java.util.Locale;
import java.util.Optional;

/**
 * micronaut-security's bearer token reader, without its one log line that writes a header's whole value: for an
 * {@code Authorization} header that does not start with {@code Bearer } (a key after {@code =}, a tab, another
 * scheme, the key alone) it logs the value at DEBUG, and that value is usually the client's API key. The token is
 * read exactly as the framework reads it (the scheme name in any case, then one space); nothing is logged, whatever
 * level the operator gives that logger.
 */
@Singleton
@Replaces(BearerTokenReader.class)
final class QuietBearerTokenReader extends BearerTokenReader {

    QuietBearerTokenReader(BearerTokenConfiguration configuration) {
        super(configuration);
    }

    @Override
    protected Optional<String> extractTokenFromAuthorization(String authorization) {
        String prefix = getPrefix().isEmpty() ? "" : getPrefix() + " ";
        return authorization.toLowerCase(Locale.ENGLISH).startsWith(prefix.toLowerCase(Locale.ENGLISH))
                ? Optional.of(authorization.substring(prefix.length()))
                : Optional.empty();
    }
}
