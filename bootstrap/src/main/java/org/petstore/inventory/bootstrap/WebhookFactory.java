package org.petstore.inventory.bootstrap;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.core.bind.annotation.Bindable;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.WebhookDeliveries;
import org.petstore.inventory.application.port.outbound.WebhookLeases;
import org.petstore.inventory.application.port.outbound.WebhookPayloads;
import org.petstore.inventory.application.port.outbound.WebhookStore;
import org.petstore.inventory.application.port.outbound.WebhookTransport;
import org.petstore.inventory.application.service.WebhookDispatcher;
import org.petstore.inventory.application.service.WebhookService;
import org.petstore.inventory.domain.webhook.AddressPolicy;
import org.petstore.inventory.domain.webhook.RetrySchedule;

/**
 * Wires webhooks: the service behind the webhook API, and this instance's dispatcher, which delivers the
 * subscriptions it holds a lease on ({@link WebhookUpkeep} drives it).
 */
@Factory
final class WebhookFactory {

    /**
     * {@code petstore.webhook.retry-delays} ({@code PETSTORE_WEBHOOK_RETRY_DELAYS}): the delays before each attempt of a
     * delivery, separated by commas (empty: the Standard Webhooks schedule, {@code 0s,5s,5m,30m,2h,5h,10h,14h,20h,24h}).
     */
    @ConfigurationProperties("petstore.webhook")
    record RetrySettings(@Bindable(defaultValue = "") String retryDelays) {

        RetrySettings {
            schedule(retryDelays);
        }

        RetrySchedule schedule() {
            return schedule(retryDelays);
        }

        private static RetrySchedule schedule(String delays) {
            if (delays == null || delays.isBlank()) {
                return RetrySchedule.STANDARD;
            }
            try {
                return RetrySchedule.parse(delays);
            } catch (RuntimeException e) {
                throw new ConfigurationException("petstore.webhook.retry-delays: " + e.getMessage());
            }
        }
    }

    @Singleton
    WebhookService webhookService(WebhookStore store, WebhookDeliveries deliveries, StockLedger ledger,
                                  HostAddresses hosts, AddressPolicy policy, WebhookPayloads payloads,
                                  WebhookTransport transport) {
        return new WebhookService(store, deliveries, ledger, hosts, policy, payloads, transport, Clock.systemUTC(),
                new SecureRandom());
    }

    @Singleton
    WebhookDispatcher webhookDispatcher(WebhookLeases leases, WebhookDeliveries deliveries, StockLedger ledger,
                                        WebhookPayloads payloads, WebhookTransport transport, RetrySettings retries) {
        SecureRandom random = new SecureRandom();
        byte[] id = new byte[6];
        random.nextBytes(id);
        return new WebhookDispatcher("inst-" + HexFormat.of().formatHex(id), leases, deliveries, ledger, payloads,
                transport, retries.schedule(), Clock.systemUTC(), System::nanoTime, random,
                Thread.ofVirtual().name("webhook-", 0).factory());
    }
}
