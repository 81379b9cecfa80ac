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
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.Scopes;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The API key a request was authenticated with, as micronaut-security carries it: the authentication's name is the
 * key's id (what the ledger, the access log and the idempotency scope name), its roles are the scopes the key holds
 * with what they include ({@code inventory:write} brings {@code inventory:read}), which {@code @Secured} checks, and
 * its attributes say what kind of key it is, its name, the scopes as granted, its expiry and, for a managed key, its
 * {@link Metered} (its id and its own quota), made anew for every request from the key as the key refresh last read
 * it, so that a changed quota applies from the next request on. A key configured in {@code PETSTORE_API_KEYS} holds
 * every scope and has no name, expiry or quota.
 *
 * @param name      null for a configured key
 * @param expiresAt null when it does not expire
 * @param quota     the key's own quota; null for a configured key and for a managed key with the default quota
 */
public record ActingKey(String id, Kind kind, @Nullable String name, Scopes scopes, @Nullable Instant expiresAt,
                        @Nullable Quota quota) {

    private static final String KIND = "kind";
    private static final String NAME = "name";
    private static final String SCOPES = "scopes";
    private static final String EXPIRES_AT = "expiresAt";
    private static final String METERED = "metered";

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

    /**
     * A managed key as its quota is kept: by its id, with its own quota (null: the service's default). Configured
     * keys have none: they are the operator's, without a quota.
     */
    public record Metered(KeyId id, @Nullable Quota quota) {

        public Metered {
            Objects.requireNonNull(id, "id");
        }
    }

    /** The authentication of a request with a key configured in {@code PETSTORE_API_KEYS}. */
    static Authentication configured(String id) {
        return new ActingKey(id, Kind.CONFIGURED, null, Scopes.ALL, null, null).authentication(null);
    }

    /** The authentication of a request with a managed key, as the key refresh last read it. */
    static Authentication managed(ApiKey key) {
        return new ActingKey(key.id().value(), Kind.MANAGED, key.name().value(), key.scopes(), key.expiresAt(),
                key.quota()).authentication(new Metered(key.id(), key.quota()));
    }

    /** The key that authenticated the request, from micronaut-security's authentication. */
    public static ActingKey of(Authentication authentication) {
        Map<String, Object> attributes = authentication.getAttributes();
        Object expiresAt = attributes.get(EXPIRES_AT);
        Object scopes = attributes.get(SCOPES);
        Metered metered = metered(authentication);
        return new ActingKey(authentication.getName(),
                Kind.valueOf(String.valueOf(attributes.get(KIND))),
                (String) attributes.get(NAME),
                scopes instanceof List<?> granted
                        ? Scopes.parse(granted.stream().map(String::valueOf).toList()) : Scopes.ALL,
                expiresAt == null ? null : Instant.parse(expiresAt.toString()),
                metered == null ? null : metered.quota());
    }

    /**
     * The managed key that authenticated the request, as its quota is kept; null for a configured key. One look-up
     * in the attributes, nothing parsed: the quota filter asks on every request.
     */
    public static @Nullable Metered metered(Authentication authentication) {
        return authentication.getAttributes().get(METERED) instanceof Metered metered ? metered : null;
    }

    /** The authentication micronaut-security keeps for the request: named by the id, the held scopes as roles. */
    private Authentication authentication(@Nullable Metered metered) {
        Map<String, Object> attributes = new HashMap<>();
        attributes.put(KIND, kind.name());
        attributes.put(SCOPES, scopes.wireNames());
        if (name != null) {
            attributes.put(NAME, name);
        }
        if (expiresAt != null) {
            attributes.put(EXPIRES_AT, expiresAt.toString());
        }
        if (metered != null) {
            attributes.put(METERED, metered);
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
