package org.petstore.inventory.adapter.http.webhook.delivery;

import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Factory;
import io.micronaut.http.netty.channel.DefaultEventLoopGroupConfiguration;
import io.micronaut.http.netty.channel.EventLoopGroupConfiguration;
import io.netty.resolver.AddressResolverGroup;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.net.InetSocketAddress;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.domain.webhook.AddressPolicy;

/**
 * What the webhook clients name and Micronaut looks up by name when it builds them
 * ({@link MicronautWebhookTransport}): the two address resolver groups (one per scheme) and the clients' own event
 * loop group, of one thread, so that sending never runs on the server's event loops; and the one
 * {@link AddressPolicy} of the service, from {@code petstore.webhook.allowed-networks}, which the application also
 * checks a subscription's URL with.
 */
@Factory
final class WebhookClientFactory {

    /** The name of the webhook clients' event loop group: its threads are {@code webhook-delivery-…}. */
    static final String EVENT_LOOP = "webhook-delivery";

    /** One thread: a delivery's I/O is small, and encoding and signing happen on the worker's own thread. */
    private static final int EVENT_LOOP_THREADS = 1;

    @Singleton
    AddressPolicy addressPolicy(WebhookDeliverySettings settings) {
        return settings.addressPolicy();
    }

    @Singleton
    @Named(CheckedAddressResolverGroup.HTTPS)
    @Bean(typed = AddressResolverGroup.class)
    AddressResolverGroup<InetSocketAddress> httpsAddresses(HostAddresses hosts, WebhookDeliverySettings settings) {
        return new CheckedAddressResolverGroup(true, hosts, settings.addressPolicy(),
                CheckedAddressResolverGroup.virtualThreads());
    }

    @Singleton
    @Named(CheckedAddressResolverGroup.HTTP)
    @Bean(typed = AddressResolverGroup.class)
    AddressResolverGroup<InetSocketAddress> httpAddresses(HostAddresses hosts, WebhookDeliverySettings settings) {
        return new CheckedAddressResolverGroup(false, hosts, settings.addressPolicy(),
                CheckedAddressResolverGroup.virtualThreads());
    }

    /** Micronaut makes the group itself from this (DefaultEventLoopGroupRegistry), and shuts it down with the rest. */
    @Singleton
    @Named(EVENT_LOOP)
    @Bean(typed = EventLoopGroupConfiguration.class)
    EventLoopGroupConfiguration eventLoop() {
        // NIO (no native transport), Netty's own threads (no executor, not a carrier of virtual threads), the
        // default shutdown periods
        return new DefaultEventLoopGroupConfiguration(EVENT_LOOP, EVENT_LOOP_THREADS,
                EventLoopGroupConfiguration.DEFAULT_THREAD_CORE_RATIO, null, false, null, null, null, null, false);
    }
}
