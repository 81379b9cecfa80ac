package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * Who made a change of stock, and why, as the stock ledger records it with the change: the source; for a change
 * through the API, the id of the API key that made it (never the key) and the id of the request; the reason the
 * client gave. Each of the last three may be absent ({@code null}).
 */
public record ChangeOrigin(ChangeSource source, String keyId, String requestId, ChangeReason reason) {

    /** Longest key id and request id kept. */
    public static final int MAX_ID_LENGTH = 128;

    /** A change made by a data import: no key, no request, no reason. */
    public static final ChangeOrigin IMPORT = new ChangeOrigin(ChangeSource.IMPORT, null, null, null);

    public ChangeOrigin {
        Objects.requireNonNull(source, "source");
        if (keyId != null && (keyId.isEmpty() || keyId.length() > MAX_ID_LENGTH)) {
            throw new InvalidStockChangeException("A key id has 1 to " + MAX_ID_LENGTH + " characters");
        }
        if (requestId != null && (requestId.isEmpty() || requestId.length() > MAX_ID_LENGTH)) {
            throw new InvalidStockChangeException("A request id has 1 to " + MAX_ID_LENGTH + " characters");
        }
    }

    /** A change made through the API with this key and request, for this reason (each may be {@code null}). */
    public static ChangeOrigin api(String keyId, String requestId, ChangeReason reason) {
        return new ChangeOrigin(ChangeSource.API, keyId, requestId, reason);
    }

    /** The same origin, for this reason ({@code null}: none given). */
    public ChangeOrigin withReason(ChangeReason reason) {
        return new ChangeOrigin(source, keyId, requestId, reason);
    }

    /** The reason as clients send and read it ({@link ChangeReason#wireName()}); {@code null} when none was given. */
    public String reasonWireName() {
        return reason == null ? null : reason.wireName();
    }
}
