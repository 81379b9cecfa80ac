package org.petstore.inventory.adapter.http.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A deadline for receiving a request's head (request line and headers), counted from its first byte: a client that
 * trickles it byte by byte is answered 408 {@code REQUEST_TIMEOUT} with the {@code Error} body and the connection
 * closed when the deadline passes. An idle keep-alive connection is not affected (the idle timeout is Micronaut's
 * {@code micronaut.server.idle-timeout}). One instance per connection: {@link #bytes()} watches the bytes before
 * Netty's HTTP decoder, the instance itself the requests after it.
 */
final class RequestHeadDeadline extends ChannelInboundHandlerAdapter {

    static final String HANDLER_NAME = "petstore-request-head-deadline";
    static final String BYTES_HANDLER_NAME = "petstore-request-head-deadline-bytes";

    private final Duration timeout;
    private final RawErrorResponse refusal;
    private boolean awaitingHead = true;
    private ScheduledFuture<?> deadline;

    RequestHeadDeadline(Duration timeout, RawErrorResponse refusal) {
        this.timeout = timeout;
        this.refusal = refusal;
    }

    /** The handler that sees the bytes of a request before they are decoded, to start the clock on the first. */
    ChannelInboundHandlerAdapter bytes() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (awaitingHead && deadline == null && msg instanceof ByteBuf bytes && bytes.isReadable()) {
                    deadline = ctx.executor().schedule(() -> expire(ctx), timeout.toNanos(), TimeUnit.NANOSECONDS);
                }
                ctx.fireChannelRead(msg);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                cancel();
                ctx.fireChannelInactive();
            }
        };
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest) {
            awaitingHead = false;
            cancel();
        }
        if (msg instanceof LastHttpContent) {
            // the request is complete: the next bytes belong to the next request
            awaitingHead = true;
        }
        ctx.fireChannelRead(msg);
    }

    /** Written before the HTTP encoder: the bytes of the answer go to the client as they are. */
    private void expire(ChannelHandlerContext bytesContext) {
        deadline = null;
        if (awaitingHead && bytesContext.channel().isActive()) {
            bytesContext.channel().config().setAutoRead(false);
            bytesContext.writeAndFlush(refusal.buffer()).addListener(ChannelFutureListener.CLOSE);
        }
    }

    private void cancel() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }
}
