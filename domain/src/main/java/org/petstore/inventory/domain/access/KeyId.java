package org.petstore.inventory.domain.access;

import java.util.HexFormat;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * A key's id: {@code key-} and 12 lower-case hex digits. It is what the ledger, the access log and the idempotency
 * scope name; it is the same on every instance and stays when the key's secret is rotated. Not a secret.
 */
public record KeyId(String value) {

    private static final Pattern FORMAT = Pattern.compile("key-[0-9a-f]{12}");

    public KeyId {
        if (value == null || !FORMAT.matcher(value).matches()) {
            throw new InvalidKeyRequestException("'" + value + "' is not a key id: key- and 12 hex digits");
        }
    }

    public static boolean isKeyId(String value) {
        return value != null && FORMAT.matcher(value).matches();
    }

    public static KeyId random(RandomGenerator random) {
        byte[] bytes = new byte[6];
        random.nextBytes(bytes);
        return new KeyId("key-" + HexFormat.of().formatHex(bytes));
    }

    @Override
    public String toString() {
        return value;
    }
}
