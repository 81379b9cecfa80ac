package org.petstore.inventory.domain.access;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;
import java.util.zip.CRC32;

/**
 * The secret of a managed key, as its holder sends it: {@code pst_}, 256 random bits as 43 base62 characters, and
 * the CRC32 of those 43 characters as 6 base62 characters (53 characters in all, as GitHub's tokens are built). The
 * prefix lets a secret scanner find a leaked key; the checksum lets the service refuse a mistyped or made-up one
 * without reading the store. The store keeps only a digest of a secret ({@code ApiKeyStore.digest}, in the
 * application).
 */
public final class KeySecret {

    public static final String PREFIX = "pst_";
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final int RANDOM_BYTES = 32;
    private static final int RANDOM_CHARS = 43;
    private static final int CHECKSUM_CHARS = 6;
    public static final int LENGTH = PREFIX.length() + RANDOM_CHARS + CHECKSUM_CHARS;

    private KeySecret() {
    }

    /** A new secret from {@code random}, which should be a {@code SecureRandom}. */
    public static String generate(RandomGenerator random) {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        String body = base62(new BigInteger(1, bytes), RANDOM_CHARS);
        return PREFIX + body + checksum(body);
    }

    /**
     * Whether {@code presented} has the form of a managed key's secret and its checksum holds. Runs on every request
     * with a managed key: no allocation.
     */
    public static boolean isWellFormed(String presented) {
        if (presented == null || presented.length() != LENGTH || !presented.startsWith(PREFIX)) {
            return false;
        }
        CRC32 crc = new CRC32();
        for (int i = PREFIX.length(); i < PREFIX.length() + RANDOM_CHARS; i++) {
            char c = presented.charAt(i);
            if (digitOf(c) < 0) {
                return false;
            }
            crc.update(c);
        }
        long checksum = 0;
        for (int i = PREFIX.length() + RANDOM_CHARS; i < LENGTH; i++) {
            int digit = digitOf(presented.charAt(i));
            if (digit < 0) {
                return false;
            }
            checksum = checksum * BASE62.length() + digit;
        }
        return checksum == crc.getValue();
    }

    /** The value of a base62 digit; -1 for any other character. */
    private static int digitOf(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'A' && c <= 'Z') {
            return c - 'A' + 10;
        }
        return c >= 'a' && c <= 'z' ? c - 'a' + 36 : -1;
    }

    private static String checksum(String body) {
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.US_ASCII));
        return base62(BigInteger.valueOf(crc.getValue()), CHECKSUM_CHARS);
    }

    private static String base62(BigInteger value, int width) {
        StringBuilder digits = new StringBuilder();
        BigInteger base = BigInteger.valueOf(BASE62.length());
        for (BigInteger rest = value; rest.signum() > 0; rest = rest.divide(base)) {
            digits.append(BASE62.charAt(rest.mod(base).intValue()));
        }
        while (digits.length() < width) {
            digits.append('0');
        }
        return digits.reverse().toString();
    }
}
