package org.petstore.inventory.application.port.outbound;

import java.net.InetAddress;
import java.util.List;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;

/** Resolves a webhook URL's host, so that the addresses it leads to can be checked when the URL is given. */
public interface HostAddresses {

    /**
     * Every address {@code host} resolves to now, in the resolver's order, never empty; an IP literal (IPv6 without
     * brackets) is that address, without a lookup.
     *
     * @throws InvalidWebhookRequestException when the host does not resolve, naming the host and the fix
     */
    List<InetAddress> resolve(String host);
}
