package org.petstore.inventory.adapter.http.security;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.security.authentication.Authentication;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.application.port.inbound.Caller;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.Scopes;

/**
 * The API key a request was authenticated with, as micronaut-security carries it: the authentication's name is the
 * key's id (what the ledger, the access log and the idempotency scope name), its roles are the scopes the key holds
 * with what they include ({@code inventory:write} brings {@code inventory:read}), which {@code @Secured} checks, and
 * its attributes say what kind of key it is, its name, the scopes as granted and its expiry. A key configured in
 * {@code PETSTORE_API_KEYS} holds every scope and has no name or expiry.
 *
 * @param name      null for a configured key
 * @param expiresAt null when it does not expire
 */
public record ActingKey(String id, Kind kind, @Nullable String name, Scopes scopes, @Nullable Instant expiresAt) {

    private static final String KIND = "kind";
    private static final String NAME = "name";
    private static final String SCOPES = "scopes";
    private static final String EXPIRES_AT = "expiresAt";

    /** A key configured in {@code PETSTORE_API_KEYS}, or one managed through the key API. */
    public enum Kind {
        CONFIGURED, MANAGED;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ActingKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(scopes, "scopes");
    }

    static ActingKey configured(String id) {
        return new ActingKey(id, Kind.CONFIGURED, null, Scopes.ALL, null);
    }

    static ActingKey managed(ApiKey key) {
        return new ActingKey(key.id().value(), Kind.MANAGED, key.name().value(), key.scopes(), key.expiresAt());
    }

    /** The key that authenticated the request, from micronaut-security's authentication. */
    public static ActingKey of(Authentication authentication) {
        Map<String, Object> attributes = authentication.getAttributes();
        Object expiresAt = attributes.get(EXPIRES_AT);
        Object scopes = attributes.get(SCOPES);
        return new ActingKey(authentication.getName(),
                Kind.valueOf(String.valueOf(attributes.get(KIND))),
                (String) attributes.get(NAME),
                scopes instanceof List<?> granted
                        ? Scopes.parse(granted.stream().map(String::valueOf).toList()) : Scopes.ALL,
                expiresAt == null ? null : Instant.parse(expiresAt.toString()));
    }

    /** The authentication micronaut-security keeps for the request: named by the id, the held scopes as roles. */
    Authentication authentication() {
        Map<String, Object> attributes = new HashMap<>();
        attributes.put(KIND, kind.name());
        attributes.put(SCOPES, scopes.wireNames());
        if (name != null) {
            attributes.put(NAME, name);
        }
        if (expiresAt != null) {
            attributes.put(EXPIRES_AT, expiresAt.toString());
        }
        return Authentication.build(id, roles(scopes), attributes);
    }

    /** The roles of a key holding these scopes: every scope they allow, by its wire name. */
    static List<String> roles(Scopes scopes) {
        return Arrays.stream(Scope.values()).filter(scopes::allow).map(Scope::wireName).toList();
    }

    /** Who acts, for a use case that checks what a key may grant. */
    public Caller caller() {
        return new Caller(id, scopes);
    }

    /** How a message names the key: its id, and its name when it has one ({@code key-3f2a0c1b2d3e, "storefront"}). */
    public String described() {
        return name == null ? id : id + ", \"" + EchoedInput.value(name) + "\"";
    }
}
