package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SSRF rule, case by case: every refused block of the design's tables (webhooks-design.md section 3) at its first
 * and last address and at the address just outside it, which the same tables judge (public, or the neighbouring
 * block); the embedded IPv4 forms; public addresses; the admitted networks and http.
 */
class AddressPolicyTest {

    /** The IPv4 blocks refused, as the design lists them. */
    private static final List<Block> IPV4 = List.of(
            new Block("0.0.0.0/8", "this network"),
            new Block("10.0.0.0/8", "private"),
            new Block("100.64.0.0/10", "shared address space (CGNAT)"),
            new Block("127.0.0.0/8", "loopback"),
            new Block("169.254.0.0/16", "link-local"),
            new Block("172.16.0.0/12", "private"),
            new Block("192.0.0.0/24", "IETF protocol assignments"),
            new Block("192.0.2.0/24", "documentation"),
            new Block("192.88.99.0/24", "6to4 relay anycast"),
            new Block("192.168.0.0/16", "private"),
            new Block("198.18.0.0/15", "benchmarking"),
            new Block("198.51.100.0/24", "documentation"),
            new Block("203.0.113.0/24", "documentation"),
            new Block("224.0.0.0/4", "multicast"),
            new Block("240.0.0.0/4", "reserved"));

    /**
     * The IPv6 blocks refused, the more specific first: inside 2000::/3 the listed ones, outside it everything, named
     * by its specific block where it has one.
     */
    private static final List<Block> IPV6 = List.of(
            new Block("::/128", "unspecified"),
            new Block("::1/128", "loopback"),
            new Block("::ffff:0:0/96", "IPv4-mapped"),
            new Block("::/96", "IPv4-compatible"),
            new Block("64:ff9b::/96", "NAT64"),
            new Block("64:ff9b:1::/48", "NAT64, local use"),
            new Block("100::/64", "discard-only"),
            new Block("2001::/32", "Teredo"),
            new Block("2001::/23", "IETF protocol assignments"),
            new Block("2001:db8::/32", "documentation"),
            new Block("2002::/16", "6to4"),
            new Block("3fff::/20", "documentation"),
            new Block("5f00::/16", "SRv6"),
            new Block("fc00::/7", "unique local"),
            new Block("fe80::/10", "link-local"),
            new Block("fec0::/10", "site-local"),
            new Block("ff00::/8", "multicast"),
            new Block("::/3", "not global unicast (2000::/3)"),
            new Block("4000::/2", "not global unicast (2000::/3)"),
            new Block("8000::/1", "not global unicast (2000::/3)"));

    private final AddressPolicy publicOnly = AddressPolicy.publicOnly();

    /** A block of the tables, with its range computed here from the literal (without the code under test). */
    record Block(String cidr, String kind) {

        int length() {
            return cidr.contains(":") ? 16 : 4;
        }

        BigInteger first() {
            try {
                InetAddress network = InetAddress.getByName(cidr.substring(0, cidr.indexOf('/')));
                byte[] bytes = network.getAddress();
                if (bytes.length != length()) {
                    return InetAddressOf.numberOf(InetAddressOf.v6(cidr.substring(0, cidr.indexOf('/'))));
                }
                return new BigInteger(1, bytes);
            } catch (UnknownHostException e) {
                throw new AssertionError(cidr, e);
            }
        }

        BigInteger last() {
            int prefix = Integer.parseInt(cidr.substring(cidr.indexOf('/') + 1));
            return first().add(BigInteger.ONE.shiftLeft(length() * 8 - prefix)).subtract(BigInteger.ONE);
        }

        boolean holds(BigInteger address, int family) {
            return family == length() && address.compareTo(first()) >= 0 && address.compareTo(last()) <= 0;
        }
    }

    /** What the tables say of an address: the first block that holds it, or public (null). */
    private static Block expected(BigInteger address, int family) {
        return (family == 4 ? IPV4 : IPV6).stream().filter(block -> block.holds(address, family)).findFirst()
                .orElse(null);
    }

