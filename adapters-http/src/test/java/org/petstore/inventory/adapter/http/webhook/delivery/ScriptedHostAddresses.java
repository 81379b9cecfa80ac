package org.petstore.inventory.adapter.http.webhook.delivery;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.petstore.inventory.application.port.outbound.HostAddresses;

/**
 * The name lookup of the webhook tests, in place of the JDK's when {@value #SWITCH} is true: it answers what the
 * test says ({@link #answer}) and records every host asked, in order ({@link #lookedUp}). It is the one lookup of
 * both the check before an attempt and the clients' resolvers, as {@link JdkHostAddresses} is in the service.
 */
@Singleton
@Replaces(JdkHostAddresses.class)
@Requires(property = ScriptedHostAddresses.SWITCH, value = "true")
final class ScriptedHostAddresses implements HostAddresses {

    static final String SWITCH = "petstore.test.scripted-host-addresses";

    static final List<String> lookedUp = new CopyOnWriteArrayList<>();
    static volatile Function<String, List<InetAddress>> answer = host -> List.of();

    @Override
    public List<InetAddress> resolve(String host) {
        lookedUp.add(host);
        return answer.apply(host);
    }

    static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }
}
