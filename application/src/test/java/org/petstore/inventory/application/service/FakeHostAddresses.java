package org.petstore.inventory.application.service;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;

/** A resolver that knows only the hosts a test gives it; it counts its look-ups. */
final class FakeHostAddresses implements HostAddresses {

    private final Map<String, List<InetAddress>> hosts = new ConcurrentHashMap<>();
    private final List<String> lookups = new ArrayList<>();

    /** {@code host} resolves to these IP literals. */
    FakeHostAddresses with(String host, String... addresses) {
        List<InetAddress> resolved = new ArrayList<>();
        for (String address : addresses) {
            try {
                resolved.add(InetAddress.getByName(address)); // IP literals only: no lookup
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(address, e);
            }
        }
        hosts.put(host, List.copyOf(resolved));
        return this;
    }

    synchronized List<String> lookups() {
        return List.copyOf(lookups);
    }

    @Override
    public List<InetAddress> resolve(String host) {
        synchronized (this) {
            lookups.add(host);
        }
        List<InetAddress> addresses = hosts.get(host);
        if (addresses == null) {
            throw new InvalidWebhookRequestException("the URL's host '" + host + "' does not resolve: check its name");
        }
        return addresses;
    }
}
