package org.petstore.inventory.adapter.http.transport;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;

/**
 * Holds what one connection sends to Micronaut until Micronaut's router is built ({@link DeferredRouter}), then
 * passes it on in the order it came and leaves the pipeline. It sits right in front of Micronaut, behind the
 * {@link FastRoutes}, which answer their requests meanwhile.
 *
 * <p>While it holds a message it reads nothing more from the socket, so a client cannot make it buffer without end.
 * Should the router not build, the connection is closed (the service stops: the start fails with the cause); a
 * connection that closes meanwhile releases what it held. One instance per connection; every method runs on the
 * connection's event loop.
 */
final class RoutingGate extends ChannelDuplexHandler {

    static final String HANDLER_NAME = "petstore-routing-gate";

    private final CompletionStage<?> routerBuilt;
    private final ArrayDeque<Object> held = new ArrayDeque<>();
    private boolean open;
    private boolean closed;
    private boolean readCompleteHeld;
    private boolean readHeld;

    RoutingGate(CompletionStage<?> routerBuilt) {
        this.routerBuilt = routerBuilt;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        routerBuilt.whenComplete((router, failure) -> {
            try {
                ctx.executor().execute(() -> opened(ctx, failure));
            } catch (RejectedExecutionException e) {
                release(); // the event loop is shut down: the connection is gone with it
            }
        });
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (open) {
            ctx.fireChannelRead(msg);
        } else if (closed) {
            ReferenceCountUtil.release(msg);
        } else {
            held.add(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (open) {
            ctx.fireChannelReadComplete();
        } else {
            readCompleteHeld = true;
        }
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
        if (open || held.isEmpty()) {
            ctx.read();
        } else {
            readHeld = true;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!open) {
            closed = true;
            release();
        }
        ctx.fireChannelInactive();
    }

    private void opened(ChannelHandlerContext ctx, Throwable failure) {
        if (open || closed) {
            return;
        }
        if (failure != null) {
            closed = true;
            release();
            ctx.close();
            return;
        }
        open = true;
        while (!held.isEmpty()) {
            ctx.fireChannelRead(held.poll());
        }
        if (readCompleteHeld) {
            ctx.fireChannelReadComplete();
        }
        if (readHeld) {
            ctx.read();
        }
        ctx.pipeline().remove(this);
    }

    private void release() {
        while (!held.isEmpty()) {
            ReferenceCountUtil.release(held.poll());
        }
    }
}
