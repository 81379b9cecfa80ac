package org.petstore.inventory.adapter.http.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A connection's requests for Micronaut wait in front of it until its router is built, then go on in the order they
 * came ({@link RoutingGate}).
 */
class RoutingGateTest {

    private final CompletableFuture<Object> routerBuilt = new CompletableFuture<>();
    /** What reached Micronaut's place in the pipeline, in order ("read complete" for the end of a read). */
    private final List<Object> micronautGot = new ArrayList<>();
    private int readsAsked;

    @Test
    void requestsWaitForTheRouterThenGoOnInOrder() {
        EmbeddedChannel channel = channel();
        HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/v1/store/orders");
        HttpContent body = new DefaultHttpContent(Unpooled.copiedBuffer("{\"a\":", StandardCharsets.UTF_8));
        DefaultLastHttpContent end = new DefaultLastHttpContent(Unpooled.copiedBuffer("1}", StandardCharsets.UTF_8));

        channel.writeInbound(head, body, end);

        assertEquals(List.of(), micronautGot, "nothing reaches Micronaut before its router is built");
        int readsBefore = readsAsked;
        channel.read();
        assertEquals(readsBefore, readsAsked, "no more is read from the socket while requests wait");

        routerBuilt.complete(new Object());
        channel.runPendingTasks();

        assertEquals(List.of(head, body, end, "read complete"), micronautGot);
        assertEquals(readsBefore + 1, readsAsked, "the held read is made");
        assertNull(channel.pipeline().get(RoutingGate.HANDLER_NAME), "the gate leaves the pipeline once open");
        assertEquals(1, body.refCnt(), "passed on, not released");
        micronautGot.forEach(ReferenceCountUtil::release);
        channel.finishAndReleaseAll();
    }

    @Test
    void aConnectionThatClosesMeanwhileReleasesWhatItSent() {
        EmbeddedChannel channel = channel();
        HttpContent body = new DefaultHttpContent(Unpooled.copiedBuffer("abc", StandardCharsets.UTF_8));
        channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/x"), body);

        channel.close();
        routerBuilt.complete(new Object());
        channel.runPendingTasks();

        assertEquals(0, body.refCnt());
        assertEquals(List.of(), micronautGot);
    }

    @Test
    void aRouterThatCannotBeBuiltClosesTheConnection() {
        EmbeddedChannel channel = channel();
        HttpContent body = new DefaultHttpContent(Unpooled.copiedBuffer("abc", StandardCharsets.UTF_8));
        channel.writeInbound(new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/x"), body);

        routerBuilt.completeExceptionally(new IllegalStateException("a route that cannot be built"));
        channel.runPendingTasks();

        assertFalse(channel.isOpen());
        assertEquals(0, body.refCnt());
        assertEquals(List.of(), micronautGot);
    }

    @Test
    void onceTheRouterIsBuiltRequestsGoStraightThrough() {
        EmbeddedChannel channel = channel();
        routerBuilt.complete(new Object());
        channel.runPendingTasks();
        HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/health");

        channel.writeInbound(head);

        assertEquals(List.of(head, "read complete"), micronautGot);
        assertTrue(channel.isOpen());
        channel.finishAndReleaseAll();
    }

    private EmbeddedChannel channel() {
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setAutoRead(false);
        channel.pipeline().addLast(new ChannelOutboundHandlerAdapter() {
            @Override
            public void read(ChannelHandlerContext ctx) {
                readsAsked++;
                ctx.read();
            }
        });
        channel.pipeline().addLast(RoutingGate.HANDLER_NAME, new RoutingGate(routerBuilt));
        channel.pipeline().addLast(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                micronautGot.add(msg);
            }

            @Override
            public void channelReadComplete(ChannelHandlerContext ctx) {
                micronautGot.add("read complete");
            }
        });
        return channel;
    }
}
