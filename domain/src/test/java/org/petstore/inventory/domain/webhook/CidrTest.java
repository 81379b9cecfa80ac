package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CidrTest {

    /** A literal only: the JDK reads it without a lookup. */
    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }

    @Test
    void blocksAreReadAndWrittenInTheirShortForm() {
        assertAll(
                () -> assertEquals("10.0.0.0/8", Cidr.parse("10.0.0.0/8").toString()),
                () -> assertEquals(8, Cidr.parse("10.0.0.0/8").prefixLength()),
                () -> assertEquals(ip("10.0.0.0"), Cidr.parse("10.0.0.0/8").network()),
                () -> assertEquals("fc00::/7", Cidr.parse("fc00::/7").toString()),
                () -> assertEquals("2001:db8::/32", Cidr.parse("2001:0DB8:0000::/32").toString()),
                () -> assertEquals("::/0", Cidr.parse("::/0").toString()),
                () -> assertEquals("0.0.0.0/0", Cidr.parse("0.0.0.0/0").toString()),
                () -> assertEquals("1:0:0:1::/64", Cidr.parse("1:0:0:1:0:0:0:0/64").toString()),
                () -> assertEquals("1::1:0:0:1:1/128", Cidr.parse("1:0:0:1:0:0:1:1").toString()),
                () -> assertEquals("::ffff:0:0/96", Cidr.parse("::ffff:0.0.0.0/96").toString()),
                () -> assertEquals("64:ff9b::7f00:1/128", Cidr.parse("64:ff9b::127.0.0.1").toString()),
                () -> assertEquals("2606:4700:4700::1111/128", Cidr.parse(" 2606:4700:4700::1111 ").toString()));
    }

    @Test
    void aBareAddressIsThatAddressAlone() {
        assertEquals(new Cidr(InetAddressOf.v4(127, 0, 0, 1), 32), Cidr.parse("127.0.0.1"));
        assertEquals(128, Cidr.parse("::1").prefixLength());
        assertTrue(Cidr.parse("::1").contains(InetAddressOf.v6("::1")));
        assertFalse(Cidr.parse("127.0.0.1").contains(InetAddressOf.v4(127, 0, 0, 2)));
    }

    @Test
    void hostBitsAreCleared() {
        assertEquals(Cidr.parse("10.0.0.0/8"), Cidr.parse("10.1.2.3/8"));
        assertEquals("172.16.0.0/12", Cidr.parse("172.31.255.255/12").toString());
        assertEquals("fe80::/10", Cidr.parse("febf:ffff::1/10").toString());
    }

    @Test
    void aBlockContainsExactlyTheAddressesSharingItsPrefix() {
        Cidr block = Cidr.parse("172.16.0.0/12");
        Cidr six = Cidr.parse("fe80::/10");
        assertAll(
                () -> assertTrue(block.contains(ip("172.16.0.0"))),
                () -> assertTrue(block.contains(ip("172.31.255.255"))),
                () -> assertFalse(block.contains(ip("172.15.255.255"))),
                () -> assertFalse(block.contains(ip("172.32.0.0"))),
                () -> assertTrue(six.contains(ip("fe80::"))),
                () -> assertTrue(six.contains(ip("febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"))),
                () -> assertFalse(six.contains(ip("fec0::"))),
                () -> assertFalse(six.contains(ip("fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff"))),
                () -> assertTrue(Cidr.parse("0.0.0.0/0").contains(ip("255.255.255.255"))),
                () -> assertTrue(Cidr.parse("::/0").contains(ip("ffff::1"))));
    }

    @Test
    void aBlockNeverContainsAnAddressOfTheOtherFamily() {
        assertFalse(Cidr.parse("::/0").contains(InetAddressOf.v4(10, 0, 0, 1)));
        assertFalse(Cidr.parse("0.0.0.0/0").contains(InetAddressOf.v6("::1")));
        assertFalse(Cidr.parse("127.0.0.0/8").contains(InetAddressOf.v6("::ffff:127.0.0.1")),
                "the 16-byte mapped form is IPv6");
    }

    @Test
    void anIpv6ZoneOfTheNetworkIsDropped() throws UnknownHostException {
        Inet6Address zoned = Inet6Address.getByAddress(null, InetAddressOf.v6("fe80::").getAddress(), 3);

        assertEquals("fe80::/10", new Cidr(zoned, 10).toString());
        assertFalse(new Cidr(zoned, 10).network().toString().contains("%"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "example.com", "10.0.0/8", "010.0.0.1", "1.2.3.4.5", "0x7f.0.0.1",
            "2130706433", "256.0.0.1", "[::1]", "fe80::1%eth0", "fe80::1%3", ":::", "1:2:3:4:5:6:7:8:9",
            "1::2::3", "::ffff:1.2.3", "1.2.3.4::", "::1.2.3.4:5", "12345::", "g::", "::ffff:1.2.3.04",
            "１.２.３.４", "/8", "1.2.3.4 /8", "1.2.3.4/8/8"})
    void anythingButAnIpLiteralIsRefusedWithoutALookup(String text) {
        InvalidWebhookRequestException refused = assertThrows(InvalidWebhookRequestException.class,
                () -> Cidr.parse(text));

        assertTrue(refused.getMessage().contains(" is not a network: "), refused.getMessage());
    }

    @Test
    void aRefusalNamesTheEntryAndTheFix() {
        assertEquals("'localhost' is not a network: write an IP address and a prefix length, such as 10.0.0.0/8 or "
                + "fd00::/8 (a bare address is one address; host names are not accepted)",
                assertThrows(InvalidWebhookRequestException.class, () -> Cidr.parse("localhost")).getMessage());
        assertEquals("a network is needed: write an IP address and a prefix length, such as 10.0.0.0/8 or fd00::/8 "
                + "(a bare address is one address; host names are not accepted)",
                assertThrows(InvalidWebhookRequestException.class, () -> Cidr.parse(" ")).getMessage());
        assertThrows(InvalidWebhookRequestException.class, () -> Cidr.parse(null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.0/33", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/0008", "::/129",
            "::/x"})
    void aPrefixLengthOutsideTheFamilysBitsIsRefused(String text) {
        InvalidWebhookRequestException refused = assertThrows(InvalidWebhookRequestException.class,
                () -> Cidr.parse(text));

        assertTrue(refused.getMessage().contains("is not a network: the prefix length after / is 0 to "),
                refused.getMessage());
    }

    @Test
    void theConstructorChecksThePrefixLength() {
        assertEquals("a network's prefix length is 0 to 32 for 10.0.0.0, got 33",
                assertThrows(InvalidWebhookRequestException.class,
                        () -> new Cidr(InetAddressOf.v4(10, 0, 0, 0), 33)).getMessage());
        assertThrows(InvalidWebhookRequestException.class, () -> new Cidr(InetAddressOf.v6("::"), -1));
    }

    @Test
    void theParserAndTheShortFormAgreeWithTheJdkOnRandomAddresses() throws UnknownHostException {
        SplittableRandom random = new SplittableRandom(50);
        for (int i = 0; i < 5_000; i++) {
            byte[] bytes = new byte[random.nextBoolean() ? 4 : 16];
            for (int group = 0; group < bytes.length; group += 2) {
                if (random.nextInt(3) > 0) { // many zero groups, so that every form of :: is met
                    bytes[group] = (byte) random.nextInt(256);
                    bytes[group + 1] = (byte) random.nextInt(256);
                }
            }
            InetAddress address = InetAddressOf.bytes(bytes);
            String shortForm = IpLiterals.format(address);

            assertArrayEquals(bytes, InetAddress.getByName(shortForm).getAddress().length == bytes.length
                    ? InetAddress.getByName(shortForm).getAddress() : InetAddressOf.v6(shortForm).getAddress(),
                    shortForm);
            assertArrayEquals(bytes, Cidr.parse(shortForm).network().getAddress(), shortForm);
            assertArrayEquals(bytes, Cidr.parse(address.getHostAddress()).network().getAddress(),
                    address.getHostAddress());
            assertEquals(shortForm.toLowerCase(Locale.ROOT), shortForm);
            assertFalse(shortForm.contains(":::"), shortForm);
        }
    }

    @Test
    void aSettingListsBlocksSeparatedByCommas() {
        assertEquals(List.of(Cidr.parse("127.0.0.0/8"), Cidr.parse("::1/128")),
                Cidr.parseAll("127.0.0.0/8, ::1"));
        assertEquals(List.of(), Cidr.parseAll(""));
        assertEquals(List.of(), Cidr.parseAll("  "));
        assertEquals(List.of(), Cidr.parseAll(null));
        assertThrows(InvalidWebhookRequestException.class, () -> Cidr.parseAll("10.0.0.0/8,,::1"));
        assertThrows(InvalidWebhookRequestException.class, () -> Cidr.parseAll("10.0.0.0/8,"));
        assertThrows(InvalidWebhookRequestException.class, () -> Cidr.parseAll("10.0.0.0/8 192.168.0.0/16"));
    }
}