    static Stream<Arguments> edgesOfEveryRefusedBlock() {
        List<Arguments> cases = new ArrayList<>();
        for (Block block : Stream.concat(IPV4.stream(), IPV6.stream()).toList()) {
            int family = block.length();
            BigInteger max = BigInteger.ONE.shiftLeft(family * 8).subtract(BigInteger.ONE);
            List<BigInteger> probes = new ArrayList<>(List.of(block.first(), block.last()));
            if (block.first().signum() > 0) {
                probes.add(block.first().subtract(BigInteger.ONE));
            }
            if (block.last().compareTo(max) < 0) {
                probes.add(block.last().add(BigInteger.ONE));
            }
            for (BigInteger probe : probes) {
                InetAddress address = InetAddressOf.number(probe, family);
                cases.add(Arguments.of(block.cidr() + " " + IpLiterals.format(address), address,
                        expected(probe, family)));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edgesOfEveryRefusedBlock")
    void eachBlockIsRefusedFromItsFirstToItsLastAddressAndNotBeyond(String name, InetAddress address,
                                                                     Block expected) {
        AddressVerdict verdict = publicOnly.judge(address);

        if (expected == null) {
            assertEquals(new AddressVerdict.Public(), verdict, name);
        } else {
            AddressVerdict.Refused refused = assertInstanceOf(AddressVerdict.Refused.class, verdict, name);
            assertEquals(expected.cidr(), refused.block().toString(), name);
            assertEquals(expected.kind(), refused.kind(), name);
            assertEquals(address, refused.address(), name);
            assertFalse(refused.accepted(), name);
        }
    }

    @Test
    void theEdgesOfGlobalUnicastAreWhereIpv6StartsAndStopsBeingPublic() {
        assertAll(
                () -> assertEquals(new AddressVerdict.Public(), publicOnly.judge(InetAddressOf.v6("2000::"))),
                () -> assertEquals(new AddressVerdict.Public(), publicOnly.judge(
                        InetAddressOf.v6("3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff"))),
                () -> assertRefused("1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "::/3", "not global unicast (2000::/3)"),
                () -> assertRefused("4000::", "4000::/2", "not global unicast (2000::/3)"),
                () -> assertRefused("3fff::", "3fff::/20", "documentation"),
                () -> assertEquals(new AddressVerdict.Public(), publicOnly.judge(InetAddressOf.v6("2001:200::"))),
                () -> assertEquals(new AddressVerdict.Public(), publicOnly.judge(InetAddressOf.v6("2003::1"))));
    }

    @Test
    void theNamedAddressesOfTheIssueAreRefusedByTheirBlock() {
        assertAll(
                () -> assertRefused("169.254.169.254", "169.254.0.0/16", "link-local"),
                () -> assertRefused("100.64.0.1", "100.64.0.0/10", "shared address space (CGNAT)"),
                () -> assertRefused("127.0.0.1", "127.0.0.0/8", "loopback"),
                () -> assertRefused("10.0.0.1", "10.0.0.0/8", "private"),
                () -> assertRefused("0.0.0.0", "0.0.0.0/8", "this network"),
                () -> assertRefused("255.255.255.255", "240.0.0.0/4", "reserved"),
                () -> assertRefused("2001:0::1", "2001::/32", "Teredo"),
                () -> assertRefused("2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001::/32", "Teredo"),
                () -> assertRefused("2002:7f00:1::", "2002::/16", "6to4"),
                () -> assertRefused("64:ff9b::7f00:1", "64:ff9b::/96", "NAT64"),
                () -> assertRefused("64:ff9b::10.0.0.1", "64:ff9b::/96", "NAT64"),
                () -> assertRefused("fc00::1", "fc00::/7", "unique local"),
                () -> assertRefused("fd12:3456::1", "fc00::/7", "unique local"),
                () -> assertRefused("fe80::1", "fe80::/10", "link-local"),
                () -> assertRefused("::1", "::1/128", "loopback"),
                () -> assertRefused("::", "::/128", "unspecified"),
                () -> assertRefused("ff02::1", "ff00::/8", "multicast"),
                () -> assertRefused("2001:db8::1", "2001:db8::/32", "documentation"));
    }

    @Test
    void theMappedAndCompatibleFormsOfLoopbackAndPrivateAddressesAreRefused() throws UnknownHostException {
        assertAll(
                // Java reads a mapped literal as the IPv4 address itself, judged as one
                () -> assertRefused(InetAddress.getByName("::ffff:127.0.0.1"), "127.0.0.0/8", "loopback"),
                () -> assertRefused(InetAddress.getByName("::ffff:10.0.0.1"), "10.0.0.0/8", "private"),
                () -> assertRefused(InetAddress.getByName("::ffff:7f00:1"), "127.0.0.0/8", "loopback"),
                // the 16-byte mapped form, should one arrive
                () -> assertRefused(InetAddressOf.v6("::ffff:127.0.0.1"), "::ffff:0:0/96", "IPv4-mapped"),
                () -> assertRefused(InetAddressOf.v6("::ffff:10.0.0.1"), "::ffff:0:0/96", "IPv4-mapped"),
                () -> assertRefused(InetAddressOf.v6("::ffff:8.8.8.8"), "::ffff:0:0/96", "IPv4-mapped"),
                // compatible
                () -> assertRefused(InetAddress.getByName("::127.0.0.1"), "::/96", "IPv4-compatible"),
                () -> assertRefused(InetAddress.getByName("::10.0.0.1"), "::/96", "IPv4-compatible"),
                () -> assertRefused(InetAddress.getByName("::7f00:1"), "::/96", "IPv4-compatible"));
    }

    @Test
    void publicAddressesAreAccepted() throws UnknownHostException {
        for (String literal : List.of("8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e",
                "93.184.215.14", "100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0", "11.0.0.0",
                "223.255.255.255")) {
            AddressVerdict verdict = publicOnly.judge(InetAddress.getByName(literal));

            assertEquals(new AddressVerdict.Public(), verdict, literal);
            assertTrue(verdict.accepted(), literal);
        }
    }

    @Test
    void admittedNetworksComeFirstAndAdmitOnlyTheirOwnFamily() throws UnknownHostException {
        AddressPolicy policy = new AddressPolicy(Cidr.parseAll("10.0.0.0/8, 127.0.0.0/8, fd00::/8, ::1"));

        assertAll(
                () -> assertEquals(new AddressVerdict.AllowedNetwork(Cidr.parse("10.0.0.0/8")),
                        policy.judge(InetAddress.getByName("10.0.0.1"))),
                () -> assertEquals(new AddressVerdict.AllowedNetwork(Cidr.parse("127.0.0.0/8")),
                        policy.judge(InetAddress.getByName("127.0.0.1"))),
                () -> assertEquals(new AddressVerdict.AllowedNetwork(Cidr.parse("fd00::/8")),
                        policy.judge(InetAddress.getByName("fd00::5"))),
                () -> assertEquals(new AddressVerdict.AllowedNetwork(Cidr.parse("::1/128")),
                        policy.judge(InetAddress.getByName("::1"))),
                () -> assertTrue(policy.judge(InetAddress.getByName("::1")).accepted()),
                () -> assertInstanceOf(AddressVerdict.Refused.class, policy.judge(InetAddress.getByName("fc00::1")),
                        "fc00::/8 is not admitted"),
                () -> assertInstanceOf(AddressVerdict.Refused.class,
                        policy.judge(InetAddress.getByName("192.168.1.1"))),
                () -> assertInstanceOf(AddressVerdict.Refused.class, policy.judge(InetAddressOf.v6("::ffff:10.0.0.1")),
                        "an IPv4 network admits no IPv6 address"),
                () -> assertEquals(new AddressVerdict.Public(), policy.judge(InetAddress.getByName("8.8.8.8"))),
                () -> assertEquals(Cidr.parseAll("10.0.0.0/8, 127.0.0.0/8, fd00::/8, ::1"), policy.allowedNetworks()));
    }

    @Test
    void httpsToPublicAddressesPasses() throws UnknownHostException {
        publicOnly.check(WebhookUrl.parse("https://hooks.example.com/stock"),
                List.of(InetAddress.getByName("93.184.215.14"), InetAddress.getByName("2606:4700:4700::1111")));
    }

    @Test
    void oneRefusedAddressRefusesTheHostNamingTheAddressTheBlockAndTheFix() throws UnknownHostException {
        AddressRefusedException refused = assertThrows(AddressRefusedException.class,
                () -> publicOnly.check(WebhookUrl.parse("https://hooks.example.com/stock"),
                        List.of(InetAddress.getByName("93.184.215.14"), InetAddress.getByName("10.0.0.7"))));

        assertEquals("the URL's host 'hooks.example.com' resolves to 10.0.0.7, which lies in 10.0.0.0/8 (private); "
                + "webhooks go only to public addresses: use a host with public addresses, or admit its network with "
                + "PETSTORE_WEBHOOK_ALLOWED_NETWORKS", refused.getMessage());
        assertEquals("hooks.example.com", refused.host());
        assertEquals(InetAddress.getByName("10.0.0.7"), refused.address());
        assertEquals(Cidr.parse("10.0.0.0/8"), refused.refusal().orElseThrow().block());
        assertEquals("10.0.0.7 lies in 10.0.0.0/8 (private)", refused.refusal().orElseThrow().describe());
    }

    @Test
    void anAddressInTheUrlIsNamedAsTheUrlsAddress() throws UnknownHostException {
        AddressRefusedException refused = assertThrows(AddressRefusedException.class,
                () -> publicOnly.check(WebhookUrl.parse("https://[fe80::1]:8443/"),
                        List.of(InetAddress.getByName("fe80::1"))));

        assertEquals("the URL's address fe80::1, which lies in fe80::/10 (link-local); webhooks go only to public "
                + "addresses: use a host with public addresses, or admit its network with "
                + "PETSTORE_WEBHOOK_ALLOWED_NETWORKS", refused.getMessage());
        assertEquals("fe80::1", refused.host());
    }

    @Test
    void plainHttpIsAcceptedOnlyWhenEveryAddressLiesInAnAdmittedNetwork() throws UnknownHostException {
        AddressPolicy policy = new AddressPolicy(Cidr.parseAll("10.0.0.0/8,127.0.0.0/8"));
        WebhookUrl local = WebhookUrl.parse("http://receiver.internal:8080/hooks");

        policy.check(local, List.of(InetAddress.getByName("10.1.2.3"), InetAddress.getByName("127.0.0.1")));
        policy.check(WebhookUrl.parse("https://receiver.internal/"), List.of(InetAddress.getByName("10.1.2.3"),
                InetAddress.getByName("8.8.8.8")));
        AddressRefusedException mixed = assertThrows(AddressRefusedException.class, () -> policy.check(local,
                List.of(InetAddress.getByName("10.1.2.3"), InetAddress.getByName("8.8.8.8"))));
        AddressRefusedException publicHost = assertThrows(AddressRefusedException.class, () -> publicOnly.check(
                WebhookUrl.parse("http://hooks.example.com/"), List.of(InetAddress.getByName("8.8.8.8"))));

        assertEquals("the URL's host 'receiver.internal' resolves to 8.8.8.8, which is not in a network admitted by "
                + "PETSTORE_WEBHOOK_ALLOWED_NETWORKS, and only those may be called over http://: use an https:// URL",
                mixed.getMessage());
        assertEquals(InetAddress.getByName("8.8.8.8"), mixed.address());
        assertTrue(mixed.refusal().isEmpty());
        assertEquals("the URL's host 'hooks.example.com' resolves to 8.8.8.8, which is not in a network admitted by "
                + "PETSTORE_WEBHOOK_ALLOWED_NETWORKS, and only those may be called over http://: use an https:// URL",
                publicHost.getMessage());
    }

    @Test
    void aRefusedAddressIsReportedBeforePlainHttp() throws UnknownHostException {
        AddressRefusedException refused = assertThrows(AddressRefusedException.class, () -> publicOnly.check(
                WebhookUrl.parse("http://hooks.example.com/"),
                List.of(InetAddress.getByName("8.8.8.8"), InetAddress.getByName("169.254.169.254"))));

        assertEquals(Cidr.parse("169.254.0.0/16"), refused.refusal().orElseThrow().block());
    }

    @Test
    void aHostWithoutAddressesIsRefused() {
        assertEquals("the URL's host 'hooks.example.com' resolves to no address: use a host that has one",
                assertThrows(InvalidWebhookRequestException.class, () -> publicOnly.check(
                        WebhookUrl.parse("https://hooks.example.com/"), List.of())).getMessage());
    }

    private void assertRefused(String literal, String block, String kind) throws UnknownHostException {
        assertRefused(InetAddress.getByName(literal), block, kind);
    }

    private void assertRefused(InetAddress address, String block, String kind) {
        AddressVerdict.Refused refused = assertInstanceOf(AddressVerdict.Refused.class, publicOnly.judge(address),
                address.toString());
        assertEquals(block, refused.block().toString(), address.toString());
        assertEquals(kind, refused.kind(), address.toString());
    }
}
