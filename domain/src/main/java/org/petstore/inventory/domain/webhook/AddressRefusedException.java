package org.petstore.inventory.domain.webhook;

import java.net.InetAddress;
import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.domain.DomainException;

/**
 * A webhook's host resolves to an address no delivery may go to ({@link AddressPolicy}): an address in a refused
 * block, or an address outside the admitted networks for an {@code http://} URL. The message names the host, the
 * address, the block and the fix; it is the same at creation (a 400) and in a delivery's log.
 */
public final class AddressRefusedException extends DomainException {

    /** What the message tells a person to do about an address in a refused block. */
    static final String FIX = "webhooks go only to public addresses: use a host with public addresses, or admit its "
            + "network with PETSTORE_WEBHOOK_ALLOWED_NETWORKS";

    private final String host;
    private final InetAddress address;
    private final AddressVerdict.Refused refusal;

    private AddressRefusedException(String message, String host, InetAddress address, AddressVerdict.Refused refusal) {
        super(message);
        this.host = host;
        this.address = address;
        this.refusal = refusal;
    }

    /** {@code host} resolves to an address in a refused block. */
    public static AddressRefusedException refused(String host, AddressVerdict.Refused refusal) {
        Objects.requireNonNull(refusal, "refusal");
        return new AddressRefusedException(subject(host, refusal.address()) + ", which lies in " + refusal.block()
                + " (" + refusal.kind() + "); " + FIX, host, refusal.address(), refusal);
    }

    /** An {@code http://} URL whose {@code host} resolves to an address outside every admitted network. */
    public static AddressRefusedException plainHttp(String host, InetAddress address) {
        Objects.requireNonNull(address, "address");
        return new AddressRefusedException(subject(host, address) + ", which is not in a network admitted by "
                + "PETSTORE_WEBHOOK_ALLOWED_NETWORKS, and only those may be called over http://: use an https:// "
                + "URL", host, address, null);
    }

    private static String subject(String host, InetAddress address) {
        String text = IpLiterals.format(address);
        return host == null || host.equals(text) || IpLiterals.parse(host).isPresent()
                ? "the URL's address " + text
                : "the URL's host " + InvalidWebhookRequestException.quoted(host) + " resolves to " + text;
    }

    /** The URL's host, as the URL names it. */
    public String host() {
        return host;
    }

    /** The address refused. */
    public InetAddress address() {
        return address;
    }

    /** The refused block and what it is; empty when the address was refused only because the URL is http://. */
    public Optional<AddressVerdict.Refused> refusal() {
        return Optional.ofNullable(refusal);
    }
}
