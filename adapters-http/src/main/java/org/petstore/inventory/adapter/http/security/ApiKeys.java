package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.exceptions.ConfigurationException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The API keys the service accepts, from {@code petstore.api-keys} (environment: {@code PETSTORE_API_KEYS},
 * comma-separated; several keys let clients rotate). An entry is a key, or {@code sha256:} and the 64 hex digits of
 * the SHA-256 digest of a key's UTF-8 bytes, so that the configuration need not hold the key itself; both kinds may
 * be mixed. Only SHA-256 digests are kept, and a presented key is compared with every one of them in constant time,
 * so neither a key nor its length leaks through timing. Neither a key nor a digest is ever logged.
 *
 * <p>When no key is configured, a random key is generated at startup and printed once, so that a first run works
 * and is still protected.
 */
@Context
final class ApiKeys {

    static final String PROPERTY = "petstore.api-keys";
    static final String DIGEST_PREFIX = "sha256:";
    private static final Pattern DIGEST = Pattern.compile("[0-9a-fA-F]{64}");
    private static final Logger LOG = LoggerFactory.getLogger(ApiKeys.class);
    private static final int GENERATED_KEY_BYTES = 32;
    private static final MessageDigest SHA_256 = sha256Instance();

    private static final String KEY_ID_SALT = "petstore-inventory api key id";
    private static final int KEY_ID_ITERATIONS = 100_000;
    private static final int KEY_ID_BYTES = 6;

    private final List<byte[]> digests;
    private final AtomicReferenceArray<String> keyIds;

    ApiKeys(ApiKeysConfiguration configuration) {
        List<String> configured = configuration.apiKeys();
        List<String> keys = configured == null ? List.of() : configured.stream()
                .filter(Objects::nonNull)
                .map(String::trim)
                .filter(key -> !key.isEmpty())
                .toList();
        if (keys.isEmpty()) {
            String generated = generateKey();
            LOG.warn("No API key is configured ({} / PETSTORE_API_KEYS). Generated a key for this run only: {}",
                    PROPERTY, generated);
            keys = List.of(generated);
        } else {
            LOG.info("Accepting {} configured API key(s)", keys.size());
        }
        List<String> accepted = keys;
        this.digests = IntStream.range(0, accepted.size()).mapToObj(i -> digestOf(accepted.get(i), i + 1)).toList();
        this.keyIds = new AtomicReferenceArray<>(digests.size());
    }

    /**
     * The id of the accepted key the presented key is ({@link #keyId}); empty when it is none of them. Compares with
     * every accepted key, so it takes the same time whichever key matches.
     */
    Optional<String> keyIdOf(String presentedKey) {
        byte[] presented = sha256(presentedKey);
        int match = -1;
        for (int i = 0; i < digests.size(); i++) {
            boolean equal = MessageDigest.isEqual(digests.get(i), presented);
            match = equal ? i : match;
        }
        return match < 0 ? Optional.empty() : Optional.of(keyId(match));
    }

    /**
     * The id of the accepted key at this position: {@code key-} and 12 hex digits, the same for the key and for its
     * {@code sha256:} digest, on every instance and after every restart, so that the stock ledger can say which key
     * made a change. It is derived from the key's digest by PBKDF2 (HMAC-SHA256, {@value #KEY_ID_ITERATIONS}
     * iterations), so that guessing a key from its id costs as much as that many digests per guess; it is computed
     * once, when the key is first used.
     */
    private String keyId(int position) {
        String id = keyIds.get(position);
        if (id == null) {
            id = deriveKeyId(digests.get(position));
            keyIds.set(position, id);
        }
        return id;
    }

    private static String deriveKeyId(byte[] digest) {
        try {
            PBEKeySpec spec = new PBEKeySpec(HexFormat.of().formatHex(digest).toCharArray(),
                    KEY_ID_SALT.getBytes(StandardCharsets.UTF_8), KEY_ID_ITERATIONS, KEY_ID_BYTES * Byte.SIZE);
            byte[] derived = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
            return "key-" + HexFormat.of().formatHex(derived);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is required by every Java platform", e);
        }
    }

    /** The digest an entry stands for: given after {@code sha256:}, or that of the key. */
    private static byte[] digestOf(String entry, int position) {
        if (!entry.regionMatches(true, 0, DIGEST_PREFIX, 0, DIGEST_PREFIX.length())) {
            return sha256(entry);
        }
        String hex = entry.substring(DIGEST_PREFIX.length());
        if (!DIGEST.matcher(hex).matches()) {
            throw new ConfigurationException("Entry " + position + " of " + PROPERTY + " (PETSTORE_API_KEYS) starts "
                    + "with '" + DIGEST_PREFIX + "' but is not followed by the 64 hex digits of a SHA-256 digest: "
                    + "compute one with: printf %s \"$KEY\" | sha256sum");
        }
        return HexFormat.of().parseHex(hex);
    }

    private static String generateKey() {
        byte[] bytes = new byte[GENERATED_KEY_BYTES];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] sha256(String value) {
        return newSha256().digest(value.getBytes(StandardCharsets.UTF_8));
    }

    /** A fresh SHA-256 digest: a copy of a prototype is cheaper than a provider look-up on every request. */
    private static MessageDigest newSha256() {
        try {
            return (MessageDigest) SHA_256.clone();
        } catch (CloneNotSupportedException e) {
            return sha256Instance();
        }
    }

    private static MessageDigest sha256Instance() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
