package org.petstore.inventory.adapter.http.webhook.delivery;

import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Objects;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;

/**
 * A webhook host's addresses from the JDK's name service ({@code InetAddress.getAllByName}: the system's resolver,
 * with the JVM's cache). An IP literal, with or without the brackets of an IPv6 one, is read as that address
 * ({@code InetAddress.ofLiteral}) and never looked up. Blocks its caller for the lookup.
 */
@Singleton
final class JdkHostAddresses implements HostAddresses {

    /** The longest part of a host a message quotes. */
    private static final int MAX_QUOTED = 64;

    @Override
    public List<InetAddress> resolve(String host) {
        Objects.requireNonNull(host, "host");
        String bare = host.length() > 1 && host.startsWith("[") && host.endsWith("]")
                ? host.substring(1, host.length() - 1) : host;
        if (bare.isBlank()) {
            // InetAddress.getAllByName("") answers the loopback address
            throw new InvalidWebhookRequestException("the URL needs a host name or an IP address");
        }
        try {
            return List.of(InetAddress.ofLiteral(bare));
        } catch (IllegalArgumentException notALiteral) {
            // a name: looked up below
        }
        try {
            return List.of(InetAddress.getAllByName(bare));
        } catch (UnknownHostException e) {
            throw new InvalidWebhookRequestException("the URL's host " + quoted(bare) + " does not resolve: check "
                    + "the name, and that it has an address in DNS");
        }
    }

    /** In quotes, at most {@value #MAX_QUOTED} characters, each control character as {@code ?}. */
    static String quoted(String host) {
        String cut = host.length() <= MAX_QUOTED ? host : host.substring(0, MAX_QUOTED) + "...";
        StringBuilder quoted = new StringBuilder(cut.length() + 2).append('\'');
        cut.chars().forEach(c -> quoted.append(Character.isISOControl(c) ? '?' : (char) c));
        return quoted.append('\'').toString();
    }
}
