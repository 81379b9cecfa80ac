package org.petstore.inventory.adapter.http.transport;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Puts on every response the service writes, errors included, also those the HTTP server answers before any route
 * or filter sees the request (an unreadable request line, oversized headers):
 * <ul>
 *     <li>{@code Cache-Control: no-store}: stock is live data, per key; no cache may keep it (a client can still
 *     revalidate with {@code If-None-Match});</li>
 *     <li>{@code X-Content-Type-Options: nosniff}: a client takes the body for what its {@code Content-Type} says.</li>
 * </ul>
 */
@ChannelHandler.Sharable
final class ResponseHeaders extends ChannelDuplexHandler {

    static final ResponseHeaders INSTANCE = new ResponseHeaders();
    static final String HANDLER_NAME = "petstore-response-headers";

    private ResponseHeaders() {
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response) {
            response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
            response.headers().set("X-Content-Type-Options", "nosniff");
        }
        ctx.write(msg, promise);
    }
}
