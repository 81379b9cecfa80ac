package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.webhook.delivery.ScriptedHostAddresses.address;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;

/** A webhook host's addresses as the service looks them up: IP literals as they are, names by the JDK. */
class JdkHostAddressesTest {

    private final JdkHostAddresses hosts = new JdkHostAddresses();

    @Test
    void anIpLiteralIsItsAddress() {
        assertEquals(List.of(address("203.0.113.7")), hosts.resolve("203.0.113.7"));
        assertEquals(List.of(address("2001:db8::1")), hosts.resolve("2001:db8::1"));
        assertEquals(List.of(address("2001:db8::1")), hosts.resolve("[2001:db8::1]"));
        // an IPv4-mapped IPv6 literal is the IPv4 address, which the policy then judges as one
        assertEquals(List.of(address("127.0.0.1")), hosts.resolve("::ffff:127.0.0.1"));
    }

    @Test
    void aNameIsLookedUpToEveryAddressItHas() {
        List<InetAddress> addresses = hosts.resolve("localhost");

        assertFalse(addresses.isEmpty());
        assertTrue(addresses.stream().allMatch(InetAddress::isLoopbackAddress), addresses::toString);
    }

    @Test
    void aNameThatDoesNotResolveIsAnInvalidRequestThatNamesIt() {
        // .invalid never resolves (RFC 6761)
        InvalidWebhookRequestException unknown = assertThrows(InvalidWebhookRequestException.class,
                () -> hosts.resolve("nowhere.invalid"));

        assertEquals("the URL's host 'nowhere.invalid' does not resolve: check the name, and that it has an address "
                + "in DNS", unknown.getMessage());
    }

    @Test
    void anEmptyHostIsRefusedRatherThanTakenForLoopback() {
        assertThrows(InvalidWebhookRequestException.class, () -> hosts.resolve(""));
        assertThrows(InvalidWebhookRequestException.class, () -> hosts.resolve("[]"));
    }

    @Test
    void aLongHostIsQuotedShort() {
        String host = "a".repeat(100) + ".invalid";

        InvalidWebhookRequestException unknown = assertThrows(InvalidWebhookRequestException.class,
                () -> hosts.resolve(host));

        assertTrue(unknown.getMessage().startsWith("the URL's host '" + "a".repeat(64) + "...' does not resolve"),
                unknown.getMessage());
    }
}
