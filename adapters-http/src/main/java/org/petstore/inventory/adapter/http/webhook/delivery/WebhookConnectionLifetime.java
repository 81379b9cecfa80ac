package org.petstore.inventory.adapter.http.webhook.delivery;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.client.netty.NettyClientCustomizer;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.util.concurrent.ScheduledFuture;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Closes every connection of the webhook client once the attempt's deadline ({@code petstore.webhooks.attempt-timeout})
 * has passed since it was opened. Micronaut 4.10 reads a response body that its reader gave up on to its end
 * (Http1ResponseHandler's discarding state; its {@code ResponseListener.allowDiscard} does nothing), so without this a
 * receiver that keeps sending after the excerpt was read would hold the connection, and the client's event loop, for
 * as long as it likes. No attempt needs a connection for longer than its deadline.
 *
 * <p>The webhook client's connections are told apart by their bootstrap's resolver, which is
 * {@link CheckedAddressResolverGroup} for that client only; every other client is left as it is.
 */
@Singleton
@Requires(beans = NettyClientCustomizer.Registry.class)
final class WebhookConnectionLifetime implements BeanCreatedEventListener<NettyClientCustomizer.Registry> {

    private static final NettyClientCustomizer UNCHANGED = new NettyClientCustomizer() {
    };

    private final Duration lifetime;

    WebhookConnectionLifetime(@Value("${petstore.webhooks.attempt-timeout:10s}") Duration lifetime) {
        this.lifetime = lifetime;
    }

    @Override
    public NettyClientCustomizer.Registry onCreated(BeanCreatedEvent<NettyClientCustomizer.Registry> event) {
        event.getBean().register(new NettyClientCustomizer() {
            @Override
            public NettyClientCustomizer specializeForBootstrap(Bootstrap bootstrap) {
                return bootstrap.config().resolver() instanceof CheckedAddressResolverGroup ? new Limited() : UNCHANGED;
            }
        });
        return event.getBean();
    }

    /** For one connection of the webhook client: closes it at the end of its lifetime. */
    private final class Limited implements NettyClientCustomizer {
        @Override
        public NettyClientCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            if (role == ChannelRole.CONNECTION) {
                ScheduledFuture<?> end = channel.eventLoop().schedule(() -> {
                    channel.close();
                }, lifetime.toNanos(), TimeUnit.NANOSECONDS);
                channel.closeFuture().addListener(closed -> end.cancel(false));
            }
            return this;
        }
    }
}
