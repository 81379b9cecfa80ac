package org.petstore.inventory.application.port.outbound;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyId;

/**
 * Where managed keys are kept: each key, and the digests of its secrets (SHA-256, 64 hex digits), never a secret. A
 * key has one secret, and for a rotation's overlap also its older ones, each until its own expiry. Checked by
 * {@code ApiKeyStoreContract}.
 */
public interface ApiKeyStore {

    /** Stores a new key with the digest of its first secret. */
    void add(ApiKey key, String secretDigest);

    /** The key whose secret has this digest, with that secret's expiry. */
    Optional<KeySecretEntry> findBySecretDigest(String secretDigest);

    /** Every secret of these keys (for a refresh of what an instance knows). */
    List<KeySecretEntry> secretsOf(Collection<KeyId> ids);

    /** Every key, revoked ones included, oldest first. */
    List<ApiKey> list();

    Optional<ApiKey> find(KeyId id);

    /** Marks the key revoked at {@code at}, unless it already is. */
    void revoke(KeyId id, Instant at);

    /** Adds a secret to the key; its other secrets stop working at {@code oldSecretsUntil} or earlier. */
    void rotate(KeyId id, String newSecretDigest, Instant oldSecretsUntil);

    /** Writes when each key was last used. */
    void recordUse(Map<KeyId, Instant> lastUsed);

    /** One secret of a key: its digest, and when it stops working (null: when the key does). */
    record KeySecretEntry(ApiKey key, String digest, Instant secretExpiresAt) {
    }
}
