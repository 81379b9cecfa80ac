package org.petstore.inventory.adapter.http.webhook.delivery;

/**
 * Why a delivery attempt got no status code that counts (the delivery log's {@code error}). Stands in for the
 * domain's {@code DeliveryError} until it exists; the names are the same.
 */
public enum SendError {
    /** No answer within the connect timeout, the read timeout or the attempt's deadline. */
    TIMEOUT,
    /** The receiver's host refused the TCP connection (nothing listens on the port). */
    REFUSED,
    /** The receiver answered 3xx; redirects are never followed. */
    REDIRECT_REFUSED,
    /** The host resolved to an address that deliveries may not go to; no connection was opened. */
    ADDRESS_REFUSED,
    /** The TLS handshake failed: an untrusted certificate, one for another name, or no TLS at all. */
    TLS,
    /** Anything else between the two ends: an unknown host, a reset connection, a broken answer. */
    NETWORK
}
