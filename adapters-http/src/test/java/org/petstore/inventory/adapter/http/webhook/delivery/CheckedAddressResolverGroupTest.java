package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.resolver.AddressResolver;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The webhook client's name resolution on its own, through Netty's resolver API as the client's bootstrap calls it:
 * it answers the very address it checked, refuses a host when any address is refused, and looks up on a virtual
 * thread.
 */
class CheckedAddressResolverGroupTest {

    private final List<Thread> lookupThreads = new CopyOnWriteArrayList<>();

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private AddressResolver<InetSocketAddress> resolver(List<InetAddress> answer) {
        CheckedAddressResolverGroup group = new CheckedAddressResolverGroup(
                candidate -> !candidate.isSiteLocalAddress(),
                host -> {
                    lookupThreads.add(Thread.currentThread());
                    return answer;
                },
                command -> Thread.ofVirtual().start(command));
        return group.getResolver(GlobalEventExecutor.INSTANCE);
    }

    private static Future<InetSocketAddress> resolve(AddressResolver<InetSocketAddress> resolver, String host) {
        Future<InetSocketAddress> resolved = resolver.resolve(InetSocketAddress.createUnresolved(host, 443));
        assertTrue(resolved.awaitUninterruptibly(5, TimeUnit.SECONDS), "resolved in time");
        return resolved;
    }

    @Test
    void answersTheCheckedAddressObjectItselfWithThePort() {
        InetAddress checked = InetAddress.getLoopbackAddress();

        Future<InetSocketAddress> resolved = resolve(resolver(List.of(checked)), "receiver.test");

        assertTrue(resolved.isSuccess(), () -> String.valueOf(resolved.cause()));
        assertSame(checked, resolved.getNow().getAddress());
        assertEquals(443, resolved.getNow().getPort());
    }

    @Test
    void refusesAHostWhenAnyOfItsAddressesIsRefused() {
        Future<InetSocketAddress> resolved = resolve(resolver(List.of(address("8.8.8.8"), address("10.0.0.1"))),
                "receiver.test");

        assertFalse(resolved.isSuccess());
        RefusedAddressException refused = assertInstanceOf(RefusedAddressException.class, resolved.cause());
        assertEquals(address("10.0.0.1"), refused.address());
        assertEquals("address refused: receiver.test resolves to 10.0.0.1", refused.getMessage());
    }

    @Test
    void aHostWithoutAddressesIsUnknown() {
        Future<InetSocketAddress> resolved = resolve(resolver(List.of()), "receiver.test");

        assertInstanceOf(UnknownHostException.class, resolved.cause());
    }

    @Test
    void aLookupFailureIsTheFailureOfTheResolution() {
        CheckedAddressResolverGroup group = new CheckedAddressResolverGroup(candidate -> true,
                host -> {
                    throw new UncheckedIOException(new UnknownHostException(host));
                },
                command -> Thread.ofVirtual().start(command));

        Future<InetSocketAddress> resolved = resolve(group.getResolver(GlobalEventExecutor.INSTANCE), "nowhere.test");

        assertInstanceOf(UnknownHostException.class, resolved.cause());
        assertEquals("nowhere.test", resolved.cause().getMessage());
    }

    @Test
    void theLookupRunsOnAVirtualThreadNotOnTheCallersThread() {
        resolve(resolver(List.of(InetAddress.getLoopbackAddress())), "receiver.test");

        assertEquals(1, lookupThreads.size());
        assertTrue(lookupThreads.getFirst().isVirtual());
    }

    @Test
    void theDefaultLookupRunsOnAVirtualThreadAndChecksIpLiterals() throws Exception {
        List<InetAddress> checked = new CopyOnWriteArrayList<>();
        List<Thread> checkingThreads = new CopyOnWriteArrayList<>();
        CheckedAddressResolverGroup group = new CheckedAddressResolverGroup(candidate -> {
            checked.add(candidate);
            checkingThreads.add(Thread.currentThread());
            return !candidate.isLoopbackAddress();
        });

        Future<InetSocketAddress> literal = resolve(group.getResolver(GlobalEventExecutor.INSTANCE), "127.0.0.1");

        assertInstanceOf(RefusedAddressException.class, literal.cause());
        assertEquals(List.of(InetAddress.getByName("127.0.0.1")), checked);
        assertTrue(checkingThreads.getFirst().isVirtual());
    }
}
