package org.petstore.inventory.domain.webhook;

import java.net.InetAddress;
import java.util.List;
import java.util.Objects;

/**
 * Where deliveries may go (the SSRF rule of issue 50). An address is accepted when it lies in one of the operator's
 * admitted networks ({@code PETSTORE_WEBHOOK_ALLOWED_NETWORKS}, checked first), or else when it is a public unicast
 * address:
 * <ul>
 *   <li>IPv4: any address outside the refused blocks: 0.0.0.0/8 (this network), 10.0.0.0/8, 172.16.0.0/12 and
 *       192.168.0.0/16 (private), 100.64.0.0/10 (shared address space, CGNAT), 127.0.0.0/8 (loopback), 169.254.0.0/16
 *       (link-local, the cloud metadata address 169.254.169.254), 192.0.0.0/24 (IETF protocol assignments),
 *       192.0.2.0/24, 198.51.100.0/24 and 203.0.113.0/24 (documentation), 192.88.99.0/24 (6to4 relay anycast),
 *       198.18.0.0/15 (benchmarking), 224.0.0.0/4 (multicast), 240.0.0.0/4 (reserved, with the broadcast
 *       address).</li>
 *   <li>IPv6: only global unicast, 2000::/3, and within it not 2001::/32 (Teredo), 2001::/23 (IETF protocol
 *       assignments), 2001:db8::/32 and 3fff::/20 (documentation), 2002::/16 (6to4). Outside 2000::/3 the verdict
 *       names the specific block where there is one: ::/128 (unspecified), ::1/128 (loopback), ::ffff:0:0/96
 *       (IPv4-mapped), ::/96 (IPv4-compatible), 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64), 100::/64 (discard-only),
 *       5f00::/16 (SRv6), fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 (site-local), ff00::/8
 *       (multicast); else ::/3, 4000::/2 or 8000::/1 (not global unicast).</li>
 * </ul>
 * So every IPv6 form that embeds an IPv4 address (mapped, compatible, 6to4, Teredo, NAT64) is refused, whatever the
 * IPv4 address. Java hands an IPv4-mapped address back as an IPv4 address, which is then judged as one; the 16-byte
 * form is refused all the same if it ever arrives. An admitted network admits only addresses of its own family.
 */
public final class AddressPolicy {

    private static final String NOT_GLOBAL_UNICAST = "not global unicast (2000::/3)";

    private static final List<AddressVerdict.Refused> IPV4 = List.of(
            block("0.0.0.0/8", "this network"),
            block("10.0.0.0/8", "private"),
            block("100.64.0.0/10", "shared address space (CGNAT)"),
            block("127.0.0.0/8", "loopback"),
            block("169.254.0.0/16", "link-local"),
            block("172.16.0.0/12", "private"),
            block("192.0.0.0/24", "IETF protocol assignments"),
            block("192.0.2.0/24", "documentation"),
            block("192.88.99.0/24", "6to4 relay anycast"),
            block("192.168.0.0/16", "private"),
            block("198.18.0.0/15", "benchmarking"),
            block("198.51.100.0/24", "documentation"),
            block("203.0.113.0/24", "documentation"),
            block("224.0.0.0/4", "multicast"),
            block("240.0.0.0/4", "reserved"));

    /** In order: the first block that holds an address names it (a specific block before the one around it). */
    private static final List<AddressVerdict.Refused> IPV6 = List.of(
            block("::/128", "unspecified"),
            block("::1/128", "loopback"),
            block("::ffff:0:0/96", "IPv4-mapped"),
            block("::/96", "IPv4-compatible"),
            block("64:ff9b::/96", "NAT64"),
            block("64:ff9b:1::/48", "NAT64, local use"),
            block("100::/64", "discard-only"),
            block("2001::/32", "Teredo"),
            block("2001::/23", "IETF protocol assignments"),
            block("2001:db8::/32", "documentation"),
            block("2002::/16", "6to4"),
            block("3fff::/20", "documentation"),
            block("5f00::/16", "SRv6"),
            block("fc00::/7", "unique local"),
            block("fe80::/10", "link-local"),
            block("fec0::/10", "site-local"),
            block("ff00::/8", "multicast"),
            block("::/3", NOT_GLOBAL_UNICAST),
            block("4000::/2", NOT_GLOBAL_UNICAST),
            block("8000::/1", NOT_GLOBAL_UNICAST));

    private final List<Cidr> allowedNetworks;

    /** @param allowedNetworks the admitted networks, in the order they are checked; empty: none */
    public AddressPolicy(List<Cidr> allowedNetworks) {
        this.allowedNetworks = List.copyOf(allowedNetworks);
    }

    /** A policy that admits no network: only public addresses, over https only. */
    public static AddressPolicy publicOnly() {
        return new AddressPolicy(List.of());
    }

    public List<Cidr> allowedNetworks() {
        return allowedNetworks;
    }

    /** The verdict on one address: in an admitted network (the first that holds it), public, or refused (and why). */
    public AddressVerdict judge(InetAddress address) {
        Objects.requireNonNull(address, "address");
        for (Cidr network : allowedNetworks) {
            if (network.contains(address)) {
                return new AddressVerdict.AllowedNetwork(network);
            }
        }
        for (AddressVerdict.Refused refused : address.getAddress().length == 4 ? IPV4 : IPV6) {
            if (refused.block().contains(address)) {
                return new AddressVerdict.Refused(address, refused.kind(), refused.block());
            }
        }
        return new AddressVerdict.Public();
    }

    /**
     * Every address {@code url}'s host resolves to must be accepted, and an {@code http://} URL only when every one
     * lies in an admitted network: one bad address refuses the host, since a connection could go to any of them.
     * Refused addresses are reported before a plain-http refusal, each naming the first address at fault.
     *
     * @param addresses what the host resolves to (the host itself for an IP literal); never empty
     * @throws AddressRefusedException        naming the host, the address, the block and the fix
     * @throws InvalidWebhookRequestException when {@code addresses} is empty
     */
    public void check(WebhookUrl url, List<InetAddress> addresses) {
        Objects.requireNonNull(url, "url");
        if (addresses.isEmpty()) {
            throw new InvalidWebhookRequestException("the URL's host " + InvalidWebhookRequestException.quoted(
                    url.host()) + " resolves to no address: use a host that has one");
        }
        InetAddress plain = null;
        for (InetAddress address : addresses) {
            switch (judge(address)) {
                case AddressVerdict.Refused refused -> throw AddressRefusedException.refused(url.host(), refused);
                case AddressVerdict.Public _ -> plain = plain == null ? address : plain;
                case AddressVerdict.AllowedNetwork _ -> {
                }
            }
        }
        if (!url.https() && plain != null) {
            throw AddressRefusedException.plainHttp(url.host(), plain);
        }
    }

    /** A refused block, as the tables hold it (the address is the block's first). */
    private static AddressVerdict.Refused block(String cidr, String kind) {
        Cidr block = Cidr.parse(cidr);
        return new AddressVerdict.Refused(block.network(), kind, block);
    }

    @Override
    public String toString() {
        return "AddressPolicy[allowedNetworks=" + allowedNetworks + "]";
    }
}
