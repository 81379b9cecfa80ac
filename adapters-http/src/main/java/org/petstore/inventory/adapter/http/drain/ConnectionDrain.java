package org.petstore.inventory.adapter.http.drain;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops serving without leaving a request unanswered, in this order:
 * <ol>
 *     <li><b>drain</b> ({@code petstore.shutdown.drain}): readiness turns 503 at once, so load balancers stop
 *     sending; requests are still served, every response carries {@code Connection: close} and its connection is
 *     closed after it, so no client sends another request on a connection the service is about to close;</li>
 *     <li>the listener stops accepting; connections idle since the drain began are closed, those with a request in
 *     flight are closed right after its response;</li>
 *     <li>when the last connection is closed, or at the latest after {@code petstore.shutdown.grace-period},
 *     {@link #drain()} returns, and the application context (the database pool with it) may close.</li>
 * </ol>
 * Micronaut's own graceful shutdown, by contrast, stops answering at once: a request that arrives on a kept-alive
 * connection after it began gets no answer.
 */
@Singleton
public final class ConnectionDrain implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    static final String HANDLER_NAME = "petstore-connection-drain";
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionDrain.class);

    private final ShutdownConfiguration configuration;
    private final Set<Channel> listeners = ConcurrentHashMap.newKeySet();
    private final Set<Channel> connections = ConcurrentHashMap.newKeySet();
    private volatile boolean draining;

    ConnectionDrain(ShutdownConfiguration configuration) {
        this.configuration = configuration;
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Customizer(null));
        return event.getBean();
    }

    /** Whether the service is shutting down: it still serves, but is no longer ready for new work. */
    public boolean draining() {
        return draining;
    }

    /**
     * Drains and closes every connection (see the class description); returns when none is left or the grace
     * period is over. Call it once, before the application context closes.
     */
    public void drain() throws InterruptedException {
        Duration drain = configuration.drain();
        Duration grace = configuration.gracePeriod();
        draining = true;
        LOG.info("Shutting down: readiness is DOWN and every response closes its connection; the listener stops "
                + "accepting in {} ms", drain.toMillis());
        Thread.sleep(drain.toMillis());

        for (Channel listener : listeners) {
            listener.close().awaitUninterruptibly();
        }
        for (Channel connection : connections) {
            connection.eventLoop().execute(() -> {
                Handler handler = connection.pipeline().get(Handler.class);
                if (handler == null || handler.idle()) {
                    connection.close();
                }
            });
        }
        long deadline = System.nanoTime() + grace.toNanos();
        while (!connections.isEmpty() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        if (connections.isEmpty()) {
            LOG.info("Shutting down: every request is answered and every connection closed");
        } else {
            LOG.warn("Shutting down: {} connection(s) still busy after the grace period of {} ms are cut",
                    connections.size(), grace.toMillis());
        }
    }

    private final class Customizer implements NettyServerCustomizer {

        private final Channel channel;

        Customizer(Channel channel) {
            this.channel = channel;
        }

        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            switch (role) {
                case LISTENER -> {
                    listeners.add(channel);
                    channel.closeFuture().addListener(closed -> listeners.remove(channel));
                    return this;
                }
                case CONNECTION -> {
                    connections.add(channel);
                    channel.closeFuture().addListener(closed -> connections.remove(channel));
                    return new Customizer(channel);
                }
                default -> {
                    return this;
                }
            }
        }

        @Override
        public void onStreamPipelineBuilt() {
            if (channel != null && channel.pipeline().get(HANDLER_NAME) == null
                    && channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC) != null) {
                channel.pipeline().addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, HANDLER_NAME,
                        new Handler());
            }
        }
    }

    /**
     * Per connection: counts the requests in flight; while draining, each response announces {@code Connection:
     * close} and the connection is closed after the last announced answer. Whether a response closes is decided once,
     * when its head is written: a connection is never closed after a response that did not say so (the flag may turn
     * between a response's head and its end), because its client would send the next request into a closed socket.
     */
    private final class Handler extends ChannelDuplexHandler {

        private int inFlight;
        private boolean closeAnnounced;

        boolean idle() {
            return inFlight == 0;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest) {
                inFlight++;
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof HttpResponse response && response.status().codeClass() != HttpStatusClass.INFORMATIONAL
                    && draining) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                closeAnnounced = true;
            }
            if (msg instanceof LastHttpContent) {
                inFlight = Math.max(0, inFlight - 1);
                if (closeAnnounced && inFlight == 0) {
                    ChannelPromise written = promise.isVoid() ? ctx.newPromise() : promise;
                    written.addListener(ChannelFutureListener.CLOSE);
                    ctx.write(msg, written);
                    return;
                }
            }
            ctx.write(msg, promise);
        }
    }
}
