package org.petstore.inventory.adapter.http.webhook.delivery;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.client.netty.NettyClientCustomizer;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection of the webhook clients when an exchange on it has not ended within the attempt's deadline
 * ({@code petstore.webhook.timeout}) since its request was written. Micronaut 4.10 reads a response body that its
 * reader gave up on to its end before the connection goes back to the pool (Http1ResponseHandler's discarding state;
 * its {@code ResponseListener.allowDiscard} does nothing), so without this a receiver that keeps sending after the
 * excerpt was read would hold the connection, and the clients' event loop, for as long as it likes. An answer that
 * ends in time leaves its connection open for the next delivery (keep-alive).
 *
 * <p>The webhook clients' connections are told apart by their bootstrap's resolver, which is a
 * {@link CheckedAddressResolverGroup} for those clients only; every other client is left as it is.
 */
@Singleton
@Requires(beans = NettyClientCustomizer.Registry.class)
final class WebhookExchangeDeadline implements BeanCreatedEventListener<NettyClientCustomizer.Registry> {

    static final String HANDLER = "webhook-exchange-deadline";

    private static final NettyClientCustomizer UNCHANGED = new NettyClientCustomizer() {
    };

    private final Duration deadline;

    WebhookExchangeDeadline(WebhookDeliverySettings settings) {
        this.deadline = settings.timeout();
    }

    @Override
    public NettyClientCustomizer.Registry onCreated(BeanCreatedEvent<NettyClientCustomizer.Registry> event) {
        event.getBean().register(new NettyClientCustomizer() {
            @Override
            public NettyClientCustomizer specializeForBootstrap(Bootstrap bootstrap) {
                return bootstrap.config().resolver() instanceof CheckedAddressResolverGroup ? new Webhook() : UNCHANGED;
            }
        });
        return event.getBean();
    }

    /** For the webhook clients: puts the deadline behind the HTTP codec of each connection. */
    private final class Webhook implements NettyClientCustomizer {
        @Override
        public NettyClientCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return role == ChannelRole.CONNECTION ? new Connection(channel) : UNCHANGED;
        }
    }

    /** One connection: once its HTTP/1.1 codec is in place, the deadline goes right behind it. */
    private final class Connection implements NettyClientCustomizer {
        private final Channel channel;

        Connection(Channel channel) {
            this.channel = channel;
        }

        @Override
        public void onStreamPipelineBuilt() {
            if (channel.pipeline().get(HANDLER) == null
                    && channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_HTTP_CLIENT_CODEC) != null) {
                channel.pipeline().addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_CLIENT_CODEC, HANDLER,
                        new Deadline());
            }
        }
    }

    /**
     * Starts the clock when a request is written and stops it at the end of its final answer (an informational 1xx
     * answer does not count); when the clock runs out first, closes the connection.
     */
    private final class Deadline extends ChannelDuplexHandler {
        private ScheduledFuture<?> end;
        private boolean informational;

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            if (msg instanceof HttpRequest) {
                stop();
                end = ctx.executor().schedule(() -> {
                    ctx.channel().close();
                }, deadline.toNanos(), TimeUnit.NANOSECONDS);
            }
            super.write(ctx, msg, promise);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof HttpResponse response) {
                informational = response.status().code() < 200;
            }
            if (msg instanceof LastHttpContent && !informational) {
                stop();
            }
            super.channelRead(ctx, msg);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            stop();
            super.channelInactive(ctx);
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            stop();
        }

        private void stop() {
            if (end != null) {
                end.cancel(false);
                end = null;
            }
        }
    }
}
