package org.petstore.inventory.domain.webhook;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A block of IP addresses: a network address and how many leading bits every address of the block shares with it
 * ({@code 10.0.0.0/8}, {@code fc00::/7}). IPv4 and IPv6 blocks never contain each other's addresses. The network is
 * kept with its host bits cleared ({@code 10.1.2.3/8} is {@code 10.0.0.0/8}) and without an IPv6 zone.
 *
 * @param network      the first address of the block
 * @param prefixLength 0 to 32 for IPv4, 0 to 128 for IPv6
 */
public record Cidr(InetAddress network, int prefixLength) {

    private static final String EXAMPLE = "write an IP address and a prefix length, such as 10.0.0.0/8 or fd00::/8 "
            + "(a bare address is one address; host names are not accepted)";

    public Cidr {
        Objects.requireNonNull(network, "network");
        byte[] bytes = network.getAddress();
        int bits = bytes.length * Byte.SIZE;
        if (prefixLength < 0 || prefixLength > bits) {
            throw new InvalidWebhookRequestException("a network's prefix length is 0 to " + bits + " for "
                    + IpLiterals.format(network) + ", got " + prefixLength);
        }
        for (int bit = prefixLength; bit < bits; bit++) {
            bytes[bit / Byte.SIZE] &= (byte) ~(0x80 >>> (bit % Byte.SIZE));
        }
        network = IpLiterals.address(bytes);
    }

    /**
     * A block as written: {@code a.b.c.d/n} or an IPv6 address with {@code /n}; a bare address is that address alone
     * ({@code /32}, {@code /128}). Blanks around it are ignored. Only IP literals are read, by this package's own
     * parser: a host name is refused and never looked up.
     */
    public static Cidr parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidWebhookRequestException("a network is needed: " + EXAMPLE);
        }
        String trimmed = text.strip();
        int slash = trimmed.indexOf('/');
        String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
        Optional<byte[]> bytes = IpLiterals.parse(address);
        if (bytes.isEmpty()) {
            throw new InvalidWebhookRequestException(InvalidWebhookRequestException.quoted(trimmed)
                    + " is not a network: " + EXAMPLE);
        }
        int bits = bytes.get().length * Byte.SIZE;
        if (slash < 0) {
            return new Cidr(IpLiterals.address(bytes.get()), bits);
        }
        String length = trimmed.substring(slash + 1);
        if (length.isEmpty() || length.length() > 3 || !length.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(length) > bits) {
            throw new InvalidWebhookRequestException(InvalidWebhookRequestException.quoted(trimmed)
                    + " is not a network: the prefix length after / is 0 to " + bits + " for this address");
        }
        return new Cidr(IpLiterals.address(bytes.get()), Integer.parseInt(length));
    }

    /**
     * Blocks separated by commas, as a setting lists them ({@code 127.0.0.0/8, ::1}); an empty or blank text is
     * none. Every entry must be a block ({@link #parse}); an empty entry between commas is refused.
     */
    public static List<Cidr> parseAll(String commaSeparated) {
        if (commaSeparated == null || commaSeparated.isBlank()) {
            return List.of();
        }
        List<Cidr> blocks = new ArrayList<>();
        for (String entry : commaSeparated.split(",", -1)) {
            blocks.add(parse(entry));
        }
        return List.copyOf(blocks);
    }

    /** Whether the address lies in this block: the same family, and the same first {@link #prefixLength} bits. */
    public boolean contains(InetAddress address) {
        byte[] candidate = address.getAddress();
        byte[] mine = network.getAddress();
        if (candidate.length != mine.length) {
            return false;
        }
        int whole = prefixLength / Byte.SIZE;
        for (int i = 0; i < whole; i++) {
            if (candidate[i] != mine[i]) {
                return false;
            }
        }
        int rest = prefixLength % Byte.SIZE;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (Byte.SIZE - rest)) & 0xff;
        return (candidate[whole] & mask) == (mine[whole] & mask);
    }

    /** As written: {@code 10.0.0.0/8}, {@code fc00::/7}. */
    @Override
    public String toString() {
        return IpLiterals.format(network) + "/" + prefixLength;
    }
}
