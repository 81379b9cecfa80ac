package org.petstore.inventory.adapter.http.webhook.delivery;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.resolver.InetSocketAddressResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The name resolution of the webhook client (the bean that {@code micronaut.http.services.webhooks.address-resolver-group-name}
 * names): it looks a host up, refuses it when any of its addresses fails the check, and otherwise answers the checked
 * {@link InetAddress} itself, to which Netty then connects without a second lookup. A DNS answer that changes between
 * the check and the connection therefore cannot redirect a delivery. An IP literal goes through here too: Micronaut
 * hands Netty an unresolved {@code host:port} (ConnectionManager.doConnect, {@code Bootstrap.remoteAddress(String, int)}).
 *
 * <p>The lookup blocks ({@code InetAddress.getAllByName} by default), so it runs on a virtual thread, never on the
 * client's event loop. Netty keeps one resolver per event loop; none holds state, so closing has nothing to free.
 *
 * <p>Until the domain's {@code AddressPolicy} and the application's {@code HostAddresses} port exist, the check is a
 * {@link Predicate} of one address and the lookup a {@link Function} from host to addresses; a lookup reports an
 * unknown host as an {@link UncheckedIOException} around an {@link UnknownHostException}.
 */
public final class CheckedAddressResolverGroup extends AddressResolverGroup<InetSocketAddress> {

    /** The bean name that {@code address-resolver-group-name} refers to. */
    public static final String NAME = "webhook-addresses";

    private final Predicate<InetAddress> accepted;
    private final Function<String, List<InetAddress>> lookup;
    private final Executor lookups;

    /**
     * @param accepted whether a delivery may go to an address
     */
    public CheckedAddressResolverGroup(Predicate<InetAddress> accepted) {
        this(accepted, CheckedAddressResolverGroup::systemLookup, CheckedAddressResolverGroup::onVirtualThread);
    }

    /**
     * @param accepted whether a delivery may go to an address
     * @param lookup   the addresses of a host, in the order to try them
     * @param lookups  where the blocking lookup runs
     */
    public CheckedAddressResolverGroup(Predicate<InetAddress> accepted, Function<String, List<InetAddress>> lookup,
                                       Executor lookups) {
        this.accepted = Objects.requireNonNull(accepted, "accepted");
        this.lookup = Objects.requireNonNull(lookup, "lookup");
        this.lookups = Objects.requireNonNull(lookups, "lookups");
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new InetSocketAddressResolver(executor, new CheckedNameResolver(executor));
    }

    /**
     * @param host a host name or IP literal
     * @return every address of the host, each accepted
     * @throws UnknownHostException     when the host has no address
     * @throws RefusedAddressException  when any address is refused
     */
    List<InetAddress> checkedAddresses(String host) throws IOException {
        List<InetAddress> addresses;
        try {
            addresses = List.copyOf(lookup.apply(host));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (addresses.isEmpty()) {
            throw new UnknownHostException(host);
        }
        for (InetAddress address : addresses) {
            if (!accepted.test(address)) {
                throw new RefusedAddressException(host, address);
            }
        }
        return addresses;
    }

    private static List<InetAddress> systemLookup(String host) {
        try {
            return List.of(InetAddress.getAllByName(host));
        } catch (UnknownHostException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void onVirtualThread(Runnable lookup) {
        Thread.ofVirtual().name("webhook-address-lookup").start(lookup);
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

        private void run(Promise<?> promise, Answer answer) {
            try {
                lookups.execute(() -> {
                    try {
                        answer.give();
                    } catch (IOException | RuntimeException e) {
                        promise.tryFailure(e);
                    }
                });
            } catch (RuntimeException e) {
                promise.tryFailure(e);
            }
        }
    }

    @FunctionalInterface
    private interface Answer {
        void give() throws IOException;
    }
}
