package org.petstore.inventory.domain.webhook;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Why an attempt got no answer from the receiver, when it got none. The wire name is the log's and the API's. */
public enum DeliveryError {
    /** No complete answer within the time allowed (10 s), connecting included. */
    TIMEOUT,
    /** The connection was refused (nothing listens on the port). */
    REFUSED,
    /** The receiver answered 3xx; redirects are never followed. */
    REDIRECT_REFUSED,
    /** The host resolved to an address the {@link AddressPolicy} refuses, or did not resolve. */
    ADDRESS_REFUSED,
    /** The TLS handshake failed: an untrusted certificate, or one for another name. */
    TLS,
    /** Any other failure of the network: a reset connection, an unreachable host. */
    NETWORK;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    /** The name in lower case: {@code timeout}, {@code redirect_refused}, {@code address_refused}, ... */
    public String wireName() {
        return wireName;
    }

    public static Optional<DeliveryError> ofWireName(String wireName) {
        return Arrays.stream(values()).filter(error -> error.wireName.equals(wireName)).findFirst();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
