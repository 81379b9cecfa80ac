package org.petstore.inventory.adapter.http.observability;

import io.micronaut.context.BeanProvider;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.web.router.Router;
import io.netty.buffer.ByteBufHolder;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import jakarta.inject.Singleton;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Sees every HTTP exchange where it enters and leaves the server, right behind Netty's HTTP codec, so that nothing
 * answered escapes it (401 from security, 404, 405, 413, requests Netty could not decode). It keeps the connection's
 * account of the requests read and not yet answered whole (an interim 1xx response is no answer), and with it gives
 * each request its id ({@link RequestId}: {@code X-Request-Id} is replaced by the sane or generated id before
 * Micronaut sees it, and the response carries it), writes the access log line (logger {@code petstore.access}:
 * method, path without the query, status, body bytes, milliseconds, the request id, also in the logging context;
 * never a header; on an error answer, {@link LoggedPath}), and closes the connection once every request read is answered when asked to
 * ({@link #closeAfterAnswers}: the last answer announces {@code Connection: close}).
 */
@Singleton
public final class ExchangeObserver implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    static final String HANDLER_NAME = "petstore-exchange-observer";
    static final Logger ACCESS_LOG = LoggerFactory.getLogger("petstore.access");

    /** The user event that {@link #closeAfterAnswers} sends through the connection's pipeline. */
    private static final Object CLOSE_AFTER_ANSWERS = new Object();

    private final boolean accessLog;
    private final LoggedPath loggedPath;

    ExchangeObserver(AccessLogConfiguration configuration, BeanProvider<Router> router) {
        this.accessLog = configuration.accessLog();
        this.loggedPath = new LoggedPath(router);
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Customizer(null, accessLog, loggedPath));
        return event.getBean();
    }

    /**
     * The path as the access line writes it. A successful answer's path is written as it came: only the routes'
     * own words, numbers and key ids get one. On an error answer, a segment that is none of these is written as
     * {@code *}: a client that pastes its API key (or any secret) into the path, where a header belongs, does not put
     * it into the log ({@code /v1/inventory/*}). The routes' words are read from the router at the first error.
     */
    static final class LoggedPath {

        private static final Pattern HARMLESS = Pattern.compile("[0-9]{1,19}|key-[0-9a-f]{12}");

        private final BeanProvider<Router> router;
        private volatile Set<String> words;

        LoggedPath(BeanProvider<Router> router) {
            this.router = router;
        }

        String of(String path, int status) {
            if (status < 400) {
                return path;
            }
            Set<String> known = words();
            StringBuilder logged = new StringBuilder(path.length());
            int start = 0;
            while (start < path.length()) {
                int end = path.indexOf('/', start);
                end = end < 0 ? path.length() : end;
                String segment = path.substring(start, end);
                logged.append(segment.isEmpty() || known.contains(segment) || HARMLESS.matcher(segment).matches()
                        ? segment : "*");
                if (end < path.length()) {
                    logged.append('/');
                }
                start = end + 1;
            }
            return logged.toString();
        }

        private Set<String> words() {
            Set<String> known = words;
            if (known == null) {
                known = router.get().uriRoutes()
                        .flatMap(route -> Pattern.compile("/").splitAsStream(route.getUriMatchTemplate().toString()))
                        .filter(segment -> !segment.isEmpty() && segment.indexOf('{') < 0)
                        .collect(Collectors.toUnmodifiableSet());
                words = known;
            }
            return known;
        }
    }

    /**
     * Closes the connection once every request read from it so far is answered (at once if none is waiting): for a
     * connection on which nothing more can be read, such as after a malformed body.
     */
    public static void closeAfterAnswers(ChannelPipeline connection) {
        connection.fireUserEventTriggered(CLOSE_AFTER_ANSWERS);
    }

    private record Customizer(Channel channel, boolean accessLog, LoggedPath loggedPath)
            implements NettyServerCustomizer {

        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return role == ChannelRole.CONNECTION ? new Customizer(channel, accessLog, loggedPath) : this;
        }

        @Override
        public void onStreamPipelineBuilt() {
            if (channel != null && channel.pipeline().get(HANDLER_NAME) == null
                    && channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC) != null) {
                channel.pipeline().addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, HANDLER_NAME,
                        new Handler(accessLog, loggedPath));
            }
        }
    }

    /** One exchange on its way through: what the access line needs. */
    private static final class Exchange {
        final String id;
        final String method;
        final String path;
        final long startNanos;
        int status;
        long bytes;

        Exchange(String id, String method, String path, long startNanos) {
            this.id = id;
            this.method = method;
            this.path = path;
            this.startNanos = startNanos;
        }
    }

    /**
     * Per connection: HTTP/1.1 answers requests in order, so the exchanges read wait in a queue; the one being
     * answered is {@code responding} until its response ends.
     */
    private static final class Handler extends ChannelDuplexHandler {

        private final boolean accessLog;
        private final LoggedPath loggedPath;
        private final Deque<Exchange> exchanges = new ArrayDeque<>();
        private Exchange responding;
        private boolean closeAfterAnswers;

        Handler(boolean accessLog, LoggedPath loggedPath) {
            this.accessLog = accessLog;
            this.loggedPath = loggedPath;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest request) {
                String id = RequestId.of(request.headers().get(RequestId.HEADER));
                request.headers().set(RequestId.HEADER, id);
                exchanges.addLast(new Exchange(id, request.method().name(), pathOf(request.uri()), System.nanoTime()));
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
            if (evt != CLOSE_AFTER_ANSWERS) {
                ctx.fireUserEventTriggered(evt);
                return;
            }
            closeAfterAnswers = true;
            if (exchanges.isEmpty() && responding == null) {
                // after what was written, not yet flushed, the last answer among it
                ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            }
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof HttpResponse response
                    && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
                responding = exchanges.pollFirst();
                if (responding == null) {
                    responding = new Exchange(RequestId.generate(), "-", "-", System.nanoTime());
                }
                responding.status = response.status().code();
                response.headers().set(RequestId.HEADER, responding.id);
                if (closeAfterAnswers && exchanges.isEmpty()) {
                    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                }
            }
            if (responding != null && msg instanceof ByteBufHolder content) {
                responding.bytes += content.content().readableBytes();
            }
            if (responding != null && msg instanceof LastHttpContent) {
                log(responding);
                responding = null;
                if (closeAfterAnswers && exchanges.isEmpty()) {
                    ctx.write(msg, promise.unvoid()).addListener(ChannelFutureListener.CLOSE);
                    return;
                }
            }
            ctx.write(msg, promise);
        }

        private void log(Exchange exchange) {
            if (!accessLog || !ACCESS_LOG.isInfoEnabled()) {
                return;
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - exchange.startNanos);
            String path = loggedPath.of(exchange.path, exchange.status);
            MDC.put(RequestId.LOGGING_KEY, exchange.id);
            try {
                ACCESS_LOG.atInfo()
                        .addKeyValue("method", exchange.method)
                        .addKeyValue("path", path)
                        .addKeyValue("status", exchange.status)
                        .addKeyValue("bytes", exchange.bytes)
                        .addKeyValue("durationMs", millis)
                        .log("{} {} {} {} bytes {} ms", exchange.method, path, exchange.status,
                                exchange.bytes, millis);
            } finally {
                MDC.remove(RequestId.LOGGING_KEY);
            }
        }

        /** The request-target without its query: queries are not logged. */
        private static String pathOf(String uri) {
            int query = uri.indexOf('?');
            return query < 0 ? uri : uri.substring(0, query);
        }
    }
}
