package org.petstore.inventory.application.port.inbound;

import java.util.List;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyOverlap;
import org.petstore.inventory.domain.quota.Quota;

/**
 * Managed API keys: created, listed, rotated and revoked while the service runs, through the key API or the
 * launcher's {@code keys} command. The {@link Caller} is the key (or operator) acting: it can never grant a scope it
 * does not hold. An id that names no key is an {@code ApiKeyNotFoundException}.
 */
public interface ManageApiKeysUseCase {

    /** A new key; its secret is in the answer and nowhere else. */
    IssuedKey create(CreateKeyCommand command, Caller caller);

    /** Every key, revoked ones included, oldest first. */
    List<ApiKey> list();

    ApiKey find(String id);

    /** Revokes the key at once; revoking a revoked key changes nothing. */
    void revoke(String id, Caller caller);

    /** A new secret for the same key (id, name, scopes); the old secret keeps working for the overlap. */
    IssuedKey rotate(String id, KeyOverlap overlap, Caller caller);

    /**
     * Gives the key another quota ({@code null}: the service's default); every instance applies it within seconds.
     * A revoked key keeps its quota.
     */
    ApiKey changeQuota(String id, Quota quota, Caller caller);
}
