package org.petstore.inventory.domain.webhook;

import java.math.BigInteger;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** Addresses for the tests, made from bytes or literals only (never a lookup); 16 bytes stay IPv6. */
final class InetAddressOf {

    private InetAddressOf() {
    }

    static InetAddress v4(int a, int b, int c, int d) {
        return bytes(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
    }

    /** An IPv6 literal as 16 bytes, kept IPv6 even when it is IPv4-mapped. */
    static InetAddress v6(String literal) {
        try {
            InetAddress parsed = InetAddress.getByName(literal);
            byte[] bytes = parsed.getAddress();
            if (bytes.length == 4) {
                byte[] mapped = new byte[16];
                mapped[10] = (byte) 0xff;
                mapped[11] = (byte) 0xff;
                System.arraycopy(bytes, 0, mapped, 12, 4);
                bytes = mapped;
            }
            return bytes(bytes);
        } catch (UnknownHostException e) {
            throw new AssertionError(literal, e);
        }
    }

    static InetAddress bytes(byte[] bytes) {
        try {
            return bytes.length == 16 ? Inet6Address.getByAddress(null, bytes, -1) : InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    /** The address of this number, in a family of {@code length} bytes. */
    static InetAddress number(BigInteger value, int length) {
        byte[] raw = value.toByteArray();
        byte[] bytes = new byte[length];
        int copied = Math.min(raw.length, length);
        System.arraycopy(raw, raw.length - copied, bytes, length - copied, copied);
        return bytes(bytes);
    }

    static BigInteger numberOf(InetAddress address) {
        return new BigInteger(1, address.getAddress());
    }
}
