package org.petstore.inventory.adapter.http;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.channel.Channel;
import io.netty.handler.flush.FlushConsolidationHandler;
import java.util.concurrent.Executor;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * What a controller that streams its response needs of the connection the request came on (Netty's, under
 * Micronaut): its event loop, on which the response's parts are handed to Micronaut, so that Micronaut asks for the
 * next part once the last was written to a connection that can take more; and, for a long stream of small parts,
 * the flushes of one turn of that loop merged into one write. A request that did not come through Netty (none in
 * the service) has neither: its parts are handed over where they are made.
 */
public final class RequestConnection {

    private static final String FLUSH_CONSOLIDATION = "petstore-stream-flush-consolidation";

    private RequestConnection() {
    }

    /** The event loop of the request's connection. */
    public static Executor eventLoopOf(HttpRequest<?> request) {
        return request instanceof NettyHttpRequest<?> netty
                ? netty.getChannelHandlerContext().channel().eventLoop()
                : Runnable::run;
    }

    /**
     * The stream, with Netty's {@link FlushConsolidationHandler} first in the connection's pipeline while it runs:
     * Micronaut writes every part (a server-sent event, say) with a flush of its own, and the parts written in one turn
     * of the event loop then leave in one write to the socket instead of one each. Removed when the stream ends
     * (removing it flushes what waits), so that the connection's next requests are answered as on any other.
     */
    public static <T> Publisher<T> withConsolidatedFlushes(HttpRequest<?> request, Publisher<T> stream) {
        if (!(request instanceof NettyHttpRequest<?> netty)) {
            return stream;
        }
        Channel channel = netty.getChannelHandlerContext().channel();
        return Flux.from(stream)
                .doOnSubscribe(subscription -> consolidateFlushes(channel, true))
                .doFinally(signal -> consolidateFlushes(channel, false));
    }

    private static void consolidateFlushes(Channel channel, boolean on) {
        channel.eventLoop().execute(() -> {
            boolean installed = channel.pipeline().get(FLUSH_CONSOLIDATION) != null;
            if (on && !installed) {
                channel.pipeline().addFirst(FLUSH_CONSOLIDATION, new FlushConsolidationHandler(
                        FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
            } else if (!on && installed) {
                channel.pipeline().remove(FLUSH_CONSOLIDATION);
            }
        });
    }
}
