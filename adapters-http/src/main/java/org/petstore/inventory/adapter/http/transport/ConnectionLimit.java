package org.petstore.inventory.adapter.http.transport;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the open connections of the server. A connection over {@code petstore.server.max-connections} is answered
 * at once, before it sends anything, with 503 {@code SERVICE_UNAVAILABLE} and the {@code Error} body, and closed: a
 * client sees why, and can retry later.
 */
@ChannelHandler.Sharable
final class ConnectionLimit extends ChannelInboundHandlerAdapter {

    static final String HANDLER_NAME = "petstore-connection-limit";

    private final int maxConnections;
    private final RawErrorResponse refusal;
    private final AtomicInteger open = new AtomicInteger();

    ConnectionLimit(int maxConnections, RawErrorResponse refusal) {
        this.maxConnections = maxConnections;
        this.refusal = refusal;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        if (open.incrementAndGet() > maxConnections) {
            ctx.channel().config().setAutoRead(false);
            ctx.writeAndFlush(refusal.buffer()).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        open.decrementAndGet();
        super.channelInactive(ctx);
    }
}
