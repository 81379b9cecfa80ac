package org.petstore.inventory.application.port.outbound;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.quota.Quota;

/**
 * Where managed keys are kept: each key, and the digests of its secrets ({@link #digest}), never a secret. A key has
 * one secret, and for a rotation's overlap also its older ones, each until its own expiry. Keys are never removed (a
 * revoked key stays listed; each keeps its own quota, or none for the default), and the data commands ({@code export}, {@code import}, {@code copy}) leave them where
 * they are: credentials are not stock data. Instants are kept to the microsecond, as the databases keep them (a finer
 * part is dropped). Checked by {@code ApiKeyStoreContract}.
 */
public interface ApiKeyStore {

    /** The digest the store keeps of a secret: the SHA-256 of its UTF-8 bytes, as 64 lower-case hex digits. */
    static String digest(String secret) {
        try {
            MessageDigest sha256 = (MessageDigest) Sha256.PROTOTYPE.clone();
            return HexFormat.of().formatHex(sha256.digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's SHA-256 can be copied", e);
        }
    }

    /** Whether {@code text} has the form of a {@link #digest}: what {@link #add} and {@link #rotate} accept. */
    static boolean isDigest(String text) {
        return text != null && text.length() == 64
                && text.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    }

    /**
     * Stores a new key with the digest of its first secret, which works as long as the key does. Anything but a
     * {@link #digest} is refused ({@code IllegalArgumentException}), so that no secret is ever stored by mistake.
     */
    void add(ApiKey key, String secretDigest);

    /** The key whose secret has this digest, with that secret's expiry. */
    Optional<KeySecretEntry> findBySecretDigest(String secretDigest);

    /** Every secret of these keys, old ones included (for a refresh of what an instance knows); any number of ids. */
    List<KeySecretEntry> secretsOf(Collection<KeyId> ids);

    /** Every key, revoked ones included, oldest first (by creation, then by id). */
    List<ApiKey> list();

    Optional<ApiKey> find(KeyId id);

    /** Marks the key revoked at {@code at}, unless it already is (the first revocation stays); unknown ids: nothing. */
    void revoke(KeyId id, Instant at);

    /**
     * Adds a secret to the key and, in the same transaction, makes its other secrets stop working at
     * {@code oldSecretsUntil}, or earlier where one already stops earlier (an expiry is never moved later). Two
     * rotations of one key at once each cap the other's secret. The new secret works as long as the key does.
     * Anything but a {@link #digest} is refused ({@code IllegalArgumentException}); an unknown id is an
     * {@code ApiKeyNotFoundException}.
     */
    void rotate(KeyId id, String newSecretDigest, Instant oldSecretsUntil);

    /** Gives the key another quota (null: the default); an unknown id is an {@code ApiKeyNotFoundException}. */
    void changeQuota(KeyId id, Quota quota);

    /**
     * Writes when each key was last used; a key's last use never moves back (the later time stays). Unknown ids are
     * skipped.
     */
    void recordUse(Map<KeyId, Instant> lastUsed);

    /** One secret of a key: its digest, and when it stops working (null: when the key does). */
    record KeySecretEntry(ApiKey key, String digest, Instant secretExpiresAt) {
    }

    /**
     * A SHA-256 digest to copy for every {@link #digest}: {@code MessageDigest.getInstance} looks the provider up and
     * creates it by reflection each time, 2 % of a request's CPU time with a managed key (profiled).
     */
    final class Sha256 {

        private static final MessageDigest PROTOTYPE = prototype();

        private Sha256() {
        }

        private static MessageDigest prototype() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is required by every Java platform", e);
            }
        }
    }
}
