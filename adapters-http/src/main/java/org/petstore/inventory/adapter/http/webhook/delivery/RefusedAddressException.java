package org.petstore.inventory.adapter.http.webhook.delivery;

import java.io.IOException;
import java.net.InetAddress;

/**
 * A webhook's host resolved to an address that deliveries may not go to, so no connection was opened. It travels
 * from {@link CheckedAddressResolverGroup} through Netty's connect failure and Micronaut's {@code HttpClientException}
 * as a cause, where {@link MicronautWebhookTransport} recognises it.
 */
public final class RefusedAddressException extends IOException {

    private final transient InetAddress address;

    RefusedAddressException(String host, InetAddress address) {
        super("address refused: " + host + " resolves to " + address.getHostAddress());
        this.address = address;
    }

    /** @return the first address of the host that the check refused */
    public InetAddress address() {
        return address;
    }
}
