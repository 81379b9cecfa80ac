package org.petstore.inventory.adapter.http.webhook.delivery;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.resolver.InetSocketAddressResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.domain.webhook.AddressPolicy;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * The name resolution of one of the two webhook clients, the one for {@code https://} URLs or the one for
 * {@code http://} URLs: it looks a host up ({@link HostAddresses}), checks every address with the
 * {@link AddressPolicy} as a URL of its scheme ({@code http://} only into admitted networks), refuses the host when
 * the check fails, and otherwise answers the checked {@link InetAddress} itself, to which Netty then connects
 * without a second lookup. A DNS answer that changes between the check and the connection therefore cannot redirect
 * a delivery. An IP literal goes through here too: Micronaut hands Netty an unresolved {@code host:port}
 * (ConnectionManager.doConnect, {@code Bootstrap.remoteAddress(String, int)}).
 *
 * <p>A Netty resolver sees the host and port only, not the URL's scheme: hence one group, and one client, per
 * scheme. The lookup blocks, so it runs on a virtual thread, never on the client's event loop. Netty keeps one
 * resolver per event loop; none holds state, so closing has nothing to free.
 */
final class CheckedAddressResolverGroup extends AddressResolverGroup<InetSocketAddress> {

    /** The bean name of the group of the client for {@code https://} URLs. */
    static final String HTTPS = "webhook-addresses-https";
    /** The bean name of the group of the client for {@code http://} URLs. */
    static final String HTTP = "webhook-addresses-http";

    private final boolean https;
    private final HostAddresses hosts;
    private final AddressPolicy policy;
    private final Executor lookups;

    /**
     * @param https   whether the client connects for {@code https://} URLs (else {@code http://})
     * @param hosts   the addresses of a host, in the order to try them
     * @param policy  where deliveries may go
     * @param lookups where the blocking lookup runs
     */
    CheckedAddressResolverGroup(boolean https, HostAddresses hosts, AddressPolicy policy, Executor lookups) {
        this.https = https;
        this.hosts = Objects.requireNonNull(hosts, "hosts");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.lookups = Objects.requireNonNull(lookups, "lookups");
    }

    /** Looks hosts up on a new virtual thread each. */
    static Executor virtualThreads() {
        return lookup -> Thread.ofVirtual().name("webhook-address-lookup").start(lookup);
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new InetSocketAddressResolver(executor, new CheckedNameResolver(executor));
    }

    /**
     * @param host a host name or IP literal (an IPv6 one with or without brackets)
     * @return every address of the host, each accepted for this client's scheme
     * @throws InvalidWebhookRequestException when the host does not resolve
     * @throws org.petstore.inventory.domain.webhook.AddressRefusedException when an address is refused
     */
    List<InetAddress> checkedAddresses(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        List<InetAddress> addresses = List.copyOf(hosts.resolve(bare));
        policy.check(urlOf(bare), addresses);
        return addresses;
    }

    /** A URL of this client's scheme and the host: what {@link AddressPolicy#check} judges. */
    private WebhookUrl urlOf(String host) {
        try {
            return new WebhookUrl(new URI(https ? "https" : "http", null, host, -1, "/", null, null));
        } catch (URISyntaxException e) {
            throw new InvalidWebhookRequestException("the URL's host is not a host name or an IP address: "
                    + JdkHostAddresses.quoted(host));
        }
    }

    /** Answers through Netty's promise from the lookup's thread; a promise may be completed from any thread. */
    private final class CheckedNameResolver extends InetNameResolver {

        CheckedNameResolver(EventExecutor executor) {
            super(executor);
        }

        @Override
        protected void doResolve(String host, Promise<InetAddress> promise) {
            run(promise, () -> promise.trySuccess(checkedAddresses(host).getFirst()));
        }

        @Override
        protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
            run(promise, () -> promise.trySuccess(checkedAddresses(host)));
        }

        private void run(Promise<?> promise, Runnable answer) {
            try {
                lookups.execute(() -> {
                    try {
                        answer.run();
                    } catch (RuntimeException e) {
                        promise.tryFailure(e);
                    }
                });
            } catch (RuntimeException e) {
                promise.tryFailure(e);
            }
        }
    }
}
