package org.petstore.inventory.adapter.http.webhook.delivery;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.core.annotation.Nullable;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.petstore.inventory.domain.webhook.AddressPolicy;
import org.petstore.inventory.domain.webhook.Cidr;

/**
 * {@code petstore.webhook}: where deliveries may go and how long an attempt may take.
 *
 * @param allowedNetworks {@code petstore.webhook.allowed-networks}: the networks admitted besides public addresses
 *                        (CIDRs such as {@code 10.0.0.0/8} or {@code ::1/128}; comma-separated in one value, as
 *                        {@code PETSTORE_WEBHOOK_ALLOWED_NETWORKS} gives them); into them {@code http://} is accepted
 *                        too. None by default. A malformed entry stops the start, naming the entry.
 * @param timeout         {@code petstore.webhook.timeout}: the most one attempt takes, looking the host up,
 *                        connecting, TLS and the answer's status and excerpt included; 10 s by default
 */
@ConfigurationProperties("petstore.webhook")
record WebhookDeliverySettings(@Nullable List<String> allowedNetworks,
                               @Bindable(defaultValue = "10s") Duration timeout) {

    WebhookDeliverySettings {
        allowedNetworks = allowedNetworks == null ? List.of() : allowedNetworks.stream()
                .filter(Objects::nonNull)
                .map(String::strip)
                .filter(network -> !network.isEmpty())
                .toList();
        allowedNetworks.forEach(Cidr::parse);
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalStateException("petstore.webhook.timeout must be positive, got " + timeout);
        }
    }

    /** The policy that every delivery's addresses are checked against. */
    AddressPolicy addressPolicy() {
        return new AddressPolicy(allowedNetworks.stream().map(Cidr::parse).toList());
    }
}
