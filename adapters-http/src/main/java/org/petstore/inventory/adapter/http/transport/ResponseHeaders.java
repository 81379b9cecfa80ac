package org.petstore.inventory.adapter.http.transport;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import org.petstore.inventory.adapter.http.error.ErrorCode;

/**
 * Puts on every response the service writes, also on those the server answers before any route or filter sees the
 * request (an unreadable request line, oversized headers): {@code Cache-Control: no-store} (stock is live data, per
 * key: no cache may keep it; a client can still revalidate with {@code If-None-Match}),
 * {@code X-Content-Type-Options: nosniff} (a client takes the body for what its {@code Content-Type} says), and on a
 * 415 {@code Accept-Encoding: gzip, deflate}, the content codings a request body may have (RFC 9110 §12.5.3).
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
            if (response.status().code() == ErrorCode.UNSUPPORTED_MEDIA_TYPE.status().getCode()) {
                response.headers().set(HttpHeaderNames.ACCEPT_ENCODING, ContentDecoding.ACCEPTED);
            }
        }
        ctx.write(msg, promise);
    }
}
