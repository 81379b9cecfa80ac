package org.petstore.inventory.domain.webhook;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * IP literals read and written without the JDK's name service: {@link #parse} accepts only an IPv4 dotted quad or
 * an IPv6 address (RFC 4291 text, with {@code ::} and an IPv4 tail), never a name, and {@link #address} hands
 * {@code InetAddress} nothing but bytes, which it never looks up.
 */
final class IpLiterals {

    private static final int IPV4_BYTES = 4;
    private static final int IPV6_BYTES = 16;
    private static final int IPV6_GROUPS = 8;
    /** The longest IPv6 text: eight groups of four, or six groups and an IPv4 tail. */
    private static final int MAX_IPV6_TEXT = 45;

    private IpLiterals() {
    }

    /**
     * The bytes of an IP literal (4 for IPv4, 16 for IPv6); empty for anything else: a name, a number in another
     * notation ({@code 0x7f.1}, {@code 2130706433}, {@code 010.0.0.1}), brackets, a zone ({@code %eth0}), spaces.
     */
    static Optional<byte[]> parse(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        return text.indexOf(':') >= 0 ? ipv6(text) : ipv4(text);
    }

    /** An address of exactly these bytes, without a lookup; 16 bytes always give an IPv6 address (a mapped one too). */
    static InetAddress address(byte[] bytes) {
        try {
            return bytes.length == IPV6_BYTES ? Inet6Address.getByAddress(null, bytes, -1)
                    : InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new InvalidWebhookRequestException("an IP address has 4 or 16 bytes, got " + bytes.length);
        }
    }

    /** An address as text: IPv4 dotted, IPv6 in its short form (RFC 5952: lower case, the longest zero run as ::). */
    static String format(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == IPV4_BYTES) {
            return (bytes[0] & 0xff) + "." + (bytes[1] & 0xff) + "." + (bytes[2] & 0xff) + "." + (bytes[3] & 0xff);
        }
        int[] groups = new int[IPV6_GROUPS];
        for (int i = 0; i < IPV6_GROUPS; i++) {
            groups[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < IPV6_GROUPS; ) {
            if (groups[i] != 0) {
                i++;
                continue;
            }
            int start = i;
            while (i < IPV6_GROUPS && groups[i] == 0) {
                i++;
            }
            if (i - start > bestLength) {
                bestStart = start;
                bestLength = i - start;
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < IPV6_GROUPS; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (!text.isEmpty() && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return text.toString();
    }

    private static Optional<byte[]> ipv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != IPV4_BYTES) {
            return Optional.empty();
        }
        byte[] bytes = new byte[IPV4_BYTES];
        for (int i = 0; i < IPV4_BYTES; i++) {
            int value = decimalOctet(parts[i]);
            if (value < 0) {
                return Optional.empty();
            }
            bytes[i] = (byte) value;
        }
        return Optional.of(bytes);
    }

    /** 0 to 255 written in decimal without a leading zero (which some parsers read as octal); -1 otherwise. */
    private static int decimalOctet(String part) {
        if (part.isEmpty() || part.length() > 3 || (part.length() > 1 && part.charAt(0) == '0')) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value <= 255 ? value : -1;
    }

    private static Optional<byte[]> ipv6(String text) {
        if (text.length() > MAX_IPV6_TEXT) {
            return Optional.empty();
        }
        int gap = text.indexOf("::");
        List<Integer> head;
        List<Integer> tail;
        if (gap < 0) {
            head = groups(text, true);
            tail = List.of();
        } else {
            head = gap == 0 ? List.of() : groups(text.substring(0, gap), false);
            String rest = text.substring(gap + 2);
            tail = rest.isEmpty() ? List.of() : groups(rest, true);
        }
        if (head == null || tail == null) {
            return Optional.empty();
        }
        int written = head.size() + tail.size();
        if (gap < 0 ? written != IPV6_GROUPS : written > IPV6_GROUPS - 1) {
            return Optional.empty();
        }
        byte[] bytes = new byte[IPV6_BYTES];
        int index = 0;
        for (int group : head) {
            bytes[index++] = (byte) (group >>> 8);
            bytes[index++] = (byte) group;
        }
        index = IPV6_BYTES - 2 * tail.size();
        for (int group : tail) {
            bytes[index++] = (byte) (group >>> 8);
            bytes[index++] = (byte) group;
        }
        return Optional.of(bytes);
    }

    /**
     * The 16-bit groups of a run of {@code :}-separated parts; an IPv4 tail counts as two groups and may only end
     * the whole address ({@code endsTheAddress}). Null when a part is empty or not 1 to 4 hex digits.
     */
    private static List<Integer> groups(String run, boolean endsTheAddress) {
        String[] parts = run.split(":", -1);
        List<Integer> groups = new ArrayList<>(parts.length + 1);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            if (part.indexOf('.') >= 0) {
                Optional<byte[]> ipv4 = endsTheAddress && i == parts.length - 1 ? ipv4(part) : Optional.empty();
                if (ipv4.isEmpty()) {
                    return null;
                }
                byte[] b = ipv4.get();
                groups.add(((b[0] & 0xff) << 8) | (b[1] & 0xff));
                groups.add(((b[2] & 0xff) << 8) | (b[3] & 0xff));
                continue;
            }
            int group = hexGroup(part);
            if (group < 0) {
                return null;
            }
            groups.add(group);
        }
        return groups;
    }

    private static int hexGroup(String part) {
        if (part.isEmpty() || part.length() > 4) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            int digit;
            if (c >= '0' && c <= '9') {
                digit = c - '0';
            } else if (c >= 'a' && c <= 'f') {
                digit = c - 'a' + 10;
            } else if (c >= 'A' && c <= 'F') {
                digit = c - 'A' + 10;
            } else {
                return -1;
            }
            value = (value << 4) | digit;
        }
        return value;
    }
}
