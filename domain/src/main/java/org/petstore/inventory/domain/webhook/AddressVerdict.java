package org.petstore.inventory.domain.webhook;

import java.net.InetAddress;
import java.util.Objects;

/** What {@link AddressPolicy#judge} decided about one address a webhook's host resolves to. */
public sealed interface AddressVerdict {

    /** Whether a delivery may go to the address (over https; over http only {@link AllowedNetwork}). */
    boolean accepted();

    /** A public unicast address: accepted, over https only. */
    record Public() implements AddressVerdict {

        @Override
        public boolean accepted() {
            return true;
        }
    }

    /** An address in one of the networks the operator admitted: accepted, over http too. */
    record AllowedNetwork(Cidr network) implements AddressVerdict {

        public AllowedNetwork {
            Objects.requireNonNull(network, "network");
        }

        @Override
        public boolean accepted() {
            return true;
        }
    }

    /**
     * An address no delivery may go to.
     *
     * @param address the address refused
     * @param kind    what the block is, in a few words: {@code private}, {@code loopback}, {@code link-local}, ...
     * @param block   the refused block the address lies in
     */
    record Refused(InetAddress address, String kind, Cidr block) implements AddressVerdict {

        public Refused {
            Objects.requireNonNull(address, "address");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(block, "block");
        }

        @Override
        public boolean accepted() {
            return false;
        }

        /** {@code 10.0.0.7 lies in 10.0.0.0/8 (private)}. */
        public String describe() {
            return IpLiterals.format(address) + " lies in " + block + " (" + kind + ")";
        }
    }
}
