package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.webhook.delivery.ScriptedHostAddresses.address;

import io.netty.resolver.AddressResolver;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.domain.webhook.AddressPolicy;
import org.petstore.inventory.domain.webhook.AddressRefusedException;
import org.petstore.inventory.domain.webhook.Cidr;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;

/**
 * The webhook clients' name resolution on its own, through Netty's resolver API as a client's bootstrap calls it:
 * it answers the very address it checked, refuses a host when any address is refused, applies the rule of its
 * scheme ({@code http://} only into admitted networks), and looks up on a virtual thread.
 */
class CheckedAddressResolverGroupTest {

    private static final AddressPolicy LOOPBACK_ADMITTED = new AddressPolicy(List.of(Cidr.parse("127.0.0.0/8")));

    private final List<String> lookedUp = new CopyOnWriteArrayList<>();
    private final List<Thread> lookupThreads = new CopyOnWriteArrayList<>();

    private HostAddresses answering(List<InetAddress> answer) {
        return host -> {
            lookedUp.add(host);
            lookupThreads.add(Thread.currentThread());
            return answer;
        };
    }

    private static AddressResolver<InetSocketAddress> resolver(boolean https, HostAddresses hosts,
                                                              AddressPolicy policy) {
        return new CheckedAddressResolverGroup(https, hosts, policy, CheckedAddressResolverGroup.virtualThreads())
                .getResolver(GlobalEventExecutor.INSTANCE);
    }

    private static Future<InetSocketAddress> resolve(AddressResolver<InetSocketAddress> resolver, String host) {
        Future<InetSocketAddress> resolved = resolver.resolve(InetSocketAddress.createUnresolved(host, 443));
        assertTrue(resolved.awaitUninterruptibly(5, TimeUnit.SECONDS), "resolved in time");
        return resolved;
    }

    @Test
    void answersTheCheckedAddressObjectItselfWithThePort() {
        InetAddress checked = address("127.0.0.1");

        Future<InetSocketAddress> resolved = resolve(resolver(true, answering(List.of(checked)), LOOPBACK_ADMITTED),
                "receiver.test");

        assertTrue(resolved.isSuccess(), () -> String.valueOf(resolved.cause()));
        assertSame(checked, resolved.getNow().getAddress());
        assertEquals(443, resolved.getNow().getPort());
        assertEquals(List.of("receiver.test"), lookedUp);
    }

    @Test
    void refusesAHostWhenAnyOfItsAddressesIsRefused() {
        Future<InetSocketAddress> resolved = resolve(resolver(true,
                answering(List.of(address("8.8.8.8"), address("10.0.0.1"))), AddressPolicy.publicOnly()),
                "receiver.test");

        assertFalse(resolved.isSuccess());
        AddressRefusedException refused = assertInstanceOf(AddressRefusedException.class, resolved.cause());
        assertEquals(address("10.0.0.1"), refused.address());
        assertEquals("receiver.test", refused.host());
    }

    @Test
    void overHttpsAPublicAddressIsAccepted() {
        Future<InetSocketAddress> resolved = resolve(resolver(true, answering(List.of(address("8.8.8.8"))),
                AddressPolicy.publicOnly()), "receiver.test");

        assertTrue(resolved.isSuccess(), () -> String.valueOf(resolved.cause()));
        assertEquals(address("8.8.8.8"), resolved.getNow().getAddress());
    }

    @Test
    void overHttpOnlyAddressesInAnAdmittedNetworkAreAccepted() {
        Future<InetSocketAddress> publicAddress = resolve(resolver(false, answering(List.of(address("8.8.8.8"))),
                LOOPBACK_ADMITTED), "receiver.test");
        Future<InetSocketAddress> oneOfTwoPublic = resolve(resolver(false,
                answering(List.of(address("127.0.0.1"), address("8.8.8.8"))), LOOPBACK_ADMITTED), "receiver.test");
        Future<InetSocketAddress> admitted = resolve(resolver(false, answering(List.of(address("127.0.0.1"))),
                LOOPBACK_ADMITTED), "receiver.test");

        AddressRefusedException refused = assertInstanceOf(AddressRefusedException.class, publicAddress.cause());
        assertTrue(refused.refusal().isEmpty(), "refused for http://, not for its block");
        assertInstanceOf(AddressRefusedException.class, oneOfTwoPublic.cause());
        assertTrue(admitted.isSuccess(), () -> String.valueOf(admitted.cause()));
    }

    @Test
    void aHostThatDoesNotResolveFailsTheResolution() {
        HostAddresses unknown = host -> {
            throw new InvalidWebhookRequestException("the URL's host '" + host + "' does not resolve");
        };

        Future<InetSocketAddress> resolved = resolve(resolver(true, unknown, LOOPBACK_ADMITTED), "nowhere.test");

        assertInstanceOf(InvalidWebhookRequestException.class, resolved.cause());
        assertEquals("the URL's host 'nowhere.test' does not resolve", resolved.cause().getMessage());
    }

    @Test
    void theLookupRunsOnAVirtualThread() {
        resolve(resolver(true, answering(List.of(address("127.0.0.1"))), LOOPBACK_ADMITTED), "receiver.test");

        assertEquals(1, lookupThreads.size());
        assertTrue(lookupThreads.getFirst().isVirtual());
    }

    @Test
    void anIpLiteralIsCheckedToo() {
        HostAddresses jdk = new JdkHostAddresses();

        Future<InetSocketAddress> literal = resolve(resolver(true, jdk, AddressPolicy.publicOnly()), "127.0.0.1");
        Future<InetSocketAddress> bracketed = resolve(resolver(true, jdk, AddressPolicy.publicOnly()), "[::1]");

        assertEquals(address("127.0.0.1"),
                assertInstanceOf(AddressRefusedException.class, literal.cause()).address());
        assertEquals(address("::1"), assertInstanceOf(AddressRefusedException.class, bracketed.cause()).address());
    }
}
