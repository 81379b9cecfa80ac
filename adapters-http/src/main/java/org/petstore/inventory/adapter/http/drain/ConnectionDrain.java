package org.petstore.inventory.adapter.http.drain;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.Future;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;
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
 *     <li>the listener stops accepting ({@link ListenerStop}: on Linux new connections are refused first, and those
 *     the kernel has already queued are still accepted and served);</li>
 *     <li>a connection with a request in flight is closed right after its (announced) last response; a connection
 *     without one is closed once nothing has arrived on it for as long as the drain lasted. A connection accepted
 *     just before the listener stopped is therefore served: its client sends its first request at once;</li>
 *     <li>when the last connection is closed, or at the latest after {@code petstore.shutdown.grace-period}, when the
 *     remaining connections are cut, {@link #drain()} returns, and the application context (the database pool with
 *     it) may close.</li>
 * </ol>
 * Micronaut's own graceful shutdown, by contrast, closes an idle kept-alive connection at once: a request its client
 * sends at that moment gets no answer. It runs only when the context closes, after the drain, with nothing left to do.
 *
 * <p><b>Where it sits.</b> The per-connection {@link Handler} ({@value #HANDLER_NAME}) is the first handler after
 * Netty's HTTP codec ({@value ChannelPipelineCustomizer#HANDLER_HTTP_SERVER_CODEC}). It is put there when the
 * connection becomes active, once its pipeline is complete: every {@link NettyServerCustomizer} has added its handlers
 * by then, so whatever they add after the codec ends up behind it (the customizers themselves run in no particular
 * order). Every {@link HttpResponse} written by a handler behind it (Micronaut's router, the transport guards) passes it on its way out. A handler that writes its own responses is covered
 * when it
 * <ul>
 *     <li>sits behind it: added by a {@link NettyServerCustomizer} anywhere after the codec, or after
 *     {@value #HANDLER_NAME} once the connection is active;</li>
 *     <li>writes {@link HttpResponse} objects, not encoded bytes, through its own {@link ChannelHandlerContext}, so
 *     that they travel towards the codec through this handler, and ends each response with a {@link LastHttpContent}
 *     (a {@code FullHttpResponse} is one): requests and answers are counted here;</li>
 *     <li>does not close the connection itself after a response that did not announce it.</li>
 * </ul>
 */
@Singleton
public final class ConnectionDrain implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    /** The name of the per-connection handler in the Netty pipeline, right after the HTTP codec. */
    public static final String HANDLER_NAME = "petstore-connection-drain";
    static final String ACCEPTOR_NAME = "petstore-connection-drain-acceptor";
    static final String PLACEMENT_NAME = "petstore-connection-drain-placement";
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionDrain.class);
    private static final long POLL_MILLIS = 20;

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

        long deadline = System.nanoTime() + grace.toNanos();
        for (Channel listener : List.copyOf(listeners)) {
            Future<Boolean> stopped = ListenerStop.stop(listener);
            stopped.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            LOG.info("Shutting down: the listener is closed{}; {} connection(s) still open",
                    Boolean.TRUE.equals(stopped.getNow()) ? " (new connections refused first, queued ones accepted)"
                            : "", openConnections());
        }
        while (openConnections() > 0 && System.nanoTime() < deadline) {
            for (Channel connection : connections) {
                if (connection.isRegistered()) {
                    connection.eventLoop().execute(() -> closeIfIdle(connection, drain));
                }
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
        if (openConnections() == 0) {
            LOG.info("Shutting down: every request is answered and every connection closed");
            return;
        }
        LOG.warn("Shutting down: {} connection(s) still busy after the grace period of {} ms are cut",
                openConnections(), grace.toMillis());
        for (Channel connection : connections) {
            connection.close();
        }
    }

    private int openConnections() {
        connections.removeIf(connection -> !connection.isOpen());
        return connections.size();
    }

    /** On the connection's event loop: closes it when it has no request in flight and has been quiet long enough. */
    private static void closeIfIdle(Channel connection, Duration quiet) {
        Handler handler = connection.pipeline().get(Handler.class);
        if (handler != null && handler.idleFor(quiet)) {
            connection.close();
        }
    }

    private void track(Channel connection) {
        if (connections.add(connection)) {
            connection.closeFuture().addListener(closed -> connections.remove(connection));
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
                    // before Netty's acceptor, which hands each accepted connection to its event loop
                    channel.pipeline().addLast(ACCEPTOR_NAME, new Acceptor());
                    return this;
                }
                case CONNECTION -> {
                    track(channel);
                    return new Customizer(channel);
                }
                default -> {
                    return this;
                }
            }
        }

        @Override
        public void onStreamPipelineBuilt() {
            ChannelPipeline pipeline = channel == null ? null : channel.pipeline();
            if (pipeline != null && pipeline.get(PLACEMENT_NAME) == null && pipeline.get(HANDLER_NAME) == null
                    && pipeline.get(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC) != null) {
                pipeline.addBefore(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, PLACEMENT_NAME,
                        new Placement());
            }
        }
    }

    /**
     * Puts the {@link Handler} right after the HTTP codec when the connection becomes active: after its whole pipeline
     * is built (every customizer has added its handlers by then) and before anything is read from it.
     */
    private final class Placement extends ChannelInboundHandlerAdapter {

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ChannelPipeline pipeline = ctx.pipeline();
            if (pipeline.get(HANDLER_NAME) == null
                    && pipeline.get(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC) != null) {
                pipeline.addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, HANDLER_NAME, new Handler());
            }
            ctx.fireChannelActive();
            pipeline.remove(this);
        }
    }

    /**
     * On the listener: counts each connection as open from the moment it is accepted, before its pipeline exists,
     * so that the drain never ends while a connection accepted just before the listener closed is still unserved.
     */
    private final class Acceptor extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Channel connection) {
                track(connection);
            }
            ctx.fireChannelRead(msg);
        }
    }

    /**
     * Per connection: counts the requests in flight and notes when something last arrived or was answered; while
     * draining, each response announces {@code Connection: close} and the connection is closed after the last
     * announced answer. Whether a response closes is decided once, when its head is written: a connection is never
     * closed after a response that did not say so (the flag may turn between a response's head and its end), because
     * its client would send the next request into a closed socket. An interim response (1xx) is not an answer.
     */
    private final class Handler extends ChannelDuplexHandler {

        private int inFlight;
        private boolean interim;
        private boolean closeAnnounced;
        private long lastActivity = System.nanoTime();

        boolean idleFor(Duration quiet) {
            return inFlight == 0 && System.nanoTime() - lastActivity >= quiet.toNanos();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest) {
                inFlight++;
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            // bytes arrived, possibly the start of a request not yet complete
            lastActivity = System.nanoTime();
            ctx.fireChannelReadComplete();
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof HttpResponse response) {
                interim = response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
                if (!interim && draining) {
                    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                    closeAnnounced = true;
                }
            }
            if (msg instanceof LastHttpContent) {
                if (interim) {
                    interim = false;
                } else {
                    inFlight = Math.max(0, inFlight - 1);
                    lastActivity = System.nanoTime();
                    if (closeAnnounced && inFlight == 0) {
                        ChannelPromise written = promise.isVoid() ? ctx.newPromise() : promise;
                        written.addListener(ChannelFutureListener.CLOSE);
                        ctx.write(msg, written);
                        return;
                    }
                }
            }
            ctx.write(msg, promise);
        }
    }
}
